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
export function refusalIssues(target: Pick<TriggerTarget, 'operation' | 'carrier'>, exchange: HttpExchange, status: number, requirement?: string): string[] {
  if (exchange.status !== status) return [answered(exchange)];
  // An event's own responses first; the endpoint that carries it documents the rest (401 for a bad signature).
  const operation: OperationInfo = target.operation.responses.has(String(status)) ? target.operation : target.carrier;
  const issues = bodyIssues(operation, exchange);
  if (issues.length > 0) return [`answered ${status} as it should, but its body is not the contract's: ${issues.join('; ')}`];
  // Where the contract says which listed code answers this refusal, a listed but other code is wrong too.
  const wanted = operation.responses.get(String(status))?.errorCases.find((entry) => requirement !== undefined && entry.requirements.includes(requirement));
  const code = (exchange.json as { code?: unknown } | undefined)?.code;
  if (wanted === undefined || code === wanted.code) return [];
  return [`[${wanted.rule}] answered ${status} with code ${JSON.stringify(code)}, but the contract answers ${wanted.code} when ${wanted.when}`];
}
