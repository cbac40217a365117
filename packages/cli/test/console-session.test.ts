// The console's session against a neighbour: browsers send every cookie of 127.0.0.1 to every port
// of it, so any local server the partner's browser opens (another dev server, a hostile process on a
// port the partner visits) receives every cookie the sandbox ever set, and can send it back to the
// sandbox from its own code with a correct Host header. Whatever the sandbox sets or accepts as a
// cookie must therefore open nothing; the page proves its session with a secret only its own origin's
// JavaScript holds.
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleSandbox } from '../src/console/index.js';
import { closeSandboxes, openSandbox, sendSigned } from './support.js';

afterEach(closeSandboxes);

/** What a browser keeps of the sandbox: its cookies (name=value, as Set-Cookie gave them) and what the page's script holds. */
interface Browser {
  readonly cookies: Map<string, string>;
  readonly headers: Record<string, string>;
}

function keepCookies(browser: Browser, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const at = pair.indexOf('=');
    browser.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
}

function cookieHeader(browser: Browser): Record<string, string> {
  return browser.cookies.size === 0 ? {} : { cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
}

/**
 * Opens the banner's console URL as a browser and the console's page do: the request without the
 * fragment (following redirects by hand), then, when the fragment holds the token, the page's trade
 * of it for a session; then the page's own loads. Every Set-Cookie on the way is kept.
 */
async function openAsBrowser(sandbox: ConsoleSandbox): Promise<Browser> {
  const browser: Browser = { cookies: new Map(), headers: {} };
  const browserHeaders = { 'sec-fetch-site': 'same-origin' };
  const banner = new URL(sandbox.consoleUrl);
  let at = new URL(`${banner.pathname}${banner.search}`, banner.origin);
  for (let hops = 0; hops < 5; hops++) {
    const response = await fetch(at, { redirect: 'manual', headers: { ...browserHeaders, ...cookieHeader(browser) } });
    keepCookies(browser, response);
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (location === null) break;
    at = new URL(location, at);
  }
  const page = at.origin;
  const token = new URLSearchParams(banner.hash.slice(1)).get('token');
  if (token !== null) {
    const traded = await fetch(`${page}/_sandbox/console/session`, { method: 'POST', headers: { ...browserHeaders, origin: page, 'x-sandbox-console-token': token } });
    keepCookies(browser, traded);
    if (traded.ok) {
      const answer = (await traded.json()) as { session: string; header: string };
      browser.headers[answer.header] = answer.session;
    }
  }
  for (const load of ['/', '/_sandbox/console/contract', '/_sandbox/stream']) {
    const response = await fetch(`${page}${load}`, { headers: { ...browserHeaders, ...cookieHeader(browser), ...browser.headers } });
    keepCookies(browser, response);
    expect(response.status, `the console's own ${load} loads`).toBe(200);
    // Read whole but for the endless stream: a large answer left half read holds the server's close.
    if (load === '/_sandbox/stream') await response.body?.cancel();
    else await response.text();
  }
  return browser;
}

/** A request from another local server's own code: the browser's cookies, the sandbox's Host, no browser headers. */
async function replay(sandbox: ConsoleSandbox, browser: Browser, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 2000);
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { host: `127.0.0.1:${sandbox.port}`, ...cookieHeader(browser), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: controller.signal,
  });
  // A refusal is short; an open event stream would not end, so only its first chunk is read.
  const reader = response.body!.getReader();
  const first = await reader.read().catch(() => ({ value: undefined }));
  controller.abort();
  clearTimeout(timer);
  return { status: response.status, text: first.value === undefined ? '' : Buffer.from(first.value).toString('utf8') };
}

describe("a local server that received the browser's cookies", () => {
  it('gets no cookie at all: the console sets none on its way in', async () => {
    const { sandbox } = await openSandbox();
    const browser = await openAsBrowser(sandbox);
    expect([...browser.cookies.keys()]).toEqual([]);
    expect(Object.keys(browser.headers), 'the page holds its session in a header of its own').toEqual(['x-sandbox-console-session']);
  });

  it("cannot read the state, the exchanges or the event stream with them", async () => {
    const { sandbox } = await openSandbox();
    const sent = await sendSigned(sandbox, `/pos/${sandbox.credentials.partnerSlug}/webhook`, { type: 'order.ready_for_pickup', padding: 'a partner call the neighbour wants' });
    expect(sent.status).toBeGreaterThanOrEqual(200);
    const browser = await openAsBrowser(sandbox);
    for (const path of ['/_sandbox/state', '/_sandbox/exchanges', '/_sandbox/stream', '/_sandbox/console/exchanges/1', '/_sandbox/console/contract']) {
      const answer = await replay(sandbox, browser, 'GET', path);
      expect(answer.status, path).toBeGreaterThanOrEqual(401);
      expect(answer.status, path).toBeLessThan(404);
      expect(answer.text, path).not.toContain('a partner call the neighbour wants');
      expect(answer.text, path).not.toContain(sandbox.credentials.partnerId);
    }
    const page = await replay(sandbox, browser, 'GET', '/');
    expect(page.text).not.toContain(sandbox.consoleToken);
    expect(page.text).not.toContain(sandbox.consoleSession);
  });

  it('cannot send, replay, certify, sign, fetch a token, change or reset the state with them', async () => {
    const { sandbox } = await openSandbox();
    const browser = await openAsBrowser(sandbox);
    const before = JSON.stringify(sandbox.state());
    const attempts: [string, unknown][] = [
      ['/_sandbox/console/send', { target: 'pos:order.created', to: 'http://127.0.0.1:9/' }],
      ['/_sandbox/console/replay', { id: 1 }],
      ['/_sandbox/console/certify', { audience: 'pos', baseUrl: 'http://127.0.0.1:9' }],
      ['/_sandbox/console/sign', { body: '{}' }],
      ['/_sandbox/console/token', {}],
      ['/_sandbox/console/reset', {}],
      ['/_sandbox/outbound', { tool: 'trigger' }],
      ['/_sandbox/orders', { order_id: 'ord_neighbour' }],
      ['/_sandbox/throttle', { status: 503, count: 5 }],
      ['/_sandbox/catalogs', { location_id: 'loc_x', ids: ['a'] }],
      // Nor trade anything it holds for a session.
      ['/_sandbox/console/session', {}],
    ];
    for (const [path, body] of attempts) {
      const answer = await replay(sandbox, browser, 'POST', path, body);
      expect([401, 403], `${path} answered ${answer.status}: ${answer.text}`).toContain(answer.status);
      expect(answer.text, path).not.toContain(sandbox.consoleSession);
    }
    expect(JSON.stringify(sandbox.state())).toBe(before);
  });
});

