// `-GEN-03`: every call Stream may make with only the parameters the contract requires is answered
// with its success. A parameter the contract marks optional is one Stream may leave out (a catalog
// read with neither `Provider-Location-Id` nor `Provider-Merchant-Id` asks for the catalog of the
// token's merchant), so a server that insists on one refuses a call the contract allows. The calls
// come from the contract: every read the partner hosts that takes the bearer token and has an
// optional parameter, so a parameter added later is covered without a line here.
import { listOperations, type OperationInfo } from '../openapi.js';
import type { Audience } from '../trigger/targets.js';
import { loadCatalogue } from './catalogue.js';
import { accessToken } from './checks-oauth.js';
import type { HttpExchange } from '../http.js';
import { answered, fail, pass, type CertifyContext, type Check } from './context.js';

/** A comparison of a read's 200 answer with the same thing asked another way: a finding, or undefined when they agree. */
export type ReadAgreement = (context: CertifyContext, exchange: HttpExchange) => Promise<string | undefined>;

const PREFIX: Readonly<Record<Audience, string>> = { pos: 'POS', dsp: 'DSP', events: 'EVT' };

/** The optional parameters of a call, by name, when the call is a partner-hosted read Stream makes with its bearer token. */
function optionalOf(operation: OperationInfo): string[] {
  if (operation.host === 'stream' || operation.method.toUpperCase() !== 'GET' || !operation.bearer || !operation.responses.has('200')) return [];
  // A read whose required parameters certify would have to invent is judged by its own requirement.
  if (operation.parameters.some((parameter) => parameter.required === true && parameter.in !== 'header')) return [];
  return operation.parameters.filter((parameter) => parameter.required !== true).map((parameter) => String(parameter.name));
}

/** The reads this check makes for an audience: each with the optional parameters it leaves out. */
export function requiredOnlyCalls(audience: Audience): { operation: OperationInfo; leftOut: string[] }[] {
  return listOperations(audience)
    .map((operation) => ({ operation, leftOut: optionalOf(operation) }))
    .filter((call) => call.leftOut.length > 0);
}

export function requiredOnlyChecks(audience: Audience, agreements: Readonly<Record<string, ReadAgreement>> = {}): Record<string, Check> {
  const id = `${PREFIX[audience]}-GEN-03`;
  if (!loadCatalogue(audience).requirements.some((requirement) => requirement.id === id)) return {};
  const check: Check = async (context) => {
    const calls = requiredOnlyCalls(audience);
    const wrong: string[] = [];
    for (const { operation, leftOut } of calls) {
      const target = context.target(operation.operationId);
      const exchange = await context.call(`${operation.operationId} with only the parameters the contract requires (without ${leftOut.join(', ')})`, { target, token: await accessToken(context) });
      // The status is this requirement's; what the body holds is judged by the operation's own requirements, on every read.
      if (exchange.status !== 200) {
        wrong.push(`${operation.method.toUpperCase()} ${operation.path} without ${leftOut.join(' or ')}: ${answered(exchange)}; the contract answers 200 here`);
        continue;
      }
      // An answer the contract names by what it holds (the token's merchant's catalog) is compared with that thing asked another way.
      const agreement = Object.hasOwn(agreements, operation.operationId) ? agreements[operation.operationId] : undefined;
      const finding = agreement === undefined ? undefined : await agreement(context, exchange);
      if (finding !== undefined) wrong.push(finding);
    }
    if (calls.length === 0) return pass('the contract has no read with an optional parameter');
    if (wrong.length === 0) return pass(`${calls.length} read(s) without their optional parameters answered 200 as the contract says`);
    return fail(wrong.join(' | '), '200 with what the contract says the read answers then: an optional parameter is one Stream may leave out (without either catalog header, the catalog of the token\'s merchant, holding what its locations sell)');
  };
  return { [id]: check };
}
