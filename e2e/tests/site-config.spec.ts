import { expect } from '@playwright/test';
import { test } from '../support/sharedPage';
import { builtHtml, builtRoutes, waitForHydration } from '../support/site';

test.describe('site configuration', () => {
  test('the title names the Stream partner documentation', async ({ sharedPage: { page } }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Stream Partner Docs/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  // A page of its own: the emulated system preference would stay with a borrowed tab.
  test('colour mode starts light even when the system prefers dark', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('the colour switch turns dark mode on and the choice survives a reload', async ({ sharedPage: { page } }) => {
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.getByRole('button', { name: /dark mode|light mode|system mode|color mode/i }).first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('the docs sidebar is 300px wide and has no button to hide it', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/docs/intro');
    const sidebar = page.locator('aside.theme-doc-sidebar-container');
    await expect(sidebar).toBeVisible();
    const box = await sidebar.boundingBox();
    expect(Math.round(box!.width)).toBe(300);
    await expect(page.getByRole('button', { name: /collapse sidebar/i })).toHaveCount(0);
  });

  test('opening a sidebar category leaves the other categories as they were', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/docs/intro');
    await waitForHydration(page);
    const categories = page.locator('.theme-doc-sidebar-menu > .theme-doc-sidebar-item-category');
    expect(await categories.count()).toBeGreaterThanOrEqual(2);
    const [first, second] = [categories.nth(0), categories.nth(1)];
    const toggle = (category: typeof first) => category.locator('.menu__list-item-collapsible').first().locator('a, button').first();
    await expect(first).not.toHaveClass(/menu__list-item--collapsed/);
    await toggle(first).click();
    await toggle(second).click();
    await expect(first).toHaveClass(/menu__list-item--collapsed/);
    await expect(second).toHaveClass(/menu__list-item--collapsed/);
    await toggle(first).click();
    await toggle(second).click();
    await expect(first).not.toHaveClass(/menu__list-item--collapsed/);
    await expect(second).not.toHaveClass(/menu__list-item--collapsed/);
  });

  test('the table of contents lists h2 and h3 headings and nothing deeper', async ({ sharedPage: { page } }) => {
    // Prefer a page that has h4 headings, so the test also proves they are left out.
    const docRoutes = builtRoutes().filter((r) => r.startsWith('/docs/'));
    const withH3 = docRoutes.filter((r) => /<h3[^>]*id=/.test(builtHtml(r)));
    const route = withH3.find((r) => /<h4[^>]*id=/.test(builtHtml(r))) ?? withH3[0];
    expect(route, 'some guide page has h3 headings').toBeTruthy();
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(route!);
    const headingIds = await page
      .locator('article h2[id], article h3[id]')
      .evaluateAll((els) => els.map((el) => `#${el.id}`));
    const tocLinks = await page.locator('.table-of-contents a').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(tocLinks).toEqual(headingIds);
    const h4Ids = await page.locator('article h4[id]').evaluateAll((els) => els.map((el) => `#${el.id}`));
    for (const id of h4Ids) expect(tocLinks).not.toContain(id);
  });

  test('below 996px the navbar collapses into a menu button', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 995, height: 800 });
    await page.goto('/docs/intro');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: /toggle navigation bar/i });
    await expect(toggle).toBeVisible();
    await toggle.click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    await expect(page.locator('.navbar-sidebar').getByRole('link', { name: 'Guides' }).first()).toBeVisible();

    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto('/docs/intro');
    await expect(page.getByRole('button', { name: /toggle navigation bar/i })).toBeHidden();
    await expect(page.locator('.navbar').getByRole('link', { name: 'Guides' })).toBeVisible();
  });

  test('the navbar Guides link opens the intro', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.locator('.navbar').getByRole('link', { name: 'Guides' }).click();
    await expect(page).toHaveURL(/\/docs\/intro$/);
    await expect(page.locator('h1')).toHaveText('Introduction');
  });

  test('the footer has the Docs and More columns and a fixed 2025 copyright', async ({ sharedPage: { page } }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.locator('.footer__title')).toHaveText(['Docs', 'More']);
    await expect(footer.getByRole('link', { name: 'Guides' })).toHaveAttribute('href', '/docs/intro');
    await expect(footer.getByRole('link', { name: 'Integrating as a POS' })).toHaveAttribute(
      'href',
      '/docs/become-a-stream-integration/integrate-with-stream-as-a-pos/overview',
    );
    await expect(footer.getByRole('link', { name: 'Integrating as a DSP' })).toHaveAttribute(
      'href',
      '/docs/become-a-stream-integration/integrate-with-stream-as-a-dsp/overview',
    );
    await expect(footer.getByRole('link', { name: /Website/ })).toHaveAttribute('href', 'https://stream.example');
    await expect(footer.locator('.footer__copyright')).toHaveText('Copyright © 2025 Stream.');
  });

  test('/docs shows the intro page', async ({ sharedPage: { page } }) => {
    await page.goto('/docs');
    await expect(page).toHaveURL(/\/docs\/intro$/);
    await expect(page.locator('h1')).toHaveText('Introduction');
    await expect(page.locator('aside.theme-doc-sidebar-container').getByRole('link', { name: 'Introduction' })).toBeVisible();
  });

  test('the home page has a card for each audience', async ({ sharedPage: { page } }) => {
    await page.goto('/');
    for (const audience of ['POS vendors', 'DSP vendors', 'Event providers', 'White-label partners']) {
      await expect(page.getByRole('heading', { name: audience, level: 3 })).toBeVisible();
    }
  });
});
