// The sandbox's own port (4010) is the same every run, and the API reference's links land there. A
// server another local user ran there while it was free may have left a service worker in the
// browser under that origin; one set to update through the HTTP cache goes unchecked for a day, so
// the sandbox never hears of it and it keeps answering that address (with a page asking for the
// console URL). The console's page, which the user opens first, clears that origin as it loads.
// The browser half (a real worker removed) is e2e/tests/console.spec.ts; here, what the sandbox serves.
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { main } from '../src/cli.js';
import { captureIo, closeSandboxes, openSandbox, tempDir, TEST_RUNTIME_DIR } from './support.js';

afterEach(closeSandboxes);

const CLEAR = '/_sandbox/console/clear-origin';

/** A GET with exactly this Host and headers, as any client can send (fetch sets its own Host). */
function get(origin: string, path: string, headers: Record<string, string>): Promise<{ status: number; clear: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: Number(new URL(origin).port), path, headers }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, clear: response.headers['clear-site-data'] as string | undefined, text }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe("the console's page and the sandbox's own origin", () => {
  it("loads, each time it opens, an image from the sandbox's address whose answer clears that origin's cache and storage in the browser", async () => {
    const { sandbox } = await openSandbox();
    const own = `http://127.0.0.1:${sandbox.port}`;
    const page = await fetch(`${sandbox.consoleOrigin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<img src="${own}${CLEAR}" alt="" hidden`);
    // Images from that origin and nothing else: scripts, fetches and frames stay the page's own.
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`img-src 'self' data: ${own};`);
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("script-src 'self';");
    // The image's request, as the browser sends it from the page's port (same site, another origin).
    const cleared = await get(sandbox.url, CLEAR, { host: `127.0.0.1:${sandbox.port}`, 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' });
    expect(cleared.status).toBe(204);
    expect(cleared.clear).toBe('"cache", "storage"');
  });

  it("never clears the console's own origin, nor a remote console reached by a tunnel's name on the sandbox's port", async () => {
    const { sandbox } = await openSandbox({ allowRemoteConsole: true, allowedHosts: ['tunnel.example'] });
    const pagePort = new URL(sandbox.consoleOrigin).port;
    const onPage = await get(sandbox.consoleOrigin, CLEAR, { host: `127.0.0.1:${pagePort}` });
    expect(onPage.status).toBe(404);
    expect(onPage.clear, 'the page keeps its session in its own origin').toBeUndefined();
    const tunnelled = await get(sandbox.url, CLEAR, { host: 'tunnel.example' });
    expect(tunnelled.status).toBe(404);
    expect(tunnelled.clear, 'a remote console lives at the sandbox port under the tunnel name').toBeUndefined();
    const remotePage = await get(sandbox.url, '/', { host: 'tunnel.example' });
    expect(remotePage.status).toBe(200);
    expect(remotePage.text).not.toContain(CLEAR);
    // The page's own port reached by another machine's name: that browser's 127.0.0.1 is its own machine.
    const named = await get(sandbox.consoleOrigin, '/', { host: `tunnel.example:${pagePort}` });
    expect(named.status).toBe(200);
    expect(named.text).toContain('<div id="root">');
    expect(named.text).not.toContain(CLEAR);
  });
});

describe("the sandbox's own address visited before the console", () => {
  it("answers a browser's visit to / on the sandbox's port with the redirect to the console and the same Clear-Site-Data as the page's image", async () => {
    const { sandbox } = await openSandbox();
    const visit = await get(sandbox.url, '/', { host: `127.0.0.1:${sandbox.port}`, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'cross-site' });
    expect(visit.status).toBe(302);
    expect(visit.clear).toBe('"cache", "storage"');
    const onPage = await get(sandbox.consoleOrigin, '/', { host: new URL(sandbox.consoleOrigin).host });
    expect(onPage.clear, 'the page keeps its session in its own origin').toBeUndefined();
  });

  it('is named in the banner: open the console first, before a docs link to the sandbox', async () => {
    const captured = captureIo({ XDG_RUNTIME_DIR: TEST_RUNTIME_DIR });
    const before = new Set(process.listeners('SIGINT'));
    const exit = main(['sandbox', '--port', '0', '--log', join(tempDir('banner'), 'log.jsonl')], { io: captured.io });
    await expect.poll(() => captured.stdout(), { timeout: 10_000 }).toContain('listening on');
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(captured.stdout())?.[1] ?? '';
    expect(captured.stdout()).toContain(`open it first, before a docs link to ${url}: it clears what an earlier server at this port left in your browser`);
    const stop = process.listeners('SIGINT').find((listener) => !before.has(listener));
    (stop as () => void)();
    expect(await exit).toBe(0);
  });
});
