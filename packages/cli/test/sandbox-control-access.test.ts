// Who may call the sandbox's own /_sandbox routes. Reading its data (state, exchanges) and changing
// it (orders, menus, throttle) is for the terminal user only, who holds the token: a sandbox with
// the console takes it from the header, the page's cookie or the 0600 token file; a sandbox that
// certify or the MCP server start in-process holds a token of its own that it never prints, so
// another local user who finds its port reads and changes nothing.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { linkSandbox } from '../src/certify/sandbox-link.js';
import { main } from '../src/cli.js';
import { createContext } from '../src/mcp/context.js';
import { startSandbox, type RunningSandbox } from '../src/sandbox/index.js';
import { captureIo, closeSandboxes, NON_LOOPBACK_ADDRESS, openSandbox, requestFrom, TEST_RUNTIME_DIR } from './support.js';

afterEach(closeSandboxes);

const READS = ['/_sandbox/state', '/_sandbox/exchanges', '/_sandbox/exchanges?after=0'];
const CHANGES: readonly { path: string; body: unknown }[] = [
  { path: '/_sandbox/orders', body: { id: 'ord_intruder', audience: 'pos', location_id: 'loc-downtown' } },
  { path: '/_sandbox/menus', body: { location_id: 'store-intruder' } },
  { path: '/_sandbox/catalogs', body: { location_id: 'loc-downtown', provider_ids: ['item-intruder'] } },
  { path: '/_sandbox/throttle', body: { requests: 5 } },
  { path: '/_sandbox/outages', body: { operation: 'dsp:sendOrderEvent' } },
];

async function plain(url: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const response = await fetch(url, { method, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  return { status: response.status, body: parsed, text };
}

/** A call to a Partner API route the sandbox throttles: 429 when a throttle got through. */
async function partnerCallStatus(url: string): Promise<number> {
  return (await fetch(`${url}/tokens?org_id=org_demo`)).status;
}

const inProcess: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(inProcess.splice(0).map((sandbox) => sandbox.close()));
});

describe('a sandbox started in-process without the console, as certify and the MCP server start one', () => {
  it('answers its read routes 401 to a plain request on 127.0.0.1, with the common error body and no token', async () => {
    const sandbox = await startSandbox({ port: 0 });
    inProcess.push(sandbox);
    for (const path of READS) {
      const answer = await plain(`${sandbox.url}${path}`);
      expect(answer.status, path).toBe(401);
      expect(Object.keys(answer.body).sort(), path).toEqual(['code', 'message']);
      expect(answer.body.code).toBe('console_token_required');
      expect(answer.body.message).toContain('stream-partner sandbox');
      expect(answer.text).not.toContain(sandbox.controlToken);
    }
  });

  it('refuses orders, menus and throttles without its token and changes nothing', async () => {
    const sandbox = await startSandbox({ port: 0 });
    inProcess.push(sandbox);
    const before = JSON.stringify(sandbox.state());
    for (const { path, body } of CHANGES) {
      const answer = await plain(`${sandbox.url}${path}`, 'POST', body, { 'x-sandbox-console-token': 'f'.repeat(48) });
      expect(answer.status, path).toBe(401);
      expect(answer.body.code).toBe('console_token_required');
    }
    expect(JSON.stringify(sandbox.state())).toBe(before);
    expect(await partnerCallStatus(sandbox.url)).not.toBe(429);
  });

  it('answers the process that started it, which holds its token', async () => {
    const sandbox = await startSandbox({ port: 0 });
    inProcess.push(sandbox);
    expect(sandbox.controlToken).toMatch(/^[0-9a-f]{48}$/);
    const owner = { 'x-sandbox-console-token': sandbox.controlToken };
    expect((await plain(`${sandbox.url}/_sandbox/state`, 'GET', undefined, owner)).status).toBe(200);
    expect((await plain(`${sandbox.url}/_sandbox/orders`, 'POST', CHANGES[0]!.body, owner)).status).toBe(201);
    expect((sandbox.state().orders as { id: string }[]).some((order) => order.id === 'ord_intruder')).toBe(true);
  });

  it("lets certify's own sandbox serve certify and nobody else", async () => {
    const link = await linkSandbox({ webhookSecret: 'whsec_sandbox', partnerSlug: 'demo-partner', partnerId: 'demo-partner-id', now: Date.now, sleep: async () => undefined });
    try {
      await link.registerOrder({ id: 'ord_certify', audience: 'pos', location_id: 'loc-downtown' });
      expect(await link.publishMenu('store-0042')).toContain('/stream-dsp/v1/menuFileS3Url');
      expect(await link.mark()).toBeGreaterThan(0);
      expect((await plain(`${link.url}/_sandbox/state`)).status).toBe(401);
      expect((await plain(`${link.url}/_sandbox/exchanges`)).status).toBe(401);
    } finally {
      await link.close();
    }
  });

  it("keeps the MCP server's own sandbox to the MCP server", async () => {
    const captured = captureIo({ XDG_RUNTIME_DIR: TEST_RUNTIME_DIR });
    const context = createContext({ io: captured.io, allowHosts: [] });
    try {
      const own = await context.sandbox();
      expect((await plain(`${own.url}/_sandbox/exchanges`)).status).toBe(401);
      expect((await plain(`${own.url}/_sandbox/exchanges`, 'GET', undefined, own.headers)).status).toBe(200);
      expect(captured.stderr()).not.toMatch(/[0-9a-f]{48}/);
    } finally {
      await context.close();
    }
  });
});