describe("the console page's session", () => {
  it('is traded for the token from the URL fragment, opens what the console needs, and opens nothing on another sandbox', async () => {
    const { sandbox: first } = await openSandbox();
    const { sandbox: second } = await openSandbox();
    expect(first.consoleUrl).toMatch(new RegExp(`^${first.consoleOrigin}/#token=[0-9a-f]{48}$`));
    const traded = await fetch(`${first.url}/_sandbox/console/session`, { method: 'POST', headers: { 'x-sandbox-console-token': first.consoleToken } });
    expect(traded.status).toBe(200);
    expect(traded.headers.get('cache-control')).toBe('no-store');
    const { session } = (await traded.json()) as { session: string };
    expect(session).toBe(first.consoleSession);
    expect(session).not.toContain(first.consoleToken);
    const held = { 'x-sandbox-console-session': session };
    expect((await fetch(`${first.url}/_sandbox/state`, { headers: held })).status).toBe(200);
    expect((await fetch(`${first.url}/_sandbox/console/reset`, { method: 'POST', headers: { ...held, 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);
    // Not the token: the header trigger and certify send does not take it, and another sandbox refuses it.
    expect((await fetch(`${first.url}/_sandbox/state`, { headers: { 'x-sandbox-console-token': session } })).status).toBe(401);
    expect((await fetch(`${second.url}/_sandbox/state`, { headers: held })).status).toBe(401);
    // A session is no token to trade, and a wrong token trades for nothing.
    const wrong = await fetch(`${first.url}/_sandbox/console/session`, { method: 'POST', headers: { 'x-sandbox-console-token': second.consoleToken } });
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { message: string }).message).toContain('/#token=');
    expect((await fetch(`${first.url}/_sandbox/console/session`, { method: 'POST', headers: held })).status).toBe(403);
  });

  it("is traded for the banner URL's token once: the copy a browser's history keeps opens nothing after, while the token file's token still trades", async () => {
    const { sandbox } = await openSandbox();
    const linkToken = new URLSearchParams(new URL(sandbox.consoleUrl).hash.slice(1)).get('token')!;
    expect(linkToken, 'the link carries a token of its own, not the one the token file holds').not.toBe(sandbox.consoleToken);
    const trade = (token: string) => fetch(`${sandbox.consoleOrigin}/_sandbox/console/session`, { method: 'POST', headers: { 'x-sandbox-console-token': token } });
    const opened = await trade(linkToken);
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { session: string }).session).toBe(sandbox.consoleSession);
    const again = await trade(linkToken);
    expect(again.status).toBe(403);
    const refusal = (await again.json()) as { code: string; message: string };
    expect(refusal.code).toBe('console_link_used');
    expect(refusal.message).toContain('Use the console tab it opened, or paste the token from');
    expect(JSON.stringify(refusal)).not.toContain(sandbox.consoleSession);
    // The link's token is no control token, spent or not: the routes take only the token file's.
    expect((await fetch(`${sandbox.url}/_sandbox/state`, { headers: { 'x-sandbox-console-token': linkToken } })).status).toBe(401);
    for (let round = 0; round < 2; round++) expect((await trade(sandbox.consoleToken)).status, 'the token file\'s token, pasted, trades each time').toBe(200);
  });

  it('is refused to a page of another origin, and never traded from a token in the query', async () => {
    const { sandbox } = await openSandbox();
    const crossSite = await fetch(`${sandbox.url}/_sandbox/console/session`, { method: 'POST', headers: { 'x-sandbox-console-token': sandbox.consoleToken, origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' } });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).not.toContain(sandbox.consoleSession);
    const inQuery = await fetch(`${sandbox.url}/?token=${sandbox.consoleToken}`, { redirect: 'manual' });
    expect(inQuery.status).toBe(400);
    expect(inQuery.headers.getSetCookie()).toEqual([]);
    const text = await inQuery.text();
    expect(text).toContain('/#token=');
    expect(text).not.toContain(sandbox.consoleToken);
  });
});
