import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { scrollThrough } from '../../scripts/scroll-through.mjs';
import { BUILD_DIR, builtHtml, builtRoutes, setColorMode } from '../support/site';

const routes = builtRoutes();
// A string only the Mermaid library carries; it is not in any script the site should ship.
const MERMAID_RUNTIME = 'mermaidAPI';

/** Lists every script the page loads that carries the Mermaid runtime. */
function watchMermaidRuntime(page: Page): string[] {
  const shipped: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (body.includes(MERMAID_RUNTIME)) shipped.push(response.url());
  });
  return shipped;
}

/** Scrolls to the bottom a screen at a time, so everything loaded on the way is requested. */
async function scrollToEnd(page: Page) {
  await scrollThrough(page);
  await page.waitForLoadState('networkidle');
}

/** Every file of the build a browser could run as a script, with its path. */
function shippedScripts(): { file: string; text: string }[] {
  const scripts: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(m?js)$/.test(entry.name)) scripts.push({ file: path.slice(BUILD_DIR.length), text: readFileSync(path, 'utf8') });
    }
  };
  walk(BUILD_DIR);
  return scripts;
}

test('no script the site ships carries the Mermaid runtime, so no page can load it however far it is scrolled', () => {
  const scripts = shippedScripts();
  expect(scripts.length, 'the build has scripts to check').toBeGreaterThan(20);
  expect(scripts.filter((script) => script.text.includes(MERMAID_RUNTIME)).map((script) => script.file)).toEqual([]);
});

test('no page loads a script from another origin, where a Mermaid runtime could come from instead', () => {
  const foreign = routes.flatMap((route) =>
    [...builtHtml(route).matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]).filter((src) => /^(https?:)?\/\//.test(src)).map((src) => `${route}: ${src}`),
  );
  expect(foreign).toEqual([]);
});

const routesWithDiagrams = routes.filter((route) => builtHtml(route).includes('class="diagram '));

test('the guides draw their Mermaid diagrams as pre-rendered images', () => {
  expect(routesWithDiagrams.length).toBeGreaterThan(30);
});

for (const route of routesWithDiagrams.slice(0, 3)) {
  test(`${route} shows each diagram as a named, described image in light and dark mode, fitting a 360px phone, and loads no Mermaid runtime`, async ({ page }) => {
    const shipped = watchMermaidRuntime(page);
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
    expect(shipped, 'scripts carrying the Mermaid runtime').toEqual([]);
  });
}
