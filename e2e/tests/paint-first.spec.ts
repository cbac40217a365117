import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from '../support/site';

const GUIDE = '/docs/authenticating/implementing-hmac-webhook-authentication';

/** When the page first painted text, when the site's scripts were started, and when main.js was requested. */
const timings = (page: Page) =>
  page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance.getEntriesByName('stream:scripts-start')[0]?.startTime,
    mainRequested: performance.getEntriesByType('resource').find((entry) => /\/assets\/js\/main\.[0-9a-f]+\.js$/.test(entry.name))?.startTime,
  }));

for (const route of ['/', GUIDE, '/api/become-a-pos']) {
  test(`${route} shows its text before the site's scripts run, downloads them from the start, and then becomes interactive`, async ({ page }) => {
    await page.goto(route);
    await waitForHydration(page);
    const { paint, scripts, mainRequested } = await timings(page);
    expect(paint).toBeGreaterThan(0);
    expect(scripts).toBeGreaterThanOrEqual(paint!);
    // The preload starts the download while the page is still being parsed, long before the scripts run.
    expect(mainRequested).toBeLessThan(scripts!);
  });
}

for (const route of ['/', GUIDE, '/api/become-a-pos']) {
  test(`${route} names its route's own scripts in its HTML, so they download from the start and it needs no other script to become interactive`, async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
    });
    await page.goto(route);
    await waitForHydration(page);
    const named = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="preload"][as="script"]')].map((link) => new URL((link as HTMLLinkElement).href).pathname),
    );
    // The webpack runtime and main.js, plus the route's own chunks (two or more on each of these pages).
    expect(named.length).toBeGreaterThan(3);
    expect(named.filter((script) => !requested.includes(script))).toEqual([]);
    expect(requested.filter((script) => !named.includes(script))).toEqual([]);
  });
}

test('the built pages load their scripts through the paint-first loader, not as deferred scripts', async ({ request }) => {
  const html = await (await request.get(GUIDE)).text();
  expect(html).not.toMatch(/<script[^>]+src=[^>]+defer/);
  expect(html).toMatch(/<link rel="?preload"? as="?script"? fetchpriority="?low"? href="?\/assets\/js\/main\.[0-9a-f]+\.js/);
});

/** Makes the page's PerformanceObserver deliver nothing, as if the browser never reported a paint. */
const silencePaintReports = () => {
  PerformanceObserver.prototype.observe = function observe() {};
};

const loadEnd = (page: Page) => page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);

test('a page opened in a background tab, which never paints, starts its scripts before it has loaded and hydrates', async ({ page }) => {
  await page.addInitScript(silencePaintReports);
  await page.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  });
  await page.goto(GUIDE);
  await waitForHydration(page);
  const { scripts } = await timings(page);
  expect(scripts).toBeLessThan(await loadEnd(page));
  const python = page.getByRole('tab', { name: 'Python', exact: true }).first();
  await python.click();
  await expect(python).toHaveAttribute('aria-selected', 'true');
});

test('a browser that cannot report paints starts the scripts after the first frame and hydrates', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { configurable: true, get: () => ['resource'] });
  });
  await page.goto(GUIDE);
  await waitForHydration(page);
  const { scripts } = await timings(page);
  expect(scripts).toBeGreaterThan(0);
});

test('a browser that never reports the first paint still starts the scripts three seconds after the page has loaded', async ({ page }) => {
  await page.addInitScript(silencePaintReports);
  await page.goto(GUIDE);
  await waitForHydration(page);
  const { scripts } = await timings(page);
  expect(scripts).toBeGreaterThanOrEqual((await loadEnd(page)) + 2900);
});

for (const route of ['/', GUIDE, '/api/become-a-pos']) {
  test(`${route} hydrates in place: no top-level element of the page is taken out and put back, so the browser does not lay out the whole page again`, async ({ page }) => {
    await page.addInitScript(() => {
      const moved: string[] = [];
      (window as unknown as { moved: string[] }).moved = moved;
      // Watching starts once the app's HTML is parsed, so only what the scripts do is seen.
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('__docusaurus')!;
        new MutationObserver((records) => {
          for (const record of records) for (const node of record.removedNodes) if (node.nodeType === Node.ELEMENT_NODE) moved.push((node as Element).outerHTML.slice(0, 80));
        }).observe(root, { childList: true });
      });
    });
    await page.goto(route);
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as { moved: string[] }).moved)).toEqual([]);
    // The navbar logo's preload, which React's server renderer writes before the app, waits in the head.
    expect(await page.locator('head link[rel="preload"][as="image"]').count()).toBeGreaterThan(0);
    expect(await page.locator('#__docusaurus > link').count()).toBe(0);
  });
}
