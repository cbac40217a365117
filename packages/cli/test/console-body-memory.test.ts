// Any local process may send the Stream API bodies of up to 5 MB, and the console keeps the last
// exchanges within a 16 MB budget, each body cut to 64 KB. The cut must be all it keeps: a V8 slice
// of the body kept the whole body alive, so 250 such calls held 1.6 GB of the sandbox's memory; so
// did the 57 characters of a long value that a contract issue quotes.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { call, closeSandboxes, openSandbox } from './support.js';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** The heap in use once garbage is collected: what the process still holds. */
function heldBytes(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

afterEach(closeSandboxes);

describe("the console's log of large bodies", () => {
  it('holds the 64 KB it shows of each body, not the whole body a local process sent', { timeout: 60_000 }, async () => {
    const { sandbox } = await openSandbox();
    const bodies = 40;
    const bodyChars = Math.floor(4.9 * 1024 * 1024);
    const before = heldBytes();
    for (let index = 0; index < bodies; index += 1) {
      // Each body a string of its own, as each request's would be.
      const answer = await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: `x${index}`, note: String(index).padEnd(bodyChars, 'a') } });
      expect(answer.status).toBe(400);
    }
    const held = heldBytes() - before;
    // 40 bodies of 4.9 MB are 196 MB; their cuts are 2.5 MB, and the console's and exchange log's budgets 24 MB.
    expect(held).toBeLessThan(48 * 1024 * 1024);
  });

  it('holds no more of a long invalid value than the characters its contract issue quotes', { timeout: 60_000 }, async () => {
    const { sandbox } = await openSandbox();
    const bodies = 40;
    const before = heldBytes();
    for (let index = 0; index < bodies; index += 1) {
      // An enum field given 4.9 MB: the issue the console keeps quotes its start.
      const answer = await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: String(index).padEnd(Math.floor(4.9 * 1024 * 1024), 'b') } });
      expect(answer.status).toBe(400);
    }
    expect(heldBytes() - before).toBeLessThan(48 * 1024 * 1024);
  });
});
