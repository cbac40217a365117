// CI's verdict must be honest: a stray `.only` fails the run instead of quietly skipping every other
// test, in the unit tests and in the browser tests alike (`.ci/run` exports CI).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Writes a test file, runs `command` on it with CI set, and removes it. */
function runWithCi(file: string, source: string, command: string[], cwd: string) {
  writeFileSync(file, source);
  try {
    return spawnSync(npx, command, { cwd, env: { ...process.env, CI: '1' }, encoding: 'utf8', timeout: 60_000 });
  } finally {
    rmSync(file, { force: true });
  }
}

// Each test starts a whole test runner, which a loaded two-core machine has taken over 30 s to do.
describe('on CI', { timeout: 120_000 }, () => {
  it('a unit test file with a stray .only fails the run', () => {
    const file = join(ROOT, 'scripts', `stray-only-${process.pid}.test.ts`);
    const source = "import { it } from 'vitest';\nit.only('runs alone', () => {});\nit('is skipped by the only above', () => {});\n";
    const result = runWithCi(file, source, ['vitest', 'run', file], ROOT);
    expect(result.status, result.stdout + result.stderr).not.toBe(0);
    expect(result.stdout + result.stderr).toMatch(/\.only|only/);
  });

  it('a browser test file with a stray .only fails the run before any test starts', () => {
    const file = join(ROOT, 'e2e', 'tests', `stray-only-${process.pid}.spec.ts`);
    const source = "import { test } from '@playwright/test';\ntest.only('runs alone', () => {});\n";
    const result = runWithCi(file, source, ['playwright', 'test', '--list', file], join(ROOT, 'e2e'));
    expect(result.status, result.stdout + result.stderr).not.toBe(0);
    expect(result.stdout + result.stderr).toMatch(/test\.only/);
  });

  it('a browser test that passes only on its retry fails the run', () => {
    // The project's own Playwright configuration, without its web servers (this test needs no site).
    const config = join(ROOT, 'e2e', `flaky-${process.pid}.config.ts`);
    writeFileSync(config, `import base from './playwright.config';\nexport default { ...base, webServer: [], testMatch: /flaky-${process.pid}\\.spec\\.ts$/ };\n`);
    const spec = join(ROOT, 'e2e', 'tests', `flaky-${process.pid}.spec.ts`);
    const source = "import { expect, test } from '@playwright/test';\ntest('fails once, then passes', ({}, info) => {\n  expect(info.retry).toBe(1);\n});\n";
    try {
      const result = runWithCi(spec, source, ['playwright', 'test', '--config', config], join(ROOT, 'e2e'));
      const output = result.stdout + result.stderr;
      expect(output).toMatch(/1 flaky/);
      expect(result.status, output).not.toBe(0);
    } finally {
      rmSync(config, { force: true });
    }
  });

  it('.ci/run sets CI for both test runners', () => {
    expect(readFileSync(join(ROOT, '.ci', 'run'), 'utf8')).toMatch(/^export CI=1$/m);
  });
});
