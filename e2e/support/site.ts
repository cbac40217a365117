import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConsoleMessage, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * axe-core's minified build, which every audited page compiles afresh: `axe.source` is the
 * unminified one, twice the size, and cost twice the CPU to load into each page.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The production build under test; E2E_BUILD_DIR points elsewhere, e.g. at a copy. */
export const BUILD_DIR = process.env.E2E_BUILD_DIR
  ? resolve(process.env.E2E_BUILD_DIR)
  : join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'site', 'build');

// Folders of the build that hold files, not pages.
const NON_PAGE_DIRS = new Set(['assets', 'img', 'openapi', 'markdown', 'downloads', 'pagefind', '__server']);

/** Every page route of the production build, read from the HTML files it contains. */
export function builtRoutes(): string[] {
  try {
    statSync(join(BUILD_DIR, 'index.html'));
  } catch {
    throw new Error(`No production build in ${BUILD_DIR}. Run npm run build first.`);
  }
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (dir === BUILD_DIR && NON_PAGE_DIRS.has(entry.name)) continue;
        walk(path);
      } else if (entry.name === 'index.html') {
        const route = `/${relative(BUILD_DIR, dir).split(sep).join('/')}`;
        routes.push(route === '/' ? '/' : route.replace(/\/$/, ''));
      }
    }
  };
  walk(BUILD_DIR);
  return routes.sort();
}

export function builtHtml(route: string): string {
  return readFileSync(join(BUILD_DIR, route, 'index.html'), 'utf8');
}

/**
 * What waits off screen in a placeholder (content-visibility: auto with an intrinsic height): a
 * guide's blocks, and the API reference's operations, webhooks and schemas.
 */
export const PLACEHOLDER_SELECTOR =
  '.theme-doc-markdown .lazy-block, [data-ref-section^="schema/"], [data-ref-section^="operation/"], [data-ref-section^="webhook/"]';

/** Whether a page keeps parts in placeholders: guides say so in their server HTML, API references always do. */
export function hasPlaceholders(route: string): boolean {
  return route === '/api' || route.startsWith('/api/') || builtHtml(route).includes('lazy-block');
}

/**
 * How many placeholders the page has at the current width, and each whose content would spill out
 * of it, with both heights. Everything is laid out at once and measured in one layout: a block's
 * height follows the column's width, not the blocks around it, and one layout per block took
 * seconds on a long guide.
 */
export function placeholderOverflows(page: Page): Promise<{ checked: number; overflows: string[] }> {
  return page.evaluate((selector) => {
    const parts = [...document.querySelectorAll<HTMLElement>(selector)];
    const placeholders = parts.map((part) => parseFloat(getComputedStyle(part).containIntrinsicHeight.replace('auto', '')));
    for (const part of parts) part.style.contentVisibility = 'visible';
    const heights = parts.map((part) => part.getBoundingClientRect().height);
    for (const part of parts) part.style.contentVisibility = '';
    const overflows = parts.flatMap((part, index) => {
      if (heights[index] <= placeholders[index]) return [];
      const name = part.dataset.refSection ?? `${part.tagName} "${(part.textContent ?? '').slice(0, 60)}"`;
      return [`${name}: ${Math.round(heights[index])}px in ${placeholders[index]}px`];
    });
    return { checked: parts.length, overflows };
  }, PLACEHOLDER_SELECTOR);
}

/** The widths the placeholders are checked at: a small phone, a large one, a desktop. */
export const PLACEHOLDER_WIDTHS = [320, 412, 1280] as const;

/**
 * Loads every image of the page now, lazy ones (the guides' diagrams) included, waits until each
 * has loaded or failed, and names those that failed (a failed one also logs a console error).
 * Asking each image to load eagerly costs a fraction of what a viewport as tall as the page did:
 * that one also decoded and painted every diagram in software, three CPU-seconds a guide, and no
 * check reads pixels.
 */
export async function loadEveryImage(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    for (const image of document.images) image.loading = 'eager';
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { polling: 100 });
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => [...document.images].filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.src));
}

/** Collects console errors and uncaught page errors for the life of a page. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What to check: the rules (by tag or by id), and optionally a selector that narrows the page. */
interface AxeScope {
  readonly tags?: readonly string[];
  readonly rules?: readonly string[];
  readonly disableRules?: readonly string[];
  readonly include?: string;
  /** Also count the elements that passed (slower: axe then describes each one). */
  readonly countPassed?: boolean;
}

/** The violations axe found, and, when asked for, how many elements passed the rules checked. */
export interface AxeOutcome {
  readonly violations: AxeResults['violations'];
  readonly passed?: number;
}

/**
 * Runs axe-core inside the page itself. `@axe-core/playwright` runs each frame separately and
 * finishes in a second page, serialising every checked node on the way, which took three to four
 * times as long as the audit on a guide; the site has no frames, so one `axe.run` in the page
 * gives the same verdict. Only the violations leave the page.
 */
