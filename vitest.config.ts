import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import HeaviestFirst from './vitest.sequencer';

export default defineConfig({
  // Tests (the CLI's, the starter kits') run against the contracts' source, so they need no build first.
  resolve: {
    alias: [{ find: /^@stream-partner\/contracts$/, replacement: fileURLToPath(new URL('packages/contracts/src/index.ts', import.meta.url)) }],
  },
  test: {
    include: [
      'specs/test/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'examples/*/test/**/*.test.ts',
      'site/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'site/build/**', 'site/.docusaurus/**', 'e2e/**'],
    typecheck: {
      enabled: true,
      include: ['packages/*/test/**/*.test-d.ts'],
      tsconfig: 'packages/contracts/tsconfig.json',
    },
    // On CI (`.ci/run` sets CI) a stray `.only` fails the run rather than passing with most tests never run.
    allowOnly: !process.env.CI,
    // Vitest keeps a core free by default, which on a two-core CI machine means one worker; most test
    // files spend their time waiting on servers and child processes, so one worker per core keeps
    // both busy.
    maxWorkers: Math.max(2, availableParallelism()),
    // Test files share a worker's modules instead of importing the CLI, Fastify, Ajv and the contracts
    // afresh for each of the 106 files: that import work was a quarter of the CPU the CLI's tests
    // used. Nothing here mocks a module or changes process.env, so no file can see another's changes.
    isolate: false,
    sequence: { sequencer: HeaviestFirst },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
