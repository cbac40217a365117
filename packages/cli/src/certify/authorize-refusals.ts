// `<POS|DSP>-OAU-12`: the authorize endpoint refuses what cannot start an authorization for Stream,
// an unknown client_id or a response_type other than `code`, with 400 and never a redirect, so a
// look-alike client cannot send a merchant through the consent page.
import { randomBytes } from 'node:crypto';
import { refusalIssues } from './refusals.js';
import { fail, pass, type Check } from './context.js';

export function authorizeRefusalCheck(): Check {
  return async (context) => {
    const target = context.target('authorizeMerchant');
    const base = { client_id: context.config.clientId, response_type: 'code', redirect_uri: context.config.redirectUri, state: randomBytes(6).toString('hex') };
    const attempts = [
      ['an unknown client_id', { ...base, client_id: `certify-unknown-client-${randomBytes(4).toString('hex')}` }],
      ['response_type token (the implicit flow)', { ...base, response_type: 'token' }],
    ] as const;
    const wrong: string[] = [];
    for (const [what, params] of attempts) {
      const exchange = await context.call(`authorize with ${what}`, { target, params });
      const issues = refusalIssues(target, exchange, 400);
      if (issues.length > 0) wrong.push(`${what}: ${issues.join('; ')}`);
    }
    if (wrong.length === 0) return pass(`${attempts.length} authorize requests refused`);
    return fail(`an authorize request that cannot start an authorization for Stream: ${wrong.join(' | ')}`, "400 with the contract's Error body, never a redirect or a consent page: only Stream's client_id with response_type code");
  };
}
