import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from '../support/site';

const GUIDE = '/docs/authenticating/implementing-hmac-webhook-authentication';

/** The tab groups that share the language choice: those whose tabs include Python. */
const languageGroups = (page: Page) => page.locator('.tabs-container').filter({ has: page.getByRole('tab', { name: 'Python', exact: true }) });

/**
 * Lets the page use the clipboard, and empties it: a worker's tests share one browser, and so one
 * clipboard, so what an earlier test copied must not count as this test's copy.
 */
async function useEmptyClipboard(page: Page) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => navigator.clipboard.writeText(''));
}

async function expectPythonEverywhere(page: Page) {
  const groups = languageGroups(page);
  const count = await groups.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i += 1) {
    const group = groups.nth(i);
    await expect(group.getByRole('tab', { selected: true })).toHaveText('Python');
    // Exactly one panel of each group is shown, and it is the one of the selected tab.
    await expect(group.locator('[role=tabpanel]:not([hidden])')).toHaveCount(1);
    const shown = await group.evaluate((el) => {
      const tabs = [...el.querySelectorAll('[role=tab]')];
      const panels = [...el.querySelectorAll('[role=tabpanel]')];
      return { tab: tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true'), panel: panels.findIndex((p) => !p.hasAttribute('hidden')) };
    });
    expect(shown.panel).toBe(shown.tab);
  }
}

test('choosing a language in one tab group switches every language group on the page, and the choice survives a reload', async ({ page }) => {
  await page.goto(GUIDE);
  await waitForHydration(page);
  await languageGroups(page).first().getByRole('tab', { name: 'Python', exact: true }).click();
  await expectPythonEverywhere(page);

  await page.reload();
  await waitForHydration(page);
  await expectPythonEverywhere(page);
});

test('a code block in a tab is highlighted on load, and its copy button, shown when the pointer reaches it, copies its code', async ({ page }) => {
  await page.goto(GUIDE);
  await waitForHydration(page);
  await useEmptyClipboard(page);
  const group = languageGroups(page).first();
  const python = group.getByRole('tab', { name: 'Python', exact: true });
  await python.click();
  // The copy button is looked up in the panel shown: wait until that is the Python one, or it
  // would be the shell panel's button that gets pressed.
  await expect(python).toHaveAttribute('aria-selected', 'true');
  const panel = group.locator('[role=tabpanel]:not([hidden])');
  await expect(panel).toContainText('def is_valid_stream_signature(');
  await expect(panel.locator('.token').first()).toBeVisible();
  await panel.locator('pre').hover();
  await panel.getByRole('button', { name: /copy code/i }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('def is_valid_stream_signature(');
});

test('a code block shows each line of its code on a line of its own, the same lines its copy button copies', async ({ page }) => {
  await page.goto(GUIDE);
  await waitForHydration(page);
  await useEmptyClipboard(page);
  const block = languageGroups(page).first().locator('[role=tabpanel]:not([hidden]) pre');
  // As the server wrote it: no pointer has reached the block, so the highlighter has not redrawn it.
  const shown = await block.evaluate((el) => (el as HTMLElement).innerText);
  const lines = shown.trimEnd().split('\n');
  expect(lines.length).toBeGreaterThan(3);
  const { height, lineHeight } = await block.locator('code').evaluate((el) => ({
    height: el.getBoundingClientRect().height - parseFloat(getComputedStyle(el).paddingTop) - parseFloat(getComputedStyle(el).paddingBottom),
    lineHeight: parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(Math.round(height / lineHeight)).toBe(lines.length);

  await block.hover();
  await block.locator('..').getByRole('button', { name: /copy code/i }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(lines.join('\n'));
});

test('a guide with tab groups downloads no syntax highlighter until the reader reaches a code block', async ({ page }) => {
  // The highlighter's chunk is the only script that carries the theme's `prism-code` class name.
  const highlighterRequests: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    if ((await response.text().catch(() => '')).includes('prism-code')) highlighterRequests.push(response.url());
  });
  await page.goto(GUIDE, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  await page.waitForTimeout(500);
  expect(highlighterRequests).toEqual([]);

  await languageGroups(page).first().locator('[role=tabpanel]:not([hidden]) pre').hover();
  await expect.poll(() => highlighterRequests.length).toBe(1);
});