export async function runAxe(page: Page, scope: AxeScope): Promise<AxeOutcome> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: scope.rules ? { type: 'rule', values: [...scope.rules] } : { type: 'tag', values: [...(scope.tags ?? WCAG_TAGS)] },
    resultTypes: scope.countPassed ? ['violations', 'passes'] : ['violations'],
    iframes: false,
  };
  if (scope.disableRules) options.rules = Object.fromEntries(scope.disableRules.map((id) => [id, { enabled: false }]));
  return page.evaluate(
    async ({ include, options, countPassed }) => {
      const context = include === undefined ? document : { include: [include] };
      const results = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(context, options);
      return { violations: results.violations, passed: countPassed ? results.passes.reduce((sum, rule) => sum + rule.nodes.length, 0) : undefined };
    },
    { include: scope.include, options, countPassed: scope.countPassed === true },
  );
}

export async function axeViolations(page: Page): Promise<string[]> {
  await renderEverything(page);
  const results = await runAxe(page, { tags: WCAG_TAGS });
  return describeViolations(results.violations);
}

/** The WCAG rules whose verdict depends on colours, the only thing a colour mode changes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const SHOWN_BY_MODE = 'data-e2e-shown-by-mode';

/**
 * WCAG 2.2 AA violations of a page in both colour modes, with one full axe pass. A colour mode
 * changes colours and which themed variant (an image, a diagram) is displayed, nothing else: so
 * light mode gets every rule, and dark mode the colour rules over the whole page plus every rule
 * over what dark mode displays that light mode hid. On a long page this halves axe's time.
 */
export async function axeViolationsInBothModes(page: Page): Promise<{ light: string[]; dark: string[] }> {
  await setColorMode(page, 'light');
  const light = await axeViolations(page);
  await page.evaluate(() => {
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) element.setAttribute('data-e2e-hidden-in-light', '');
    }
  });
  await setColorMode(page, 'dark');
  await settle(page);
  const shown = await page.evaluate((marker) => {
    let count = 0;
    for (const element of document.body.querySelectorAll('[data-e2e-hidden-in-light]')) {
      if (element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) {
        element.setAttribute(marker, '');
        count += 1;
      }
    }
    return count;
  }, SHOWN_BY_MODE);
  const colours = await runAxe(page, { rules: COLOUR_RULES });
  const violations = [...colours.violations];
  if (shown > 0) {
    const rest = await runAxe(page, { include: `[${SHOWN_BY_MODE}]`, tags: WCAG_TAGS, disableRules: COLOUR_RULES });
    violations.push(...rest.violations);
  }
  return { light, dark: describeViolations(violations) };
}

async function renderEverything(page: Page) {
  // Off-screen API reference sections skip rendering (content-visibility: auto) until scrolled
  // to; axe reads colours by hit-testing, so everything is rendered first and checked as a
  // reader would see it once there.
  await page.evaluate(() => {
    if (!document.getElementById('e2e-render-everything')) {
      const style = document.createElement('style');
      style.id = 'e2e-render-everything';
      style.textContent = '* { content-visibility: visible !important; }';
      document.head.append(style);
    }
  });
  await settle(page);
}

export function describeViolations(violations: AxeResults['violations']): string[] {
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`,
  );
}

export async function setColorMode(page: Page, mode: 'light' | 'dark') {
  await page.evaluate((value) => {
    // Colour transitions would let axe sample a colour halfway between the two themes.
    if (!document.getElementById('e2e-no-transitions')) {
      const style = document.createElement('style');
      style.id = 'e2e-no-transitions';
      style.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(style);
    }
    window.localStorage.setItem('theme', value);
    document.documentElement.setAttribute('data-theme', value);
  }, mode);
  await settle(page);
}

/**
 * Lets the page draw two frames, so a check that follows sees what a reader would. Headless
 * Chromium can stop drawing a page, and a wait on requestAnimationFrame alone then never returns,
 * so after 250 ms the wait ends anyway. Nothing checked afterwards needs a frame to have been
 * drawn: styles, layout and hit-testing are brought up to date when they are read.
 */
export async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(resolve, 250);
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
}

/**
 * Waits until React has hydrated the page. The server renders `data-has-hydrated="false"`, so only
 * the value says whether the page is interactive yet.
 */
export const waitForHydration = (page: Page) =>
  // Polled on a timer rather than on animation frames, for the reason given at `settle`.
  page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true', undefined, { polling: 100 });

/**
 * Tap-target and contrast problems of a page as first loaded on a phone, as Lighthouse checks it:
 * unlike axeViolations, nothing lays out the blocks still skipped off screen first. `measured`
 * counts what the check passed, so a test can tell it found links to measure.
 */
export async function firstLoadTapAndContrast(page: Page, route: string): Promise<{ violations: string[]; measured: number }> {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(route);
  await waitForHydration(page);
  const results = await runAxe(page, { rules: ['target-size', 'color-contrast'], countPassed: true });
  return {
    violations: results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`)),
    measured: results.passed ?? 0,
  };
}
