import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test } from '../support/sharedPage';
import { BUILD_DIR, waitForHydration } from '../support/site';

test.describe('navigation', () => {
  // A page of its own: the wheel scrolls whatever is under the pointer, and a borrowed tab leaves the
  // pointer wherever the previous test moved it (over the sidebar, say).
  test('following a link scrolls the new page to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.locator('footer').getByRole('link', { name: 'Integrating as a POS' }).click();
    await expect(page).toHaveURL(/as-a-pos\/overview$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('following a link with a hash scrolls to that heading on the new page', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'How authentication works' }).click();
    await expect(page).toHaveURL(/\/docs\/intro#authentication$/);
    await expect(page.locator('#authentication')).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  });

  test('opening a URL with a hash scrolls to that heading', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/docs/intro#references');
    await waitForHydration(page);
    await expect(page.locator('#references')).toBeInViewport();
  });

  test('a table-of-contents link scrolls to its heading without reloading', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 1400, height: 700 });
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.locator('.table-of-contents').getByRole('link', { name: 'Where the references are' }).click();
    await expect(page).toHaveURL(/#references$/);
    await expect(page.locator('#references')).toBeInViewport();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });

  // A guide's text keeps its server HTML on a first load (theme/DocItem/Content, lib/staticBlocks),
  // so its links are plain <a> elements: the page still changes without a reload.
  for (const { route, name, next } of [
    { route: '/docs/decisions', name: 'DSP', next: /integrate-with-stream-as-a-dsp\/changelog$/ },
    { route: '/docs/intro', name: 'Create an API client', next: /authenticating\/create-an-api-client$/ },
  ]) {
    test(`a link in the text of ${route} opens the next page without reloading`, async ({ sharedPage: { page } }) => {
      await page.goto(route);
      await waitForHydration(page);
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
      await page.locator('.theme-doc-markdown').getByRole('link', { name, exact: true }).first().click();
      await expect(page).toHaveURL(next);
      await expect(page.locator('.theme-doc-markdown h1')).toBeVisible();
      expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
      // Content rendered on the client is complete, as after any client-side navigation.
      await expect.poll(() => page.locator('.theme-doc-markdown p').count()).toBeGreaterThan(0);
    });
  }

  // A plain-HTML guide's script carries no JSX (plugins/static-content-chunk): a client-side visit
  // renders the page's HTML, fetched while the route loads.
  const DECISIONS = '/docs/decisions';
  const serverText = () => {
    const html = readFileSync(join(BUILD_DIR, 'docs/decisions/index.html'), 'utf8');
    return { headings: html.match(/<h[23] /g)?.length ?? 0, hasSandbox: html.includes('id=sandbox') };
  };
  const clientSideVisit = async (page: Page, url: string) => {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  };

  test('a client-side visit to the decisions page shows all its text and scrolls to the heading its link names', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    await clientSideVisit(page, `${DECISIONS}#sandbox`);
    await expect(page.locator('.theme-doc-markdown h1')).toHaveText('Contract decisions');
    const expected = serverText();
    expect(expected.hasSandbox).toBe(true);
    await expect(page.locator('.theme-doc-markdown').locator('h2, h3')).toHaveCount(expected.headings);
    await expect(page.locator('#sandbox')).toBeInViewport();
    expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    // Its links still change the page without a reload.
    await page.locator('.theme-doc-markdown').getByRole('link', { name: 'DSP', exact: true }).first().click();
    await expect(page).toHaveURL(/integrate-with-stream-as-a-dsp\/changelog$/);
    expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  });

  test('going back to the decisions page after following one of its links shows its text again without a request', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto(DECISIONS);
    await waitForHydration(page);
    const pageRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith(DECISIONS)) pageRequests.push(request.url());
    });
    await page.locator('.theme-doc-markdown').getByRole('link', { name: 'DSP', exact: true }).first().click();
    await expect(page).toHaveURL(/integrate-with-stream-as-a-dsp\/changelog$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${DECISIONS}$`));
    await expect(page.locator('.theme-doc-markdown').locator('h2, h3')).toHaveCount(serverText().headings);
    expect(pageRequests).toEqual([]);
  });

  test("when the decisions page's text cannot be fetched on a client-side visit, the page says so and offers a reload", async ({ page }) => {
    await page.route(`**${DECISIONS}`, (route) => (route.request().resourceType() === 'fetch' ? route.fulfill({ status: 503, body: 'busy' }) : route.continue()));
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await clientSideVisit(page, DECISIONS);
    const alert = page.locator('.theme-doc-markdown[role="alert"]');
    await expect(alert).toContainText(`This page's text could not be loaded: the server answered HTTP 503 for ${DECISIONS}`);
    await expect(alert.getByRole('link', { name: 'Reload the page' })).toHaveAttribute('href', DECISIONS);
  });

  test('an unknown path shows the not-found page with a 404 status', async ({ sharedPage: { page } }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.locator('h1')).toHaveText('Page Not Found');
  });

  test('a client-side link to an unknown path shows the not-found page', async ({ sharedPage: { page } }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => window.history.pushState({}, '', '/missing-page'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await expect(page.locator('h1')).toHaveText('Page Not Found');
  });

  // The tests below intercept requests or change the page before its scripts run, so each gets a page of its own.
  test('when the next page fails to load, the site warns and reloads the page', async ({ page }) => {
    let failChunks = false;
    await page.route('**/assets/js/**', (route) => (failChunks ? route.abort() : route.continue()));
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/markdown-page');
    await waitForHydration(page);
    failChunks = true;
    const reloaded = page.waitForEvent('load');
    await page.locator('.navbar').getByRole('link', { name: 'Guides' }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/docs\/intro$/);
    expect(warnings.join('\n')).toMatch(/chunk|load/i);
    // The reloaded page is the server-rendered intro, readable even without its scripts.
    await expect(page.locator('h1')).toHaveText('Introduction');
  });
});

