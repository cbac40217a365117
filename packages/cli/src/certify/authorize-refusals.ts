// `<POS|DSP>-OAU-12`: the authorize endpoint refuses what cannot start an authorization for Stream,
// an unknown client_id, a response_type other than `code` or a parameter the contract requires left
// out, with 400 and never a redirect, so a look-alike client cannot send a merchant through the consent page.
import { randomBytes } from 'node:crypto';
import { refusalIssues } from './refusals.js';
import { AUTHORIZE_PARAMETER_REQUIRED } from './checks-shared.js';
import { AUTHORIZE_VALUE_COMPARED_EXACTLY, exactValues, ISSUED_VALUE_COMPARED_EXACTLY, tokenVariants } from './near-variants.js';
import { fail, pass, type Check } from './context.js';

export function authorizeRefusalCheck(): Check {
  return async (context) => {
    const target = context.target('authorizeMerchant');
    const base = { client_id: context.config.clientId, response_type: 'code', redirect_uri: context.config.redirectUri, state: randomBytes(6).toString('hex') };
    // Every query parameter the contract marks required, left out in turn: a default taken for it is not a request Stream made.
    const required = target.carrier.parameters.filter((parameter) => parameter.in === 'query' && parameter.required === true).map((parameter) => String(parameter.name));
    // Near variants of each value the contract fixes, sent where certify sends that value (response_type=CODE for code).
    const fixed = target.carrier.parameters.filter((parameter) => parameter.in === 'query' && exactValues(parameter.schema).includes((base as Record<string, string>)[String(parameter.name)] ?? ''));
    const near = fixed.flatMap((parameter) => {
      const name = String(parameter.name);
      return tokenVariants((base as Record<string, string>)[name]!).map(([what, value]): [string, Record<string, string>] => [`[${AUTHORIZE_VALUE_COMPARED_EXACTLY}] ${name} ${what} (${JSON.stringify(value)})`, { ...base, [name]: value }]);
    });
    const attempts: [string, Record<string, string>][] = [
      ['an unknown client_id', { ...base, client_id: `certify-unknown-client-${randomBytes(4).toString('hex')}` }],
      ['response_type token (the implicit flow)', { ...base, response_type: 'token' }],
      ...required.map((name): [string, Record<string, string>] => [`[${AUTHORIZE_PARAMETER_REQUIRED}] no ${name} (a required parameter)`, Object.fromEntries(Object.entries(base).filter(([key]) => key !== name))]),
      ...near,
      // The client_id Stream was issued, in near variants: a case-insensitive or trimming lookup (a database collation) takes them for Stream's.
      ...tokenVariants(context.config.clientId).map(([what, value]): [string, Record<string, string>] => [`[${ISSUED_VALUE_COMPARED_EXACTLY}] client_id ${what} (${JSON.stringify(value)})`, { ...base, client_id: value }]),
    ];
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
