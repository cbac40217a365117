import { expect, type Page } from '@playwright/test';
import { test } from '../support/sharedPage';
import { firstLoadTapAndContrast, setColorMode, waitForHydration } from '../support/site';

const DSP = '/api/become-a-dsp';

const byId = (page: Page, id: string) => page.locator(`[id="${id}"]`);

test.describe('the API reference', () => {
  test.setTimeout(120_000);

  test('a deep link to an operation opens the page scrolled to that operation', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${DSP}#operation/exchangeToken`);
    await waitForHydration(page);
    await expect(byId(page, 'operation/exchangeToken')).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  });

  test('deep links to a webhook and a schema land on them', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${DSP}#webhook/location.paused`);
    await expect(byId(page, 'webhook/location.paused')).toBeInViewport();
    await page.goto(`${DSP}#schema/Holiday`);
    await expect(byId(page, 'schema/Holiday')).toBeInViewport();
  });

  for (const width of [412, 1280]) {
    test(`at ${width}px, following a link to a schema far down the page lands on it, and it stays there while the sections before it are laid out`, async ({ sharedPage: { page } }) => {
      await page.setViewportSize({ width, height: 720 });
      await page.goto(DSP);
      await waitForHydration(page);
      const tops = await page.evaluate(async () => {
        const schema = document.getElementById('schema/Error')!;
        window.location.hash = '#schema/Error';
        const seen: number[] = [];
        for (let i = 0; i < 12; i += 1) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          seen.push(Math.round(schema.getBoundingClientRect().top));
        }
        return seen;
      });
      // Just below the fixed navbar, and in the same place on every frame after the jump.
      expect(new Set(tops), `its top on each frame: ${tops.join(', ')}`).toEqual(new Set([tops[0]]));
      expect(tops[0]).toBeGreaterThan(0);
      expect(tops[0]).toBeLessThan(200);
    });
  }

  test('the left navigation marks the operation in view', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${DSP}#operation/listLocations`);
    await waitForHydration(page);
    await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
    const nav = page.getByRole('navigation', { name: /contents/i });
    await expect(nav.locator('a[aria-current="location"]')).toHaveAttribute('href', '#operation/listLocations');
  });

  test('choosing Python in one code sample switches every sample on the page, and the choice is kept', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${DSP}#operation/exchangeToken`);
    await waitForHydration(page);
    await page.locator('label[for="operation/exchangeToken/samples-python"]').click();
    await expect(byId(page, 'operation/listLocations/samples-python')).toBeChecked();
    await page.reload();
    await waitForHydration(page);
    await expect(byId(page, 'operation/listLocations/samples-python')).toBeChecked();
  });

  test('the page is complete and its schemas fold open with JavaScript turned off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(DSP);
    await expect(page.locator('h1')).toHaveText('Stream DSP API');
    await expect(byId(page, 'operation/sendOrderEvent')).toBeAttached();
    await expect(byId(page, 'webhook/location.update')).toBeAttached();
    const all = page.locator('main details');
    let index = 0;
    while ((await all.nth(index).getAttribute('open')) !== null || !(await all.nth(index).isVisible())) index += 1;
    const folded = all.nth(index);
    await folded.locator('summary').first().click();
    await expect(folded).toHaveAttribute('open');
    await context.close();
  });

  test('it fits a 360px screen without sideways scrolling', async ({ sharedPage: { page } }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(DSP);
    await waitForHydration(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.locator('h1')).toBeVisible();
  });

  test('dark mode recolours the page and its code samples', async ({ sharedPage: { page } }) => {
    await page.goto(`${DSP}#operation/exchangeToken`);
    await waitForHydration(page);
    const samples = page.locator('[data-ref-section="operation/exchangeToken"] pre').first();
    const lightBackground = await samples.evaluate((el) => getComputedStyle(el).backgroundColor);
    await setColorMode(page, 'dark');
    const darkBody = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(darkBody).not.toBe('rgb(255, 255, 255)');
    expect(await samples.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(lightBackground);
  });

  test('code samples are coloured like the same kind of code in a guide, in light and dark mode', async ({ browser }) => {
    const colours = async (route: string, scope: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(route);
      await waitForHydration(page);
      const colourOf = (selector: string) => page.locator(`${scope} pre ${selector}`).first().evaluate((el) => getComputedStyle(el).color);
      const read = async () => ({ string: await colourOf('.token.string'), property: await colourOf('.token.property'), text: await colourOf('code') });
      const light = await read();
      await page.getByRole('button', { name: /dark mode|light mode|system mode|color mode/i }).first().click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect.poll(async () => (await read()).string).not.toBe(light.string);
      const dark = await read();
      await context.close();
      return { light, dark };
    };
    const reference = await colours(`${DSP}#operation/sendOrderEvent`, '[data-ref-section="operation/sendOrderEvent"]');
    const guide = await colours('/docs/catalog-standard/category', 'article');
    expect(reference).toEqual(guide);
  });

  test('reaching the reference from a guide by a client-side link shows the whole reference', async ({ sharedPage: { page, errors } }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/docs/intro');
    await waitForHydration(page);
    const fragments: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api-reference/')) fragments.push(new URL(request.url()).pathname);
    });
    await page.locator('article').getByRole('link', { name: 'DSP API' }).first().click();
    await expect(page).toHaveURL(new RegExp(`${DSP}$`));
    // A megabyte of reference arrives after the click; how fast is measured by npm run bench, not here.
    await expect(page.locator('h1')).toHaveText('Stream DSP API', { timeout: 30_000 });
    await expect(byId(page, 'operation/exchangeToken')).toBeAttached();
    expect(fragments).toEqual(['/api-reference/dsp.html']);
    expect(errors).toEqual([]);
  });

  test('each reference offers its bundled OpenAPI file for download', async ({ sharedPage: { page }, request }) => {
    for (const [route, api] of [
      ['/api/', 'partner'],
      [DSP, 'dsp'],
      ['/api/become-a-pos', 'pos'],
      ['/api/integrate-with-events', 'events'],
    ]) {
      await page.goto(route);
      for (const format of ['yaml', 'json']) {
        const link = page.locator(`a[href$="/openapi/${api}.${format}"]`);
        await expect(link).toHaveText(format.toUpperCase());
        const response = await request.get((await link.getAttribute('href'))!);
        expect(response.status()).toBe(200);
        expect(await response.text()).toMatch(/openapi["']?:\s*["']?3\.1/);
      }
    }
  });
  for (const route of ['/api/', DSP, '/api/become-a-pos', '/api/integrate-with-events']) {
    test(`${route} as first loaded on a phone, with most sections not yet rendered, gives every link room to tap and all text its contrast`, async ({ sharedPage: { page } }) => {
      // axe measures every link and text node of a whole reference; a loaded two-core runner needed over 2 minutes.
      test.setTimeout(420_000);
      // Off-screen sections skip layout (content-visibility: auto) while the page loads.
      const { violations, measured } = await firstLoadTapAndContrast(page, route);
      expect(violations).toEqual([]);
      expect(measured, 'the check found links to measure').toBeGreaterThan(20);
    });
  }
});
