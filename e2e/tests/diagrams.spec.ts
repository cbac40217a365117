import { expect, test, type Page } from '@playwright/test';
import { scrollThrough } from '../../scripts/scroll-through.mjs';
import { builtHtml, builtRoutes, setColorMode } from '../support/site';

const routes = builtRoutes();
// A string only the Mermaid library carries; it is not in any script the site should ship.
const MERMAID_RUNTIME = 'mermaidAPI';

/** Scrolls to the bottom a screen at a time, so everything loaded on the way is requested. */
async function scrollToEnd(page: Page) {
  await scrollThrough(page);
  await page.waitForLoadState('networkidle');
}

for (const route of routes) {
  test(`${route} requests no Mermaid runtime, even after scrolling to the bottom`, async ({ page }) => {
    test.setTimeout(route.startsWith('/api') ? 120_000 : 60_000);
    const shipped: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.text().catch(() => '');
      if (body.includes(MERMAID_RUNTIME)) shipped.push(response.url());
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    await scrollToEnd(page);
    expect(shipped).toEqual([]);
  });
}

const routesWithDiagrams = routes.filter((route) => builtHtml(route).includes('class="diagram '));

test('the guides draw their Mermaid diagrams as pre-rendered images', () => {
  expect(routesWithDiagrams.length).toBeGreaterThan(30);
});

for (const route of routesWithDiagrams.slice(0, 3)) {
  test(`${route} shows each diagram as a named, described image in light and dark mode, fitting a 360px phone`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(route);
    const frames = page.locator('figure.diagram [role="img"]');
    const count = await frames.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) {
      const frame = frames.nth(i);
      await expect(frame).toHaveAttribute('aria-label', /\S/);
      const described = await frame.getAttribute('aria-describedby');
      await expect(page.locator(`[id="${described}"]`)).toHaveText(/\S{3,}/);
    }
    for (const mode of ['light', 'dark'] as const) {
      await setColorMode(page, mode);
      await scrollToEnd(page);
      const shown = page.locator(`figure.diagram img.diagram__image--${mode}`);
      await expect(shown.first()).toBeVisible();
      await expect(page.locator(`figure.diagram img.diagram__image--${mode === 'light' ? 'dark' : 'light'}`).first()).toBeHidden();
      const loaded = await shown.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0));
      expect(loaded.every(Boolean), `${mode} mode images loaded`).toBe(true);
    }
    // Wide diagrams scroll inside their frame; the page itself never scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
