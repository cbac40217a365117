/**
 * Scrolls a page from the top to the bottom a screen at a time, pausing after each screen so
 * whatever loads on sight is requested. The steps are driven and timed from Node rather than by a
 * timer loop inside the page, which would stall for as long as headless Chromium stopped running
 * the page's timers. Used by the benchmark and the browser tests.
 *
 * @param {import('playwright-core').Page} page
 * @param {{ pauseMs?: number; maxScreens?: number }} [options]
 */
export async function scrollThrough(page, { pauseMs = 50, maxScreens = 400 } = {}) {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let screens = 0; ; screens += 1) {
    const moved = await page.evaluate(() => {
      const y = window.scrollY;
      window.scrollBy(0, window.innerHeight);
      return window.scrollY !== y;
    });
    if (!moved) return;
    if (screens >= maxScreens) throw new Error(`${page.url()} kept growing: it did not end within ${maxScreens} screens.`);
    await page.waitForTimeout(pauseMs);
  }
}
