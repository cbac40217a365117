// Checks every audience shares: the OAuth endpoints a POS or DSP hosts for Stream, bearer and
// signature refusals, timing, and waiting for what the partner sends to the sandbox.
import { randomBytes } from 'node:crypto';
import { validate } from '@stream-partner/contracts';
import type { HttpExchange } from '../http.js';
import { bodyIssues, judge } from '../judge.js';
import type { OperationInfo } from '../openapi.js';
import type { SandboxExchange } from '../sandbox/server.js';
import { pickExample, setPath } from '../trigger/payload.js';
import { resolveUrl } from '../trigger/send.js';
import type { TriggerTarget } from '../trigger/targets.js';
import { answered, Blocked, fail, notVerified, pass, UNKNOWN_TOKEN_PREFIX, type CertifyContext, type Check, type CheckOutcome } from './context.js';
import { fillCommand, placeholderEnv, platformShell, runSendCommand, type CommandRun } from './send-command.js';
import { ACCEPTED_FORMS, MISSING_FORMS, REFUSED_FORMS } from './signature-forms.js';

export interface OAuthResult {
  readonly code?: string;
  readonly state?: string;
  readonly exchange: HttpExchange;
}

/**
 * `GET authorize` as the merchant's browser would reach it from Stream, with a fresh state. The
 * state carries characters that must be URL-encoded (a space, `&`, `=`, `/`, `é`), so a redirect
 * built by pasting strings together does not bring it back intact.
 */
export function authorizeRequest(context: CertifyContext, redirectUri = context.config.redirectUri): Promise<OAuthResult> {
  const state = `${randomBytes(6).toString('hex')} a b&c=d/é`;
  return context
    .call('authorize', {
      target: context.target('authorizeMerchant'),
      params: { client_id: context.config.clientId, response_type: 'code', redirect_uri: redirectUri, state },
    })
    .then((exchange) => {
      const location = exchange.headers.location;
      if (exchange.status === undefined || exchange.status < 300 || exchange.status >= 400 || location === undefined) return { exchange, state };
      const target = new URL(location, context.config.baseUrl);
      const code = target.searchParams.get('code');
      return { exchange, state, ...(code === null ? {} : { code }) };
    });
}

export function tokenRequest(context: CertifyContext, body: Record<string, unknown>, what: string): Promise<HttpExchange> {
  return context.call(what, { target: context.target('exchangeToken'), body });
}

function codeGrant(context: CertifyContext, code: string): Record<string, unknown> {
  return { grant_type: 'authorization_code', client_id: context.config.clientId, client_secret: context.config.clientSecret, code };
}

/** `POS-OAU-03`: the id of an OAuth requirement in the audience being certified. */
function oauthId(context: CertifyContext, number: string): string {
  return `${context.config.audience.toUpperCase()}-OAU-${number}`;
}

/**
 * The state certify expects in a redirect a person got by approving the authorize page in a browser.
 * Fixed, so the authorize link certify prints works across runs; its reserved characters check that
 * the partner echoes state exactly and URL-encodes it.
 */
export const MANUAL_STATE = 'certify manual/1?a=b&c=d';

/** The authorize link to open in a browser for `--code` / `--redirect-url`: Stream's client, redirect_uri and MANUAL_STATE. */
export function manualAuthorizeUrl(context: CertifyContext): string {
  return resolveUrl(context.config.baseUrl, context.target('authorizeMerchant').carrier, {
    client_id: context.config.clientId,
    response_type: 'code',
    redirect_uri: context.config.redirectUri,
    state: MANUAL_STATE,
  });
}

