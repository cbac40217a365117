// A sandbox killed with kill -9 in the middle of a write leaves its temporary file
// (`<state>.<pid>.tmp`) beside the state file; the next sandbox on that file cleans them up.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../src/sandbox/server.js';
import { tempDir } from './support.js';

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
