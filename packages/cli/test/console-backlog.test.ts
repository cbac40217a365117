// The backlog a page receives when it opens the console's event stream: it goes out in slices, and
// a page that goes away (or a sandbox that stops) in the middle of it ends the backlog quietly.
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleExchange } from '../src/console/data.js';
import { CONSOLE_LIMITS, ConsoleLog, sendBacklog, streamClient } from '../src/console/stream-client.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

function exchanges(count: number): ConsoleExchange[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    at: '2026-03-15T12:00:00.000Z',
    direction: 'inbound',
    source: 'partner',
    recordedBy: 'sandbox',
    audience: 'pos',
    method: 'POST',
    url: '/pos/demo-partner/webhook',
    status: 204,
    ms: 1,
    requestHeaders: { 'content-type': 'application/json' },
    requestBody: '{"type":"order.created"}',
    responseHeaders: {},
    responseBody: '',
    signature: { status: 'ok' },
    contract: { status: 'valid', issues: [] },
  }));
}

/** A real HTTP server whose one route hands its response to `onStream`; resolves with the server's port. */
async function serve(onStream: (raw: ServerResponse) => void | Promise<void>): Promise<number> {
  const server = createServer((_request, raw) => {
    raw.writeHead(200, { 'content-type': 'text/event-stream' });
    void onStream(raw);
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

/** Reads the stream to its end, starting once `start` resolves; resolves with the text and how many chunks it came in. */
function read(port: number, start: Promise<unknown> = Promise.resolve()): Promise<{ text: string; chunks: number }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/' }, (response) => {
      let text = '';
      let chunks = 0;
      response.pause();
      void start.then(() => response.resume());
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        chunks += 1;
      });
      response.on('end', () => resolve({ text, chunks }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('the console backlog', () => {
  it('stops quietly when the stream ends in the middle of it, as it does when the sandbox stops with a page loading', async () => {
    const backlog = exchanges(CONSOLE_LIMITS.backlogSlice * 4);
    let finished: Promise<void> | undefined;
    let ended: () => void = () => undefined;
    const endedNow = new Promise<void>((done) => (ended = done));
    const port = await serve(async (raw) => {
      // A page slow to read: the socket's buffers fill, so the end cannot finish at once. (Writes
      // within one turn are corked, so the buffer counts only once a turn has passed.)
      do {
        raw.write(`: ${'x'.repeat(64 * 1024)}\n\n`);
        await new Promise((done) => setImmediate(done));
      } while (raw.writableLength === 0);
      const client = streamClient(raw, () => undefined);
      // The first slice goes out at once; the stream then ends before the next slice's turn.
      finished = sendBacklog(client, backlog, 0);
      raw.end();
      ended();
    });
    // The page reads only once the stream has ended with the backlog under way.
    const { text } = await read(port, endedNow);
    await finished;
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
    expect(ids).toEqual(backlog.slice(0, CONSOLE_LIMITS.backlogSlice).map((exchange) => exchange.id));
  });

  it('sends every exchange after the last one the page saw, in order, as summaries without bodies', async () => {
    const backlog = exchanges(CONSOLE_LIMITS.backlogSlice * 3 + 7);
    const port = await serve((raw) => {
      const client = streamClient(raw, () => undefined);
      void sendBacklog(client, backlog, 5).then(() => raw.end());
    });
    const { text } = await read(port);
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
    expect(ids).toEqual(backlog.filter((exchange) => exchange.id > 5).map((exchange) => exchange.id));
    expect(text).not.toContain('requestBody');
  });
});

describe('the console log', () => {
  it('finds a kept row by id, and not one that dropped off, after more rows than it keeps', () => {
    const log = new ConsoleLog();
    const rows = exchanges(CONSOLE_LIMITS.exchanges + 37);
    for (const row of rows) log.add(row);
    const firstKept = rows.length - CONSOLE_LIMITS.exchanges + 1;
    expect(log.all()).toHaveLength(CONSOLE_LIMITS.exchanges);
    expect(log.find(firstKept)?.id).toBe(firstKept);
    expect(log.find(rows.length)?.id).toBe(rows.length);
    expect(log.find(300)?.id).toBe(300);
    expect(log.find(firstKept - 1)).toBeUndefined();
    expect(log.find(rows.length + 1)).toBeUndefined();
    expect(log.find('300')).toBeUndefined();
  });

  it('patches a kept row in place and answers nothing for a row that dropped off', () => {
    const log = new ConsoleLog();
    const rows = exchanges(CONSOLE_LIMITS.exchanges + 1);
    for (const row of rows) log.add(row);
    expect(log.patch(1, { note: 'late' })).toBeUndefined();
    const patched = log.patch(rows.length, { note: 'checked' });
    expect(patched?.note).toBe('checked');
    expect(log.find(rows.length)?.note).toBe('checked');
  });
});