describe("the sandbox's control routes with the console mounted", () => {
  it.each(CHANGES)('refuse $path without the token with 401, saying where the token file is, and change nothing', async ({ path, body }) => {
    const { sandbox } = await openSandbox();
    const tokenFile = join(TEST_RUNTIME_DIR, 'stream-partner', `console-${sandbox.port}.token`);
    const before = JSON.stringify(sandbox.state());
    const answer = await plain(`${sandbox.url}${path}`, 'POST', body);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('console_token_required');
    expect(answer.body.message).toContain(tokenFile);
    expect(answer.body.message).toContain('x-sandbox-console-token');
    expect(answer.text).not.toContain(sandbox.consoleToken);
    expect(JSON.stringify(sandbox.state())).toBe(before);
    expect(await partnerCallStatus(sandbox.url)).not.toBe(429);
  });

  it("answer the token in its header and the console page's session in its own", async () => {
    const { sandbox } = await openSandbox();
    for (const [index, { path, body }] of CHANGES.entries()) {
      const headers: Record<string, string> = index % 2 === 0 ? { 'x-sandbox-console-token': sandbox.consoleToken } : { 'x-sandbox-console-session': sandbox.consoleSession };
      const answer = await plain(`${sandbox.url}${path}`, 'POST', body, headers);
      expect(answer.status, `${path}: ${answer.text}`).toBeLessThan(300);
    }
    expect(await partnerCallStatus(sandbox.url)).toBe(429);
  });

  it('refuse a foreign Host on every /_sandbox route, token or not', async () => {
    const { sandbox } = await openSandbox();
    for (const path of [...READS, ...CHANGES.map((change) => change.path)]) {
      const answer = await requestFrom({ port: sandbox.port, from: '127.0.0.1', path, headers: { host: 'attacker.example', 'x-sandbox-console-token': sandbox.consoleToken } });
      expect(answer.status, path).toBe(403);
      expect(answer.text, path).toContain('host_not_allowed');
    }
  });

  it('leave the merchant consent page an onboarding names open: its address is the capability', async () => {
    const { sandbox } = await openSandbox();
    const answer = await plain(`${sandbox.url}/_sandbox/onboarding/onb_unknown/start`);
    expect(answer.status).toBe(404);
  });
});

const outside = NON_LOOPBACK_ADDRESS;

