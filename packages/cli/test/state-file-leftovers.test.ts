// A sandbox killed with kill -9 in the middle of a write leaves its temporary file
// (`<state>.<pid>.tmp`) beside the state file; the next sandbox on that file cleans them up.
import { chmodSync, chownSync, existsSync, lstatSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../src/sandbox/server.js';
import { accessToken, tempDir } from './support.js';

describe('--state FILE after a sandbox was killed mid-write', () => {
  it("removes the dead writers' temporary files at start and leaves every other file alone", async () => {
    const dir = tempDir('leftovers');
    const stateFile = join(dir, 'state.json');
    const first = await startSandbox({ port: 0, stateFile });
    await first.close();
    // What kill -9 during writes leaves: half-written temporaries named after the writer's pid.
    for (const pid of [4242, 999999]) writeFileSync(join(dir, `state.json.${pid}.tmp`), '{"version": 1, "partner_tok');
    const unrelated = ['state.json.notes.tmp', 'other.json.4242.tmp', 'state.json.bak'];
    for (const name of unrelated) writeFileSync(join(dir, name), 'keep me');

    const second = await startSandbox({ port: 0, stateFile });
    try {
      expect(readdirSync(dir).filter((name) => /^state\.json\.\d+\.tmp$/.test(name))).toEqual([]);
      for (const name of unrelated) expect(existsSync(join(dir, name)), name).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe('--state FILE in a folder another user can write to', () => {
  it('never writes the state, which holds secrets, through a symlink planted at its temporary or journal name', async () => {
    const dir = tempDir('planted');
    const stateFile = join(dir, 'state.json');
    const sandbox = await startSandbox({ port: 0, stateFile });
    try {
      // Planted once the sandbox runs, at the names it would write next.
      const victims = { temporary: join(dir, 'victim-temporary.txt'), journal: join(dir, 'victim-journal.txt') };
      for (const victim of Object.values(victims)) writeFileSync(victim, 'keep me\n');
      rmSync(`${stateFile}.journal`, { force: true });
      symlinkSync(victims.journal, `${stateFile}.journal`);
      symlinkSync(victims.temporary, `${stateFile}.${process.pid}.tmp`);
      // Each token is a change the sandbox saves.
      for (let index = 0; index < 3; index += 1) await accessToken(sandbox).catch(() => undefined);
      for (const [name, victim] of Object.entries(victims)) expect(readFileSync(victim, 'utf8'), name).toBe('keep me\n');
      expect(lstatSync(stateFile).isSymbolicLink()).toBe(false);
    } finally {
      await sandbox.close().catch(() => undefined);
    }
  });
});

describe('--state FILE that another user could have written', () => {
  const refusal = async (stateFile: string) => {
    const error = await startSandbox({ port: 0, stateFile }).then(
      async (sandbox) => {
        await sandbox.close();
        return undefined;
      },
      (caught: unknown) => caught as { code?: string; message?: string },
    );
    return error;
  };

  it('refuses a state file every user may write, before reading the credentials in it, and says how to fix it', async () => {
    const dir = tempDir('writable-state');
    const stateFile = join(dir, 'state.json');
    const first = await startSandbox({ port: 0, stateFile });
    await first.close();
    chmodSync(stateFile, 0o666);
    const error = await refusal(stateFile);
    expect(error?.code).toBe('state_untrusted');
    expect(error?.message).toContain('may be written by every user (mode 666)');
    expect(error?.message).toContain(`chmod 600 ${stateFile}`);
    chmodSync(stateFile, 0o600);
    expect(await refusal(stateFile)).toBeUndefined();
  });

  it('refuses a journal its group may write, and a state file that is a symbolic link', async () => {
    const dir = tempDir('writable-journal');
    const stateFile = join(dir, 'state.json');
    const first = await startSandbox({ port: 0, stateFile });
    await accessToken(first);
    await first.close();
    writeFileSync(`${stateFile}.journal`, '', { flag: 'a' });
    chmodSync(`${stateFile}.journal`, 0o620);
    expect((await refusal(stateFile))?.message).toMatch(/state journal .* may be written by its group \(mode 620\)/);
    rmSync(`${stateFile}.journal`);
    const link = join(dir, 'linked.json');
    symlinkSync(stateFile, link);
    expect((await refusal(link))?.message).toContain('is a symbolic link');
  });

  it.skipIf(process.getuid?.() !== 0)('refuses, even to root, a state file that belongs to another user', async () => {
    const dir = tempDir('foreign-state');
    const stateFile = join(dir, 'state.json');
    const first = await startSandbox({ port: 0, stateFile });
    await first.close();
    chownSync(stateFile, 1, 1);
    const error = await refusal(stateFile);
    expect(error?.code).toBe('state_untrusted');
    expect(error?.message).toContain('belongs to user id 1, not to you (0)');
  });
});
