// What the sandbox keeps of each exchange in memory (for GET /_sandbox/exchanges and certify) and
// writes to the jsonl log: bodies with secrets redacted, stored in a bounded form, so a hostile
// body can neither grow memory without end nor break serialising the log.
import { mayHoldSecret, redact } from '../redact.js';
import { LOG_LIMITS } from '../sandbox-settings.js';

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

/** The deepest nesting of `[` and `{` outside strings, stopping once it passes `limit`. */
function nestingOver(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92) index += 1;
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 91 || code === 123) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 93 || code === 125) depth -= 1;
  }
  return false;
}

/** A copy of the start of `text` that does not keep `text` alive (V8 slices point into their parent). */
function head(text: string, length: number): string {
  return Buffer.from(text.slice(0, length), 'utf8').toString('utf8');
}

function truncated(text: string, bytes: number, reason: string): StoredBody {
  const kept = redact(head(text, LOG_LIMITS.bodyBytes)) as string;
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

/** The form of a reply body the log keeps. */
export function storeReplyBody(body: unknown): StoredBody {
  if (body === undefined) return { value: undefined, bytes: 0 };
  if (Buffer.isBuffer(body)) return { value: `<${body.length} bytes>`, bytes: 20 };
  if (typeof body === 'string') return storeBodyText(body);
  let text: string;
  try {
    text = JSON.stringify(body);
  } catch {
    return { value: '<a body that cannot be written as JSON>', bytes: 50 };
  }
  return storeBodyText(text);
}

/** The last exchanges, at most `LOG_LIMITS.exchanges` of them and `LOG_LIMITS.bytes` of bodies. */
export class ExchangeLog<T extends { readonly seq: number }> {
  // Two lists side by side rather than an object per entry: every request adds one, and each object
  // kept for hundreds of requests is work for the garbage collector.
  private readonly exchanges: T[] = [];
  private readonly sizes: number[] = [];
  private total = 0;
  private last = 0;

  nextSeq(): number {
    this.last += 1;
    return this.last;
  }

  add(exchange: T, bytes: number): void {
    this.exchanges.push(exchange);
    this.sizes.push(bytes);
    this.total += bytes;
    while (this.exchanges.length > LOG_LIMITS.exchanges || (this.total > LOG_LIMITS.bytes && this.exchanges.length > 1)) {
      this.exchanges.shift();
      this.total -= this.sizes.shift()!;
    }
  }

  after(seq: number): T[] {
    return this.exchanges.filter((exchange) => exchange.seq > seq);
  }
}
