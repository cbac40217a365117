import { expect, test } from '@playwright/test';
import { axeViolationsInBothModes, builtRoutes, hasPlaceholders, PLACEHOLDER_SELECTOR, PLACEHOLDER_WIDTHS, placeholderOverflows, watchConsole } from '../support/site';

const routes = builtRoutes();

test('the production build contains the home page, the docs and the markdown page', () => {
  expect(routes).toEqual(expect.arrayContaining(['/', '/docs', '/docs/intro', '/markdown-page']));
});

for (const route of routes) {
  const placeholders = hasPlaceholders(route);
  const keeps = placeholders ? ', keeps each off-screen part in a placeholder at least as tall as the part from a small phone to a desktop,' : '';
  test(`${route} renders one h1, is marked noindex, logs no console error${keeps} and passes WCAG 2.2 AA in light and dark mode`, async ({
    page,
  }) => {
    // The API reference pages hold tens of thousands of elements; axe needs longer on them. Guides
    // with many diagrams take axe most of a minute on a two-core machine, so they get two.
    test.setTimeout(route.startsWith('/api') ? 240_000 : 120_000);
    const errors = watchConsole(page);
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
    // A viewport as tall as the page brings every lazily rendered diagram into view, so their
    // errors and their accessibility are checked too.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: 1280, height: Math.min(Math.max(height, 720), 30_000) });
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[aria-label^="Diagram source"]')).toHaveCount(0);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).not.toHaveText(/^\s*$/);
    await expect(page.locator('h1')).not.toHaveText('Page Not Found');
    const robots = await page.locator('meta[name="robots"]').getAttribute('content');
    expect(robots).toContain('noindex');
    expect(errors).toEqual([]);
    // Back to a window's height before axe: the images are loaded by now and stay, and axe finds
    // colours from its own map of the page, not from what is on screen. Every repaint of a
    // 30,000-pixel viewport (each colour mode switch, each frame axe waits for) tripled axe's time.
    await page.setViewportSize({ width: 1280, height: 720 });
    const violations = await axeViolationsInBothModes(page);
    expect(violations.light, 'light mode').toEqual([]);
    expect(violations.dark, 'dark mode').toEqual([]);
  });
}
