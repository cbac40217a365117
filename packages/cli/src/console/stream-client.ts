// The console's memory and its live stream, both bounded. The log keeps the last exchanges up to a
// count and a byte budget. Each page's event stream has its own write buffer: a page that does not
// read (a stalled tab, a hostile client) is disconnected once its buffer passes a limit, and
// EventSource reconnects with Last-Event-ID. The backlog goes out as summaries, without bodies or
// headers, in slices that let other requests run between them; a page fetches one exchange's bodies
// when it shows them.
import type { ServerResponse } from 'node:http';
import type { ConsoleExchange } from './data.js';
import { BoundedRing } from '../bounded-ring.js';
import { InboundRow } from './inbound-row.js';

export const CONSOLE_LIMITS = {
  /** Exchanges the console keeps; older ones drop off. */
  exchanges: 500,
  /** Bytes of headers and bodies the console keeps, all exchanges together. */
  bytes: 16 * 1024 * 1024,
  /** Bytes waiting to be sent to one page before that page is disconnected (or twice the largest frame it was sent, the state of a busy sandbox, if more). */
  clientBuffer: 1024 * 1024,
  /** Backlog summaries written before giving other requests a turn. */
  backlogSlice: 50,
  /**
   * Characters of request bodies waiting for their contract check, all together: a check waiting its
   * turn holds its whole body (up to 5 MB), and callers sending at once kept gigabytes waiting.
   */
  pendingCheckChars: 16 * 1024 * 1024,
} as const;

/** An exchange without its headers and bodies: what the list shows. `summary` tells the page to fetch the rest. */
export type ExchangeSummary = Omit<ConsoleExchange, 'requestHeaders' | 'requestBody' | 'responseHeaders' | 'responseBody'> & { readonly summary: true };

/** Field by field: reading the headers or bodies of a row would redact them for nothing. */
export function summarise(e: ConsoleExchange): ExchangeSummary {
  return {
    id: e.id,
    at: e.at,
    direction: e.direction,
    source: e.source,
    recordedBy: e.recordedBy,
    audience: e.audience,
    operation: e.operation,
    event: e.event,
    method: e.method,
    url: e.url,
    status: e.status,
    ms: e.ms,
    note: e.note,
    signature: e.signature,
    contract: e.contract,
    judgement: e.judgement,
    summary: true,
  };
}

function weight(exchange: ConsoleExchange): number {
  if (exchange instanceof InboundRow) return exchange.bytes + findingsWeight(exchange);
  let bytes = 512 + exchange.url.length + exchange.requestBody.length + exchange.responseBody.length + (exchange.note?.length ?? 0);
  for (const headers of [exchange.requestHeaders, exchange.responseHeaders]) for (const [name, value] of Object.entries(headers)) bytes += name.length + value.length;
  return bytes + findingsWeight(exchange);
}

/**
 * What a row's contract issues and judgement hold: up to 101 issues each, tens of KB for a row whose
 * body is small, so 500 rows could otherwise keep megabytes the budget never counted.
 */
function findingsWeight(exchange: Pick<ConsoleExchange, 'contract' | 'judgement'>): number {
  let bytes = 0;
  for (const issue of exchange.contract.issues) bytes += 48 + issue.pointer.length + issue.rule.length + issue.message.length;
  if (exchange.judgement !== undefined) {
    bytes += exchange.judgement.summary.length;
    for (const issue of exchange.judgement.issues) bytes += 16 + issue.length;
  }
  return bytes;
}

export class ConsoleLog {
  private readonly exchanges = new BoundedRing<ConsoleExchange>({ maxEntries: CONSOLE_LIMITS.exchanges, maxCost: CONSOLE_LIMITS.bytes });

  add(exchange: ConsoleExchange): void {
    this.exchanges.push(exchange, weight(exchange));
  }

