// `trigger` and `certify` run from a terminal with --sandbox-url: each call they make to the
// partner shows up on the sandbox console's live stream, secrets redacted, and POST
// /_sandbox/outbound refuses bad reports and other web pages without recording anything.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import type { ConsoleSandbox } from '../src/console/index.js';
import { writeConsoleToken } from '../src/console-token-file.js';
import { outboundReporter } from '../src/outbound-report.js';
import { startKit } from './kits.js';
import { call, captureIo, closeSandboxes, NON_LOOPBACK_ADDRESS, openConsoleStream, openSandbox, tempDir, TEST_RUNTIME_DIR } from './support.js';

const servers: Server[] = [];
afterEach(async () => {
  await closeSandboxes();
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((done) => server.close(() => done()))));
});

/** A POS that answers order.created with 201 and its provider_id. */
async function pos(): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ order: { provider_id: 'pos-77' }}));
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function run(args: string[], env: Record<string, string> = {}) {
  const captured = captureIo({ XDG_RUNTIME_DIR: TEST_RUNTIME_DIR, ...env });
  const code = await main(args, { io: captured.io });
  return { code, out: captured.stdout(), err: captured.stderr() };
}

function withToken(sandbox: ConsoleSandbox): Record<string, string> {
  return { 'x-sandbox-console-token': sandbox.consoleToken };
}

const REPORT = {
  source: 'trigger',
  target: 'pos:order.created',
  request: { method: 'POST', url: 'http://127.0.0.1:4101/orders', headers: { Authorization: 'Bearer secret-token-1' }, body: '{"client_secret":"cs-1"}' },
  response: { status: 201, headers: { 'content-type': 'application/json' }, body: '{"access_token":"at-1"}' },
  ms: 12,
};

