// What the sandbox keeps of each exchange in memory (for GET /_sandbox/exchanges and certify) and
// writes to the jsonl log: bodies with secrets redacted, stored in a bounded form, so a hostile
// body can neither grow memory without end nor break serialising the log.
import { mayHoldSecret, redact } from '../redact.js';
import { LOG_LIMITS } from '../sandbox-settings.js';
import type { RequestChecks, SandboxExchange } from './types.js';
import { BoundedRing } from '../bounded-ring.js';
import { detachedStart } from '../detached.js';
import { nestingOver } from '../json-depth.js';

export { LOG_LIMITS };

/** A body the log keeps only in part: the first `bodyBytes` characters, secrets redacted. */
export interface TruncatedBody {
  readonly truncated: true;
  /** The whole body's size in bytes. */
  readonly bytes: number;
  readonly reason: string;
  readonly text: string;
}

export interface StoredBody {
  readonly value: unknown;
  /** What keeping it costs, counted against the log's byte limit. */
  readonly bytes: number;
}

function truncated(text: string, bytes: number, reason: string): StoredBody {
  const kept = redact(detachedStart(text, LOG_LIMITS.bodyBytes)) as string;
  const value: TruncatedBody = { truncated: true, bytes, reason, text: kept };
  return { value, bytes: kept.length + 100 };
}

/** The form of a body (as received text) the log keeps: parsed JSON when it is JSON, else text. */
export function storeBodyText(text: string): StoredBody {
  if (text === '') return { value: undefined, bytes: 0 };
  const bytes = Buffer.byteLength(text);
  if (bytes > LOG_LIMITS.bodyBytes) return truncated(text, bytes, `longer than ${LOG_LIMITS.bodyBytes} bytes`);
  if (nestingOver(text, LOG_LIMITS.depth)) return truncated(text, bytes, `nested deeper than ${LOG_LIMITS.depth} levels`);
  const clean = !mayHoldSecret(text);
  try {
    const parsed: unknown = JSON.parse(text);
    return { value: clean ? parsed : redact(parsed), bytes };
  } catch {
    return { value: clean ? text : redact(text), bytes };
  }
}

/** The body of an answer as sent: text (JSON already serialised), bytes, or none. */
export type SentBody = string | Buffer | undefined;

export interface ExchangeFields {
  readonly seq: number;
  readonly at: string;
  readonly method: string;
  readonly path: string;
  readonly operation: string | undefined;
  readonly status: number;
  readonly event: string | undefined;
  readonly note: string | undefined;
  readonly ms: number;
  /** The request body exactly as received ('' for none). */
  readonly received: string;
  readonly sent: SentBody;
  readonly checks: RequestChecks | undefined;
  /** The answer's headers but its Content-Length, shared by every answer of its kind; absent when not known. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

function storeSent(sent: SentBody): StoredBody {
  if (sent === undefined) return { value: undefined, bytes: 0 };
  if (Buffer.isBuffer(sent)) return { value: `<${sent.length} bytes>`, bytes: 20 };
  return storeBodyText(sent);
}

/**
 * One exchange as the sandbox keeps it. The bodies stay the text received and sent until someone
 * reads them (GET /_sandbox/exchanges, --verbose, certify): only then are they parsed, bounded and
 * redacted, once. Most exchanges are never read, and parsing each body again for a copy nobody
 * asked for cost more than the rest of the record. A body longer than the log keeps is stored in
 * its cut form at once, so a record never holds more than `LOG_LIMITS.bodyBytes` of text.
 */
export class ExchangeRecord implements SandboxExchange {
  readonly seq: number;
  readonly at: string;
  readonly method: string;
  readonly path: string;
  readonly operation: string | undefined;
  readonly status: number;
  readonly verdict: 'accepted' | 'refused' | 'error';
  readonly event: string | undefined;
  readonly note: string | undefined;
  readonly ms: number;
  /** What the handler's checks found (signature, schema), for the console's verdicts. */
  readonly checks: RequestChecks | undefined;
  /** What keeping it costs, counted against the log's byte limit. */
  readonly bytes: number;
  #received: string | StoredBody;
  #sent: SentBody | StoredBody;
  /** The answer's headers but its Content-Length, shared by its kind (`sentHeaders` in app.ts); absent when not recorded. */
  readonly sharedHeaders: Readonly<Record<string, string>> | undefined;
  /** The answer's Content-Length with `sharedHeaders`; -1 for an answer sent without a body, which has none. */
  #sentBytes = -1;