describe('a sandbox listening beyond loopback', () => {
  it.skipIf(outside === undefined)('refuses its read and change routes to another machine even with the token and a loopback Host', async () => {
    const { sandbox } = await openSandbox({ host: '0.0.0.0' });
    for (const path of [...READS, ...CHANGES.map((change) => change.path)]) {
      const method = path.startsWith('/_sandbox/state') || path.startsWith('/_sandbox/exchanges') ? 'GET' : 'POST';
      const answer = await requestFrom({ port: sandbox.port, from: outside!, path, method, headers: { host: `127.0.0.1:${sandbox.port}`, 'x-sandbox-console-token': sandbox.consoleToken } });
      expect(answer.status, path).toBe(403);
      expect(answer.text, path).toContain('remote_console_refused');
    }
  });

  it.skipIf(outside === undefined)('refuses an in-process sandbox on every address to another machine, token or not', async () => {
    const sandbox = await startSandbox({ port: 0, host: '0.0.0.0' });
    inProcess.push(sandbox);
    const answer = await requestFrom({ port: sandbox.port, from: outside!, path: '/_sandbox/state', headers: { host: `127.0.0.1:${sandbox.port}`, 'x-sandbox-console-token': sandbox.controlToken } });
    expect(answer.status).toBe(403);
  });
});

describe('trigger --stream-url', () => {
  it('registers the order it sent with a running sandbox, with the token from the terminal user token file', async () => {
    const { sandbox } = await openSandbox();
    // Any server that answers order.created 2xx will do; a tiny one keeps the test about the sandbox.
    const { createServer } = await import('node:http');
    const server = createServer((_request, response) => {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end('{"order":{"provider_id":"pos_777"}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const captured = captureIo({ XDG_RUNTIME_DIR: TEST_RUNTIME_DIR });
      const code = await main(['trigger', 'pos:order.created', '--to', `http://127.0.0.1:${port}`, '--token', 't', '--stream-url', sandbox.url, '--webhook-secret', 'whsec_sandbox'], { io: captured.io });
      expect(code, captured.stdout() + captured.stderr()).toBe(0);
      expect(captured.stdout()).toMatch(/registered order \S+ with the sandbox/);
      expect((sandbox.state().orders as { provider_id?: string }[]).some((order) => order.provider_id === 'pos_777')).toBe(true);
    } finally {
      server.close();
    }
  });
});

describe('trigger --stream-url with more than the base URL', () => {
  it('is refused before anything is sent, so the token never reaches another sandbox route such as reset', async () => {
    const { sandbox } = await openSandbox();
    const before = JSON.stringify(sandbox.state().orders);
    for (const streamUrl of [`${sandbox.url}/_sandbox/console/reset?`, `${sandbox.url}/_sandbox/console/reset#`, `${sandbox.url}/prefix`]) {
      const captured = captureIo({ XDG_RUNTIME_DIR: TEST_RUNTIME_DIR });
      const code = await main(['trigger', 'pos:order.created', '--to', 'http://127.0.0.1:9', '--token', 't', '--stream-url', streamUrl], { io: captured.io });
      expect(code, streamUrl).toBe(2);
      expect(captured.stderr(), streamUrl).toContain(`--stream-url must be the sandbox's base URL, such as http://127.0.0.1:4010, with no path, query or fragment; got "${streamUrl}"`);
    }
    expect(JSON.stringify(sandbox.state().orders)).toBe(before);
  });
});

describe("the console's own control routes", () => {
  it.each(['/_sandbox/outbound', '/_sandbox/console/reset'])('refuse %s without the token, naming the token file a terminal tool reads', async (path) => {
    const { sandbox } = await openSandbox();
    const tokenFile = join(TEST_RUNTIME_DIR, 'stream-partner', `console-${sandbox.port}.token`);
    const answer = await plain(`${sandbox.url}${path}`, 'POST', {});
    expect(answer.status).toBe(403);
    expect(Object.keys(answer.body).sort()).toEqual(['code', 'message']);
    expect(answer.body.message).toContain(tokenFile);
    expect(answer.text).not.toContain(sandbox.consoleToken);
  });
});
