// The console's page lives on a port of its own, chosen afresh each run. The sandbox's port is the same
// every run, so whatever answered it while it was free (another local user's server, between two
// runs) could have left a service worker or long-cached scripts in the browser under that origin,
// and those would run inside the next console and read the token in its URL. The browser half of
// this (a real service worker, a real cache) is e2e/tests/console.spec.ts; here, what the sandbox does.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { closeSandboxes, openSandbox } from './support.js';

afterEach(closeSandboxes);

function portOf(origin: string): number {
  return Number(new URL(origin).port);
}

/** A GET with exactly this Host, as any client can send (fetch sends its own). */
function getWithHost(origin: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: portOf(origin), path: '/', headers: { ...headers, host } }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Whether another listener can take `port` on `host` (false when the sandbox holds it). */
function canListen(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, host, () => server.close(() => done(true)));
  });
}

describe("the console's page", () => {
  it("is printed on a port of its own, not the sandbox's, and a new one each run on the same sandbox port", async () => {
    const { sandbox: first } = await openSandbox();
    const port = first.port;
    const firstPage = first.consoleOrigin;
    // The link's own token, not the token file's: it opens the console once (console-session.test.ts).
    expect(first.consoleUrl).toMatch(new RegExp(`^${firstPage}/#token=[0-9a-f]{48}$`));
    expect(portOf(firstPage)).not.toBe(port);
    await closeSandboxes();
    const { sandbox: second } = await openSandbox({ port });
    expect(second.port).toBe(port);
    expect(portOf(second.consoleOrigin)).not.toBe(port);
    expect(second.consoleOrigin, 'nothing a page of the last run left in the browser applies to this one').not.toBe(firstPage);
  });

  it("is reached from the sandbox's own address by a redirect that carries no secret, and served only on its port", async () => {
    const { sandbox } = await openSandbox();
    for (const path of ['/', '/index.html']) {
      const moved = await fetch(`${sandbox.url}${path}`, { redirect: 'manual', headers: { 'sec-fetch-site': 'none' } });
      expect(moved.status, path).toBe(302);
      expect(moved.headers.get('location'), path).toBe(`${sandbox.consoleOrigin}/`);
      const text = await moved.text();
      expect(text).not.toContain(sandbox.consoleToken);
      expect(text).not.toContain(sandbox.consoleSession);
      expect(text).not.toContain('<script');
    }
    // Under localhost too, the redirect names the address the sandbox holds.
    const named = await getWithHost(sandbox.url, `localhost:${sandbox.port}`);
    expect(named.status).toBe(302);
    expect(named.headers.location).toBe(`${sandbox.consoleOrigin}/`);
    const page = await fetch(`${sandbox.consoleOrigin}/`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await page.text()).toContain('<div id="root">');
  });

  it('takes the same Host, Origin and token checks on its port as the sandbox does on its own', async () => {
    const { sandbox } = await openSandbox();
    const rebound = await getWithHost(sandbox.consoleOrigin, `attacker.example:${portOf(sandbox.consoleOrigin)}`);
    expect(rebound.status).toBe(403);
    expect((JSON.parse(rebound.text) as { code: string }).code).toBe('host_not_allowed');
    const ownPort = await getWithHost(sandbox.consoleOrigin, `127.0.0.1:${portOf(sandbox.consoleOrigin)}`);
    expect(ownPort.status).toBe(200);
    const state = await fetch(`${sandbox.consoleOrigin}/_sandbox/state`);
    expect(state.status).toBe(401);
    await state.text();
    const reset = await fetch(`${sandbox.consoleOrigin}/_sandbox/console/reset`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://attacker.example', 'x-sandbox-console-session': sandbox.consoleSession }, body: '{}' });
    expect(reset.status).toBe(403);
    await reset.text();
    // The page's own calls, same origin, with its session.
    const traded = await fetch(`${sandbox.consoleOrigin}/_sandbox/console/session`, { method: 'POST', headers: { origin: sandbox.consoleOrigin, 'sec-fetch-site': 'same-origin', 'x-sandbox-console-token': sandbox.consoleToken } });
    expect(traded.status).toBe(200);
    const { session } = (await traded.json()) as { session: string };
    const own = await fetch(`${sandbox.consoleOrigin}/_sandbox/console/contract`, { headers: { 'sec-fetch-site': 'same-origin', 'x-sandbox-console-session': session } });
    expect(own.status).toBe(200);
    await own.text();
  });

  it('is bound to 127.0.0.1 under --host localhost, so a browser sent to [::1] first never meets another listener', async () => {
    const { sandbox } = await openSandbox({ host: 'localhost' });
    expect(new URL(sandbox.consoleOrigin).hostname).toBe('127.0.0.1');
    expect(await canListen('127.0.0.1', portOf(sandbox.consoleOrigin)), 'the sandbox holds the address its console URL names').toBe(false);
  });

  it("answers a browser's check of a service worker it never served with one that removes itself and clears the origin", async () => {
    const { sandbox } = await openSandbox();
    for (const path of ['/sw.js', '/worker.js', '/']) {
      const check = await fetch(`${sandbox.url}${path}`, { headers: { 'service-worker': 'script' }, redirect: 'manual' });
      expect(check.status, path).toBe(200);
      expect(check.headers.get('content-type'), path).toBe('text/javascript; charset=utf-8');
      expect(check.headers.get('clear-site-data'), path).toBe('"cache", "storage"');
      expect(await check.text(), path).toContain('self.registration.unregister()');
    }
    const rebound = await getWithHost(sandbox.url, `attacker.example:${sandbox.port}`, { 'service-worker': 'script' });
    expect(rebound.status, 'the Host check still comes first').toBe(403);
  });

  // An address of this machine other machines could reach, to listen on beside the page's port.
  const outward = Object.values(networkInterfaces()).flat().find((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4')?.address;
  it.skipIf(outward === undefined)('listens on loopback alone when the sandbox listens on every address, unless other machines may use the console', async () => {
    const { sandbox } = await openSandbox({ host: '0.0.0.0' });
    expect(new URL(sandbox.consoleOrigin).hostname).toBe('127.0.0.1');
    expect(await canListen(outward!, portOf(sandbox.consoleOrigin)), `${outward} does not reach the page: anyone may listen there`).toBe(true);
    const { sandbox: shared } = await openSandbox({ host: '0.0.0.0', allowRemoteConsole: true });
    expect(await canListen(outward!, portOf(shared.consoleOrigin)), 'with --allow-remote-console, every address reaches it').toBe(false);
  });

  it('is served where it was asked for when it is reached by a tunnel\'s name, which carries only the sandbox\'s port (--allow-remote-console)', async () => {
    const { sandbox } = await openSandbox({ allowRemoteConsole: true, allowedHosts: ['tunnel.example'] });
    const tunnelled = await getWithHost(sandbox.url, 'tunnel.example');
    expect(tunnelled.status).toBe(200);
    expect(tunnelled.text).toContain('<div id="root">');
    const local = await getWithHost(sandbox.url, `127.0.0.1:${sandbox.port}`);
    expect(local.status).toBe(302);
  });

  it('stops listening on its port when the sandbox stops', async () => {
    const { sandbox } = await openSandbox();
    const page = portOf(sandbox.consoleOrigin);
    await closeSandboxes();
    expect(await canListen('127.0.0.1', page)).toBe(true);
  });
});
