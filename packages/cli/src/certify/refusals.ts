// What a refusal must look like: the status asked for and the contract's body for it; and a token
// no partner could have issued.
import { randomBytes } from 'node:crypto';
import type { HttpExchange } from '../http.js';
import { bodyIssues } from '../judge.js';
import type { OperationInfo } from '../openapi.js';
import type { TriggerTarget } from '../trigger/targets.js';
import { answered, UNKNOWN_TOKEN_PREFIX } from './context.js';

/** A bearer token certify made up, so a partner that accepts it is found out. */
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
