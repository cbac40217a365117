import { expect, type Page } from '@playwright/test';
import { test } from '../support/sharedPage';
import { axeViolations, setColorMode, waitForHydration } from '../support/site';

/** The dialog's code is fetched when search first opens; on a busy two-core CI runner that has taken over 5 s. */
const DIALOG_LOAD_MS = 15_000;
/** A result on an API reference opens a page of some 17,000 elements, which a loaded two-core runner has taken over 5 s to draw. */
const REFERENCE_LOAD_MS = 30_000;

async function openSearch(page: Page) {
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the docs' });
  await expect(dialog).toBeVisible({ timeout: DIALOG_LOAD_MS });
  return dialog;
}

async function search(page: Page, query: string) {
  const dialog = await openSearch(page);
  await dialog.getByRole('combobox', { name: 'Search guides and the API reference' }).fill(query);
  // The first query loads Pagefind and its index, which a busy two-core CI runner has taken over 5 s to do.
  await expect(dialog.getByRole('option').first()).toBeVisible({ timeout: 15_000 });
  return dialog;
}

/** The text of the section a URL hash points at: its API reference block, or its heading up to the next one. */
async function sectionText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : document.querySelector('h1');
    if (!target) return '';
    const block = target.closest('[data-ref-section]');
    if (block) return block.textContent ?? '';
    const level = /^H([1-6])$/.exec(target.tagName)?.[1] ?? '6';
    let text = target.textContent ?? '';
    for (let next = target.nextElementSibling; next; next = next.nextElementSibling) {
      const nextLevel = /^H([1-6])$/.exec(next.tagName)?.[1];
      if (nextLevel && nextLevel <= level) break;
      text += ` ${next.textContent ?? ''}`;
    }
    return text;
  });
}