describe('trigger --sandbox-url', () => {
  it('shows the send on the console stream as an outbound exchange with its verdict, the bearer token redacted', async () => {
    const { sandbox } = await openSandbox();
    const stream = await openConsoleStream(sandbox);
    const to = await pos();
    const result = await run(['trigger', 'order.created', '--to', to, '--sandbox-url', sandbox.url], { STREAM_TRIGGER_TOKEN: 'tok-very-secret' });
    expect(result.code, result.out + result.err).toBe(0);
    expect(result.err).toBe('');
    const exchange = await stream.next('exchange', (data) => data.source === 'trigger');
    stream.close();
    expect(exchange).toMatchObject({ direction: 'outbound', source: 'trigger', audience: 'pos', operation: 'pos:order.created', event: 'order.created', method: 'POST', status: 201 });
    expect(exchange.url).toBe(`${to}/stream-pos/v1/orders`);
    expect(exchange.judgement.ok).toBe(true);
    expect(exchange.signature.status).toBe('ok');
    expect(exchange.requestHeaders.authorization).toBe('Bearer [redacted]');
    expect(JSON.parse(exchange.responseBody)).toEqual({ order: { provider_id: 'pos-77' } });
    expect(JSON.stringify(exchange)).not.toContain('tok-very-secret');
  });

  it('reads the sandbox from STREAM_SANDBOX_URL, and shows a failed verdict as failed', async () => {
    const { sandbox } = await openSandbox();
    const stream = await openConsoleStream(sandbox);
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(500).end('down'));
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const result = await run(['trigger', 'order.created', '--to', `http://127.0.0.1:${(server.address() as AddressInfo).port}`, '--token', 't'], { STREAM_SANDBOX_URL: sandbox.url });
    expect(result.code).toBe(1);
    const exchange = await stream.next('exchange', (data) => data.source === 'trigger');
    stream.close();
    expect(exchange.status).toBe(500);
    expect(exchange.judgement.ok).toBe(false);
  });

  it('only warns, once, when the sandbox cannot be reached: the verdict and exit code are the send\'s own', async () => {
    const to = await pos();
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const result = await run(['trigger', 'order.created', '--to', to, '--sandbox-url', `http://127.0.0.1:${port}`], { STREAM_TRIGGER_TOKEN: 't' });
    expect(result.code).toBe(0);
    expect(result.out).toContain('the answer matches the contract');
    expect(result.err.trim().split('\n')).toHaveLength(1);
    expect(result.err).toMatch(/^warning: could not report to the sandbox console at http:\/\/127\.0\.0\.1:\d+: no console token file .*console-\d+\.token \(is a sandbox running/);
  });

  it('refuses a --sandbox-url that is not an http(s) URL before sending anything', async () => {
    const result = await run(['trigger', 'order.created', '--to', 'http://127.0.0.1:9', '--token', 't', '--sandbox-url', 'localhost:4010']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('--sandbox-url must be the sandbox\'s base URL');
  });
});

describe('a --sandbox-url on another machine', () => {
  it.skipIf(NON_LOOPBACK_ADDRESS === undefined)('never gets the token of this machine\'s sandbox on the same port, and the tool warns once why it does not report', async () => {
    const seen: (string | undefined)[] = [];
    const server = createServer((request, response) => {
      seen.push(request.headers['x-sandbox-console-token'] as string | undefined);
      request.resume();
      response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":1}');
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '0.0.0.0', done));
    const port = (server.address() as AddressInfo).port;
    // A sandbox of this user's on that port would have written this file.
    const dir = tempDir('tokens');
    writeConsoleToken({ dir, port, token: 'a'.repeat(48) });
    const warnings: string[] = [];
    const reporter = outboundReporter({ url: `http://${NON_LOOPBACK_ADDRESS}:${port}`, tokenDir: dir, warn: (line) => warnings.push(line) });
    const report = { source: 'trigger' as const, request: { method: 'POST', url: 'http://127.0.0.1:9/webhooks' }, response: { status: 200 }, ms: 1 };
    reporter.report(report);
    reporter.report(report);
    await reporter.flush();
    expect(seen.filter((token) => token !== undefined)).toEqual([]);
    expect(warnings).toEqual([`warning: could not report to the sandbox console at http://${NON_LOOPBACK_ADDRESS}:${port}: it is not on this machine, and the console token is sent only to a sandbox on 127.0.0.1, localhost or [::1]; carrying on without it.`]);
  });
});

describe('a --sandbox-url at another loopback address of the sandbox\'s port', () => {
  it('never gets the token: a program there is not the sandbox, and each tool says which address to use', async () => {
    const { sandbox } = await openSandbox();
    // Another local user listens at the sandbox's port on an address the sandbox does not hold, as
    // one can on [::1] (where localhost often goes first) beside a sandbox on 127.0.0.1.
    const seen: (string | undefined)[] = [];
    const squatter = createServer((request, response) => {
      seen.push(request.headers['x-sandbox-console-token'] as string | undefined);
      request.resume();
      response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":1}');
    });
    servers.push(squatter);
    await new Promise<void>((done) => squatter.listen(sandbox.port, '127.0.0.2', done));
    const other = `http://127.0.0.2:${sandbox.port}`;
    const to = await pos();
    const trigger = await run(['trigger', 'order.created', '--to', to, '--token', 't', '--sandbox-url', other, '--stream-url', other]);
    expect(trigger.code).toBe(0);
    expect(trigger.err).toContain(`the sandbox on port ${sandbox.port} listens on 127.0.0.1, and at 127.0.0.2:${sandbox.port} another program may be listening, so its token is not sent there; use http://127.0.0.1:${sandbox.port}`);
    const state = await run(['sandbox', 'state', '--sandbox-url', other]);
    expect(state.code).toBe(2);
    expect(state.err).toContain(`use http://127.0.0.1:${sandbox.port}`);
    // certify links the sandbox before it runs anything: it stops there, with the address to use.
    const certify = await run(['certify', 'pos', '--base-url', to, '--sandbox-url', other, '--only', 'POS-ORD-01']);
    expect(certify.code).not.toBe(0);
    expect(certify.err).toContain(`Cannot use the sandbox at ${other}: the sandbox on port ${sandbox.port} listens on 127.0.0.1`);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((token) => token !== undefined)).toEqual([]);
    // The sandbox's own address still gets it.
    const own = await run(['sandbox', 'state', '--sandbox-url', sandbox.url]);
    expect(own.code).toBe(0);
  });
});

describe('certify --sandbox-url', () => {
  it('shows each call certify makes to a starter kit on the console stream, with its requirement, secrets redacted', { timeout: 120_000 }, async () => {
    const { sandbox } = await openSandbox();
    const stream = await openConsoleStream(sandbox);
    const kit = await startKit('pos');
    try {
      const result = await run(['certify', 'pos', '--base-url', kit.url, '--sandbox-url', sandbox.url, '--skip-sandbox', '--only', 'POS-OAU-01,POS-ORD-01']);
      expect(result.code, result.out + result.err).toBe(0);
      expect(result.err).not.toContain('warning');
      const order = await stream.next('exchange', (data) => data.source === 'certify' && String(data.note).startsWith('POS-ORD-01') && data.method === 'POST' && data.url.endsWith('/orders'));
      const oauth = await stream.next('exchange', (data) => data.source === 'certify' && String(data.note).startsWith('POS-OAU-01'));
      stream.close();
      expect(order).toMatchObject({ direction: 'outbound', operation: 'pos:order.created', method: 'POST', status: 201 });
      expect(order.url.startsWith(kit.url)).toBe(true);
      expect(order.note).toMatch(/^POS-ORD-01: passed: /);
      const everything = JSON.stringify(stream.events('exchange').filter((data) => data.source === 'certify'));
      expect(everything).not.toContain('stream-secret');
      expect(everything).toContain('[redacted]');
      expect(oauth.url.startsWith(kit.url)).toBe(true);
      // The OAuth calls that led up to the order are shown under POS-ORD-01 but not as order.created.
      const leadUp = stream.events('exchange').filter((data) => data.source === 'certify' && String(data.note).startsWith('POS-ORD-01') && data.method !== 'POST');
      expect(leadUp.length).toBeGreaterThan(0);
      for (const data of leadUp) expect(data.operation).not.toBe('pos:order.created');
      expect(order.signature.status).toBe('ok');
    } finally {
      await kit.close();
    }
  });
});

