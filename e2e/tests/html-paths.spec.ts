import { expect, type Page } from '@playwright/test';
import { test } from '../support/sharedPage';
import { BUILD_DIR, waitForHydration } from '../support/site';
import { startPlainHost } from '../support/plainHost';

/**
 * Seed §1: paths ending in .html or /index.html are normalised to the plain path. On every page
 * type, each form must show the plain path's page once, hydrated without errors, with the plain
 * path in the address bar: on `npm start`'s server and on a host that knows nothing of Docusaurus.
 */
const PAGES = [
  { type: 'home page', plain: '/', forms: ['/index.html'], h1: 'Stream Partner Docs' },
  { type: 'guide', plain: '/docs/intro', forms: ['/docs/intro.html', '/docs/intro/index.html'], h1: 'Introduction' },
  {
    type: 'API reference',
    plain: '/api/become-a-pos',
    forms: ['/api/become-a-pos.html', '/api/become-a-pos/index.html'],
    h1: 'Stream POS API',
  },
  { type: 'API reference at a route with a slash', plain: '/api/', forms: ['/api.html', '/api/index.html'], h1: 'Stream Partner API' },
  { type: 'Markdown page', plain: '/markdown-page', forms: ['/markdown-page.html', '/markdown-page/index.html'], h1: 'Support and contact' },
] as const;

async function expectPlainPageOnce(page: Page, errors: string[], origin: string, form: string, plain: string, h1: string) {
  const response = await page.goto(`${origin}${form}?from=test#top`);
  expect(response?.status(), 'the host answers with the page').toBe(200);
  await waitForHydration(page);
  const url = new URL(page.url());
  expect(url.pathname, 'the address bar shows the plain path').toBe(plain);
  expect(url.search + url.hash, 'the query and hash survive').toBe('?from=test#top');
  await expect(page.locator('nav.navbar')).toHaveCount(1);
  await expect(page.locator('main')).toHaveCount(1);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('h1')).toHaveText(h1);
  // A second render would show up late, after hydration, so look again once the page is idle.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).toHaveCount(1);
  expect(errors).toEqual([]);
}

test.describe('on the npm start server', () => {
  for (const { type, plain, forms, h1 } of PAGES) {
    for (const form of forms) {
      test(`${form} shows the ${type} at ${plain} once, with the plain path in the address bar`, async ({ sharedPage: { page, errors }, baseURL }) => {
        await expectPlainPageOnce(page, errors, baseURL ?? '', form, plain, h1);
      });
    }
  }

  test('the guide opened at its .html path still moves to other guides in the app', async ({ sharedPage: { page } }) => {
    await page.goto('/docs/intro.html');
    await waitForHydration(page);
    await expect(page.locator('.menu__link--active')).toHaveText('Introduction');
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.locator('footer').getByRole('link', { name: 'Integrating as a POS' }).click();
    await expect(page).toHaveURL(/as-a-pos\/overview$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker), 'no full reload').toBe(true);
  });
});

test.describe('on a plain static host', () => {
  let host: Awaited<ReturnType<typeof startPlainHost>>;
  test.beforeAll(async () => {
    host = await startPlainHost(BUILD_DIR);
  });
  test.afterAll(async () => {
    await host.close();
  });

  for (const { type, plain, forms, h1 } of PAGES) {
    for (const form of forms) {
      test(`${form} shows the ${type} at ${plain} once, with the plain path in the address bar`, async ({ sharedPage: { page, errors } }) => {
        await expectPlainPageOnce(page, errors, host.url, form, plain, h1);
      });
    }
  }

  test('a .html path readable without JavaScript still shows the page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${host.url}/api/become-a-pos.html`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText('Stream POS API');
    await expect(page.locator('main')).toHaveCount(1);
    await context.close();
  });
});
