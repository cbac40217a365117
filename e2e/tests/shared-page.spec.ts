import { expect, type Page } from '@playwright/test';
import { test } from '../support/sharedPage';
import { setColorMode, waitForHydration } from '../support/site';

// The route checks share one tab per worker; these two run in order in one worker to prove the
// second test gets the same tab back with nothing of the first one's state.
test.describe.configure({ mode: 'serial' });

let firstTab: Page | undefined;

test('a test may leave the shared tab in dark mode, resized, after logging a console error', async ({ sharedPage: { page, errors } }) => {
  firstTab = page;
  await page.goto('/docs/intro');
  await waitForHydration(page);
  await setColorMode(page, 'dark');
  await page.setViewportSize({ width: 360, height: 640 });
  await page.evaluate(() => {
    console.error('logged by the first test');
    // Would be logged after this test ended, while the next one watches the console.
    setTimeout(() => console.error('logged late by the first test'), 300);
  });
  await expect.poll(() => errors).toEqual(['logged by the first test']);
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
});

test('the next test gets the same tab, in light mode, at the default size, with none of the first test’s console errors', async ({
  sharedPage: { page, errors },
}) => {
  expect(firstTab, 'the first test ran in this worker').toBeDefined();
  expect(page === firstTab, 'the same tab').toBe(true);
  await page.goto('/docs/intro');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
  await page.waitForTimeout(400);
  expect(errors).toEqual([]);
});