describe('certify --sandbox-url that cannot be reached', () => {
  it('warns once and still certifies the requirements that ran, with exit code 0', { timeout: 120_000 }, async () => {
    const kit = await startKit('pos');
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    try {
      const result = await run(['certify', 'pos', '--base-url', kit.url, '--sandbox-url', `http://127.0.0.1:${port}`, '--skip-sandbox', '--only', 'POS-OAU-01,POS-ORD-01']);
      expect(result.code, result.out + result.err).toBe(0);
      expect(result.out).toContain('pass  POS-ORD-01');
      expect(result.err.trim().split('\n').filter((line) => line.includes('warning'))).toHaveLength(1);
      expect(result.err).toContain(`could not report to the sandbox console at http://127.0.0.1:${port}`);
    } finally {
      await kit.close();
    }
  });
});

describe('POST /_sandbox/outbound', () => {
  it('records a report from a local process with no Origin, redacting secrets as every exchange is', async () => {
    const { sandbox } = await openSandbox();
    const stream = await openConsoleStream(sandbox);
    const answer = await call(sandbox, 'POST', '/_sandbox/outbound', { json: REPORT, headers: withToken(sandbox) });
    expect(answer.status, answer.text).toBe(201);
    const exchange = await stream.next('exchange', (data) => data.id === answer.body.id);
    stream.close();
    expect(exchange.requestHeaders.authorization).toBe('Bearer [redacted]');
    expect(JSON.parse(exchange.requestBody).client_secret).toBe('[redacted]');
    expect(JSON.parse(exchange.responseBody).access_token).toBe('[redacted]');
  });

  const bad: [string, unknown, RegExp][] = [
    ['a body that is not an object', [1, 2], /one JSON object/],
    ['an unknown source', { ...REPORT, source: 'console' }, /source must be trigger or certify/],
    ['an unknown field', { ...REPORT, extra: 1 }, /unknown field "extra"/],
    ['a target Stream does not send', { ...REPORT, target: 'pos:nothing' }, /is not something Stream sends/],
    ['a relative URL', { ...REPORT, request: { ...REPORT.request, url: '/orders' } }, /request\.url/],
    ['a header value that is not a string', { ...REPORT, request: { ...REPORT.request, headers: { a: 1 } } }, /request\.headers\.a must be a string/],
    ['a status out of range', { ...REPORT, response: { status: 99 } }, /response\.status/],
    ['neither answer nor error', { ...REPORT, response: null }, /Give response/],
    ['a negative duration', { ...REPORT, ms: -1 }, /ms must be/],
    ['a bad requirement id', { ...REPORT, source: 'certify', requirement: 'pos ord' }, /requirement must be/],
  ];
  it('refuses each malformed report with 400 naming what is wrong, and records nothing', async () => {
    expect(bad.length).toBeGreaterThan(0);
    const { sandbox } = await openSandbox();
    const stream = await openConsoleStream(sandbox);
    for (const [what, body, message] of bad) {
      const answer = await call(sandbox, 'POST', '/_sandbox/outbound', { json: body, headers: withToken(sandbox) });
      expect(answer.status, what).toBe(400);
      expect(answer.body.message, what).toMatch(message);
    }
    const notJson = await call(sandbox, 'POST', '/_sandbox/outbound', { raw: '{"source":', headers: withToken(sandbox) });
    expect(notJson.status).toBe(400);
    const form = await call(sandbox, 'POST', '/_sandbox/outbound', { raw: 'source=trigger', headers: { 'content-type': 'application/x-www-form-urlencoded', ...withToken(sandbox) } });
    expect(form.status).toBe(415);
    await new Promise((wake) => setTimeout(wake, 200));
    stream.close();
    expect(stream.events('exchange').filter((data) => data.direction === 'outbound')).toEqual([]);
  });

  it('refuses a web page on another origin, by Origin or by Sec-Fetch-Site, and records nothing', async () => {
    const { sandbox } = await openSandbox();
    const stream = await openConsoleStream(sandbox);
    const byOrigin = await call(sandbox, 'POST', '/_sandbox/outbound', { json: REPORT, headers: { origin: 'https://evil.example', ...withToken(sandbox) } });
    expect(byOrigin.status).toBe(403);
    expect(byOrigin.body.code).toBe('origin_not_allowed');
    const bySite = await call(sandbox, 'POST', '/_sandbox/outbound', { json: REPORT, headers: { 'sec-fetch-site': 'cross-site', ...withToken(sandbox) } });
    expect(bySite.status).toBe(403);
    expect(bySite.body.code).toBe('cross_origin_refused');
    await new Promise((wake) => setTimeout(wake, 200));
    stream.close();
    expect(stream.events('exchange').filter((data) => data.direction === 'outbound')).toEqual([]);
  });

  it('refuses a report without the console token, as a web page or another local process would send it, and records nothing', async () => {
    const { sandbox } = await openSandbox();
    const stream = await openConsoleStream(sandbox);
    const anonymous = await call(sandbox, 'POST', '/_sandbox/outbound', { json: REPORT });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.code).toBe('console_token_invalid');
    const wrong = await call(sandbox, 'POST', '/_sandbox/outbound', { json: REPORT, headers: { 'x-sandbox-console-token': '0'.repeat(48) } });
    expect(wrong.status).toBe(403);
    // What an <img> or a plain form can send.
    const image = await call(sandbox, 'GET', '/_sandbox/outbound');
    expect(image.status).toBe(404);
    const form = await call(sandbox, 'POST', '/_sandbox/outbound', { raw: JSON.stringify(REPORT), headers: { 'content-type': 'text/plain' } });
    expect(form.status).toBe(415);
    await new Promise((wake) => setTimeout(wake, 200));
    stream.close();
    expect(stream.events('exchange').filter((data) => data.direction === 'outbound')).toEqual([]);
  });

  it('refuses a report over 256 KB with 413 and records nothing', async () => {
    const { sandbox } = await openSandbox();
    const stream = await openConsoleStream(sandbox);
    const big = { ...REPORT, request: { ...REPORT.request, body: 'x'.repeat(300 * 1024) } };
    const answer = await call(sandbox, 'POST', '/_sandbox/outbound', { json: big, headers: withToken(sandbox) });
    expect(answer.status).toBe(413);
    await new Promise((wake) => setTimeout(wake, 200));
    stream.close();
    expect(stream.events('exchange').filter((data) => data.direction === 'outbound')).toEqual([]);
  });

  it('replays a reported call, signed, only to the URL it went to, and refuses a row whose URL a replay would change', async () => {
    const { sandbox } = await openSandbox();
    const received: { url: string; signature: string | undefined }[] = [];
    const partner = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received.push({ url: request.url ?? '', signature: request.headers['stream-signature'] as string | undefined });
        response.writeHead(201, { 'content-type': 'application/json' }).end('{}');
      });
    });
    servers.push(partner);
    await new Promise<void>((done) => partner.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
    const stream = await openConsoleStream(sandbox);
    const reported = await call(sandbox, 'POST', '/_sandbox/outbound', { json: { ...REPORT, request: { method: 'POST', url: `${base}/stream-pos/v1/orders`, body: '{}' } }, headers: withToken(sandbox) });
    expect(reported.status).toBe(201);
    const row = await stream.next('exchange', (data) => data.id === reported.body.id);
    expect(row.recordedBy).toBe('terminal');
    const replay = await call(sandbox, 'POST', '/_sandbox/console/replay', { json: { id: reported.body.id }, headers: withToken(sandbox) });
    expect(replay.status, replay.text).toBe(200);
    expect(received).toEqual([{ url: '/stream-pos/v1/orders', signature: expect.stringMatching(/.+/) }]);
    // A bare origin would get the contract's path appended: somewhere the original call never went.
    const bare = await call(sandbox, 'POST', '/_sandbox/outbound', { json: { ...REPORT, request: { method: 'POST', url: `${base}/`, body: '{}' } }, headers: withToken(sandbox) });
    const refused = await call(sandbox, 'POST', '/_sandbox/console/replay', { json: { id: bare.body.id }, headers: withToken(sandbox) });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('not_replayable');
    expect(received).toHaveLength(1);
    stream.close();
  });
});
