// Credential confusion: a partner that keeps its access tokens, refresh tokens and codes in one table
// (or looks a token up in the wrong one as a fallback) accepts a credential where another is asked
// for. Certify presents every other credential it legitimately holds from the same partner where each
// one is asked for, and expects the refusal the contract gives to a wrong credential there.
import type { TriggerTarget } from '../trigger/targets.js';
import { authorizeRequest, codeGrant, obtainTokens, refreshGrantShape, tokenRequest } from './checks-oauth.js';
import { Blocked, fail, pass, type CertifyContext, type Check, type CheckOutcome } from './context.js';
import { refusalIssues } from './refusals.js';

/** A rule of certify's on -OAU-04, -OAU-09 and -SEC-02: each kind of credential works only where it is asked for. */
export const CREDENTIALS_KEPT_APART = 'credentials-kept-apart';

type Kind = 'access token' | 'refresh token' | 'authorization code' | 'client secret';

interface Held {
  readonly kind: Kind;
  readonly value: string;
}

/** A value certify got from a call, or nothing when that call is another requirement's failure. */
async function optional(get: () => Promise<string | undefined>): Promise<string | undefined> {
  try {
    return await get();
  } catch (error) {
    if (error instanceof Blocked) return undefined;
    throw error;
  }
}

/**
 * Every credential certify holds from this partner, each live. With the authorize redirect, a grant of
 * its own (a fresh code exchanged: its access and refresh tokens) and a second code never exchanged, so
 * a presentation spends nothing another check needs; with --code or --token, the run's access token,
 * and its refresh token while no refresh has spent it. The client secret Stream was given is held too.
 */
async function heldCredentials(context: CertifyContext, prefix: 'POS' | 'DSP'): Promise<Held[]> {
  const held: Held[] = [];
  const add = (kind: Kind, value: unknown) => {
    if (typeof value === 'string' && value !== '') held.push({ kind, value });
  };
  if (context.config.code === undefined && context.config.token === undefined) {
    const code = (await authorizeRequest(context)).code;
    if (code !== undefined) {
      const grant = await tokenRequest(context, codeGrant(context, code), 'exchange a fresh code for credentials to present in the wrong place');
      const body = grant.json as { access_token?: unknown; refresh_token?: unknown } | undefined;
      add('access token', body?.access_token);
      add('refresh token', body?.refresh_token);
    }
    add('authorization code', (await authorizeRequest(context)).code);
  } else {
    add('access token', context.config.token ?? (await optional(async () => (await obtainTokens(context)).accessToken)));
    if (context.statusOf(`${prefix}-OAU-05`) === undefined) add('refresh token', await optional(async () => (await obtainTokens(context)).refreshToken));
  }
  held.push({ kind: 'client secret', value: context.config.clientSecret });
  return held;
}

function outcome(before: CheckOutcome, wrong: readonly string[], presented: number, expected: string): CheckOutcome {
  if (wrong.length > 0) return fail(`[${CREDENTIALS_KEPT_APART}] ${wrong.join(' | ')}`, expected);
  return pass(`${before.reason ?? 'refused'}; and ${presented} other credential(s) certify holds, presented in its place, refused too`);
}

/** `-SEC-02`: every bearer endpoint, called with each credential that is not an access token. */
export async function bearerConfusion(context: CertifyContext, prefix: 'POS' | 'DSP', before: CheckOutcome, calls: readonly { name: string; target: TriggerTarget; body?: unknown; params?: Record<string, string> }[]): Promise<CheckOutcome> {
  if (!before.passed) return before;
  const others = (await heldCredentials(context, prefix)).filter((held) => held.kind !== 'access token');
  const wrong: string[] = [];
  for (const held of others) {
    for (const call of calls) {
      const exchange = await context.call(`${call.name} with the ${held.kind} presented as an access token`, { target: call.target, body: call.body, ...(call.params === undefined ? {} : { params: call.params }), token: held.value });
      const issues = refusalIssues(call.target, exchange, 401);
      if (issues.length > 0) wrong.push(`the ${held.kind} certify holds, presented as an access token to ${call.target.carrier.method} ${call.target.carrier.path}: ${issues.join('; ')}`);
    }
  }
  return outcome(before, wrong, others.length, '401 unless the bearer is an access token you issued: look it up among access tokens only');
}

/** Wraps an audience's -OAU-04 (the code grant) and -OAU-09 (the refresh grant) with the credentials that are not a code, or not a refresh token. */
export function withCredentialConfusion(prefix: 'POS' | 'DSP', checks: Record<string, Check>): Record<string, Check> {
  const grant = (id: string, present: Kind, build: (context: CertifyContext, value: string) => Record<string, unknown>): Check => {
    const own = checks[id]!;
    return async (context) => {
      const before = await own(context);
      if (!before.passed) return before;
      const others = (await heldCredentials(context, prefix)).filter((held) => held.kind !== present);
      const wrong: string[] = [];
      for (const held of others) {
        const exchange = await tokenRequest(context, build(context, held.value), `send the ${held.kind} as the ${present}`);
        const issues = refusalIssues(context.target('exchangeToken'), exchange, 401, id);
        if (issues.length > 0) wrong.push(`the ${held.kind} certify holds, sent as the ${present}: ${issues.join('; ')}`);
      }
      return outcome(before, wrong, others.length, `401: only a ${present} you issued, unexpired and unused, gets new tokens; look it up among ${present}s only`);
    };
  };
  return {
    ...checks,
    [`${prefix}-OAU-04`]: grant(`${prefix}-OAU-04`, 'authorization code', codeGrant),
    [`${prefix}-OAU-09`]: grant(`${prefix}-OAU-09`, 'refresh token', (context, token) => ({ ...refreshGrantShape(context), refresh_token: token })),
  };
}
