// Judges a partner's answer against the contract: is the status one the operation documents, and
// does the body match that status's schema? Shared by `trigger` and `certify`.
import { validate } from '@stream-partner/contracts';
import { ANSWER_DEPTH_LIMIT, type HttpExchange } from './http.js';
import type { OperationInfo } from './openapi.js';
import { quoted } from './visible.js';

export interface Judgement {
  /** True when the answer is one the contract allows for a well-formed, correctly signed request. */
  readonly ok: boolean;
  /** Why not, in plain words; empty when `ok`. */
  readonly issues: readonly string[];
  /** What the answer means, in a few words: `accepted (201)`, `refused the order (400 PosValidationError)`. */
  readonly summary: string;
}

/** Statuses a correct server may give to a request Stream built correctly: 2xx, or a business refusal with its own schema. */
export function acceptableStatuses(operation: OperationInfo): string[] {
  return [...operation.responses.values()]
    .filter((response) => response.status.startsWith('2') || (response.status === '400' && response.schema !== undefined && response.schema !== 'Error'))
    .map((response) => response.status);
}

/** Checks the body of an answer against the schema the contract gives for its status. */
export function bodyIssues(operation: OperationInfo, exchange: HttpExchange): string[] {
  const response = operation.responses.get(String(exchange.status));
  if (response === undefined) return [];
  if (response.schema === undefined) {
    if (response.contentType === undefined && exchange.bodyText.trim() !== '' && exchange.status === 204) return ['a 204 answer has no body, but this one has one'];
    return [];
  }
  if ((response.contentType ?? '').includes('json')) {
    if (exchange.json === undefined) return [`the body should be JSON (${response.schema}) but is ${exchange.bodyText === '' ? 'empty' : exchange.tooDeep === true ? `nested deeper than ${ANSWER_DEPTH_LIMIT} levels, which no ${response.schema} is, so it was not read as JSON` : `not JSON: ${exchange.bodyText.slice(0, 80)}`}`];
    const result = validate(operation.api, response.schema as never, exchange.json);
    if (!result.valid) return result.errors.map((issue) => `${response.schema}: ${issue.message}`);
  }
  return [];
}

/**
 * An error answer's `code` must be one the contract lists for that answer (`x-stream-error-codes`),
 * spelled exactly; a near miss (`INVALID_GRANT`, `invalid-grant`) is named with its right spelling.
 */
export function codeIssues(listed: readonly string[] | undefined, code: unknown): string[] {
  if (listed === undefined || code === undefined || listed.includes(code as string)) return [];
  const near = listed.find((candidate) => typeof code === 'string' && candidate === code.toLowerCase().replace(/[^a-z]+/g, '_'));
  return [`its code is ${quoted(code)}${near === undefined ? '' : ` (spell it ${near})`}; the contract lists ${listed.join(', ')} for this answer, spelled exactly`];
}

export function judge(operation: OperationInfo, exchange: HttpExchange, expected: readonly string[] = acceptableStatuses(operation)): Judgement {
  if (exchange.status === undefined) {
    const error = exchange.error!;
    return { ok: false, issues: [error.kind === 'timeout' ? `no answer: ${error.message}` : error.kind === 'too_large' ? error.message : `could not connect: ${error.message}`], summary: error.kind };
  }
  const status = String(exchange.status);
  const issues: string[] = [];
  const documented = operation.responses.has(status);
  if (exchange.status >= 500) issues.push(`answered ${status}: a server error is never a correct answer to Stream`);
  else if (!documented) issues.push(`answered ${status}, which the contract does not list for ${operation.operationId} (it lists ${[...operation.responses.keys()].join(', ')})`);
  else if (!expected.includes(status)) issues.push(`answered ${status}; the contract expects ${expected.join(' or ')} here`);
  issues.push(...bodyIssues(operation, exchange));
  const schema = operation.responses.get(status)?.schema;
  const summary = issues.length > 0 ? `wrong answer (${status})` : status.startsWith('2') ? `accepted (${status})` : `refused as the contract allows (${status}${schema === undefined ? '' : ` ${schema}`})`;
  return { ok: issues.length === 0, issues, summary };
}
