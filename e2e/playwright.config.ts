import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './support/browser';
import { BUILD_DIR } from './support/site';

const SITE_PORT = Number(process.env.E2E_SITE_PORT ?? 3100);
const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? 3101);
export const FIXTURE_URL = `http://127.0.0.1:${FIXTURE_PORT}`;
/** How long the fixture site's build may take, at low priority beside two busy workers on two cores. */
export const FIXTURE_BUILD_MS = 240_000;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One more try on CI, where two workers share two cores for twenty minutes, so the log shows
  // whether a failure repeats; but a test that passes only the second time still fails the run.
  // Locally a failure is final. A stray `.only` fails CI instead of quietly skipping the rest.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${SITE_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: [
    {
      command: `node ../scripts/serve.mjs ${JSON.stringify(BUILD_DIR)}`,
      env: { PORT: String(SITE_PORT) },
      url: `http://127.0.0.1:${SITE_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      // Listens at once and builds behind the port, so the other tests need not wait for the
      // build; the fixture tests wait for it first (FIXTURE_BUILD_MS).
      command: 'node fixture-site/build.mjs',
      env: { PORT: String(FIXTURE_PORT) },
      port: FIXTURE_PORT,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});
