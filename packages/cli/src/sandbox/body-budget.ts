// Every body the sandbox reads is held whole until its answer is sent, and each connection may send
// up to 5 MB: two dozen callers at once held half a gigabyte. One budget over all bodies in flight
// bounds that; a call past it is told the sandbox is receiving too much at once, and to retry.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { errorReply, type HandlerReply } from './context.js';

/** The bytes of request bodies the sandbox holds at once, all connections together. */
export const IN_FLIGHT_BODY_BYTES = 64 * 1024 * 1024;
/** What `Retry-After` asks of a caller refused for it: the bodies ahead of it are read in well under a second. */
const RETRY_SECONDS = 1;

export interface BodyBudgetOptions {
  /** The bytes all bodies in flight may hold together. */
  readonly total: number;
  /** The largest body one call may send (its Content-Length past this is refused with 413 unread). */
  readonly bodyLimit: number;
}

export interface BodyBudget {
  /**
   * Reserves the body `headers` announce until `answer` closes (sent, aborted or failed); the 503 to
   * send instead, unread, when the reservation would pass the budget.
   */
  take(options: { readonly headers: IncomingHttpHeaders; readonly answer: ServerResponse }): HandlerReply | undefined;
}

/** What a body may hold: its Content-Length, or the whole limit for a chunked one (its length is known only at its end); 0 for none. */
function bodyCost(headers: IncomingHttpHeaders, bodyLimit: number): number {
  if (headers['transfer-encoding'] !== undefined) return bodyLimit;
  const length = headers['content-length'];
  if (length === undefined || length === '0') return 0;
  const bytes = Number(length);
  // A broken length or one past the limit is refused before any of the body is read.
  return Number.isSafeInteger(bytes) && bytes > 0 && bytes <= bodyLimit ? bytes : 0;
}

function busy(total: number): HandlerReply {
  const megabytes = Math.round(total / 1024 / 1024);
  return errorReply(
    503,
    'service_unavailable',
    `The sandbox is receiving too much at once (${megabytes} MB of request bodies from all callers together) and did nothing with this call. Wait ${RETRY_SECONDS} s (Retry-After), then send it again; send fewer large bodies at the same time.`,
    { headers: { 'retry-after': String(RETRY_SECONDS) } },
  );
}

export function bodyBudget(options: BodyBudgetOptions): BodyBudget {
  let held = 0;
  return {
    take({ headers, answer }) {
      const cost = bodyCost(headers, options.bodyLimit);
      if (cost === 0) return undefined;
      if (held + cost > options.total) return busy(options.total);
      held += cost;
      // 'close' comes for every answer: sent, or its connection lost before or after. A plain
      // listener that releases once, not `once`: its wrapper and bound copy were two objects more on
      // every partner call (a map from answer to cost instead rehashed as it emptied).
      let reserved = cost;
      answer.on('close', () => {
        held -= reserved;
        reserved = 0;
      });
      return undefined;
    },
  };
}
