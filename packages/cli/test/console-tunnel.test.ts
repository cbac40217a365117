// A tunnel (ngrok, cloudflared) or a reverse proxy on the partner's machine connects to the sandbox
// from 127.0.0.1, so the peer address alone would take the internet for this machine. A request
// addressed to another name, or carrying a proxy's forwarding header, is remote: the console and the
// /_sandbox/ routes refuse it unless --allow-remote-console, while the partner-facing contract routes
// keep answering through the tunnel. The proxy here is a real one, passing requests on as ngrok does.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { startSandbox, type RunningSandbox } from '../src/sandbox/index.js';
import { captureIo, closeSandboxes, openSandbox, requestFrom, tempDir, TEST_RUNTIME_DIR } from './support.js';

const TUNNEL_NAME = 'partner-demo.tunnel.example';
const proxies: Server[] = [];
const inProcess: RunningSandbox[] = [];

afterEach(async () => {
  await closeSandboxes();
  await Promise.all(inProcess.splice(0).map((sandbox) => sandbox.close()));
  await Promise.all(proxies.splice(0).map((proxy) => new Promise((resolve) => proxy.close(resolve))));
});

/**
 * A tunnel's local end on 127.0.0.1: it passes each request on to the sandbox with the headers
 * `rewrite` gives it (the public name as Host and X-Forwarded-For, as ngrok does by default).
 */
async function tunnel(sandboxPort: number, rewrite: (headers: IncomingHttpHeaders) => IncomingHttpHeaders): Promise<string> {
  const proxy = createServer((incoming, outgoing) => {
    const onward = httpRequest({ host: '127.0.0.1', port: sandboxPort, path: incoming.url, method: incoming.method, headers: rewrite(incoming.headers), setHost: false, agent: false }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    onward.on('error', () => outgoing.destroy());
    incoming.pipe(onward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxies.push(proxy);
  return `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
}

const asNgrok = (headers: IncomingHttpHeaders): IncomingHttpHeaders => ({ ...headers, host: TUNNEL_NAME, 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' });

async function through(base: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; text: string }> {
  const response = await fetch(`${base}${path}`, { method: options.method ?? 'GET', headers: options.headers ?? {}, ...(options.body === undefined ? {} : { body: options.body }) });
  return { status: response.status, text: await response.text() };
}

describe('a sandbox reached through a tunnel on this machine', () => {
  it('refuses the console, the session trade and the sandbox data to the internet behind the tunnel, token or not, yet serves the partner API there', async () => {
    const { sandbox } = await openSandbox({ allowedHosts: [TUNNEL_NAME] });
    const base = await tunnel(sandbox.port, asNgrok);
    const token = { 'x-sandbox-console-token': sandbox.consoleToken };
    const traded = await through(base, '/_sandbox/console/session', { method: 'POST', headers: token });
    expect(traded.status).toBe(403);
    expect(traded.text).toContain('remote_console_refused');
    expect(traded.text).toContain(`addressed to ${TUNNEL_NAME}`);
    expect(traded.text).toContain('--allow-remote-console');
    expect(traded.text).not.toContain(sandbox.consoleSession);
    for (const path of ['/', '/_sandbox/stream', '/_sandbox/console/contract', '/_sandbox/state', '/_sandbox/exchanges']) {
      const answer = await through(base, path, { headers: token });
      expect(answer.status, path).toBe(403);
      expect(answer.text, path).toContain('remote_console_refused');
    }
    const reset = await through(base, '/_sandbox/console/reset', { method: 'POST', headers: { ...token, 'content-type': 'application/json' }, body: '{}' });
    expect(reset.status).toBe(403);
    // A partner's code calls the contract's routes through the tunnel: the token endpoint answers it.
    const issued = await through(base, '/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' }),
    });
    expect(issued.status, issued.text).toBe(200);
    expect(JSON.parse(issued.text).access_token).toEqual(expect.any(String));
  });

  it('treats a request from 127.0.0.1 as remote when a proxy kept a loopback Host but said whom it forwards for', async () => {
    const { sandbox } = await openSandbox();
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'cf-connecting-ip', 'x-forwarded-host']) {
      const answer = await requestFrom({ port: sandbox.port, from: '127.0.0.1', path: '/_sandbox/console/session', method: 'POST', headers: { host: `127.0.0.1:${sandbox.port}`, 'x-sandbox-console-token': sandbox.consoleToken, [header]: header === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9' } });
      expect(answer.status, header).toBe(403);
      expect(answer.text, header).toContain(`it carries ${header}`);
    }
    const direct = await requestFrom({ port: sandbox.port, from: '127.0.0.1', path: '/_sandbox/console/session', method: 'POST', headers: { host: `localhost:${sandbox.port}`, 'x-sandbox-console-token': sandbox.consoleToken } });
    expect(direct.status).toBe(200);
  });

  it('refuses a tunnel-named request to a sandbox without the console (certify\'s own, the MCP server\'s), with its owner\'s token', async () => {
    const sandbox = await startSandbox({ port: 0, allowedHosts: [TUNNEL_NAME] });
    inProcess.push(sandbox);
    const base = await tunnel(sandbox.port, asNgrok);
    const answer = await through(base, '/_sandbox/state', { headers: { 'x-sandbox-console-token': sandbox.controlToken } });
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('remote_console_refused');
    const local = await fetch(`${sandbox.url}/_sandbox/state`, { headers: { 'x-sandbox-console-token': sandbox.controlToken } });
    expect(local.status).toBe(200);
    await local.body?.cancel();
  });

  it('opens the console through the tunnel with the token when --allow-remote-console says so, and still not without it', async () => {
    const { sandbox } = await openSandbox({ allowedHosts: [TUNNEL_NAME], allowRemoteConsole: true });
    const base = await tunnel(sandbox.port, asNgrok);
    expect((await through(base, '/_sandbox/console/contract')).status).toBe(403);
    const traded = await through(base, '/_sandbox/console/session', { method: 'POST', headers: { 'x-sandbox-console-token': sandbox.consoleToken } });
    expect(traded.status).toBe(200);
    expect(JSON.parse(traded.text).session).toBe(sandbox.consoleSession);
  });

  it.each([false, true])('says at start-up what a tunnel name reaches (with --allow-remote-console: %s)', async (remote) => {
    const captured = captureIo({ XDG_RUNTIME_DIR: TEST_RUNTIME_DIR });
    const before = new Set(process.listeners('SIGINT'));
    const exit = main(['sandbox', '--port', '0', '--allowed-host', TUNNEL_NAME, ...(remote ? ['--allow-remote-console'] : []), '--log', join(tempDir('tunnel-log'), 'x.jsonl')], { io: captured.io });
    await expect.poll(() => captured.stdout(), { timeout: 10_000 }).toContain('listening on');
    (process.listeners('SIGINT').find((listener) => !before.has(listener)) as () => void)();
    expect(await exit).toBe(0);
    if (remote) expect(captured.stderr()).toContain(`warning: with --allow-remote-console, the console and its control routes answer requests through ${TUNNEL_NAME} too`);
    else expect(captured.stderr()).toMatch(new RegExp(`note: through ${TUNNEL_NAME.replace(/\./g, '\\.')} \\(a tunnel or a proxy\\) only the Stream API answers; the console and its control routes answer only this machine, at http://127\\.0\\.0\\.1:\\d+`));
  });
});
