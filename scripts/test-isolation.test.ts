// Test files share their worker's modules (`isolate: false` in vitest.config.ts), which is only
// sound while no test changes what another file would see: a mocked module, a stubbed global, a
// changed environment variable or working directory.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIP = new Set(['node_modules', 'build', 'dist', '.docusaurus', '.run', '.mutants', 'e2e']);
const SHARED_STATE = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(|process\.chdir\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.(test|test-d)\.ts$|^support\.ts$|^kits\.ts$|^mutations\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('tests that share their worker', () => {
  it('finds the test files it reads', () => {
    expect(testFiles(ROOT).length).toBeGreaterThan(100);
  });

  it('never mock a module, stub a global, fake the clock or change process.env or the working directory', () => {
    const offenders = ['specs', 'packages', 'examples', 'site', 'scripts']
      .flatMap((folder) => testFiles(join(ROOT, folder)))
      .filter((file) => file !== fileURLToPath(import.meta.url))
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').flatMap((line, index) => (SHARED_STATE.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [])));
    expect(offenders).toEqual([]);
  });

  it('would name a test file that changed process.env', () => {
    expect(SHARED_STATE.test("  process.env.STREAM_WEBHOOK_SECRET = 'x';")).toBe(true);
    expect(SHARED_STATE.test("  vi.mock('../src/http.js');")).toBe(true);
    expect(SHARED_STATE.test("  const secret = process.env.STREAM_WEBHOOK_SECRET === 'x';")).toBe(false);
  });
});
