// `<POS|DSP>-OAU-11`: refresh-token rotation, one rule for both audiences. The refresh token just
// used must stop working no later than the first use of the new one; until then it may still work
// (a grace period, so a refresh answer lost in transit does not disconnect the store).
import { refreshGrantShape, refreshOnce, tokenRequest } from './checks-oauth.js';
import { refusalIssues } from './refusals.js';
import { answered, Blocked, fail, pass, type Check } from './context.js';

const EXPECTED = 'a new refresh_token on every refresh; the one just used refused with 401 once the new one has been used (it may work until then)';

/** Refreshes once, uses the new refresh token, then tries the old one: it must be refused by then. */
export function rotationCheck(): Check {
  return async (context) => {
    const owner = `${context.config.audience.toUpperCase()}-OAU-05`;
    const { used, exchange } = await refreshOnce(context);
    const renewed = (exchange.json as { refresh_token?: unknown } | undefined)?.refresh_token;
    if (exchange.status === undefined || exchange.status >= 300 || typeof renewed !== 'string') throw new Blocked(`the refresh did not succeed: the token endpoint ${answered(exchange)}`, owner);
    if (renewed === used) return fail('the refresh answered the same refresh_token it was sent: it was not rotated', EXPECTED);
    const next = await tokenRequest(context, { ...refreshGrantShape(context), refresh_token: renewed }, 'refresh with the new refresh token (its first use)');
    if (next.status === undefined || next.status >= 300) return fail(`the new refresh token, on its first use, ${answered(next)}`, EXPECTED);
    const old = await tokenRequest(context, { ...refreshGrantShape(context), refresh_token: used }, 'refresh with the old refresh token, after the new one was used');
    const issues = refusalIssues(context.target('exchangeToken'), old, 401);
    if (issues.length > 0) return fail(`the refresh token already used, sent again after the new one was used: ${issues.join('; ')}`, EXPECTED);
    return pass('the old refresh token was refused once the new one had been used');
  };
}