/** An authorization code: from `--code` or `--redirect-url`, or from the authorize redirect. */
export function obtainCode(context: CertifyContext): Promise<string> {
  return context.once('code', async () => {
    if (context.config.code !== undefined) return context.config.code;
    const result = await authorizeRequest(context);
    if (result.code === undefined) {
      throw new Blocked(
        result.exchange.status === 200
          ? `the authorize endpoint shows a page instead of redirecting: open ${manualAuthorizeUrl(context)} in a browser, approve, and rerun with --redirect-url '<the URL the browser landed on>'`
          : `could not get an authorization code: the authorize endpoint ${answered(result.exchange)}`,
        oauthId(context, '01'),
      );
    }
    return result.code;
  });
}

/** The redirect a person pasted with `--redirect-url`, checked as certify checks a redirect it sees itself. */
function checkPastedRedirect(context: CertifyContext, pasted: string): CheckOutcome {
  const expected = `a redirect to ${context.config.redirectUri} with code and state ${JSON.stringify(MANUAL_STATE)} exactly`;
  let target: URL;
  try {
    target = new URL(pasted);
  } catch {
    return fail(`--redirect-url ${pasted} is not an absolute URL`, expected);
  }
  if (`${target.origin}${target.pathname}` !== context.config.redirectUri.replace(/\?.*$/, '')) return fail(`the browser landed on ${target.origin}${target.pathname}, not on redirect_uri ${context.config.redirectUri}`, expected);
  if (!target.searchParams.get('code')) return fail(`the redirect ${pasted} has no code`, expected);
  const state = target.searchParams.get('state');
  if (state !== MANUAL_STATE) {
    return fail(
      `the redirect carries state ${state === null ? '(none)' : JSON.stringify(state)}, not ${JSON.stringify(MANUAL_STATE)}: approve the link ${manualAuthorizeUrl(context)} (not one of your own) and echo state exactly, URL-encoded`,
      expected,
    );
  }
  if (context.config.code !== undefined && target.searchParams.get('code') !== context.config.code) return fail('the redirect carries a different code than --code: pass the redirect alone', expected);
  return pass('checked the redirect given with --redirect-url');
}

interface Tokens {
  readonly accessToken: string;
  readonly refreshToken?: string;
  readonly exchange?: HttpExchange;
}

/** Tokens from the code exchange; any 2xx answer with an access_token will do, so one wrong status does not block every other check. */
export function obtainTokens(context: CertifyContext): Promise<Tokens> {
  return context.once('tokens', async () => {
    const code = await obtainCode(context);
    const exchange = await tokenRequest(context, codeGrant(context, code), 'exchange the code');
    const body = exchange.json as { access_token?: unknown; refresh_token?: unknown } | undefined;
    if (exchange.status === undefined || exchange.status >= 300 || typeof body?.access_token !== 'string') {
      throw new Blocked(`could not get an access token: the token endpoint ${answered(exchange)}`, oauthId(context, '03'));
    }
    return { accessToken: body.access_token, ...(typeof body.refresh_token === 'string' ? { refreshToken: body.refresh_token } : {}), exchange };
  });
}

/** The bearer token for every other call: `--token`, or one got through OAuth. */
export async function accessToken(context: CertifyContext): Promise<string> {
  if (context.config.token !== undefined) return context.config.token;
  return (await obtainTokens(context)).accessToken;
}

