// What a contract asks of a partner's answer beyond its body, on the response itself: a header a page
// must carry (`x-stream-page-header` on a response header: the consent page forbids framing), a header
// every such answer must carry (`x-stream-answer-header`: token answers say no-store) and a
// list that must come whole (`x-stream-unpaginated`: no next page). Read from the bundled contracts,
// so certify checks every operation that carries a mark, in POS and DSP alike.
import type { HttpExchange } from '../http.js';
import { deref, isObject, listOperations, type ApiName, type JsonObject, type OperationInfo } from '../openapi.js';
import { pageRedirect } from './page-redirect.js';

export interface AnswerMark {
  readonly rule: string;
  readonly requirement: string;
  readonly operationId: string;
  readonly status: string;
}

export interface PageHeaderMark extends AnswerMark {
  readonly header: string;
  /** A directive the header's value must contain, compared without case and with spaces collapsed. */
  readonly contains: string;
}

function responseOf(operation: OperationInfo, status: string): JsonObject | undefined {
  const response = deref(operation.api, (operation.raw.responses as JsonObject | undefined)?.[status]);
  return isObject(response) ? response : undefined;
}

function markOf(operation: OperationInfo, status: string, raw: unknown): AnswerMark | undefined {
  if (!isObject(raw) || typeof raw.rule !== 'string' || typeof raw.requirement !== 'string') return undefined;
  return { rule: raw.rule, requirement: raw.requirement, operationId: operation.operationId, status };
}

/** The headers the contract requires on an operation's answer of `status` when it is a page a person reads (or, with `x-stream-answer-header`, on every such answer). */
export function pageHeaderMarks(operation: OperationInfo, status: string, extensionName = 'x-stream-page-header'): PageHeaderMark[] {
  const headers = responseOf(operation, status)?.headers;
  if (!isObject(headers)) return [];
  return Object.entries(headers).flatMap(([header, raw]) => {
    const value = deref(operation.api, raw);
    const extension = isObject(value) ? value[extensionName] : undefined;
    const mark = markOf(operation, status, extension);
    if (mark === undefined || !isObject(extension) || typeof extension.contains !== 'string') return [];
    return [{ ...mark, header, contains: extension.contains }];
  });
}

/** The rule of an answer the contract says is never paged, or `undefined`. */
export function unpaginatedMark(operation: OperationInfo, status: string): AnswerMark | undefined {
  return markOf(operation, status, responseOf(operation, status)?.['x-stream-unpaginated']);
}

/** Every mark an audience's contract states, for the catalogue changelog to scope a change to. */
export function listAnswerMarks(api: ApiName): AnswerMark[] {
  return listOperations(api).flatMap((operation) =>
    [...operation.responses.keys()].flatMap((status) => {
      const unpaged = unpaginatedMark(operation, status);
      return [...pageHeaderMarks(operation, status), ...answerHeaderMarks(operation, status), ...(unpaged === undefined ? [] : [unpaged])];
    }),
  );
}

const folded = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * What a page answer lacks of the headers its contract requires, as `[rule] …` lines. A page that
 * redirects at once (a meta refresh) shows no button to frame, so only a page a person reads is judged.
 */
export function pageHeaderIssues(operation: OperationInfo, exchange: HttpExchange): string[] {
  if (exchange.status === undefined) return [];
  if (pageRedirect({ contentType: exchange.headers['content-type'], bodyText: exchange.bodyText }) !== undefined) return [];
  return pageHeaderMarks(operation, String(exchange.status)).flatMap((mark) => {
    const value = exchange.headers[mark.header.toLowerCase()];
    if (value !== undefined && folded(value).includes(folded(mark.contains))) return [];
    const seen = value === undefined ? `carries no ${mark.header} header` : `says ${mark.header}: ${value.slice(0, 300)}`;
    return [`[${mark.rule}] the page GET ${operation.path} answered (${exchange.status}) ${seen}, so it does not say ${mark.contains}`];
  });
}

/** The headers the contract requires on every answer of `status` (`x-stream-answer-header`), page or not. */
export function answerHeaderMarks(operation: OperationInfo, status: string): PageHeaderMark[] {
  return pageHeaderMarks(operation, status, 'x-stream-answer-header');
}

/** What an answer lacks of the headers its contract requires on every answer of its status, as `[rule] …` lines. */
export function answerHeaderIssues(operation: OperationInfo, exchange: HttpExchange): string[] {
  if (exchange.status === undefined) return [];
  return answerHeaderMarks(operation, String(exchange.status)).flatMap((mark) => {
    const value = exchange.headers[mark.header.toLowerCase()];
    if (value !== undefined && folded(value).split(/\s*,\s*/).includes(folded(mark.contains))) return [];
    const seen = value === undefined ? `carries no ${mark.header} header` : `says ${mark.header}: ${value.slice(0, 300)}`;
    return [`[${mark.rule}] the ${exchange.status} answer to ${operation.method.toUpperCase()} ${operation.path} ${seen}: say ${mark.header}: ${mark.contains}, so no cache on the way keeps it`];
  });
}

/** A `Link` header naming a next page (RFC 8288 rel="next"). */
const NEXT_LINK = /<[^<>]{0,2000}>\s*;[^,]{0,500}\brel\s*=\s*"?[^",]{0,200}\bnext\b/i;

/** Why an answer the contract says is never paged says another page follows, as a `[rule] …` line, or `undefined`. */
export function pagedIssue(operation: OperationInfo, exchange: HttpExchange): string | undefined {
  if (exchange.status === undefined) return undefined;
  const mark = unpaginatedMark(operation, String(exchange.status));
  const link = exchange.headers.link;
  if (mark === undefined || link === undefined || !NEXT_LINK.test(link)) return undefined;
  return `[${mark.rule}] the answer to GET ${operation.path} says another page follows (Link: ${link.slice(0, 300)}): Stream reads one answer, so what a next page holds is never seen`;
}
