// The OAuth checks a POS and a DSP share: the authorize redirect, the code and refresh grants, token
// rotation, and the bearer token every other check uses.
import { randomBytes } from 'node:crypto';
import type { HttpExchange } from '../http.js';
import { judge } from '../judge.js';
import { timeOfDayIssue } from '../iso-time.js';
import { resolveUrl } from '../trigger/send.js';
import { answerHeaderIssues } from './answer-marks.js';
import { consentFormIssues } from './consent-form.js';
import { refusedKeepsCodeIssue } from './refused-keeps-code.js';
import { consentPageIssues, stateAbsentIssue, unusualStateIssues, withPageIssues } from './authorize-page.js';
import { operationUrl } from './base-url.js';
import { answered, Blocked, fail, notVerified, pass, type CertifyContext, type Check, type CheckOutcome } from './context.js';
import { pageRedirect, redirectUrl } from './page-redirect.js';
import { refusalIssues } from './refusals.js';
import { caseVariant, componentVariants, hostVariants, ISSUED_VALUE_COMPARED_EXACTLY, REDIRECT_URI_COMPONENTS_COMPARED, schemeVariant, uriVariants } from './near-variants.js';

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
      const location = redirectOf(exchange);
      if (location === undefined) return { exchange, state };
      const code = redirectUrl({ location, base: context.config.baseUrl })?.searchParams.get('code') ?? null;
      return { exchange, state, ...(code === null ? {} : { code }) };
    });
}

/** Where an authorize answer sends the browser: a redirect's Location, or a 200 page's immediate meta refresh. */
export function redirectOf(exchange: HttpExchange): string | undefined {
  if (exchange.status !== undefined && exchange.status >= 300 && exchange.status < 400) return exchange.headers.location;
  if (exchange.status === 200) return pageRedirect({ contentType: exchange.headers['content-type'], bodyText: exchange.bodyText });
  return undefined;
}

export function tokenRequest(context: CertifyContext, body: Record<string, unknown>, what: string): Promise<HttpExchange> {
  return context.call(what, { target: context.target('exchangeToken'), body });
}

export function codeGrant(context: CertifyContext, code: string): Record<string, unknown> {
  return { grant_type: 'authorization_code', client_id: context.config.clientId, client_secret: context.config.clientSecret, code };
}