export function oauthChecks(prefix: 'POS' | 'DSP', tokenStatus: '200' | '201', rotate: boolean): Record<string, Check> {
  return {
    [`${prefix}-OAU-01`]: async (context) => {
      if (context.config.redirectUrl !== undefined) return checkPastedRedirect(context, context.config.redirectUrl);
      if (context.config.code !== undefined) {
        return notVerified(
          `certify did not see the redirect: the code was given with --code. To verify it, open ${manualAuthorizeUrl(context)} in a browser, approve, and rerun with --redirect-url '<the URL the browser landed on>'`,
          `302 to ${context.config.redirectUri} with code and the exact state`,
        );
      }
      const result = await authorizeRequest(context);
      const location = result.exchange.headers.location;
      if (result.exchange.status === 200) {
        return fail(
          `the authorize endpoint shows a page (answered 200) instead of redirecting. If it needs a person, open ${manualAuthorizeUrl(context)} in a browser, approve, and rerun with --redirect-url '<the URL the browser landed on>'`,
          `302 to ${context.config.redirectUri} with code and state`,
        );
      }
      if (result.exchange.status !== 302 && result.exchange.status !== 303) {
        return fail(`the authorize endpoint ${answered(result.exchange)}`, `302 to ${context.config.redirectUri} with code and state (or a consent page, then --code)`);
      }
      const target = new URL(location ?? '', context.config.baseUrl);
      if (`${target.origin}${target.pathname}` !== context.config.redirectUri.replace(/\?.*$/, '')) return fail(`redirected to ${location}, not to redirect_uri ${context.config.redirectUri}`);
      if (!target.searchParams.get('code')) return fail(`the redirect ${location} has no code`);
      if (target.searchParams.get('state') !== result.state) {
        return fail(`the redirect ${location} carries state ${JSON.stringify(target.searchParams.get('state') ?? '(none)')}, not the state Stream sent (${JSON.stringify(result.state)})`, 'state echoed exactly, URL-encoded as a query parameter');
      }
      return pass();
    },
    [`${prefix}-OAU-02`]: async (context) => {
      const registered = new URL(context.config.redirectUri);
      const attempts = [
        ['a foreign host', 'https://attacker.example/callback'],
        ['Stream\'s host as a prefix of another', `${registered.protocol}//${registered.host}.attacker.example${registered.pathname}`],
        ['an extra path after Stream\'s', `${context.config.redirectUri.replace(/\/$/, '')}/attacker`],
      ] as const;
      const wrong: string[] = [];
      for (const [what, uri] of attempts) {
        const result = await authorizeRequest(context, uri);
        const issues = refusalIssues(context.target('authorizeMerchant'), result.exchange, 400);
        if (issues.length > 0) wrong.push(`${what} (${uri}): ${issues.join('; ')}`);
      }
      if (wrong.length === 0) return pass(`${attempts.length} redirect_uris refused`);
      return fail(`a redirect_uri that is not exactly Stream's registered one: ${wrong.join(' | ')}`, '400: compare the whole redirect_uri for equality with a registered one, never by prefix');
    },
    [`${prefix}-OAU-03`]: async (context) => {
      const tokens = await obtainTokens(context);
      const verdict = judge(context.target('exchangeToken').operation, tokens.exchange!, [tokenStatus]);
      return verdict.ok ? pass() : fail(verdict.issues.join('; '), `${tokenStatus} with TokenExchangeResponse`);
    },
    [`${prefix}-OAU-04`]: async (context) => {
      const exchange = await tokenRequest(context, codeGrant(context, `not-a-code-${randomBytes(4).toString('hex')}`), 'exchange an invalid code');
      const issues = refusalIssues(context.target('exchangeToken'), exchange, 401);
      return issues.length === 0 ? pass() : fail(`an invalid code: ${issues.join('; ')}`, '401 with the contract\'s Error body');
    },
    [`${prefix}-OAU-05`]: async (context) => {
      const tokens = await obtainTokens(context);
      if (tokens.refreshToken === undefined) return fail('the code exchange answered no refresh_token', 'a refresh_token in TokenExchangeResponse');
      const { exchange } = await refreshOnce(context);
      const verdict = judge(context.target('exchangeToken').operation, exchange, [tokenStatus]);
      return verdict.ok ? pass() : fail(verdict.issues.join('; '), `${tokenStatus} with new tokens`);
    },
    [`${prefix}-OAU-06`]: async (context) => {
      const exchange = await tokenRequest(context, { grant_type: 'password', username: 'stream' }, 'send a malformed token request');
      const issues = refusalIssues(context.target('exchangeToken'), exchange, 400);
      return issues.length === 0 ? pass() : fail(`a token request with an unknown grant_type: ${issues.join('; ')}`, '400 with the contract\'s Error body');
    },
    [`${prefix}-OAU-07`]: async (context) => {
      await obtainTokens(context);
      const code = await obtainCode(context);
      const exchange = await tokenRequest(context, codeGrant(context, code), 'exchange the same code a second time');
      const issues = refusalIssues(context.target('exchangeToken'), exchange, 401);
      return issues.length === 0 ? pass() : fail(`an authorization code already exchanged, sent again: ${issues.join('; ')}`, '401: a code works once, so a stolen or replayed code gets nothing');
    },
    [`${prefix}-OAU-08`]: async (context) => {
      const fresh = await freshCode(context);
      if (fresh === undefined) {
        return notVerified(
          'needs an authorization code no other check has used, and the authorize page needs a person: approve it once more in a browser and pass that code as a second --code',
          '401 to a valid code sent with a wrong client_secret',
        );
      }
      const exchange = await tokenRequest(context, { ...codeGrant(context, fresh), client_secret: `${context.config.clientSecret}-wrong` }, 'exchange a code with the wrong client_secret');
      const issues = refusalIssues(context.target('exchangeToken'), exchange, 401);
      return issues.length === 0 ? pass() : fail(`a valid code with a wrong client_secret: ${issues.join('; ')}`, '401: check client_id and client_secret on every code exchange');
    },
    [`${prefix}-OAU-09`]: async (context) => {
      const body = { ...refreshGrantShape(context), refresh_token: `certify-never-issued-${randomBytes(12).toString('hex')}` };
      const exchange = await tokenRequest(context, body, 'refresh with a refresh token that was never issued');
      const issues = refusalIssues(context.target('exchangeToken'), exchange, 401);
      return issues.length === 0 ? pass() : fail(`a refresh token this server never issued: ${issues.join('; ')}`, '401: only refresh tokens you issued, unexpired and unused, get new tokens');
    },
    [`${prefix}-OAU-10`]: async (context) => {
      const tokens = await obtainTokens(context);
      const body = (tokens.exchange?.json ?? {}) as Record<string, unknown>;
      const now = context.config.now();
      const wrong = (['expire_time', 'refresh_token_expire_time'] as const).flatMap((field) => {
        const issue = futureMillisIssue(field, body[field], now);
        return issue === undefined ? [] : [issue];
      });
      return wrong.length === 0 ? pass() : fail(wrong.join('; '), 'future times in milliseconds since the Unix epoch (13 digits today), not seconds');
    },
    ...(rotate
      ? {
          [`${prefix}-OAU-11`]: (async (context) => {
            const { used, exchange } = await refreshOnce(context);
            const renewed = (exchange.json as { refresh_token?: unknown } | undefined)?.refresh_token;
            if (exchange.status === undefined || exchange.status >= 300 || typeof renewed !== 'string') throw new Blocked(`the refresh did not succeed: the token endpoint ${answered(exchange)}`);
            if (renewed === used) return fail('the refresh answered the same refresh_token it was sent', 'a new refresh_token on every refresh');
            const again = await tokenRequest(context, { ...refreshGrantShape(context), refresh_token: used }, 'refresh again with the refresh token already used');
            const issues = refusalIssues(context.target('exchangeToken'), again, 401);
            return issues.length === 0 ? pass() : fail(`the refresh token already used, sent again: ${issues.join('; ')}`, '401: rotate the refresh token on every refresh, so the old one stops working');
          }) satisfies Check,
        }
      : {}),
  };
}

