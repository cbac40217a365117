import { test as base, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';

/** The page a test borrows from its worker, and the console errors logged while the test had it. */
export interface BorrowedPage {
  readonly page: Page;
  readonly errors: string[];
}

interface WorkerTab {
  borrow(): Promise<Page>;
  discard(): Promise<void>;
}

/**
 * One browser context and one tab per worker, lent to each test in turn and navigated from page to
 * page. A fresh context per test parsed and compiled the site's scripts afresh for every route; a
 * kept one serves them from its HTTP cache with V8's cached code. Each test still starts clean: the
 * storage the site keeps (the colour mode among it) is cleared, the window has the project's size,
 * the previous document is gone before the console is watched, and a tab that failed a test or
 * crashed is closed, so the next test gets a new one.
 */
export const test = base.extend<{ sharedPage: BorrowedPage }, { workerTab: WorkerTab }>({
  workerTab: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport } = workerInfo.project.use;
      const context: BrowserContext = await browser.newContext({ baseURL, viewport });
      let page: Page | undefined;
      let crashed = false;
      await use({
        async borrow() {
          if (page === undefined || page.isClosed() || crashed) {
            if (page !== undefined && !page.isClosed()) await page.close();
            crashed = false;
            page = await context.newPage();
            page.on('crash', () => (crashed = true));
          }
          return page;
        },
        async discard() {
          if (page !== undefined && !page.isClosed()) await page.close();
          page = undefined;
        },
      });
      await context.close();
    },
    { scope: 'worker' },
  ],

  sharedPage: async ({ workerTab }, use, testInfo) => {
    const page = await workerTab.borrow();
    const { width, height } = testInfo.project.use.viewport ?? { width: 1280, height: 720 };
    if (page.url().startsWith('http')) {
      // What the previous test's page kept for the origin, such as the colour mode it chose.
      await page.evaluate(() => {
        window.localStorage.clear();
        window.sessionStorage.clear();
      });
    }
    // Leave the previous document before watching the console, so nothing it logs late counts here.
    await page.goto('about:blank');
    await page.setViewportSize({ width, height });
    const errors: string[] = [];
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(message.text());
    };
    const onPageError = (error: Error) => errors.push(error.message);
    page.on('console', onConsole);
    page.on('pageerror', onPageError);
    await use({ page, errors });
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    // Tabs the test opened (a result opened in a new tab) close with it, whatever its outcome.
    for (const other of page.context().pages()) if (other !== page) await other.close();
    if (testInfo.status !== testInfo.expectedStatus) await workerTab.discard();
  },
});
