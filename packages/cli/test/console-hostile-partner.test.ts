// A partner's server that certify, trigger and the console's Send talk to may answer with anything:
// a body that never ends, or a small gzip body that inflates to gigabytes. Each is read only up to
// a bound, so the machine that runs certify (a CI runner) or the sandbox keeps its memory, and the
// sandbox keeps answering the partner's own calls meanwhile.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_LIMIT_BYTES, send } from '../src/http.js';
import { call, closeSandboxes, consoleTokenHeader, openSandbox } from './support.js';

afterEach(closeSandboxes);

// 64 MB of zeros, about 64 KB gzipped: what a hostile server would send as a far larger bomb.
const BOMB = gzipSync(Buffer.alloc(64 * 1024 * 1024));
let server: Server;
let base: string;
let endlessBytes = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    if (request.url?.startsWith('/layers/')) {
      // The same small JSON body gzipped as many times as the path says, each layer listed.
      const layers = Number(request.url.slice('/layers/'.length));
      let body = Buffer.from('{"ok":true}');
      for (let i = 0; i < layers; i++) body = gzipSync(body);
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': Array(layers).fill('gzip').join(', ') });
      response.end(body);
      return;
    }
    if (request.url?.startsWith('/slow-gzip')) {
      // Half of a gzip body, then nothing more: the time-out must end the read.
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.write(gzipSync(Buffer.from('{"ok":true}')).subarray(0, 10));
      return;
    }
    if (request.url?.startsWith('/bomb')) {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(BOMB.length) });
      response.end(BOMB);
      return;
    }
    // Chunked, without end: as much as the client will take until it hangs up.
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!response.destroyed && response.write(chunk)) endlessBytes += chunk.length;
      if (!response.destroyed) response.once('drain', pump);
    };
    response.write('{"ok":');
    pump();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe('answers past the bound', () => {
  it('cuts off a gzip bomb after 8 MB inflated and says so, instead of holding the whole body', async () => {
    const exchange = await send({ method: 'POST', url: `${base}/bomb`, headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 20_000 });
    expect(exchange.status).toBeUndefined();
    expect(exchange.bodyText).toBe('');
    expect(exchange.error?.kind).toBe('too_large');
    expect(exchange.error?.message).toBe(`answered 200 with a body over ${ANSWER_LIMIT_BYTES / 1024 / 1024} MB (decompressed from gzip); an answer is read up to 8 MB and this one was cut off`);
  });

  it('reads an answer gzipped twice, and refuses one that lists more content codings without decoding it', async () => {
    const twice = await send({ method: 'GET', url: `${base}/layers/2`, timeoutMs: 20_000 });
    expect(twice.json).toEqual({ ok: true });
    // Thousands of nested layers once cost minutes of CPU for one small answer; three are refused outright.
    const many = await send({ method: 'GET', url: `${base}/layers/3`, timeoutMs: 20_000 });
    expect(many.status).toBeUndefined();
    expect(many.error?.kind).toBe('too_large');
    expect(many.error?.message).toBe('answered 200 with the content codings gzip, gzip, gzip; an answer is read with at most 2 (one is what servers send), so this one was not read');
  });

  it('ends the read of a compressed answer that stops half-way when the time-out passes', async () => {
    const exchange = await send({ method: 'GET', url: `${base}/slow-gzip`, timeoutMs: 500 });
    expect(exchange.error).toEqual({ kind: 'timeout', message: 'no answer within 500 ms' });
  });

  it('hangs up on a body that never ends once it passes 8 MB, long before the time-out', async () => {
    const started = Date.now();
    const exchange = await send({ method: 'POST', url: `${base}/endless`, headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 20_000 });
    expect(exchange.error?.kind).toBe('too_large');
    expect(Date.now() - started).toBeLessThan(15_000);
    // The server sees the hang-up: it stops writing soon after the bound.
    await new Promise((done) => setTimeout(done, 200));
    const sent = endlessBytes;
    await new Promise((done) => setTimeout(done, 300));
    expect(endlessBytes).toBe(sent);
  });

  it("shows the console's Send to a gzip bomb as cut off, and the sandbox answers a partner's call meanwhile", async () => {
    const { sandbox } = await openSandbox();
    const sending = call(sandbox, 'POST', '/_sandbox/console/send', { json: { target: 'events:order.updated', to: `${base}/bomb`, body: {} }, headers: consoleTokenHeader(sandbox) });
    const partner = await call(sandbox, 'GET', '/no-such-route');
    expect(partner.status).toBe(404);
    const answer = await sending;
    expect(answer.status).toBe(200);
    expect(answer.body.exchange.note).toContain('too_large: answered 200 with a body over 8 MB (decompressed from gzip)');
    expect(answer.body.exchange.responseBody).toBe('');
    expect(answer.body.judgement.issues[0]).toContain('answered 200 with a body over 8 MB');
  });
});

describe('a partner URL with a basic-auth password', () => {
  it("shows its password nowhere after the console's Send: not in the row, its detail or a replay's refusal", async () => {
    const { sandbox } = await openSandbox();
    const to = new URL(`${base}/events`);
    to.username = 'stream';
    to.password = 'basic-pass-0c9e41a7';
    const answer = await call(sandbox, 'POST', '/_sandbox/console/send', { json: { target: 'events:order.updated', to: to.toString(), body: {} }, headers: consoleTokenHeader(sandbox) });
    expect(answer.status).toBe(200);
    expect(answer.body.exchange.url).toMatch(/^http:\/\/stream:\[redacted\]@127\.0\.0\.1:\d+\/events/);
    const detail = await call(sandbox, 'GET', `/_sandbox/console/exchanges/${answer.body.exchange.id}`, { headers: consoleTokenHeader(sandbox) });
    const replay = await call(sandbox, 'POST', '/_sandbox/console/replay', { json: { id: answer.body.exchange.id }, headers: consoleTokenHeader(sandbox) });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('password_required');
    expect([answer.text, detail.text, replay.text].filter((text) => text.includes('basic-pass-0c9e41a7'))).toEqual([]);
  });
});