/** Why a value is not a future time in epoch milliseconds, naming the unit when it reads as seconds. */
export function futureMillisIssue(field: string, value: unknown, now: number): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) return `${field} is ${JSON.stringify(value)}, not an integer number of milliseconds`;
  // 1e12 ms is September 2001: any smaller "future" time is a count of seconds.
  if (value < 1e12) return `${field} is ${value}: that reads as seconds since the epoch (${new Date(value * 1000).toISOString()}); the contract counts milliseconds (${value * 1000})`;
  if (value <= now) return `${field} is ${value} (${new Date(value).toISOString()}), already in the past`;
  if (value > now + 10 * 365 * 24 * 3600 * 1000) return `${field} is ${value} (${new Date(value).toISOString()}), more than ten years ahead: check the unit (milliseconds)`;
  return undefined;
}

/**
 * An authorization code no other check has used: from the authorize redirect, or, when the code was
 * given with --code because the page needs a person, the next repeated --code (`undefined` when none is left).
 */
async function freshCode(context: CertifyContext): Promise<string | undefined> {
  if (context.config.code === undefined) {
    const fresh = await authorizeRequest(context);
    if (fresh.code === undefined) throw new Blocked(`needs a fresh authorization code from the authorize redirect, which ${answered(fresh.exchange)}`);
    return fresh.code;
  }
  const taken = Number(context.learned.get('extra codes taken') ?? 0);
  const code = context.config.extraCodes?.[taken];
  if (code !== undefined) context.learned.set('extra codes taken', String(taken + 1));
  return code;
}

