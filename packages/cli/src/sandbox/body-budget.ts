// Every body the sandbox reads is held whole until its answer is sent, and each connection may send
// up to 5 MB: two dozen callers at once held half a gigabyte. One budget over all bodies in flight
// bounds that; a call past it is told the sandbox is receiving too much at once, and to retry.
// The budget counts the bytes that arrived, not the ones a Content-Length announced: counted by their
// announcement, thirteen local connections that sent headers and nothing else held it whole, and every
// partner event and console call after them was answered 503 for as long as they stayed open.
// Counting bytes was not enough: bodies sent all but their last byte held it just the same, for the
// two minutes a request may take. When a call finds no room, the bodies still arriving after a
// second (a 5 MB body takes milliseconds over loopback) are let go, the longest arriving first.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { errorReply, type HandlerReply } from './context.js';

/** The bytes of request bodies the sandbox holds at once, all connections together. */
export const IN_FLIGHT_BODY_BYTES = 64 * 1024 * 1024;
/** What `Retry-After` asks of a caller refused for it: the bodies ahead of it are read in well under a second. */
const RETRY_SECONDS = 1;
/** The `code` of the error a body's stream ends with when its bytes pass the budget (`budgetReply` answers it). */
export const BODY_BUDGET_ERROR = 'SANDBOX_BODY_BUDGET';
/** How long a body may keep arriving and still keep its share when a call finds the budget full. */
export const BODY_ARRIVAL_GRACE_MS = 1000;

export interface BodyBudgetOptions {
  /** The bytes all bodies in flight may hold together. */
  readonly total: number;
  /** The largest body one call may send (its Content-Length past this is refused with 413 unread). */
  readonly bodyLimit: number;
  /** The clock (tests); `Date.now` by default. */
  readonly now?: () => number;
}

export interface BodyBudget {
  /** The 503 to send instead, unread, when the body `headers` announce would pass what is left of the budget now. */
  take(options: { readonly headers: IncomingHttpHeaders }): HandlerReply | undefined;
  /**
   * `payload` with each byte counted against the budget as it arrives, until `answer` closes (sent,
   * aborted or failed); the stream fails with `BODY_BUDGET_ERROR` at the byte that passes it.
   */
  count(options: { readonly payload: Readable; readonly answer: ServerResponse }): Readable;
  /**
   * Holds a small body's announced `bytes` (it cannot send more) until `answer` closes, without a
   * counting stream: thousands of connections each sending all but the last byte of 64 KB held
   * gigabytes the budget never saw. While it is still arriving it may be let go like a large one.
   */
  hold(options: { readonly request: IncomingMessage; readonly answer: ServerResponse; readonly bytes: number }): void;
}

/**
 * Bodies that announce this much or less are not counted: one connection holds at most this much of
 * one, whatever it sends, and skipping the counting stream keeps a partner's usual event (a few KB)
 * as fast as before the budget. Larger and chunked bodies are counted byte by byte.
 */
export const UNCOUNTED_BODY_BYTES = 64 * 1024;

/** Whether the body `headers` announce is counted against the budget as it arrives. */
export function countsAgainstBudget(headers: IncomingHttpHeaders): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  if (length === undefined) return false;
  const bytes = Number(length);
  return !(Number.isSafeInteger(bytes) && bytes <= UNCOUNTED_BODY_BYTES);
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

/** The answer to a call refused for the budget, before or while its body was read. */
export function budgetReply(total: number = IN_FLIGHT_BODY_BYTES): HandlerReply {
  const megabytes = Math.round(total / 1024 / 1024);
  return errorReply(
    503,
    'service_unavailable',
    `The sandbox is receiving too much at once (${megabytes} MB of request bodies from all callers together) and did nothing with this call. Wait ${RETRY_SECONDS} s (Retry-After), then send it again; send fewer large bodies at the same time.`,
    { headers: { 'retry-after': String(RETRY_SECONDS) } },
  );
}

/** A body whose bytes are still arriving: when it began, what it holds, and how to let it go. */
interface Arriving {
  readonly since: number;
  holds(): number;
  letGo(): void;
}

export function bodyBudget(options: BodyBudgetOptions): BodyBudget {
  const now = options.now ?? Date.now;
  let held = 0;
  // In the order they began: the first is the one arriving longest.
  const arriving = new Set<Arriving>();
  /** Lets go of bodies arriving past the grace, longest first, until `needed` more bytes fit; whether they do. */
  const makeRoom = (needed: number, except?: Arriving): boolean => {
    const cutoff = now() - BODY_ARRIVAL_GRACE_MS;
    for (const body of arriving) {
      if (held + needed <= options.total) break;
      if (body.since > cutoff) break;
      if (body !== except && body.holds() > 0) body.letGo();
    }
    return held + needed <= options.total;
  };
  const tooMuch = () => Object.assign(new Error('the sandbox is receiving too much at once'), { code: BODY_BUDGET_ERROR, statusCode: 503 });
  return {
    take({ headers }) {
      const cost = bodyCost(headers, options.bodyLimit);
      return cost !== 0 && !makeRoom(cost) ? budgetReply(options.total) : undefined;
    },
    count({ payload, answer }) {
      let own = 0;
      let done = false;
      const release = () => {
        arriving.delete(body);
        held -= own;
        own = 0;
        done = true;
      };
      const body: Arriving = {
        since: now(),
        holds: () => own,
        letGo: () => {
          release();
          counted.destroy(tooMuch());
        },
      };
      arriving.add(body);
      // 'close' comes once for every answer: sent, or its connection lost before or after.
      answer.once('close', release);
      const counted = new Transform({
        transform(chunk: Buffer, _encoding: BufferEncoding, next: TransformCallback) {
          if (done || answer.destroyed || answer.writableFinished) return next();
          own += chunk.length;
          held += chunk.length;
          (counted as Transform & { receivedEncodedLength: number }).receivedEncodedLength = own;
          if (held > options.total && !makeRoom(0, body)) return next(tooMuch());
          next(null, chunk);
        },
        flush(end: TransformCallback) {
          // Whole: it is no longer arriving, and is held until its answer is sent.
          arriving.delete(body);
          end();
        },
      });
      payload.on('error', (error) => counted.destroy(error));
      return payload.pipe(counted);
    },
    hold({ request, answer, bytes }) {
      held += bytes;
      let own = bytes;
      const release = () => {
        arriving.delete(body);
        held -= own;
        own = 0;
      };
      const body: Arriving = {
        since: now(),
        // Whole, it is no longer arriving: held until its answer is sent, never let go.
        holds: () => (request.complete ? 0 : own),
        letGo: () => {
          release();
          request.destroy();
        },
      };
      arriving.add(body);
      // 'close' comes once for every answer; a plain listener is the cheapest on every partner call.
      answer.on('close', release);
    },
  };
}
