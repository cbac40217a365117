// GET /_sandbox/state and GET /_sandbox/exchanges show orders, onboardings and exchanges: with the
// console mounted (what `stream-partner sandbox` runs) they need the console's token like every
// other control route, and the terminal user's tools read it from their 0600 token file.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { linkSandbox } from '../src/certify/sandbox-link.js';
import { ANSWER_LIMIT_BYTES } from '../src/http.js';
import { writeLargeState } from './large-state.js';
import { call, closeSandboxes, openSandbox, tempDir, TEST_RUNTIME_DIR } from './support.js';

afterEach(closeSandboxes);

const ROUTES = ['/_sandbox/state', '/_sandbox/exchanges', '/_sandbox/exchanges?after=0', '/_sandbox/state?pretty=1'];
const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("the sandbox's data routes", () => {
  it.each(ROUTES)('answer %s without the token with 401, the common error body and where the token file is', async (path) => {
    const { sandbox } = await openSandbox();
    const tokenFile = join(TEST_RUNTIME_DIR, 'stream-partner', `console-${sandbox.port}.token`);
    const answer = await get(`${sandbox.url}${path}`);
    expect(answer.status).toBe(401);
    expect(Object.keys(answer.body).sort()).toEqual(['code', 'message']);
    expect(answer.body.code).toBe('console_token_required');
    expect(answer.body.message).toContain('x-sandbox-console-token');
    expect(answer.body.message).toContain(tokenFile);
    expect(answer.body.message).toContain(`curl -H "x-sandbox-console-token: $(cat ${tokenFile})"`);
    expect(JSON.stringify(answer.body)).not.toContain(sandbox.consoleToken);
  });

  it('answer with a wrong token with 401 too', async () => {
    const { sandbox } = await openSandbox();
    for (const path of ROUTES) expect((await get(`${sandbox.url}${path}`, { 'x-sandbox-console-token': 'f'.repeat(48) })).status, path).toBe(401);
  });

  it("answer 200 with the token in the header, or with the console page's session header", async () => {
    const { sandbox } = await openSandbox();
    for (const path of ROUTES) {
      expect((await get(`${sandbox.url}${path}`, { 'x-sandbox-console-token': sandbox.consoleToken })).status, path).toBe(200);
      expect((await get(`${sandbox.url}${path}`, { 'x-sandbox-console-session': sandbox.consoleSession })).status, path).toBe(200);
    }
    const state = await get(`${sandbox.url}/_sandbox/state`, { 'x-sandbox-console-token': sandbox.consoleToken });
    expect(state.body.organizations).toMatchObject([{ org_id: 'org_demo' }]);
  });

  it("are read by certify's link to a running sandbox with the token from this user's token file", async () => {
    const { sandbox } = await openSandbox();
    const base = { url: sandbox.url, webhookSecret: 'whsec_sandbox', partnerSlug: 'demo-partner', partnerId: 'demo-partner-id', now: Date.now, sleep: async () => undefined };
    const link = await linkSandbox({ ...base, tokenDir: join(TEST_RUNTIME_DIR, 'stream-partner') });
    await link.registerOrder({ id: 'ord_linked', audience: 'dsp', location_id: 'loc-downtown' });
    expect(await link.mark()).toBeGreaterThan(0);
    // Without the file, the refusal says where the token is.
    await expect(linkSandbox({ ...base, tokenDir: join(TEST_RUNTIME_DIR, 'nobody-here') })).rejects.toThrow(/401.*x-sandbox-console-token/s);
  });
});

describe("certify's link to a busy sandbox", () => {
  it('checks that it may read a sandbox of ten thousand orders by reading one entry of its state, not the whole of it', { timeout: 120_000 }, async () => {
    const file = join(tempDir('link-state'), 'state.json');
    writeLargeState(file, { bytes: 10_000 * 420, now: Date.parse('2026-01-01T00:00:00Z') });
    const { sandbox } = await openSandbox({ stateFile: file });
    // A proxy in front of the sandbox counts the bytes certify's link reads from it.
    let read = 0;
    const proxy = createServer((incoming, outgoing) => {
      const onward = httpRequest({ host: '127.0.0.1', port: sandbox.port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, host: `127.0.0.1:${sandbox.port}` }, agent: false }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('data', (chunk: Buffer) => (read += chunk.length));
        answer.pipe(outgoing);
      });
      incoming.pipe(onward);
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    try {
      const link = await linkSandbox({ url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, consoleToken: sandbox.consoleToken, webhookSecret: 'whsec_sandbox', partnerSlug: 'demo-partner', partnerId: 'partner_demo', now: Date.now, sleep: (ms) => new Promise((done) => setTimeout(done, ms)) });
      expect(read).toBeGreaterThan(0);
      expect(read).toBeLessThan(10_000);
      await link.close();
    } finally {
      await new Promise((done) => proxy.close(done));
    }
  });

  it("reads an exchange log larger than the 8 MB it reads of a partner's answer", { timeout: 120_000 }, async () => {
    const { sandbox } = await openSandbox();
    // Bodies that are not JSON are kept as text, and a quote in them doubles as JSON escapes it.
    const body = '"'.repeat(63 * 1024);
    for (let sent = 0; sent < 80; sent += 10) await Promise.all(Array.from({ length: 10 }, () => call(sandbox, 'POST', '/oauth/token', { raw: body })));
    const log = await fetch(`${sandbox.url}/_sandbox/exchanges?after=0`, { headers: { 'x-sandbox-console-token': sandbox.consoleToken } });
    expect((await log.text()).length).toBeGreaterThan(ANSWER_LIMIT_BYTES);
    const link = await linkSandbox({ url: sandbox.url, consoleToken: sandbox.consoleToken, webhookSecret: 'whsec_sandbox', partnerSlug: 'demo-partner', partnerId: 'partner_demo', now: Date.now, sleep: (ms) => new Promise((done) => setTimeout(done, ms)) });
    expect(await link.mark()).toBeGreaterThanOrEqual(80);
    await link.close();
  });
});