  /**
   * Found by halving: ids are handed out in the order rows are added, so the log is sorted by id.
   * A map by id cost an insert and a delete on every request for the few rows ever looked up.
   */
  private indexOf(id: unknown): number {
    if (typeof id !== 'number') return -1;
    let low = 0;
    let high = this.exchanges.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.exchanges.at(middle)!;
      if (found.id === id) return middle;
      if (found.id < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  find(id: unknown): ConsoleExchange | undefined {
    return this.exchanges.at(this.indexOf(id));
  }

  /** Replaces an exchange by id; answers the new copy, or `undefined` when it has dropped off. */
  patch(id: number, patch: Partial<ConsoleExchange>): ConsoleExchange | undefined {
    const at = this.indexOf(id);
    const exchange = this.exchanges.at(at);
    if (exchange === undefined) return undefined;
    // In place: pages were sent the earlier copy as text, and a copy per exchange doubled what the log kept alive.
    Object.assign(exchange as Partial<ConsoleExchange>, patch);
    // Its contract verdict came after it was added: what its issues hold counts from now on.
    this.exchanges.recost(at, weight(exchange));
    return exchange;
  }

  all(): readonly ConsoleExchange[] {
    return this.exchanges.toArray();
  }

  bytes(): number {
    return this.exchanges.total;
  }
}

export type StreamEvent = { type: 'exchange'; data: ConsoleExchange | ExchangeSummary } | { type: 'state'; data: unknown } | { type: 'certify'; data: unknown } | { type: 'reset'; data: unknown };

export function frame(event: StreamEvent): string {
  const id = event.type === 'exchange' ? `id: ${event.data.id}\n` : '';
  return `${id}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

export interface StreamClient {
  /** Queues a live frame (held back until the backlog is out); disconnects the page when its buffer is past the limit. False once gone. */
  write(text: string): boolean;
  readonly gone: boolean;
}

interface Connection extends StreamClient {
  /** Writes a backlog frame now, ahead of any held live frames. */
  writeNow(text: string): boolean;
  /** The backlog is out: sends the held live frames and lets later ones through. */
  open(): void;
}

export function streamClient(raw: ServerResponse, onGone: () => void): Connection {
  let gone = false;
  let held: string[] | undefined = [];
  let heldBytes = 0;
  const drop = () => {
    if (gone) return;
    gone = true;
    held = undefined;
    onGone();
  };
  raw.on('close', drop);
  // A page that went away mid-write (EPIPE) is gone, not a crash of the sandbox.
  raw.on('error', drop);
  // The state of a busy sandbox passes the limit on its own and goes out whole: a page may have
  // twice the largest frame it was given waiting, if that is more than the limit.
  let largest = 0;
  const overLimit = (text: string) => {
    largest = Math.max(largest, text.length);
    return raw.writableLength + heldBytes + text.length > Math.max(CONSOLE_LIMITS.clientBuffer, 2 * largest);
  };
  const writeNow = (text: string) => {
    // Ended (the sandbox is closing) counts as gone: a write after the end would throw.
    if (gone || raw.destroyed || raw.writableEnded) return false;
    if (overLimit(text)) {
      // It is not reading: cut it off rather than hold an ever-growing buffer for it.
      raw.destroy();
      drop();
      return false;
    }
    raw.write(text);
    return true;
  };
  return {
    get gone() {
      return gone || raw.destroyed || raw.writableEnded;
    },
    writeNow,
    write(text) {
      if (held === undefined) return writeNow(text);
      if (gone || overLimit(text)) {
        raw.destroy();
        drop();
        return false;
      }
      held.push(text);
      heldBytes += text.length;
      return true;
    },
    open() {
      const frames = held ?? [];
      held = undefined;
      heldBytes = 0;
      for (const text of frames) if (!writeNow(text)) return;
    },
  };
}

/**
 * Sends the backlog after `lastId` as summaries, a slice at a time, then the live frames held
 * meanwhile. Each slice goes out as one write: a write per frame cost a system call and a packet
 * each, on both ends, and five pages loading at once held a partner's call up behind them.
 */
export async function sendBacklog(client: Connection, exchanges: readonly ConsoleExchange[], lastId: number): Promise<void> {
  let slice = '';
  let count = 0;
  for (const exchange of exchanges) {
    if (exchange.id <= lastId) continue;
    slice += frame({ type: 'exchange', data: summarise(exchange) });
    count += 1;
    if (count % CONSOLE_LIMITS.backlogSlice === 0) {
      if (!client.writeNow(slice)) return;
      slice = '';
      await new Promise((done) => setImmediate(done));
    }
  }
  if (slice !== '' && !client.writeNow(slice)) return;
  client.open();
}

/** One item of an `idleQueue`: what it holds (`cost`), and what to do instead when it is dropped unrun. */
export interface QueuedWork {
  readonly run: () => void;
  readonly cost?: number;
  readonly dropped?: () => void;
}

/**
 * Work that runs one item per turn of the event loop, so requests are answered between items. At most
 * `limit` items, holding at most `maxCost` together, wait: past either, the oldest are dropped (their
 * `dropped` runs instead), as they are for exchanges already leaving the log.
 */
export function idleQueue(options: { readonly limit: number; readonly maxCost?: number; readonly sliceMs?: number } = { limit: CONSOLE_LIMITS.exchanges }): { push(work: QueuedWork): void; pending(): number; pendingCost(): number } {
  const pending: QueuedWork[] = [];
  const sliceMs = options.sliceMs ?? 2;
  const maxCost = options.maxCost ?? Infinity;
  let cost = 0;
  let scheduled = false;
  const take = (): QueuedWork | undefined => {
    const work = pending.shift();
    if (work !== undefined) cost -= work.cost ?? 0;
    return work;
  };
  const next = () => {
    scheduled = false;
    // A short slice per turn: a burst of partner calls queued at once must not hold up every request meanwhile.
    const until = performance.now() + sliceMs;
    try {
      do {
        const work = take();
        if (work === undefined) return;
        work.run();
      } while (performance.now() < until);
    } finally {
      if (pending.length > 0 && !scheduled) {
        scheduled = true;
        setImmediate(next);
      }
    }
  };
  return {
    push(work) {
      pending.push(work);
      cost += work.cost ?? 0;
      // Under load work arrives faster than slices run it: the newest is kept, the oldest given up.
      while (pending.length > 1 && (pending.length > options.limit || cost > maxCost)) take()!.dropped?.();
      if (!scheduled) {
        scheduled = true;
        setImmediate(next);
      }
    },
    pending: () => pending.length,
    pendingCost: () => cost,
  };
}
