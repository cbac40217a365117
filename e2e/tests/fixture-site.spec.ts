import { expect, test } from '@playwright/test';
import { FIXTURE_BUILD_MS, FIXTURE_URL } from '../playwright.config';
import { waitForHydration } from '../support/site';

// The fixture site builds while the other tests run; its server answers once the build is done.
test.beforeAll(async () => {
  test.setTimeout(FIXTURE_BUILD_MS);
  const response = await fetch(`${FIXTURE_URL}/`, { signal: AbortSignal.timeout(FIXTURE_BUILD_MS) });
  expect(response.status, await response.text()).toBe(200);
});

test.describe('docs versions', () => {
  test('the chosen docs version is remembered in local storage across visits', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${FIXTURE_URL}/docs/next/intro`);
    await expect(page.locator('h1')).toHaveText('Current intro');
    await waitForHydration(page);
    await page.locator('.navbar__items--right .dropdown').hover();
    await page.locator('.navbar__items--right .dropdown__menu').getByRole('link', { name: '1.0' }).click();
    await expect(page.locator('h1')).toHaveText('Version 1.0 intro');
    expect(await page.evaluate(() => window.localStorage.getItem('docs-preferred-version-default'))).toBe('1.0');

    // A later visit to a non-docs page still links the navbar to the chosen version.
    await page.goto(`${FIXTURE_URL}/crash`);
    await waitForHydration(page);
    await page.locator('.navbar').getByRole('link', { name: 'Docs' }).click();
    await expect(page.locator('h1')).toHaveText('Version 1.0 intro');
  });

  test('choosing the next version replaces the remembered one', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${FIXTURE_URL}/docs/intro`);
    await waitForHydration(page);
    await page.locator('.navbar__items--right .dropdown').hover();
    await page.locator('.navbar__items--right .dropdown__menu').getByRole('link', { name: 'Next' }).click();
    await expect(page.locator('h1')).toHaveText('Current intro');
    expect(await page.evaluate(() => window.localStorage.getItem('docs-preferred-version-default'))).toBe('current');
  });
});

test.describe('error screens', () => {
  test('a crashing page shows "This page crashed." and "Try again" recovers it', async ({ page }) => {
    await page.goto(`${FIXTURE_URL}/crash`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Crash this page' }).click();
    await expect(page.getByText('This page crashed.')).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Crash fixture' })).toBeVisible();
  });

  test('a chunk that fails to load shows its error in a red box with a Retry button that recovers', async ({ page }) => {
    let fail = true;
    await page.route('**/lazy-panel*.js', (route) => (fail ? route.abort() : route.continue()));
    await page.goto(`${FIXTURE_URL}/`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Lazy page' }).click();
    // The theme's Loading error box: the error text, then the Retry button in its own div.
    const box = page.getByRole('button', { name: 'Retry' }).locator('xpath=../..');
    await expect(box).toBeVisible();
    await expect(box).toContainText(/error/i);
    const background = await box.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(250, 56, 62)');
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('#lazy-panel')).toHaveText('The lazy panel loaded.');
  });
});
