// The --state file holds client secrets and tokens, so the sandbox makes it readable by its owner
// alone when it opens it. Someone who can write the folder must not be able to turn that against
// another file by swapping a symlink in at the state file's name.
import { chmodSync, lstatSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStateStore } from '../src/sandbox/state-store.js';
import type { SandboxState } from '../src/sandbox/state.js';
import { startSymlinkSwapper, tempDir } from './support.js';

describe('the state file when the sandbox opens it', () => {
  it("never changes the rights of another file when someone swaps the state file's name for a symlink to it", { timeout: 30_000 }, async () => {
    const dir = tempDir('state-race');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'shared\n');
    chmodSync(victim, 0o644);
    const path = join(dir, 'state.json');
    writeFileSync(path, '{}');
    const swapper = startSymlinkSwapper(path, victim);
    try {
      // The race is run only once the swapper is at work (a loaded machine starts python slowly).
      await expect.poll(() => lstatSync(path).isSymbolicLink(), { timeout: 20_000, interval: 1 }).toBe(true);
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        createStateStore({ state: {} as SandboxState, file: path, snapshotBytes: 2 });
        await new Promise((done) => setImmediate(done));
      }
    } finally {
      swapper.kill('SIGKILL');
    }
    expect(statSync(victim).mode & 0o777).toBe(0o644);
    expect(readFileSync(victim, 'utf8')).toBe('shared\n');
  });
});