/** The first refresh, shared: OAU-05 judges its answer, the rotation check reuses the spent token. */
function refreshOnce(context: CertifyContext): Promise<{ used: string; exchange: HttpExchange }> {
  return context.once('refresh', async () => {
    const tokens = await obtainTokens(context);
    if (tokens.refreshToken === undefined) throw new Blocked('the code exchange answered no refresh_token');
    const exchange = await tokenRequest(context, { ...refreshGrantShape(context), refresh_token: tokens.refreshToken }, 'refresh the token');
    return { used: tokens.refreshToken, exchange };
  });
}

/** The refresh grant as the contract's example shapes it (the client credentials too, when the example has them). */
function refreshGrantShape(context: CertifyContext): Record<string, unknown> {
  const examples = context.target('exchangeToken').operation.requestExamples;
  const example = [...examples.values()].find((value) => (value as { grant_type?: string }).grant_type === 'refresh_token') as Record<string, unknown> | undefined;
  const body: Record<string, unknown> = { grant_type: 'refresh_token' };
  if (example !== undefined && 'client_id' in example) body.client_id = context.config.clientId;
  if (example !== undefined && 'client_secret' in example) body.client_secret = context.config.clientSecret;
  return body;
}

/** Calls each bearer endpoint without a token (or with `token`) and expects 401 from all. */
export async function bearerRefusals(context: CertifyContext, calls: readonly { name: string; target: TriggerTarget; body?: unknown; params?: Record<string, string> }[], token: string | null): Promise<CheckOutcome> {
  const wrong: string[] = [];
  for (const call of calls) {
    const exchange = await context.call(`${call.name} ${token === null ? 'without a token' : 'with an unknown token'}`, {
      target: call.target,
      body: call.body,
      ...(call.params === undefined ? {} : { params: call.params }),
      token,
    });
    const issues = refusalIssues(call.target, exchange, 401);
    if (issues.length > 0) wrong.push(`${call.target.carrier.method} ${call.target.carrier.path}: ${issues.join('; ')}`);
  }
  return wrong.length === 0 ? pass(`${calls.length} endpoint(s) refused`) : fail(wrong.join('; '), '401 from every endpoint that needs a bearer token');
}

export function unknownToken(): string {
  return `${UNKNOWN_TOKEN_PREFIX}${randomBytes(12).toString('hex')}`;
}

/** Issues with a refusal: not the status expected, or a body that is not the contract's for that status. */
export function refusalIssues(target: Pick<TriggerTarget, 'operation' | 'carrier'>, exchange: HttpExchange, status: number): string[] {
  if (exchange.status !== status) return [answered(exchange)];
  // An event's own responses first; the endpoint that carries it documents the rest (401 for a bad signature).
  const operation: OperationInfo = target.operation.responses.has(String(status)) ? target.operation : target.carrier;
  const issues = bodyIssues(operation, exchange);
  return issues.length === 0 ? [] : [`answered ${status} as it should, but its body is not the contract's: ${issues.join('; ')}`];
}

