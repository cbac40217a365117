// The API reference links each operation to http://127.0.0.1:4010/#/explore/<api>/<operationId>. A
// link followed from the docs site is a cross-site top-level navigation, which may open the console's
// page shell (it holds no data, token or secret) on the sandbox's port and on the page's own; every
// other cross-site request, with the headers a browser sends for it, stays refused. Real HTTP, real
// sandbox; the browser half (a real link on another origin) is e2e/tests/console.spec.ts.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { closeSandboxes, openSandbox } from './support.js';

afterEach(closeSandboxes);

interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

/** A request with exactly the browser's headers: fetch would put its own Sec-Fetch-Mode (cors) in. */
function send(url: string, options: { method?: string; headers: Record<string, string>; body?: string }): Promise<Reply> {
  const { method = 'GET', headers, body } = options;
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** What Chromium sends when a user follows a link on another site into a new or the same tab. */
const LINK_FROM_DOCS = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' };

function codeOf(reply: Reply): string | undefined {
  try {
    return (JSON.parse(reply.text) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

describe("the API reference's link into the console", () => {
  it("opens the page shell from another site, by way of the sandbox's port, without any secret in the answer", async () => {
    const { sandbox } = await openSandbox();
    const moved = await send(`${sandbox.url}/`, { headers: LINK_FROM_DOCS });
    expect(moved.status, moved.text).toBe(302);
    expect(moved.headers.location, 'the browser keeps #/explore/... across this redirect').toBe(`${sandbox.consoleOrigin}/`);
    // The browser's second request in the chain is still cross-site: the docs started it.
    const page = await send(`${sandbox.consoleOrigin}/`, { headers: LINK_FROM_DOCS });
    expect(page.status, page.text).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
    const shell = page.text;
    expect(shell).toContain('<div id="root">');
    expect(shell).not.toContain(sandbox.consoleToken);
    expect(shell).not.toContain(sandbox.consoleSession);
  });

  it('refuses a page elsewhere that fetches, embeds, frames or posts to the console, even with a stolen token', async () => {
    const { sandbox } = await openSandbox();
    const page = sandbox.consoleOrigin;
    const shell = await (await fetch(`${page}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(shell)?.[1];
    expect(script).toBeDefined();
    const token = { 'x-sandbox-console-token': sandbox.consoleToken };
    const attempts: { what: string; url: string; method?: string; headers: Record<string, string>; body?: string }[] = [
      { what: "a script's fetch of the shell", url: `${page}/`, headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' } },
      { what: 'a no-cors fetch of the shell', url: `${page}/`, headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' } },
      { what: 'the shell in a frame', url: `${page}/`, headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' } },
      { what: "the sandbox port's redirect in a frame", url: `${sandbox.url}/`, headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' } },
      { what: 'the shell as a document fetched without navigating', url: `${page}/`, headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'document' } },
      { what: 'the console script as a subresource', url: `${page}${script}`, headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' } },
      { what: 'the console script navigated to', url: `${page}${script}`, headers: LINK_FROM_DOCS },
      { what: '/index.html navigated to', url: `${page}/index.html`, headers: LINK_FROM_DOCS },
      { what: 'the state navigated to', url: `${page}/_sandbox/state`, headers: { ...LINK_FROM_DOCS, ...token } },
      { what: "the contract's control route navigated to", url: `${page}/_sandbox/console/contract`, headers: { ...LINK_FROM_DOCS, ...token } },
      { what: 'a form posting the token for a session', url: `${page}/_sandbox/console/session`, method: 'POST', headers: { ...LINK_FROM_DOCS, ...token } },
      { what: 'a post of a reset', url: `${page}/_sandbox/console/reset`, method: 'POST', headers: { ...LINK_FROM_DOCS, ...token, 'content-type': 'application/json' }, body: '{}' },
      { what: 'a navigation that carries a foreign Origin, which a plain link does not', url: `${page}/`, headers: { ...LINK_FROM_DOCS, origin: 'https://partners.stream.example' } },
      { what: 'a HEAD, which no navigation is', url: `${page}/`, method: 'HEAD', headers: LINK_FROM_DOCS },
    ];
    for (const attempt of attempts) {
      const answer = await send(attempt.url, attempt);
      expect(answer.status, attempt.what).toBe(403);
      expect(answer.text, attempt.what).not.toContain(sandbox.consoleSession);
      if (attempt.method !== 'HEAD') expect(codeOf(answer), attempt.what).toMatch(/^(cross_origin_refused|origin_not_allowed)$/);
    }
  });

  it('still answers a navigation typed into the address bar or from the console itself', async () => {
    const { sandbox } = await openSandbox();
    for (const site of ['none', 'same-origin']) {
      const page = await send(`${sandbox.consoleOrigin}/`, { headers: { ...LINK_FROM_DOCS, 'sec-fetch-site': site } });
      expect(page.status, site).toBe(200);
    }
  });
});
