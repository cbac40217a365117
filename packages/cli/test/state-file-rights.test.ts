// The --state file holds client secrets and tokens, so the sandbox makes it readable by its owner
// alone when it opens it. Someone who can write the folder must not be able to turn that against
// another file by swapping a symlink in at the state file's name.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, lstatSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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

describe('the state journal when someone puts a file at its name after start-up', () => {
  /** A store whose snapshot is on disk and whose journal is not yet open, as a sandbox is until its second change. */
  async function started(dir: string): Promise<{ store: ReturnType<typeof createStateStore>; journal: string }> {
    const path = join(dir, 'state.json');
    const store = createStateStore({ state: { partner_tokens: [] } as unknown as SandboxState, file: path });
    await store.save();
    return { store, journal: `${path}.journal` };
  }

  function addSecret(store: ReturnType<typeof createStateStore>): void {
    (store.tracked as unknown as { partner_tokens: unknown[] }).partner_tokens.push({ _id: 'tok_x', client_secret: 'journal-secret-value' });
  }

  it.skipIf(process.getuid?.() !== 0)('writes no change into a journal another user planted, and says why the save failed', async () => {
    const dir = tempDir('journal-planted');
    chmodSync(dir, 0o1777);
    const { store, journal } = await started(dir);
    writeFileSync(journal, '');
    chmodSync(journal, 0o666);
    chownSync(journal, 4242, 4242);
    addSecret(store);
    await expect(store.save()).rejects.toThrow(/state journal .* belongs to user id 4242/);
    expect(readFileSync(journal, 'utf8')).toBe('');
  });

  it('fails the save at once, rather than waiting forever, when the name holds a FIFO nobody reads', { timeout: 20_000 }, async () => {
    const dir = tempDir('journal-fifo');
    const { store, journal } = await started(dir);
    execFileSync('mkfifo', [journal]);
    addSecret(store);
    const outcome = await Promise.race([store.save().then(() => 'saved', (error: Error) => error.message), new Promise((done) => setTimeout(() => done('still waiting after 5 s'), 5000))]);
    expect(outcome).toMatch(/state journal .* is not a plain file/);
  });
});
