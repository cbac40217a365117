// `<POS|DSP>-OAU-01` beyond the one redirect: the consent page carries the headers its contract
// requires (answer-marks.ts), and an authorize without state comes back without one, since state is
// echoed exactly and a missing value is not the text "undefined" or an empty parameter.
import type { HttpExchange } from '../http.js';
import { pageHeaderIssues } from './answer-marks.js';
import { redirectUrl } from './page-redirect.js';
import { fail, type CertifyContext, type CheckOutcome } from './context.js';

/** Certify's rule on -OAU-01: an authorize that sent no state is redirected with no state parameter. */
export const STATE_ABSENT_WHEN_NOT_SENT = 'state-absent-when-not-sent';

/** Certify's rule on -OAU-01 (catalogue 1.14.0): any state comes back as sent, an empty one and one holding percent sequences too. */
export const STATE_ECHOED_VERBATIM = 'state-echoed-verbatim';

/** States a redirect must return as sent: empty (kept, not dropped as falsy) and holding `%` sequences and `+` (not decoded a second time). */
const UNUSUAL_STATES: readonly (readonly [what: string, state: string])[] = [
  ['an empty state', ''],
  ['a state holding percent sequences and a plus', 'a%2Fb 100%25+c'],
];

/** The redirects of authorize requests with unusual states, judged: one finding per state that does not come back as sent. */
export async function unusualStateIssues(options: { context: CertifyContext; redirectOf: (exchange: HttpExchange) => string | undefined }): Promise<string[]> {
  const { context, redirectOf } = options;
  const issues: string[] = [];
  for (const [what, state] of UNUSUAL_STATES) {
    const exchange = await context.call(`authorize with ${what}`, {
      target: context.target('authorizeMerchant'),
      params: { client_id: context.config.clientId, response_type: 'code', redirect_uri: context.config.redirectUri, state },
    });
    const location = redirectOf(exchange);
    if (location === undefined) continue;
    const target = redirectUrl({ location, base: context.config.baseUrl });
    if (target === undefined) {
      issues.push(`[${STATE_ECHOED_VERBATIM}] an authorize request with ${what} (${JSON.stringify(state)}) was redirected to ${JSON.stringify(location)}, which is not a URL a browser can follow: redirect to redirect_uri with state exactly as sent, URL-encoded once`);
      continue;
    }
    const back = target.searchParams.get('state');
    if (back !== state) issues.push(`[${STATE_ECHOED_VERBATIM}] an authorize request with ${what} (${JSON.stringify(state)}) was redirected to ${location}, with state ${back === null ? '(none)' : JSON.stringify(back)}: return state exactly as sent, URL-encoded once`);
  }
  return issues;
}

/** What the page the authorize endpoint shows lacks of its contract's headers; a page seen already is reused, else one is opened with `state`. */
export async function consentPageIssues(options: { context: CertifyContext; state: string; seen?: HttpExchange }): Promise<string[]> {
  const { context, state, seen } = options;
  const target = context.target('authorizeMerchant');
  const exchange =
    seen ??
    (await context.call('open the authorize page as the merchant would', {
      target,
      params: { client_id: context.config.clientId, response_type: 'code', redirect_uri: context.config.redirectUri, state },
    }));
  return pageHeaderIssues(target.operation, exchange);
}

/** The redirect of an authorize that sent no state (found by `redirectOf`), judged: `undefined` when it carries none or certify sees no redirect. */
export async function stateAbsentIssue(options: { context: CertifyContext; redirectOf: (exchange: HttpExchange) => string | undefined }): Promise<string | undefined> {
  const { context, redirectOf } = options;
  const exchange = await context.call('authorize without state (an optional parameter)', {
    target: context.target('authorizeMerchant'),
    params: { client_id: context.config.clientId, response_type: 'code', redirect_uri: context.config.redirectUri },
  });
  const location = redirectOf(exchange);
  if (location === undefined) return undefined;
  // A Location that is no URL is POS-OAU-01's failure; it carries no state to judge here.
  const state = redirectUrl({ location, base: context.config.baseUrl })?.searchParams.get('state') ?? null;
  if (state === null) return undefined;
  return `[${STATE_ABSENT_WHEN_NOT_SENT}] an authorize request with no state was redirected to ${location}, with state ${JSON.stringify(state)}: return state only when Stream sent one`;
}

/** An -OAU-01 outcome with the page's header findings added: a pass becomes a failure naming the rules, a failure keeps its own reason first. */
export function withPageIssues(outcome: CheckOutcome, issues: readonly string[]): CheckOutcome {
  if (issues.length === 0) return outcome;
  const expected = "every header the contract's page answer requires (the consent page's Content-Security-Policy with frame-ancestors 'none')";
  // A page certify could not follow to its redirect still shows its headers: those are judged.
  if (outcome.passed || outcome.verdict === 'not_verified') return fail(issues.join('; '), expected);
  // An older failure must not turn into a warning because a newer rule is named beside it.
  const named = issues.map((line) => line.replace(/^\[([a-z0-9-]+)\]/, '(rule $1)'));
  return { ...outcome, reason: [outcome.reason ?? '', ...named].filter((text) => text !== '').join('; ') };
}
