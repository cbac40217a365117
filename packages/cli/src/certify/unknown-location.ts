// A location the merchant does not have, sent to calls the contract says refuse one: the status
// and code expected come from the contract (the response whose x-stream-error-codes lists
// location_not_found), so the check follows the contract, not what a kit happens to answer.
import { randomBytes } from 'node:crypto';
import { CliError } from '../errors.js';
import { deref, isObject, type OperationInfo } from '../openapi.js';
import { accessToken } from './checks-oauth.js';
import { fail, pass, type Check } from './context.js';
import { refusalIssues } from './refusals.js';

const CODE = 'location_not_found';
/** A rule of certify's on DSP-LOC-05 (catalogue 1.14.0): a listed id with its letters' case turned is a location the merchant does not have. */
export const LOCATION_ID_COMPARED_EXACTLY = 'location-id-compared-exactly';

/** The id with the case of each letter turned: the same letters, another id. */
export function caseTurned(id: string): string {
  return [...id].map((char) => (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase())).join('');
}

/** The status the operation refuses an unknown location with, as its x-stream-error-codes say. */
function refusalStatus(operation: OperationInfo): number {
  for (const [status, raw] of Object.entries(isObject(operation.raw.responses) ? operation.raw.responses : {})) {
    const response = deref(operation.api, raw);
    const codes = isObject(response) ? response['x-stream-error-codes'] : undefined;
    if (Array.isArray(codes) && codes.includes(CODE)) return Number(status);
  }
  throw new CliError('spec_invalid', `The ${operation.api} contract lists no ${CODE} answer for ${operation.operationId}. Fix the contract and run npm run specs:bundle.`);
}

/** Each operation, called for a location id the merchant cannot have (`near`: one a listed id's letter case away), must answer the contract's refusal with code location_not_found. */
export function unknownLocationCheck(operationIds: readonly string[], near?: string): Check {
  return async (context) => {
    const issues: string[] = [];
    const expected: string[] = [];
    for (const operationId of operationIds) {
      const target = context.target(operationId);
      const status = refusalStatus(target.operation);
      const locationId = near ?? `certify-unknown-${randomBytes(3).toString('hex')}`;
      const inQuery = target.operation.parameters.some((parameter) => parameter.in === 'query' && parameter.name === 'location_id');
      const place = inQuery ? { params: { location_id: locationId } } : { body: { location_id: locationId } };
      const exchange = await context.call(`${operationId} for a location the merchant does not have`, { target, token: await accessToken(context), ...place });
      const found = refusalIssues(target, exchange, status);
      const code = isObject(exchange.json) ? exchange.json.code : undefined;
      if (found.length === 0 && code !== CODE) found.push(`answered ${status} with code ${JSON.stringify(code)}, not ${CODE}`);
      issues.push(...found.map((issue) => `${target.operation.method.toUpperCase()} ${target.operation.path} for location ${locationId}: ${issue}`));
      expected.push(`${status} ${CODE}`);
    }
    return issues.length === 0 ? pass(`${operationIds.length} call(s) refused the unknown location with ${CODE}`) : fail(issues.join('; '), [...new Set(expected)].join(', '));
  };
}