/** A fresh, contract-valid body for a signed call, and the path of a free-text field in it. */
export interface SignedBody {
  readonly make: () => Promise<Record<string, unknown>>;
  readonly textPath: string;
}

/**
 * Signed-call refusals: `missing` sends no signature and an empty one; `wrong` sends each wrong
 * form of the published test vectors (a prefix, upper case, `sha256=`, another secret...).
 */
export async function signatureRefusal(context: CertifyContext, target: TriggerTarget, source: SignedBody, kind: 'missing' | 'wrong'): Promise<CheckOutcome> {
  const token = target.carrier.bearer ? await accessToken(context) : null;
  const forms = kind === 'missing' ? MISSING_FORMS : REFUSED_FORMS;
  const wrong: string[] = [];
  for (const form of forms) {
    const { raw, signature } = form.build(await source.make(), source.textPath, context.config.webhookSecret);
    const exchange = await context.call(`send with ${form.what}`, { target, rawBody: raw, signature, token });
    const issues = refusalIssues(target, exchange, 401);
    if (issues.length > 0) wrong.push(`${form.what}: ${issues.join('; ')}`);
  }
  if (wrong.length === 0) return pass(`${forms.length} form(s) refused with 401`);
  return fail(`a call with ${wrong.join(' | ')}`, kind === 'missing' ? '401 with the contract\'s error body, before reading the body' : '401 for every signature that is not the lower-case hex HMAC-SHA256 of the exact bytes received, under your secret');
}

const accepted = (exchange: HttpExchange) => exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300;

/** Correctly signed bodies whose bytes differ from a re-serialisation: each must be accepted (any 2xx; the exact answer is judged elsewhere). */
export async function rawBytesAcceptance(context: CertifyContext, target: TriggerTarget, source: SignedBody): Promise<CheckOutcome> {
  const token = target.carrier.bearer ? await accessToken(context) : null;
  const wrong: string[] = [];
  for (const form of ACCEPTED_FORMS) {
    const { raw, signature } = form.build(await source.make(), source.textPath, context.config.webhookSecret);
    const exchange = await context.call(`send a correctly signed body ${form.what}`, { target, rawBody: raw, signature, token });
    if (!accepted(exchange)) wrong.push(`a body ${form.what}, signed over its exact bytes (${signature}), ${answered(exchange)}`);
  }
  if (wrong.length === 0) return pass(`${ACCEPTED_FORMS.length} byte forms accepted`);
  return fail(`${wrong.join(' | ')}. Certify's signature covers the exact bytes it sent, so check your verifier: it must hash the raw body, not a re-serialised, re-encoded or trimmed copy`, 'a 2xx for each, as for the same event sent compact');
}

/** A correctly signed body with a field the receiver does not know, at the top and nested: the contract says to ignore them. */
export async function unknownFieldsAcceptance(context: CertifyContext, target: TriggerTarget, make: () => Promise<Record<string, unknown>>, nested: string): Promise<CheckOutcome> {
  const token = target.carrier.bearer ? await accessToken(context) : null;
  const wrong: string[] = [];
  for (const [path, what] of [
    ['stream_added_later', 'an unknown top-level field'],
    [`${nested}.stream_added_later`, `an unknown field in ${nested}`],
  ] as const) {
    const body = setPath(await make(), path, { note: 'a field Stream added after your code was written' });
    const exchange = await context.call(`send a body with ${what} (${path})`, { target, body, token });
    if (!accepted(exchange)) wrong.push(`a body with ${what} (${path}) ${answered(exchange)}`);
  }
  if (wrong.length === 0) return pass('both bodies accepted');
  return fail(wrong.join('; '), 'a 2xx, as without the field: ignore fields you do not know; Stream adds fields before your code knows them');
}