  constructor(fields: ExchangeFields) {
    this.seq = fields.seq;
    this.at = fields.at;
    this.method = fields.method;
    this.path = fields.path;
    this.operation = fields.operation;
    this.status = fields.status;
    this.verdict = fields.status >= 500 ? 'error' : fields.status >= 400 ? 'refused' : 'accepted';
    this.event = fields.event;
    this.note = fields.note;
    this.ms = fields.ms;
    this.checks = fields.checks;
    const { received, sent } = fields;
    this.sharedHeaders = fields.headers;
    // Counted before a long body is cut below: the length is the whole answer's.
    if (fields.headers !== undefined && sent !== undefined) this.#sentBytes = typeof sent === 'string' ? Buffer.byteLength(sent) : sent.length;
    this.#received = received.length > LOG_LIMITS.bodyBytes ? storeBodyText(received) : received;
    this.#sent = typeof sent === 'string' && sent.length > LOG_LIMITS.bodyBytes ? storeBodyText(sent) : sent;
    this.bytes = bodyCost(this.#received) + bodyCost(this.#sent) + this.path.length + 200;
  }

  /** The answer's body as sent, unredacted: for the console's row, which redacts it when shown. */
  sentText(): string {
    const sent = this.#sent;
    if (sent === undefined) return '';
    if (typeof sent === 'string') return sent;
    if (Buffer.isBuffer(sent)) return `<${sent.length} bytes>`;
    return typeof sent.value === 'string' ? sent.value : JSON.stringify(sent.value);
  }

  /**
   * The answer's headers as sent, when the sandbox knew them as it answered; made when asked for
   * (a console page reading the row), so a call nobody looks at builds no object for them.
   */
  sentHeaders(): Readonly<Record<string, string>> | undefined {
    if (this.sharedHeaders === undefined || this.#sentBytes < 0) return this.sharedHeaders;
    return { ...this.sharedHeaders, 'content-length': String(this.#sentBytes) };
  }

  /** The request body as the log keeps it: parsed JSON, or text; secrets redacted, bounded. */
  get requestBody(): unknown {
    if (typeof this.#received === 'string') this.#received = storeBodyText(this.#received);
    return this.#received.value;
  }

  get responseBody(): unknown {
    const sent = this.#sent;
    if (sent === undefined) return undefined;
    if (typeof sent === 'string' || Buffer.isBuffer(sent)) this.#sent = storeSent(sent);
    return (this.#sent as StoredBody).value;
  }

  /** Every field, in the log's order; an absent one is left out, as JSON leaves out undefined. */
  toJSON(): SandboxExchange {
    return {
      seq: this.seq,
      at: this.at,
      method: this.method,
      path: this.path,
      operation: this.operation,
      status: this.status,
      verdict: this.verdict,
      event: this.event,
      note: this.note,
      ms: this.ms,
      requestBody: this.requestBody,
      responseBody: this.responseBody,
      ...(this.checks?.overlap === undefined ? {} : { overlap: this.checks.overlap }),
    };
  }
}

function bodyCost(body: SentBody | StoredBody): number {
  if (body === undefined) return 0;
  if (typeof body === 'string') return body.length;
  if (Buffer.isBuffer(body)) return 20;
  return body.bytes;
}

/** The last exchanges, at most `LOG_LIMITS.exchanges` of them and `LOG_LIMITS.bytes` of bodies. */
export class ExchangeLog {
  private readonly exchanges = new BoundedRing<ExchangeRecord>({ maxEntries: LOG_LIMITS.exchanges, maxCost: LOG_LIMITS.bytes });
  private last = 0;

  nextSeq(): number {
    this.last += 1;
    return this.last;
  }

  add(exchange: ExchangeRecord): void {
    this.exchanges.push(exchange, exchange.bytes);
  }

  /** The exchanges after `seq`, as plain objects with their bodies in the logged form. */
  after(seq: number): SandboxExchange[] {
    const found: SandboxExchange[] = [];
    for (let index = 0; index < this.exchanges.size; index += 1) {
      const exchange = this.exchanges.at(index)!;
      if (exchange.seq > seq) found.push(exchange.toJSON());
    }
    return found;
  }
}
