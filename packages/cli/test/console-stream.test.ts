// The console's event stream and log stay bounded: a page that stops reading is cut off instead of
// buffered without end, the backlog goes out as summaries (bodies on request), and the log keeps a
// byte budget as the exchange log does.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_LIMITS } from '../src/console/stream-client.js';
import type { ConsoleSandbox } from '../src/console/index.js';
import { call, closeSandboxes, openConsoleStream, openSandbox, sendSigned } from './support.js';

afterEach(closeSandboxes);

const TOKEN_HEADER = 'x-sandbox-console-token';

/** A console stream over a raw socket that reads nothing until told to. */
function stalledStream(sandbox: ConsoleSandbox): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(sandbox.port, '127.0.0.1', () => {
      socket.write(`GET /_sandbox/stream HTTP/1.1\r\nHost: 127.0.0.1:${sandbox.port}\r\n${TOKEN_HEADER}: ${sandbox.consoleToken}\r\n\r\n`);
      socket.pause();
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

/** Partner calls with ~64 KB bodies the console keeps (a refused signature is still an exchange). */
async function flood(sandbox: ConsoleSandbox, count: number): Promise<void> {
  const body = JSON.stringify({ type: 'order.created', padding: 'x'.repeat(63 * 1024) });
  // Five at a time: the reading page shares this process's event loop with the sandbox and the
  // senders, and reads only between their turns, where a browser would read all along.
  for (let sent = 0; sent < count; sent += 5) {
    await Promise.all(Array.from({ length: Math.min(5, count - sent) }, () => call(sandbox, 'POST', '/pos/demo-partner/webhook', { raw: body })));
  }
}

describe('the console event stream under pages that do not read', () => {
  it('disconnects three pages that stop reading once each has a full buffer, while a page that reads keeps everything', async () => {
    const { sandbox } = await openSandbox();
    const reading = await openConsoleStream(sandbox);
    const stalled = await Promise.all([stalledStream(sandbox), stalledStream(sandbox), stalledStream(sandbox)]);
    await expect.poll(() => sandbox.consoleStreams().clients).toBe(4);
    const closed = stalled.map((socket) => new Promise<boolean>((done) => socket.once('close', () => done(true))));
    // Far more than a page's buffer plus what the kernel's socket buffers absorb.
    await flood(sandbox, 400);
    await expect.poll(() => sandbox.consoleStreams().clients, { timeout: 20_000 }).toBe(1);
    expect(sandbox.consoleStreams().buffered).toBeLessThanOrEqual(CONSOLE_LIMITS.clientBuffer);
    for (const socket of stalled) socket.resume();
    expect(await Promise.all(closed)).toEqual([true, true, true]);
    const last = await reading.next('exchange', (data) => data.id === 400, 20_000);
    expect(last.requestBody.length).toBeGreaterThan(60 * 1024);
    reading.close();
  }, 120_000);
});

describe('the console event stream of a busy sandbox', () => {
  it('gives a page the state, and every later state, when the whole state is larger than the per-page buffer', { timeout: 120_000 }, async () => {
    const { sandbox } = await openSandbox();
    const headers = { [TOKEN_HEADER]: sandbox.consoleToken };
    // Orders a long certify run registers: together past the 1 MB a page may have waiting.
    const register = (index: number) => call(sandbox, 'POST', '/_sandbox/orders', { json: { id: `ord-${index}-${'x'.repeat(180)}`, audience: 'pos', location_id: 'loc-downtown', provider_id: `pos-${index}-${'p'.repeat(180)}` }, headers });
    for (let index = 0; index < 2800; index += 50) await Promise.all(Array.from({ length: 50 }, (_, offset) => register(index + offset)));
    const state = await call(sandbox, 'GET', '/_sandbox/state', { headers });
    expect(state.text.length).toBeGreaterThan(CONSOLE_LIMITS.clientBuffer);
    const stream = await openConsoleStream(sandbox);
    try {
      // The page is sent each list's latest entries and its total; the whole state is GET /_sandbox/state's.
      const first = (await stream.next('state', () => true, 10_000)).totals.orders as number;
      expect(first).toBe(state.body.orders.length);
      expect((await register(5000)).status).toBe(201);
      expect((await stream.next('state', (data) => data.totals.orders === first + 1, 15_000)).orders.at(-1).id).toBe(`ord-5000-${'x'.repeat(180)}`);
    } finally {
      stream.close();
    }
  });
});

describe('the console backlog', () => {
  it('comes as summaries without headers or bodies, and one exchange in full only with the token', async () => {
    const { sandbox } = await openSandbox();
    const secret = 'sso-body-9931';
    await call(sandbox, 'POST', '/pos/demo-partner/webhook', { raw: JSON.stringify({ type: 'order.created', note: secret }) });
    const stream = await openConsoleStream(sandbox);
    const summary = await stream.next('exchange', (data) => data.url === '/pos/demo-partner/webhook');
    stream.close();
    expect(summary.summary).toBe(true);
    expect(summary).not.toHaveProperty('requestBody');
    expect(summary).not.toHaveProperty('requestHeaders');
    expect(summary.signature.status).toBe('signature_missing');
    const full = await call(sandbox, 'GET', `/_sandbox/console/exchanges/${summary.id}`, { headers: { [TOKEN_HEADER]: sandbox.consoleToken } });
    expect(full.status).toBe(200);
    expect(full.body.requestBody).toContain(secret);
    expect(full.body.requestHeaders['content-type']).toBe('application/json');
    const anonymous = await call(sandbox, 'GET', `/_sandbox/console/exchanges/${summary.id}`);
    expect(anonymous.status).toBe(403);
    const missing = await call(sandbox, 'GET', '/_sandbox/console/exchanges/99999', { headers: { [TOKEN_HEADER]: sandbox.consoleToken } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('keeps the last');
  });

  it('keeps at most its byte budget of bodies: the oldest exchanges drop off first', async () => {
    const { sandbox } = await openSandbox();
    await flood(sandbox, 300);
    const stream = await openConsoleStream(sandbox);
    await stream.next('exchange', (data) => data.id === 300, 20_000);
    stream.close();
    const ids = stream.events('exchange').map((data) => data.id as number);
    expect(ids.length).toBeLessThan(300);
    expect(ids.length).toBeGreaterThan(200);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const oldest = await call(sandbox, 'GET', '/_sandbox/console/exchanges/1', { headers: { [TOKEN_HEADER]: sandbox.consoleToken } });
    expect(oldest.status).toBe(404);
  }, 120_000);
});

describe('the contract verdict of a partner call in the console', () => {
  it('is valid from the first row for a body the sandbox accepted, and lists the issues of one it refused', async () => {
    const { sandbox } = await openSandbox();
    const stream = await openConsoleStream(sandbox);
    const good = await sendSigned(sandbox, '/pos/demo-partner/webhook', { type: 'location.status.updated', object: { status: 'active', location_id: 'loc-downtown' } });
    expect(good.status).toBe(204);
    const first = await stream.next('exchange', (data) => data.url === '/pos/demo-partner/webhook');
    expect(first.contract).toMatchObject({ status: 'valid', schema: 'PosWebhookEvent', issues: [] });
    expect(first.contract.reference).toContain('become-a-pos');
    const bad = await sendSigned(sandbox, '/pos/demo-partner/webhook', { type: 'location.status.updated', object: { status: 'sleeping', location_id: 'loc-downtown' } });
    expect(bad.status).toBe(400);
    const judged = await stream.next('exchange', (data) => data.id > first.id && data.contract.status === 'invalid');
    expect(judged.contract.issues.length).toBeGreaterThan(0);
    expect(judged.contract.issues[0].pointer).toMatch(/^\/object/);
    stream.close();
  });
});