test.describe('prefetching', () => {
  async function chunkRequestsWhileHovering(page: Page, connection?: { effectiveType: string; saveData: boolean }) {
    if (connection) {
      await page.addInitScript((value) => {
        Object.defineProperty(Navigator.prototype, 'connection', { get: () => value, configurable: true });
      }, connection);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/markdown-page');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/js/')) requested.push(r.url());
    });
    await page.locator('.navbar').getByRole('link', { name: 'Guides' }).hover();
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.waitForTimeout(1000);
    const prefetchLinks = await page.locator('link[rel="prefetch"]').count();
    return { requested, prefetchLinks };
  }

  test('on a normal connection, links prefetch the routes they point to', async ({ page }) => {
    const { requested, prefetchLinks } = await chunkRequestsWhileHovering(page);
    expect(requested.length + prefetchLinks).toBeGreaterThan(0);
  });

  test('on a slow-2g connection nothing is prefetched', async ({ page }) => {
    const { requested, prefetchLinks } = await chunkRequestsWhileHovering(page, { effectiveType: 'slow-2g', saveData: false });
    expect(requested).toEqual([]);
    expect(prefetchLinks).toBe(0);
  });

  test('with data saving on nothing is prefetched', async ({ page }) => {
    const { requested, prefetchLinks } = await chunkRequestsWhileHovering(page, { effectiveType: '4g', saveData: true });
    expect(requested).toEqual([]);
    expect(prefetchLinks).toBe(0);
  });
});

test('a wrong base URL shows the banner saying the site did not load properly', async ({ page, baseURL }) => {
  // Serve the build under /mirror/ while its pages still point at /: what a host with the
  // wrong baseUrl produces. Everything outside /mirror/ is missing, as it would be there.
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== baseURL && `${url.origin}/` !== baseURL) return route.continue();
    if (url.pathname === '/mirror/') {
      return route.fulfill({ contentType: 'text/html', body: readFileSync(join(BUILD_DIR, 'index.html')) });
    }
    return route.fulfill({ status: 404, body: 'Not found' });
  });
  await page.goto('/mirror/');
  await expect(page.getByText('Your Docusaurus site did not load properly.')).toBeVisible();
  await expect(page.locator('#__docusaurus-base-url-issue-banner-suggestion-container')).toHaveText('/mirror/');
});

test('a guide opened on a phone hydrates without building a string collator, and its menu still lists the guides', async ({ page }) => {
  // The first localeCompare on a page builds an ICU collator, a long task on a phone; the theme's
  // mobile sidebar used to make that call while hydrating (see site/plugins/theme-patches).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    const original = String.prototype.localeCompare;
    (window as unknown as { collatorCalls: number }).collatorCalls = 0;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof original>) {
      (window as unknown as { collatorCalls: number }).collatorCalls += 1;
      return original.apply(this, args);
    };
  });
  await page.goto('/docs/intro');
  await waitForHydration(page);
  await page.getByRole('button', { name: /toggle navigation bar/i }).click();
  await expect(page.locator('.navbar-sidebar').getByRole('link', { name: 'HMAC webhook authentication', exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { collatorCalls: number }).collatorCalls)).toBe(0);
});

test('a guide opened on a phone builds its menu only when the reader reaches for the button, and the menu opens by keyboard too', async ({ page }) => {
  // The hidden menu used to render once the page was idle, a long task in the seconds a phone
  // settles (site/src/theme/Navbar/MobileSidebar).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/docs/intro');
  await waitForHydration(page);
  await page.waitForTimeout(1500);
  await expect(page.locator('.navbar-sidebar')).toHaveCount(0);
  await page.getByRole('button', { name: /toggle navigation bar/i }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.navbar-sidebar').getByRole('link', { name: 'HMAC webhook authentication', exact: true })).toBeVisible();
  await page.locator('.navbar-sidebar').getByRole('link', { name: 'HMAC webhook authentication', exact: true }).click();
  await expect(page).toHaveURL(/implementing-hmac-webhook-authentication$/);
  await expect(page.locator('.navbar-sidebar')).toBeHidden();
});

test('a guide first opened on a phone and then widened shows a working sidebar that marks the page now open, and a table of contents that follows the reader', async ({ page }) => {
  // On a phone the hidden desktop sidebar and table of contents keep their server HTML
  // (site/src/components/DesktopOnly); they render once the window is desktop-wide, for the page
  // the reader has since moved to.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/docs/intro');
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  await page.locator('.theme-doc-markdown').getByRole('link', { name: 'Create an API client', exact: true }).first().click();
  await expect(page).toHaveURL(/authenticating\/create-an-api-client$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  const sidebar = page.locator('aside.theme-doc-sidebar-container');
  await expect(sidebar).toBeVisible();
  await expect(sidebar.locator('[aria-current="page"]')).toHaveText('Create an API client');
  const category = sidebar.locator('.theme-doc-sidebar-menu > .theme-doc-sidebar-item-category').first();
  await category.locator('.menu__list-item-collapsible').first().locator('a, button').first().click();
  await expect(category).toHaveClass(/menu__list-item--collapsed/);
  // The table of contents beside the text, kept as server HTML on the phone too, tracks the heading in view.
  const toc = page.locator('.theme-doc-toc-desktop');
  const lastHeading = toc.locator('.table-of-contents__link').last();
  await expect(lastHeading).toBeVisible();
  await lastHeading.click();
  await expect(toc.locator('.table-of-contents__link--active')).toHaveText((await lastHeading.textContent()) ?? '');
  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
});
