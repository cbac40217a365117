import { describe, expect, it } from 'vitest';
import { batchedWriter } from '../src/batched-writer.js';

const dropped = (count: number) => `[${count} dropped]\n`;

/** A writer whose sink holds each write until `release()` is called, as a slow disk would. */
function slowSink(maxPendingBytes: number) {
  const writes: string[] = [];
  let pending: () => void = () => undefined;
  const writer = batchedWriter({
    write: (text) => {
      writes.push(text);
      return new Promise<void>((done) => (pending = done));
    },
    maxPendingBytes,
    droppedLine: dropped,
  });
  return { writes, writer, release: () => pending() };
}

describe('batchedWriter', () => {
  it('writes the lines pushed in one turn of the event loop together, in order, after that turn', async () => {
    const writes: string[] = [];
    const writer = batchedWriter({ write: (text) => void writes.push(text), maxPendingBytes: 1024, droppedLine: dropped });
    writer.push('one\n');
    writer.push('two\n');
    writer.push('three\n');
    expect(writes, 'nothing is written while the request is still being answered').toEqual([]);
    await writer.flush();
    expect(writes).toEqual(['one\ntwo\nthree\n']);
  });

  it('keeps lines pushed while a slow write runs for the next write, and flush waits for both', async () => {
    const { writes, writer, release } = slowSink(1024);
    writer.push('a\n');
    await new Promise((done) => setImmediate(done));
    writer.push('b\n');
    writer.push('c\n');
    const flushed = writer.flush();
    release();
    await new Promise((done) => setImmediate(done));
    release();
    await flushed;
    expect(writes).toEqual(['a\n', 'b\nc\n']);
  });

  it('gathers the lines pushed during a write for the next one, so a steady stream of lines is written once per gathering', async () => {
    // A disk write that takes a few milliseconds, and a line every millisecond (a busy sandbox):
    // written as soon as the previous write finished, each write carried two or three lines.
    const writes: string[] = [];
    const gatherMs = 40;
    const writer = batchedWriter({
      write: async (text) => {
        writes.push(text);
        await new Promise((done) => setTimeout(done, 3));
      },
      maxPendingBytes: 1024 * 1024,
      droppedLine: dropped,
      gatherMs,
    });
    const started = performance.now();
    let pushed = 0;
    while (performance.now() - started < 400) {
      writer.push(`${pushed}\n`);
      pushed += 1;
      await new Promise((done) => setTimeout(done, 1));
    }
    await writer.flush();
    const elapsed = performance.now() - started;
    expect(writes.join('')).toBe(Array.from({ length: pushed }, (_, index) => `${index}\n`).join(''));
    expect(writes.length, `${pushed} lines in ${writes.length} writes over ${elapsed.toFixed(0)} ms`).toBeLessThanOrEqual(Math.ceil(elapsed / gatherMs) + 1);
  });

  it('drops lines past its bound while the sink is behind, and says how many in the next write', async () => {
    const { writes, writer, release } = slowSink(10);
    writer.push('first\n');
    await new Promise((done) => setImmediate(done));
    // The sink is stuck on "first": 10 characters fit, the rest are counted.
    for (let index = 0; index < 5; index += 1) writer.push(`${index}xxx\n`);
    expect(writer.dropped()).toBe(3);
    const flushed = writer.flush();
    release();
    await new Promise((done) => setImmediate(done));
    release();
    await flushed;
    expect(writes).toEqual(['first\n', '[3 dropped]\n0xxx\n1xxx\n']);
  });

  it('makes the lines of queued records when their batch is written, and bounds the queue by what the records keep', async () => {
    const writes: string[] = [];
    let release: () => void = () => undefined;
    const records = [{ name: 'first', bytes: 40 }, { name: 'second', bytes: 40 }, { name: 'third', bytes: 40 }, { name: 'fourth', bytes: 40 }];
    const writer = batchedWriter<{ name: string; bytes: number }>({
      write: (text) => {
        writes.push(text);
        return new Promise<void>((done) => (release = done));
      },
      format: (record) => `${record.name} (${record.bytes} bytes)\n`,
      size: (record) => record.bytes,
      maxPendingBytes: 100,
      droppedLine: dropped,
    });
    writer.push(records[0]!);
    // Changed before its batch is written: the line shows the record as it is then, not as it was pushed.
    records[0]!.bytes = 41;
    await new Promise((done) => setImmediate(done));
    expect(writes).toEqual(['first (41 bytes)\n']);
    // The sink is stuck on "first": two records of 40 fit under 100, the third is counted.
    for (const record of records.slice(1)) writer.push(record);
    expect(writer.dropped()).toBe(1);
    const flushed = writer.flush();
    release();
    await new Promise((done) => setImmediate(done));
    release();
    await flushed;
    expect(writes).toEqual(['first (41 bytes)\n', '[1 dropped]\nsecond (40 bytes)\nthird (40 bytes)\n']);
  });

  it('reports the first failed write once and goes on writing later lines', async () => {
    const errors: unknown[] = [];
    const writes: string[] = [];
    let fail = true;
    const writer = batchedWriter({
      write: async (text) => {
        if (fail) throw new Error('ENOSPC: no space left on device');
        writes.push(text);
      },
      maxPendingBytes: 1024,
      droppedLine: dropped,
      onError: (error) => errors.push(error),
    });
    writer.push('lost\n');
    await writer.flush();
    writer.push('lost too\n');
    await writer.flush();
    fail = false;
    writer.push('kept\n');
    await writer.flush();
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('ENOSPC');
    expect(writes).toEqual(['kept\n']);
  });
});
