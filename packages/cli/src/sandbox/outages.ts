// Stream answers a partner's send with a 5xx now and then; a partner's sender should retry it with
// the same event_id. The sandbox answers the next sends to one route with a 5xx on request
// (`POST /_sandbox/outages`), so certify and a partner can watch that retry happen. It also gives a
// final answer on request, one of the 4xx statuses the route's contract names in
// `x-stream-final-answers` (a DSP's 401), so certify can watch that the sender does not resend it.
// Or it holds the next answers a while (`delay_ms`), answered by the handler as usual once the time is
// up, so a second send for the same order made before the first was answered is seen to overlap it.
import { finalAnswerCode, finalAnswers } from '../final-answers.js';
import type { ApiName } from '../openapi.js';
import { errorReply, type HandlerReply } from './context.js';

/** The partner-sent operations an outage may be asked for. */
export const OUTAGE_OPERATIONS = ['dsp:sendOrderEvent', 'pos:sendWebhookEvent', 'events:sendDeliveryUpdate'] as const;
export const OUTAGE_STATUSES = [500, 502, 503, 504] as const;
export const MAX_OUTAGE_REQUESTS = 10;
// Long enough to see a sender that does not wait for its answer, well short of a sender's timeout.
const MAX_DELAY_MS = 5000;

export type OutageOperation = (typeof OUTAGE_OPERATIONS)[number];

/** What an outage asks: a status to answer instead of the handler, or a delay before the handler answers. */
export interface OutageAsked {
  readonly operation: OutageOperation;
  readonly requests: number;
  readonly status?: number;
  readonly delay_ms?: number;
}

/** What one send gets: an answer instead of its handler's, or its handler's answer after `holdMs`. */
export type OutageTaken = { readonly reply: HandlerReply } | { readonly holdMs: number };

export interface Outages {
  /** Answers (or holds) the next `requests` sends to `operation`, replacing an earlier request for it; 0 ends it. */
  start(options: OutageAsked): void;
  /** Ends every outage asked for: a reset sandbox answers as Stream does. */
  clear(): void;
  /** What this send gets instead of its handler's prompt answer, or undefined when no outage is pending. */
  take(operation: string): OutageTaken | undefined;
}

export function outages(): Outages {
  const pending = new Map<string, { left: number; status: number; delayMs: number | undefined }>();
  return {
    start: ({ operation, requests, status = 503, delay_ms: delayMs }) => {
      if (requests === 0) pending.delete(operation);
      else pending.set(operation, { left: requests, status, delayMs });
    },
    clear: () => pending.clear(),
    take: (operation) => {
      const outage = pending.get(operation);
      if (outage === undefined) return undefined;
      outage.left -= 1;
      if (outage.left <= 0) pending.delete(operation);
      if (outage.delayMs !== undefined) return { holdMs: outage.delayMs };
      return { reply: outageReply(operation, outage.status) };
    },
  };
}

function outageReply(operation: string, status: number): HandlerReply {
  if (status < 500) {
    const [api, operationId] = operation.split(':') as [ApiName, string];
    return errorReply(status, finalAnswerCode(api, operationId, status) ?? 'invalid_request', `Stream refused this event (a final ${status} asked for with POST /_sandbox/outages). The answer is final: do not send this event again; fix what the code names and send a corrected event.`);
  }
  return errorReply(status, 'temporarily_unavailable', `Stream could not store this event just now (a sandbox outage asked for with POST /_sandbox/outages). Retry it after a short wait with the same event_id and the same body.`);
}

/** The statuses an outage of `operation` may answer: a 5xx, or a final 4xx its contract names. */
export function outageStatuses(operation: OutageOperation): readonly number[] {
  const [api, operationId] = operation.split(':') as [ApiName, string];
  return [...OUTAGE_STATUSES, ...(finalAnswers(api, operationId)?.statuses ?? [])];
}

/** The outage a `/_sandbox/outages` body asks for, or the sentence that says what is wrong with it. */
export function outageRequest(body: Record<string, unknown>): OutageAsked | string {
  const { operation, requests = 1, status, delay_ms: delayMs } = body;
  const shape = `{"operation": ${OUTAGE_OPERATIONS.map((name) => `"${name}"`).join(' or ')}, "requests": 0 (end it) to ${MAX_OUTAGE_REQUESTS} (default 1), and either "status": ${OUTAGE_STATUSES.join(' or ')} or a final answer the route's contract names (default 503), or "delay_ms": 1 to ${MAX_DELAY_MS} to hold each answer that long}`;
  const known = OUTAGE_OPERATIONS.find((name) => name === operation);
  if (known === undefined) return `operation must name a route partners send to. Send ${shape}.`;
  if (!Number.isInteger(requests) || (requests as number) < 0 || (requests as number) > MAX_OUTAGE_REQUESTS) return `requests must be a whole number from 0 (end the outage) to ${MAX_OUTAGE_REQUESTS}. Send ${shape}.`;
  if (delayMs !== undefined) {
    if (status !== undefined) return `give status or delay_ms, not both: a held send is answered by the route as usual. Send ${shape}.`;
    if (!Number.isInteger(delayMs) || (delayMs as number) < 1 || (delayMs as number) > MAX_DELAY_MS) return `delay_ms must be a whole number of milliseconds from 1 to ${MAX_DELAY_MS}. Send ${shape}.`;
    return { operation: known, requests: requests as number, delay_ms: delayMs as number };
  }
  const allowed = outageStatuses(known);
  const chosen = status ?? 503;
  if (!allowed.some((candidate) => candidate === chosen)) return `status must be one of ${allowed.join(', ')} for ${known}. Send ${shape}.`;
  return { operation: known, requests: requests as number, status: chosen as number };
}
