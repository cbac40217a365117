import { expect, test } from '@playwright/test';

const PAGES = [
  { route: '/api/', spec: 'partner' },
  { route: '/api/become-a-dsp', spec: 'dsp' },
  { route: '/api/become-a-pos', spec: 'pos' },
  { route: '/api/integrate-with-events', spec: 'events' },
];

// The Postman and Bruno collections the build generates from the contracts are linked from each
// API reference page and from the sandbox guide, and served as files a partner can import.
test.describe('the API collections on the site', () => {
  for (const { route, spec } of PAGES) {
    test(`${route} links its Postman collection, the local environment and the Bruno collection, and each downloads`, async ({ page, request }) => {
      await page.goto(route);
      const postman = page.locator(`a[href$="/downloads/stream-${spec}-api.postman_collection.json"]`);
      await expect(postman).toHaveText('Postman collection');
      const collection = (await (await request.get((await postman.getAttribute('href'))!)).json()) as { info: { schema: string }; item: { item: unknown[] }[] };
      expect(collection.info.schema).toContain('/v2.1.0/');
      expect(collection.item.flatMap((folder) => folder.item).length).toBeGreaterThan(0);

      const environment = page.locator('a[href$="/downloads/local-sandbox.postman_environment.json"]');
      const env = (await (await request.get((await environment.getAttribute('href'))!)).json()) as { values: { key: string; value: string }[] };
      expect(env.values.find((value) => value.key === 'stream_base_url')?.value).toBe('http://127.0.0.1:4010');

      const bruno = page.locator('a[href$="/downloads/stream-collections.bruno.zip"]');
      const zip = await request.get((await bruno.getAttribute('href'))!);
      expect(zip.status()).toBe(200);
      expect((await zip.body()).readUInt32LE(0)).toBe(0x04034b50);

      await page.locator('a', { hasText: 'how to import them' }).click();
      await expect(page.locator('#collections')).toBeVisible();
    });
  }

  test('the sandbox guide links every download, and each is served', async ({ page, request }) => {
    await page.goto('/docs/become-a-stream-integration/test-locally-with-the-sandbox');
    const hrefs = await page.locator('#collections ~ table a[href*="/downloads/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(hrefs.length).toBe(8);
    for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
  });
});