/** `POS-OAU-03`: the id of an OAuth requirement in the audience being certified. */
/** Certify's own rules (no contract extension states them): a code exchange checks client_id; a renewed access token works. */
export const CLIENT_ID_CHECKED = 'code-exchange-checks-client-id';
/** Another (catalogue 1.14.0): the whole client_secret is compared, so a prefix of it is wrong. */
export const CLIENT_SECRET_COMPARED_WHOLE = 'client-secret-compared-whole';
export const REFRESHED_TOKEN_WORKS = 'renewed-access-token-works';
/** A rule of certify's on -OAU-02: a redirect_uri is compared whole, its query included. */
export const REDIRECT_URI_QUERY_COMPARED = 'redirect-uri-query-compared';
/** A rule of certify's on -OAU-02: Stream's URI with its path's case changed, a slash added or dropped, or another last segment is refused. */
export const REDIRECT_URI_COMPARED_EXACTLY = 'redirect-uri-compared-exactly';
/** A rule of certify's on -OAU-02 (catalogue 1.14.0): the host is compared character for character, never as a pattern. */
export const REDIRECT_URI_HOST_COMPARED = 'redirect-uri-host-compared';
/** A rule of certify's on -OAU-02 (catalogue 1.14.0): Stream's https URI sent as http is refused, as the scheme is part of the string. */
export const REDIRECT_URI_SCHEME_COMPARED = 'redirect-uri-scheme-compared';

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
  const carrier = context.target('authorizeMerchant').carrier;
  return resolveUrl(operationUrl(context.config.baseUrl, carrier), carrier, {
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
          ? `the authorize endpoint shows a page instead of redirecting: open ${manualAuthorizeUrl(context)} in a browser, approve, and rerun with STREAM_CERTIFY_REDIRECT_URL='<the URL the browser landed on>' (or --redirect-url)`
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

/**
 * The merchant approves Stream a second time (a reconnection), and the new code is exchanged: the
 * contract's relation on the token answer (every grant names the same merchant id) then compares
 * grants of two connections, not only one chain of refreshes. Only where certify gets codes itself:
 * a code a person approved is kept for the check that needs it.
 */
async function connectAgain(context: CertifyContext): Promise<void> {
  if (context.config.code !== undefined) return;
  const code = await freshCode(context).catch(() => undefined);
  if (code !== undefined) await tokenRequest(context, codeGrant(context, code), 'exchange a code from the same merchant approving Stream again');
}

/** The bearer token for every other call: `--token`, or one got through OAuth. */
export async function accessToken(context: CertifyContext): Promise<string> {
  if (context.config.token !== undefined) return context.config.token;
  return (await obtainTokens(context)).accessToken;
}

export function oauthChecks(prefix: 'POS' | 'DSP', tokenStatus: '200' | '201'): Record<string, Check> {
  return {
    [`${prefix}-OAU-01`]: async (context) => {
      if (context.config.redirectUrl !== undefined) return withPageIssues(checkPastedRedirect(context, context.config.redirectUrl), await consentPageIssues({ context, state: MANUAL_STATE }));
      if (context.config.code !== undefined) {
        return withPageIssues(notVerified(
          `certify did not see the redirect: the code was given with --code. To verify it, open ${manualAuthorizeUrl(context)} in a browser, approve, and rerun with STREAM_CERTIFY_REDIRECT_URL='<the URL the browser landed on>' (or --redirect-url)`,
          `302 to ${context.config.redirectUri} with code and the exact state`,
        ), await consentPageIssues({ context, state: MANUAL_STATE }));
      }
      const result = await authorizeRequest(context);
      const location = redirectOf(result.exchange);
      if (result.exchange.status === 200 && location === undefined) {
        return withPageIssues(fail(
          `the authorize endpoint shows a page (answered 200) instead of redirecting. If it needs a person, open ${manualAuthorizeUrl(context)} in a browser, approve, and rerun with STREAM_CERTIFY_REDIRECT_URL='<the URL the browser landed on>' (or --redirect-url)`,
          `302 to ${context.config.redirectUri} with code and state`,
        ), await consentPageIssues({ context, state: result.state!, seen: result.exchange }));
      }
      if ((result.exchange.status !== 200 && result.exchange.status !== 302 && result.exchange.status !== 303) || location === undefined) {
        return fail(`the authorize endpoint ${answered(result.exchange)}`, `302 to ${context.config.redirectUri} with code and state (or a consent page, then --code)`);
      }
      const target = redirectUrl({ location, base: context.config.baseUrl });
      if (target === undefined) return fail(`the authorize endpoint redirected to ${JSON.stringify(location)}, which is not a URL a browser can follow`, `302 to ${context.config.redirectUri} with code and state`);
      if (`${target.origin}${target.pathname}` !== context.config.redirectUri.replace(/\?.*$/, '')) return fail(`redirected to ${location}, not to redirect_uri ${context.config.redirectUri}`);
      if (!target.searchParams.get('code')) return fail(`the redirect ${location} has no code`);
      if (target.searchParams.get('state') !== result.state) {
        return fail(`the redirect ${location} carries state ${JSON.stringify(target.searchParams.get('state') ?? '(none)')}, not the state Stream sent (${JSON.stringify(result.state)})`, 'state echoed exactly, URL-encoded as a query parameter');
      }
      // State is optional: one Stream did not send comes back as no parameter, not "undefined" or empty.
      const absent = await stateAbsentIssue({ context, redirectOf });
      const unusual = await unusualStateIssues({ context, redirectOf });
      const issues = [...(absent === undefined ? [] : [absent]), ...unusual];
      return issues.length === 0 ? pass() : fail(issues.join('; '), 'state echoed exactly: none on the redirect when the authorize request carried none, and any state Stream sent, empty or holding % sequences, as sent');
    },
    [`${prefix}-OAU-02`]: async (context) => {
      const registered = new URL(context.config.redirectUri);
      const attempts = [
        ['a foreign host', 'https://attacker.example/callback'],
        ['Stream\'s host as a prefix of another', `${registered.protocol}//${registered.host}.attacker.example${registered.pathname}`],
        ['an extra path after Stream\'s', `${context.config.redirectUri.replace(/\/$/, '')}/attacker`],
        // Compared whole, the query too: a parameter added to Stream's URI is not on the allow-list (a later addition, so named).
        [`[${REDIRECT_URI_QUERY_COMPARED}] an extra query parameter on Stream's`, `${context.config.redirectUri}${registered.search === '' ? '?' : '&'}next=https%3A%2F%2Fattacker.example%2F`],
        // Variants of Stream's URI a loose comparison lets through: the whole string is compared, case and slashes too.
        ...uriVariants(registered).map(([what, uri]) => [`[${REDIRECT_URI_COMPARED_EXACTLY}] ${what}`, uri] as const),
        ...hostVariants(registered).map(([what, uri]) => [`[${REDIRECT_URI_HOST_COMPARED}] ${what}`, uri] as const),
        ...componentVariants(registered).map(([what, uri]) => [`[${REDIRECT_URI_COMPONENTS_COMPARED}] ${what}`, uri] as const),
        ...[schemeVariant(registered)].flatMap((variant) => (variant === undefined ? [] : [[`[${REDIRECT_URI_SCHEME_COMPARED}] ${variant[0]}`, variant[1]] as const])),
      ] as const;
      const wrong: string[] = [];
      for (const [what, uri] of attempts) {
        const result = await authorizeRequest(context, uri);
        const issues = refusalIssues(context.target('authorizeMerchant'), result.exchange, 400);
        if (issues.length > 0) wrong.push(`${what} (${uri}): ${issues.join('; ')}`);
      }
      // The consent page's own form, posted with each value it carries changed: the approve route checks them again.
      const page = await authorizeRequest(context);
      wrong.push(...(await consentFormIssues({ context, page: page.exchange })));
      if (wrong.length === 0) return pass(`${attempts.length} redirect_uris refused`);
      // A failure of the older attempts names no rule in brackets, so it fails at once rather than warning with the new one.
      const older = wrong.some((line) => !line.startsWith('['));
      const shown = older ? wrong.map((line) => line.replace(/^\[([a-z0-9-]+)\] /, '(rule $1) ')) : wrong;
      return fail(`a redirect_uri that is not exactly Stream's registered one: ${shown.join(' | ')}`, '400: compare the whole redirect_uri for equality with a registered one, never by prefix');
    },
    [`${prefix}-OAU-03`]: async (context) => {
      const tokens = await obtainTokens(context);
      const verdict = judge(context.target('exchangeToken').operation, tokens.exchange!, [tokenStatus]);
      if (!verdict.ok) return fail(verdict.issues.join('; '), `${tokenStatus} with TokenExchangeResponse`);
      await connectAgain(context);
      const stored = answerHeaderIssues(context.target('exchangeToken').operation, tokens.exchange!);
      return stored.length === 0 ? pass() : fail(stored.join('; '), `${tokenStatus} with TokenExchangeResponse and Cache-Control: no-store`);
    },
    [`${prefix}-OAU-04`]: async (context) => {
      const exchange = await tokenRequest(context, codeGrant(context, `not-a-code-${randomBytes(4).toString('hex')}`), 'exchange an invalid code');
      const issues = refusalIssues(context.target('exchangeToken'), exchange, 401, oauthId(context, '04'));
      return issues.length === 0 ? pass() : fail(`an invalid code: ${issues.join('; ')}`, '401 with the contract\'s Error body');
    },
    [`${prefix}-OAU-05`]: async (context) => {
      const tokens = await obtainTokens(context);
      if (tokens.refreshToken === undefined) return fail('the code exchange answered no refresh_token', 'a refresh_token in TokenExchangeResponse');
      // What the first access token gets, before the refresh: a server whose locations route does not
      // answer it (its own requirement) says nothing there about the renewed one.
      const before = await context.call('list locations with the first access token', { target: context.target('listLocations'), token: tokens.accessToken });
      const { exchange } = await refreshOnce(context);
      const verdict = judge(context.target('exchangeToken').operation, exchange, [tokenStatus]);
      if (!verdict.ok) return fail(verdict.issues.join('; '), `${tokenStatus} with new tokens`);
      const stored = answerHeaderIssues(context.target('exchangeToken').operation, exchange);
      if (stored.length > 0) return fail(stored.join('; '), `${tokenStatus} with new tokens and Cache-Control: no-store`);
      // Stream uses the renewed access token from then on: a grant whose token the API refuses disconnects the store.
      if (before.status !== 200) return pass(`new tokens answered; the renewed access token was not tried, as GET locations ${answered(before)} to the first one too`);
      const renewed = (exchange.json as { access_token?: string }).access_token!;
      const used = await context.call('list locations with the renewed access token', { target: context.target('listLocations'), token: renewed });
      if (used.status === 200) return pass('the renewed access token was accepted');
      return fail(`[${REFRESHED_TOKEN_WORKS}] the access token the refresh answered, sent to GET locations, ${answered(used)}`, `${tokenStatus} with new tokens, and the new access_token accepted on every call (200 from GET locations)`);
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
      const issues = refusalIssues(context.target('exchangeToken'), exchange, 401, oauthId(context, '07'));
      return issues.length === 0 ? pass() : fail(`an authorization code already exchanged, sent again: ${issues.join('; ')}`, '401: a code works once, so a stolen or replayed code gets nothing');
    },
    [`${prefix}-OAU-08`]: async (context) => {
      const fresh = await freshCode(context);
      if (fresh === undefined) {
        return notVerified(
          'needs an authorization code no other check has used, and the authorize page needs a person: approve it once more in a browser and add that code with --code (after your first --code, or beside --redirect-url)',
          '401 to a valid code sent with a wrong client_secret',
        );
      }
      const exchange = await tokenRequest(context, { ...codeGrant(context, fresh), client_secret: `${context.config.clientSecret}-wrong` }, 'exchange a code with the wrong client_secret');
      const issues = refusalIssues(context.target('exchangeToken'), exchange, 401, oauthId(context, '08'));
      if (issues.length > 0) return fail(`a valid code with a wrong client_secret: ${issues.join('; ')}`, '401: check client_id and client_secret on every code exchange');
      const spent = await refusedKeepsCodeIssue({ code: fresh, grant: codeGrant(context, fresh), exchange: (body, what) => tokenRequest(context, body, what) });
      if (spent !== undefined) return fail(spent, `${tokenStatus} with tokens: a refused exchange changes nothing, so the code still works for Stream's client`);
      // The client_id is checked too: a code exchange names the client it was issued to, with that client's secret.
      const another = await freshCode(context);
      if (another === undefined) return pass('wrong client_secret refused; the wrong client_id needs one more --code to check');
      const named = await tokenRequest(context, { ...codeGrant(context, another), client_id: `${context.config.clientId}-other` }, 'exchange a code with another client_id and the right client_secret');
      const wrongId = refusalIssues(context.target('exchangeToken'), named, 401, oauthId(context, '08'));
      if (wrongId.length > 0) return fail(`[${CLIENT_ID_CHECKED}] a valid code with another client_id (and Stream's client_secret): ${wrongId.join('; ')}`, '401 invalid_client: check client_id and client_secret on every code exchange');
      // The secret is compared whole and exactly: the same letters in another case, or its first half (a
      // comparison over the given value's length), are another secret.
      const secret = context.config.clientSecret;
      const [caseWhat, caseValue] = caseVariant(secret);
      const variants = [{ rule: ISSUED_VALUE_COMPARED_EXACTLY, what: `Stream's client_secret ${caseWhat}`, value: caseValue }];
      if (secret.length >= 2) variants.push({ rule: CLIENT_SECRET_COMPARED_WHOLE, what: "the first half of Stream's client_secret", value: secret.slice(0, Math.ceil(secret.length / 2)) });
      for (const variant of variants) {
        const code = await freshCode(context);
        if (code === undefined) return pass(`a wrong client_secret and a wrong client_id both refused; ${variant.what} needs one more --code to check`);
        const answer = await tokenRequest(context, { ...codeGrant(context, code), client_secret: variant.value }, `exchange a code with ${variant.what}`);
        const issues = refusalIssues(context.target('exchangeToken'), answer, 401, oauthId(context, '08'));
        if (issues.length > 0) return fail(`[${variant.rule}] a valid code with ${variant.what}: ${issues.join('; ')}`, '401 invalid_client: compare the whole client_secret character for character, its length included (a constant-time comparison of the exact bytes)');
      }
      return pass("a wrong client_secret, a wrong client_id and near variants of Stream's client_secret all refused");
    },
    [`${prefix}-OAU-09`]: async (context) => {
      const body = { ...refreshGrantShape(context), refresh_token: `certify-never-issued-${randomBytes(12).toString('hex')}` };
      const exchange = await tokenRequest(context, body, 'refresh with a refresh token that was never issued');
      const issues = refusalIssues(context.target('exchangeToken'), exchange, 401, oauthId(context, '09'));
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
  };
}

/**
 * Why a value is not a time in epoch milliseconds, naming the unit when it reads as seconds. Whether
 * it lies ahead is the contract's rule (access-token-outlives-a-minute), judged at the moment the answer
 * arrived: judged here, later, a short lifetime would fail or pass by how long the run took.
 */
export function futureMillisIssue(field: string, value: unknown, now: number): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) return `${field} is ${JSON.stringify(value)}, not an integer number of milliseconds`;
  const timeOfDay = timeOfDayIssue(field, value);
  if (timeOfDay !== undefined) return timeOfDay;
  // 1e12 ms is September 2001: any smaller "future" time is a count of seconds.
  if (value < 1e12) return `${field} is ${value}: that reads as seconds since the epoch (${new Date(value * 1000).toISOString()}); the contract counts milliseconds (${value * 1000})`;
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
    // The redirect is POS/DSP-OAU-01's finding: a check that only needs its code is blocked by it.
    if (fresh.code === undefined) throw new Blocked(`needs a fresh authorization code from the authorize redirect, which ${answered(fresh.exchange)}`, oauthId(context, '01'));
    return fresh.code;
  }
  const taken = Number(context.learned.get('extra codes taken') ?? 0);
  const code = context.config.extraCodes?.[taken];
  if (code !== undefined) context.learned.set('extra codes taken', String(taken + 1));
  return code;
}

/** The first refresh, shared: OAU-05 judges its answer, the rotation check (rotation.ts) reuses the spent token. */
export function refreshOnce(context: CertifyContext): Promise<{ used: string; exchange: HttpExchange }> {
  return context.once('refresh', async () => {
    const tokens = await obtainTokens(context);
    if (tokens.refreshToken === undefined) throw new Blocked('the code exchange answered no refresh_token');
    const exchange = await tokenRequest(context, { ...refreshGrantShape(context), refresh_token: tokens.refreshToken }, 'refresh the token');
    return { used: tokens.refreshToken, exchange };
  });
}

/** The refresh grant as the contract's example shapes it (the client credentials too, when the example has them). */
export function refreshGrantShape(context: CertifyContext): Record<string, unknown> {
  const examples = context.target('exchangeToken').operation.requestExamples;
  const example = [...examples.values()].find((value) => (value as { grant_type?: string }).grant_type === 'refresh_token') as Record<string, unknown> | undefined;
  const body: Record<string, unknown> = { grant_type: 'refresh_token' };
  if (example !== undefined && 'client_id' in example) body.client_id = context.config.clientId;
  if (example !== undefined && 'client_secret' in example) body.client_secret = context.config.clientSecret;
  return body;
}