/** A body that breaks the contract (a required field removed), correctly signed. */
export async function invalidBodyRefusal(context: CertifyContext, target: TriggerTarget, body: Record<string, unknown>, remove: string): Promise<CheckOutcome> {
  const broken = structuredClone(body);
  const parts = remove.split('.');
  let node: Record<string, unknown> = broken;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  delete node[parts[parts.length - 1]!];
  const token = target.carrier.bearer ? await accessToken(context) : null;
  const exchange = await context.call(`send a body without ${remove}`, { target, body: broken, token });
  const issues = refusalIssues(target, exchange, 400);
  if (issues.length === 0) return pass();
  return fail(`a correctly signed body without the required ${remove}: ${issues.join('; ')}`, '400 with the contract\'s body for a refusal');
}

/** Every answer the partner gave during the run, against the contract's time limit. */
export function timingCheck(): Check {
  return async (context) => {
    const limit = context.config.answerLimitMs;
    const slow = context.timings.filter((timing) => timing.ms > limit);
    if (context.timings.length === 0) return fail('no answers were timed: the other checks could not reach the server');
    if (slow.length === 0) {
      const slowest = Math.max(...context.timings.map((timing) => timing.ms));
      return pass(`${context.timings.length} answers, the slowest in ${slowest} ms`);
    }
    return fail(`${slow.length} answer(s) took longer than ${limit} ms: ${slow.slice(0, 5).map((timing) => `${timing.what} (${timing.ms} ms)`).join(', ')}`, `every answer within ${limit} ms`);
  };
}

/** An event body built from the contract's example, with fields set. */
export function eventBody(target: TriggerTarget, example: string | undefined, sets: Readonly<Record<string, unknown>>): Record<string, unknown> {
  let body = pickExample(target.operation, example).value as Record<string, unknown>;
  for (const [path, value] of Object.entries(sets)) body = setPath(body, path, value) as Record<string, unknown>;
  return body;
}

/** Checks a body certify built still matches the contract, so a failure is the partner's and not certify's. */
export function assertContract(target: TriggerTarget, body: unknown): void {
  const schema = target.operation.requestSchema;
  if (schema === undefined) return;
  const result = validate(target.audience, schema as never, body);
  if (!result.valid) throw new Error(`certify built an invalid ${schema}: ${result.errors.map((issue) => issue.message).join('; ')}`);
}

export interface SandboxAsk {
  /** The name the partner's send command knows: `order.status.updated`, `new_order`. */
  readonly event: string;
  /** The sandbox operation the partner calls; by default the audience's one (SENDING_OPERATIONS). A refusal there answers the ask even when it names no event. */
  readonly operation?: string;
  /** What to tell a person when there is no send command. */
  readonly instruction: string;
  readonly values: Readonly<Record<string, string>>;
  readonly match: (exchange: SandboxExchange) => boolean;
}

/** The sandbox operation each audience sends through: a refusal there belongs to whatever certify is waiting for. */
export const SENDING_OPERATIONS: Readonly<Record<string, string>> = { pos: 'pos:sendWebhookEvent', dsp: 'dsp:sendOrderEvent', events: 'events:sendDeliveryUpdate' };

