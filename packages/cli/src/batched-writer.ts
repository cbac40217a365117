// Lines written in batches, off the request's path: the sandbox's terminal lines and its jsonl
// exchange log. A synchronous write per exchange held every request up behind the disk or the
// terminal; here the lines of one turn of the event loop go out in one write, in order. The queue
// is bounded: when the sink falls behind by more than `maxPendingBytes`, further lines are dropped
// and counted, and the next write says how many, so a slow disk costs lines, never memory. What is
// queued may be the record a line is made from rather than the line: it is then formatted when its
// batch is written, so a request costs an entry in a list, not a string built and kept.

export interface BatchedWriterOptions<Item = string> {
  /** Writes one batch (whole lines); the next batch waits until it resolves. */
  readonly write: (text: string) => void | Promise<void>;
  /** The line (newline included) an item stands for, made when its batch is written; for lines themselves, none. */
  readonly format?: (item: Item) => string;
  /** What an item waiting costs (in UTF-16 units, or bytes it keeps alive); for lines, their length. */
  readonly size?: (item: Item) => number;
  /** The most waiting to be written, as `size` counts it; past it items are dropped. */
  readonly maxPendingBytes: number;
  /** The line written in place of `count` dropped lines, newline included. */
  readonly droppedLine: (count: number) => string;
  /** How long a batch gathers lines before it is written; 0 (the default) writes after the current turn of the event loop. */
  readonly gatherMs?: number;
  /** Called once for the first failed write; later batches are still tried. */
  readonly onError?: (error: unknown) => void;
}

export interface BatchedWriter<Item = string> {
  /** Queues `item` (a line, newline included, unless `format` says otherwise) for the next batch. */
  push(item: Item): void;
  /** Resolves once every line pushed so far has been written (or dropped). */
  flush(): Promise<void>;
  /** Lines dropped so far because the sink fell behind. */
  dropped(): number;
}

const asLine = (item: unknown): string => item as string;
const lineLength = (item: unknown): number => (item as string).length;

export function batchedWriter<Item = string>(options: BatchedWriterOptions<Item>): BatchedWriter<Item> {
  const format = options.format ?? asLine;
  const size = options.size ?? lineLength;
  let pending: Item[] = [];
  let pendingBytes = 0;
  let droppedSinceWrite = 0;
  let droppedTotal = 0;
  let reported = false;
  let running: Promise<void> | undefined;

  const gatherMs = options.gatherMs ?? 0;
  const gather = () => new Promise<void>((resolve) => (gatherMs > 0 ? setTimeout(resolve, gatherMs) : setImmediate(resolve)));
  const waiting = () => pending.length > 0 || droppedSinceWrite > 0;

  const writeBatch = async (): Promise<void> => {
    // Lines pushed meanwhile join this batch: fewer, larger writes.
    await gather();
    while (waiting()) {
      const items = pending;
      let text = droppedSinceWrite > 0 ? options.droppedLine(droppedSinceWrite) : '';
      pending = [];
      pendingBytes = 0;
      droppedSinceWrite = 0;
      try {
        for (let index = 0; index < items.length; index += 1) text += format(items[index]!);
        await options.write(text);
      } catch (error) {
        if (!reported) options.onError?.(error);
        reported = true;
      }
      // Lines pushed during an asynchronous write gather too: written at once, a busy sandbox wrote
      // its log file every two or three requests, each write costing more than the requests.
      if (gatherMs > 0 && waiting()) await gather();
    }
  };

  const start = (): Promise<void> => {
    running ??= writeBatch().finally(() => {
      running = undefined;
      // A line pushed between the loop's last check and here starts the next batch.
      if (waiting()) void start();
    });
    return running;
  };

  return {
    push(item) {
      const bytes = size(item);
      if (pendingBytes + bytes > options.maxPendingBytes) {
        droppedSinceWrite += 1;
        droppedTotal += 1;
      } else {
        pending.push(item);
        pendingBytes += bytes;
      }
      void start();
    },
    async flush() {
      while (running !== undefined) await running;
      if (waiting()) await start();
    },
    dropped: () => droppedTotal,
  };
}
