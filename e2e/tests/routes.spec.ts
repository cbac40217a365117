import { expect } from '@playwright/test';
import { test } from '../support/sharedPage';
import { axeViolationsInBothModes, builtHtml, builtRoutes, hasPlaceholders, loadEveryImage, PLACEHOLDER_SELECTOR, PLACEHOLDER_WIDTHS, placeholderOverflows, watchConsole } from '../support/site';

const routes = builtRoutes();

test('the production build contains the home page, the docs and the markdown page', () => {
  expect(routes).toEqual(expect.arrayContaining(['/', '/docs', '/docs/intro', '/markdown-page']));
});

test('the route check fetches every lazily loaded diagram of a guide, and names one that fails to load', async ({ page }) => {
  const diagramsOf = (candidate: string) => (builtHtml(candidate).match(/-light\.svg/g) ?? []).length;
  const route = [...routes].sort((a, b) => diagramsOf(b) - diagramsOf(a))[0];
  expect(diagramsOf(route), 'diagrams on the guide with most').toBeGreaterThan(1);
  const errors = watchConsole(page);
  const requested: string[] = [];
  // One diagram goes missing; the rest must still be fetched although they are far off screen.
  await page.route('**/diagrams/*-light.svg', (diagram) => {
    requested.push(diagram.request().url());
    return requested.length === 1 ? diagram.fulfill({ status: 404, body: '' }) : diagram.continue();
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(route);
  const broken = await loadEveryImage(page);
  expect(requested).toHaveLength(diagramsOf(route));
  expect(broken).toEqual([requested[0]]);
  expect(errors.join('\n')).toContain('404');
});

for (const route of routes) {
  const placeholders = hasPlaceholders(route);
  const keeps = placeholders ? ', keeps each off-screen part in a placeholder at least as tall as the part from a small phone to a desktop,' : '';
  // Every route is loaded afresh, in its worker's one tab: see sharedPage for what is kept and what is reset.
  test(`${route} renders one h1, is marked noindex, logs no console error${keeps} and passes WCAG 2.2 AA in light and dark mode`, async ({
    sharedPage: { page, errors },
  }) => {
    // The API reference pages hold tens of thousands of elements; axe needs longer on them. Guides
    // with many diagrams take axe most of a minute on a two-core machine, so they get two.
    test.setTimeout(route.startsWith('/api') ? 240_000 : 120_000);
    await page.goto(route);
    if (placeholders) {
      // Checked on this one load, resized: a placeholder's height and its part's come from the
      // stylesheet's rules for the width, which the browser applies again on every resize.
      await page.locator(PLACEHOLDER_SELECTOR).first().waitFor({ state: 'attached' });
      for (const width of PLACEHOLDER_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const { checked, overflows } = await placeholderOverflows(page);
        expect(checked, `parts with a placeholder at ${width}px`).toBeGreaterThan(0);
        expect(overflows, `at ${width}px`).toEqual([]);
      }
    }
    // Every lazily loaded diagram is fetched too, so a missing one is caught as a console error,
    // at a window's size: axe finds colours from its own map of the page, not from what is on screen.
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(await loadEveryImage(page), 'images that failed to load').toEqual([]);
    await expect(page.locator('[aria-label^="Diagram source"]')).toHaveCount(0);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).not.toHaveText(/^\s*$/);
    await expect(page.locator('h1')).not.toHaveText('Page Not Found');
    const robots = await page.locator('meta[name="robots"]').getAttribute('content');
    expect(robots).toContain('noindex');
    expect(errors).toEqual([]);
    const violations = await axeViolationsInBothModes(page);
    expect(violations.light, 'light mode').toEqual([]);
    expect(violations.dark, 'dark mode').toEqual([]);
  });
}
