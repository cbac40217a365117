import { deref } from './refs';
import { isObject, type OpenApiDocument } from './types';

/** One error answer of an operation, as the contract states it. */
export interface ErrorAnswerRow {
  /** `400`. */
  status: string;
  /** The response's description, with the contract's backticks. */
  description: string;
  /** The `code` values the answer may carry (`x-stream-error-codes`), spelled exactly. */
  codes: string[];
  /** The named rules refused with this answer, rule name and code: the request body's (`x-stream-rules`) and the answer's own cases (`x-stream-error-cases`). */
  rules: { rule: string; code: string }[];
}

/** What `<ErrorAnswers>` receives, serialised into its `data` attribute at build time. */
export interface ErrorAnswersData {
  operation: string;
  rows: ErrorAnswerRow[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function findOperation(doc: OpenApiDocument, operationId: string): Record<string, unknown> | undefined {
  const items = [...Object.values(doc.paths ?? {}), ...Object.values(doc.webhooks ?? {})];
  for (const item of items) {
    for (const method of METHODS) {
      const operation = (item as Record<string, unknown>)[method];
      if (isObject(operation) && operation.operationId === operationId) return operation;
    }
  }
  return undefined;
}

/**
 * Every error answer (4xx and 5xx) the contract gives an operation, in status order, with the codes
 * it lists and the request-body rules that are refused with it (a rule's code is one of those the
 * `400` lists). An operation the spec lacks is an error, so a guide cannot show answers it does not have.
 */
export function errorAnswersData(doc: OpenApiDocument, api: string, operationId: string): ErrorAnswersData {
  const operation = findOperation(doc, operationId);
  if (operation === undefined || !isObject(operation.responses)) throw new Error(`The ${api} spec has no operation ${operationId}.`);
  const requestRules = deref(doc, operation.requestBody)?.['x-stream-rules'];
  const named = (Array.isArray(requestRules) ? requestRules : []).filter(isObject).map((entry) => ({ rule: String(entry.rule), code: String(entry.code) }));
  const rows: ErrorAnswerRow[] = [];
  for (const [status, raw] of Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b))) {
    if (!/^[45]\d\d$/.test(status)) continue;
    const response = deref(doc, raw) ?? {};
    const codes = Array.isArray(response['x-stream-error-codes']) ? response['x-stream-error-codes'].map(String) : [];
    const cases = (Array.isArray(response['x-stream-error-cases']) ? response['x-stream-error-cases'] : []).filter(isObject).map((entry) => ({ rule: String(entry.rule), code: String(entry.code) }));
    rows.push({ status, description: String(response.description ?? '').trim(), codes, rules: [...named, ...cases].filter((entry) => codes.includes(entry.code)) });
  }
  if (rows.length === 0) throw new Error(`The ${api} spec gives ${operationId} no error answer.`);
  return { operation: operationId, rows };
}
