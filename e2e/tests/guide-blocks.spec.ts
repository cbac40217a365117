import { expect } from '@playwright/test';
import { test } from '../support/sharedPage';
import { builtRoutes, firstLoadTapAndContrast, hasPlaceholders, waitForHydration } from '../support/site';

const POS_ORDERS = '/docs/become-a-stream-integration/integrate-with-stream-as-a-pos/integration-steps/order-management';
const guides = builtRoutes().filter((route) => route.startsWith('/docs/'));

/** Guides whose server HTML has blocks laid out only when scrolled near (short guides have none). */
const guidesWithLazyBlocks = guides.filter((route) => hasPlaceholders(route));

test('a long guide lays out its opening with the page, and the blocks after it only when scrolled near', async ({ sharedPage: { page } }) => {
  await page.goto(POS_ORDERS);
  const visibility = await page.locator('.theme-doc-markdown > *').evaluateAll((blocks) =>
    blocks.map((block) => ({ lazy: block.classList.contains('lazy-block'), shown: getComputedStyle(block).contentVisibility })),
  );
  expect(visibility.slice(0, 12).map((block) => block.shown)).toEqual(Array(12).fill('visible'));
  const later = visibility.slice(12);
  expect(later.filter((block) => block.lazy).length).toBeGreaterThan(20);
  expect(new Set(later.filter((block) => block.lazy).map((block) => block.shown))).toEqual(new Set(['auto']));
  // Headings stay laid out, so a link to one lands where it always did.
  expect(await page.locator('.theme-doc-markdown > h2').last().evaluate((h) => getComputedStyle(h).contentVisibility)).toBe('visible');
});

test('most guides have blocks that wait for the reader to scroll near, so the placeholder checks of every page have blocks to check', () => {
  expect(guidesWithLazyBlocks.length).toBeGreaterThan(guides.length / 2);
});

for (const route of ['/docs/intro', POS_ORDERS, '/docs/decisions']) {
  test(`${route} as first loaded on a phone, with most blocks not yet laid out, gives every link room to tap and all text its contrast`, async ({ sharedPage: { page } }) => {
    const { violations, measured } = await firstLoadTapAndContrast(page, route);
    expect(violations).toEqual([]);
    expect(measured, 'the check found links to measure').toBeGreaterThan(20);
  });
}

test('on a desktop, a heading the reader jumps to stays in place while the blocks above it take their real height', async ({ sharedPage: { page } }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(POS_ORDERS);
  await waitForHydration(page);
  const { moved, resized } = await page.evaluate(async () => {
    const heading = document.querySelectorAll<HTMLElement>('.theme-doc-markdown > h2')[3];
    const blocksAbove = () =>
      [...document.querySelectorAll('.theme-doc-markdown .lazy-block')]
        .filter((block) => block.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING)
        .reduce((sum, block) => sum + block.getBoundingClientRect().height, 0);
    // One jump, as the scrollbar, the End key or find-in-page make, with no address to target.
    heading.scrollIntoView({ block: 'center' });
    const top = heading.getBoundingClientRect().top;
    const before = blocksAbove();
    for (let i = 0; i < 10; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    return { moved: Math.abs(heading.getBoundingClientRect().top - top), resized: Math.abs(blocksAbove() - before) };
  });
  expect(resized, 'the blocks just above the heading took their real height').toBeGreaterThan(50);
  expect(moved).toBeLessThanOrEqual(2);
});

test('a guide loaded directly keeps its field lists as the server sent them, and they still unfold', async ({ sharedPage: { page, errors } }) => {
  await page.goto(POS_ORDERS);
  const tree = page.locator('.theme-doc-markdown .lazy-block[class*="tree_"]').first();
  const served = await tree.innerHTML();
  await waitForHydration(page);
  expect(await tree.innerHTML()).toBe(served);
  const nested = page.locator('.theme-doc-markdown .lazy-block[class*="tree_"] details').first();
  await nested.locator('summary').click();
  await expect(nested).toHaveAttribute('open', '');
  expect(errors).toEqual([]);
});

test('a guide reached by a client-side link renders its field lists and code blocks in full', async ({ sharedPage: { page, errors } }) => {
  await page.goto(POS_ORDERS);
  const served = await page.locator('.theme-doc-markdown .lazy-block[class*="tree_"]').allInnerTexts();
  await page.goto('/docs/intro');
  await waitForHydration(page);
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, POS_ORDERS);
  await expect(page.locator('h1')).toHaveText('Order management');
  const trees = page.locator('.theme-doc-markdown .lazy-block[class*="tree_"]');
  await expect(trees).toHaveCount(served.length);
  expect(await trees.allInnerTexts()).toEqual(served);
  await expect(page.locator('.theme-doc-markdown pre code').first()).not.toBeEmpty();
  expect(errors).toEqual([]);
});

test.describe('the decisions page, whose entries are each a heading with its rules', () => {
  const DECISIONS = '/docs/decisions';
  /** Whether the browser skips an element's rendering because content-visibility: auto holds it off screen. */
  const skipped = (page: import('@playwright/test').Page, selector: string) =>
    page.locator(selector).evaluate((element) => !element.checkVisibility({ contentVisibilityAuto: true }));

  test('on a phone, an entry below the screen is one block, heading included, that the browser lays out only when scrolled near', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(DECISIONS);
    const entries = page.locator('.theme-doc-markdown > section.lazy-section');
    expect(await entries.count()).toBeGreaterThan(200);
    // Every entry heading is inside one, so the table of contents' headings are all there.
    expect(await page.locator('.theme-doc-markdown > h3').count()).toBe(0);
    const last = '.theme-doc-markdown > section.lazy-section:last-of-type h3';
    expect(await skipped(page, last)).toBe(true);
    await page.locator(last).evaluate((heading) => heading.closest('section')?.scrollIntoView());
    await expect.poll(() => skipped(page, last)).toBe(false);
    await expect(page.locator(last)).toBeInViewport();
  });

  test('an address naming an entry far down the page opens at that entry, which stays put as the page hydrates', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(DECISIONS);
    const id = await page.locator('.theme-doc-markdown > section.lazy-section h3').nth(150).getAttribute('id');
    await page.goto(`${DECISIONS}#${id}`);
    await waitForHydration(page);
    const heading = page.locator(`[id="${id}"]`);
    await expect(heading).toBeInViewport();
    const top = await heading.evaluate((h) => h.getBoundingClientRect().top);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(Math.abs((await heading.evaluate((h) => h.getBoundingClientRect().top)) - top)).toBeLessThanOrEqual(2);
  });

  test('a client-side visit to an entry far down the page scrolls to it, and an in-page link to another entry does too', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(DECISIONS);
    const ids = await page.locator('.theme-doc-markdown > section.lazy-section h3').evaluateAll((headings) => headings.map((h) => h.id));
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `${DECISIONS}#${ids[180]}`);
    await expect(page.locator(`[id="${ids[180]}"]`)).toBeInViewport();
    await page.evaluate((id) => (window.location.hash = id), ids[40]);
    await expect(page.locator(`[id="${ids[40]}"]`)).toBeInViewport();
  });
});