test.beforeEach(async ({ sharedPage: { page } }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('a page downloads no search code or index until search is opened', async ({ sharedPage: { page } }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/docs/intro');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(requests.filter((path) => path.includes('/pagefind/'))).toEqual([]);
  const scriptsBefore = requests.filter((path) => path.endsWith('.js')).length;

  await openSearch(page);
  await expect.poll(() => requests.filter((path) => path.endsWith('/pagefind/pagefind.js'))).toHaveLength(1);
  // The dialog's own code arrives with it, as a separate script.
  const opened = requests.filter((path) => path.endsWith('.js') && !path.includes('/pagefind/'));
  expect(opened.length).toBeGreaterThan(scriptsBefore);
});

test('Ctrl+K opens search from anywhere on the page and Escape closes it, giving focus back', async ({ sharedPage: { page } }) => {
  await page.goto('/api/become-a-pos');
  await waitForHydration(page);
  const link = page.getByRole('link', { name: 'Guides', exact: true }).first();
  await link.focus();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search the docs' });
  await expect(dialog).toBeVisible({ timeout: DIALOG_LOAD_MS });
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();
});

test('closing search opened with the button gives focus back to the button', async ({ sharedPage: { page } }) => {
  await page.goto('/docs/intro');
  await waitForHydration(page);
  const dialog = await openSearch(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
});

const QUERIES = [
  // [query, what a reader expects to reach]
  ['paused_until', 'the location status field'],
  ['/onboarding/locations/bind', 'the bind operation'],
  ['order.status.updated', 'the POS order status event'],
  ['Stream-Signature', 'the signature header'],
] as const;

for (const [query, meaning] of QUERIES) {
  test(`searching for ${query} opens a section about ${meaning}`, async ({ sharedPage: { page } }) => {
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await search(page, query);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect.poll(() => sectionText(page)).toContain(query);
  });

  test(`searching the API reference for ${query} opens an operation, webhook or schema anchor about ${meaning}`, async ({ sharedPage: { page } }) => {
    await page.goto('/docs/intro');
    await waitForHydration(page);
    const dialog = await search(page, query);
    await dialog.getByRole('radio', { name: /^API reference/ }).check();
    const groups = dialog.getByRole('listbox').getByRole('group');
    await expect(groups).toHaveCount(1);
    await expect(groups.first()).toHaveAccessibleName('API reference');
    await dialog.getByRole('option').first().click();
    await expect(page).toHaveURL(/\/api\/[^#]*#(operation|webhook|schema)\//);
    const id = decodeURIComponent(new URL(page.url()).hash.slice(1));
    await expect(page.locator(`[id="${id}"]`)).toBeInViewport({ timeout: REFERENCE_LOAD_MS });
    // Every block above the anchor is laid out, so none can grow after the jump and push it off screen.
    const skipped = await page.evaluate(() => Array.from(document.querySelectorAll('#api-reference [data-ref-section]')).filter((block) => getComputedStyle(block).contentVisibility === 'auto').length);
    expect(skipped).toBe(0);
    await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
    await expect.poll(() => sectionText(page)).toContain(query);
  });
}

test('searching for the bind path lists the bind operation of the partner API reference', async ({ sharedPage: { page } }) => {
  await page.goto('/docs/intro');
  await waitForHydration(page);
  const dialog = await search(page, '/onboarding/locations/bind');
  const option = dialog.getByRole('option').filter({ hasText: 'Stream Partner API' }).first();
  await option.click();
  await expect(page).toHaveURL(/\/api\/?#operation\/bindOnboardingLocations$/);
  await expect(page.locator('[id="operation/bindOnboardingLocations"]')).toBeInViewport({ timeout: REFERENCE_LOAD_MS });
});

test('arrow keys move through the results and Enter opens the chosen one', async ({ sharedPage: { page } }) => {
  await page.goto('/docs/intro');
  await waitForHydration(page);
  const dialog = await search(page, 'order.status.updated');
  const input = dialog.getByRole('combobox');
  const options = dialog.getByRole('option');
  await expect.poll(() => options.count()).toBeGreaterThan(2);
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(2)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
  await expect(input).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? '');
  await expect(input).toBeFocused();

  const title = (await options.nth(1).locator('span').first().textContent()) ?? '';
  const href = await options.nth(1).evaluate((element) => (element as HTMLAnchorElement).href);
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(href);
  await expect.poll(() => sectionText(page)).toContain(title.trim());
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker), 'Enter navigates in the app, without a reload').toBe(true);
});

test('each result is a link to its page, so a reader can open it in a new tab or copy its address', async ({ sharedPage: { page } }) => {
  const context = page.context();
  await page.goto('/docs/intro');
  await waitForHydration(page);
  const dialog = await search(page, 'order.status.updated');
  const options = dialog.getByRole('option');
  await expect.poll(() => options.count()).toBeGreaterThan(1);
  const links = await options.evaluateAll((elements) =>
    elements.map((element) => ({ tag: element.tagName, href: element.getAttribute('href') ?? '', title: element.querySelector('span')?.textContent ?? '' })),
  );
  for (const link of links) {
    expect(link.tag, link.title).toBe('A');
    expect(link.href, link.title).toMatch(/^\/(docs|api)\//);
  }

  // The address a reader copies is a page of the site that holds the result's section.
  const chosen = links.find((link) => link.href.includes('#')) ?? links[0];
  const copied = await context.newPage();
  await copied.goto(chosen.href);
  await waitForHydration(copied);
  await expect(copied.locator('h1')).toHaveCount(1);
  const hash = decodeURIComponent(new URL(copied.url()).hash.slice(1));
  if (hash) await expect(copied.locator(`[id="${hash}"]`)).toHaveCount(1);
  await copied.close();

  // A middle click opens the result in a new tab and leaves this page and its search open.
  const [tab] = await Promise.all([context.waitForEvent('page'), options.first().click({ button: 'middle' })]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname + new URL(tab.url()).hash).toBe(links[0].href);
  await tab.close();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/docs\/intro$/);
  await expect(dialog.getByRole('combobox'), 'the keys still drive the list').toBeFocused();

  // Ctrl+Enter does the same for the result chosen with the arrow keys.
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  const [keyboardTab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Control+Enter')]);
  await keyboardTab.waitForLoadState();
  expect(new URL(keyboardTab.url()).pathname + new URL(keyboardTab.url()).hash).toBe(links[1].href);
  await expect(dialog).toBeVisible();
  await keyboardTab.close();
});

test('the audience filter narrows the results to that audience', async ({ sharedPage: { page } }) => {
  await page.goto('/docs/intro');
  await waitForHydration(page);
  const dialog = await search(page, 'order');
  const status = dialog.getByRole('status');
  await expect(status).toContainText('pages match');
  const allPages = Number(/(\d+) pages? match/.exec((await status.textContent()) ?? '')?.[1]);
  const groups = dialog.getByRole('listbox').getByRole('group');
  await expect.poll(async () => (await groups.count()) > 1).toBe(true);

  await dialog.getByRole('radio', { name: /^DSP/ }).check();
  await expect
    .poll(async () => Number(/(\d+) pages? match/.exec((await status.textContent()) ?? '')?.[1]))
    .toBeLessThan(allPages);
  // A DSP filter keeps the DSP guides and the DSP API reference, and nothing else.
  const names = await groups.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')));
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(['DSP', 'API reference']).toContain(name);
  await dialog.getByRole('option').first().click();
  await expect(page).toHaveURL(/integrate-with-stream-as-a-dsp|\/api\/become-a-dsp/);
});

test('search is usable in a 360-pixel-wide window and passes WCAG 2.2 AA in light and dark mode', async ({ sharedPage: { page } }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/docs/intro');
  await waitForHydration(page);
  const dialog = await search(page, 'paused_until');
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360).toBe(true);
  await expect(dialog.getByRole('option').first()).toBeInViewport();
  const scrollWidth = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(scrollWidth).toBe(0);
  for (const mode of ['light', 'dark'] as const) {
    await setColorMode(page, mode);
    expect(await axeViolations(page), `${mode} mode`).toEqual([]);
  }
});
