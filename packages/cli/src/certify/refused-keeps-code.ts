// `<POS|DSP>-OAU-08` past the refusal: a refused request changes nothing. The contract has the client
// checked before the code is looked up, so a code exchange refused for a wrong client_secret leaves the
// code working: certify sends the same code again with Stream's credentials and needs the tokens.
import type { HttpExchange } from '../http.js';
import { answered } from './context.js';

/** Certify's rule on -OAU-08 (catalogue 1.14.0), stated by both token contracts: a refused exchange does not spend the code. */
export const REFUSED_EXCHANGE_KEEPS_CODE = 'refused-exchange-keeps-code';

/** Why the right exchange of `code`, just refused for a wrong client, was refused too; `undefined` when it was answered 2xx. */
export async function refusedKeepsCodeIssue(options: {
  code: string;
  exchange: (body: Record<string, unknown>, what: string) => Promise<HttpExchange>;
  grant: Record<string, unknown>;
}): Promise<string | undefined> {
  const { code, exchange, grant } = options;
  const answer = await exchange({ ...grant, code }, 'exchange the same code with the right client_secret');
  // Tokens with another status than the contract's, or another body, are -OAU-03's finding: the code was not spent.
  if (answer.status !== undefined && answer.status >= 200 && answer.status < 300) return undefined;
  return `[${REFUSED_EXCHANGE_KEEPS_CODE}] the code an exchange with a wrong client_secret was refused for, sent again with Stream's client_id and client_secret, ${answered(answer)}: the refused request spent the merchant's code (check the client before you look up or delete the code)`;
}
