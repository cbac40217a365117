import { expect, test } from '@playwright/test';
import { axeViolationsInBothModes } from '../support/site';

// The routes' accessibility pass checks dark mode with the colour rules plus every rule over what
// only dark mode displays; this page proves that pass still catches a fault only dark mode has.
const PAGE = `<!doctype html><html lang="en"><head><title>Colour modes</title><style>
  [data-theme='dark'] body { background: #111; color: #eee; }
  .quiet { color: #000; }
  [data-theme='dark'] .quiet { color: #222; }
  .dark-only { display: none; }
  [data-theme='dark'] .dark-only { display: block; }
  [data-theme='dark'] .light-only { display: none; }
</style></head><body><main>
  <h1>Colour modes</h1>
  <p class="quiet">Black on white in light mode, dark grey on near-black in dark mode.</p>
  <img class="light-only" alt="The logo, drawn for light mode" width="10" height="10" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E">
  <img class="dark-only" width="10" height="10" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E">
</main></body></html>`;

test('the two-mode accessibility check finds low contrast and an unlabelled image that only dark mode shows', async ({ page }) => {
  // The site's origin, so the colour mode can be kept in local storage as the site keeps it.
  await page.goto('/');
  await page.setContent(PAGE);
  const violations = await axeViolationsInBothModes(page);
  expect(violations.light).toEqual([]);
  expect(violations.dark.map((line) => line.split(' ')[0]).sort()).toEqual(['color-contrast', 'image-alt']);
});