/** Asks the partner to send something to the sandbox (by its send command, or by telling a person) and waits for it. */
export async function expectFromPartner(context: CertifyContext, ask: SandboxAsk, judgeArrival: (exchange: SandboxExchange) => CheckOutcome): Promise<CheckOutcome> {
  const sandbox = context.sandbox;
  if (sandbox === undefined) throw new Blocked('no sandbox: this requirement is checked through the sandbox (drop --skip-sandbox)');
  const after = await sandbox.mark();
  const values = { event: ask.event, sandbox_url: sandbox.url, partner_slug: sandbox.partnerSlug, partner_id: sandbox.partnerId, ...ask.values };
  let commandNote = '';
  if (context.sendCommand !== undefined) {
    const { command, refused } = fillCommand({ template: context.sendCommand, values, shell: platformShell() });
    if (refused !== undefined) return fail(refused, ask.instruction);
    const run = await runSendCommand({ command, env: { ...placeholderEnv(values), ...sendCommandEnv(context) }, timeoutMs: context.config.waitMs });
    if (run.exitCode !== 0) commandNote = ` The send command (${command}) ${describeExit(run)}.`;
  } else {
    context.prompt(`${ask.instruction} Send it to ${sandbox.url}, signed with your webhook secret. Waiting ${Math.round(context.config.waitMs / 1000)} s...`);
  }
  // A refusal the sandbox could not tie to an event (a bad signature on a body without a type) still answers this ask.
  const operation = ask.operation ?? SENDING_OPERATIONS[context.config.audience];
  const match = (exchange: SandboxExchange) => ask.match(exchange) || (exchange.operation === operation && exchange.verdict !== 'accepted' && exchange.event === undefined);
  const arrived = await sandbox.waitFor(after, match, commandNote === '' ? context.config.waitMs : 500);
  if (arrived === undefined) {
    return fail(commandNote === '' ? `nothing arrived at the sandbox within ${Math.round(context.config.waitMs / 1000)} s.` : `nothing arrived at the sandbox.${commandNote}`, ask.instruction);
  }
  context.evidence.push({
    what: `received ${arrived.event ?? arrived.path}`,
    request: { method: arrived.method, url: `${sandbox.url}${arrived.path}`, ...(arrived.requestBody === undefined ? {} : { body: JSON.stringify(arrived.requestBody) }) },
    response: { status: arrived.status, ms: arrived.ms, ...(arrived.responseBody === undefined ? {} : { body: JSON.stringify(arrived.responseBody) }) },
  });
  if (arrived.verdict !== 'accepted') return fail(`the sandbox refused it with ${arrived.status}: ${refusalReason(arrived)}${commandNote}`, 'a signed body that matches the contract');
  return judgeArrival(arrived);
}

/** The environment certify gives the send command: where Stream is and how to sign, under the names the starter kits read. */
export function sendCommandEnv(context: CertifyContext): Record<string, string> {
  const sandbox = context.sandbox!;
  return { STREAM_BASE_URL: sandbox.url, STREAM_WEBHOOK_SECRET: context.config.webhookSecret, PARTNER_SLUG: sandbox.partnerSlug, PARTNER_ID: sandbox.partnerId };
}

/** `exited with code 1 (stderr: ...)` or `was stopped by SIGKILL`: how a send command ended, with the tail of its error output. */
export function describeExit(run: CommandRun): string {
  const tail = (text: string) => text.trim().split('\n').slice(-3).join(' / ');
  const stderr = tail(run.stderr);
  const output = stderr === '' ? tail(run.output) : stderr;
  const detail = output === '' ? '' : ` (${stderr === '' ? 'output' : 'stderr'}: ${output})`;
  if (run.exitCode !== null) return `exited with code ${run.exitCode}${detail}`;
  if (run.signal !== null) return `was stopped by ${run.signal}${run.timedOut ? ' after the --wait-ms limit' : ''}${detail}`;
  return `could not start${detail}`;
}

/** The sandbox's refusal reason: its note, else the error body's message. */
function refusalReason(exchange: SandboxExchange): string {
  if (exchange.note !== undefined && exchange.note !== '') return exchange.note;
  const body = exchange.responseBody as { code?: unknown; message?: unknown } | undefined;
  if (typeof body?.message === 'string') return `${typeof body.code === 'string' ? `${body.code}: ` : ''}${body.message}`;
  return 'no reason given';
}
