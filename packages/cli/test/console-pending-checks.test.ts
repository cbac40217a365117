// Any local process may send the Stream API bodies of up to 5 MB, many at once. The console checks
// each refused body against its contract after the answer, one per turn of the event loop: a check
// waiting its turn held the whole body, so callers sending at once kept hundreds of megabytes of the
// sandbox waiting (2.4 GB measured with 48 at a time). The bodies waiting are bounded; a row whose
// check was given up for it reads "not checked", never "checking" for ever.
import { spawn } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_LIMITS, idleQueue } from '../src/console/stream-client.js';
import { call, closeSandboxes, consoleTokenHeader, openSandbox } from './support.js';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** The heap in use once garbage is collected: what the process still holds. */
function heldBytes(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

afterEach(closeSandboxes);

/** Posts `callers` bodies of `bodyChars` that break the contract, all at once, from a process of their own; answers their statuses. */
function callersAtOnce(options: { url: string; callers: number; bodyChars: number }): Promise<number[]> {
  const script = `
    const { url, callers, bodyChars } = JSON.parse(process.argv[1]);
    const send = (index) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'x' + index, note: String(index).padEnd(bodyChars, 'a') }) }).then((answer) => answer.status);
    Promise.all(Array.from({ length: callers }, (_, index) => send(index))).then((statuses) => process.stdout.write(JSON.stringify(statuses)));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(JSON.parse(out === '' ? '[]' : out) as number[]));
  });
}

describe("the console's contract checks waiting their turn", () => {
  it('hold at most their budget of bodies while many callers send 4.9 MB at once', { timeout: 300_000 }, async () => {
    const { sandbox } = await openSandbox();
    const callers = 40;
    const before = heldBytes();
    let held = 0;
    // Sampled while the callers send: this process is the sandbox's alone, as it would be. A full
    // collection stops the sandbox too, so once a second: more often starves it on a busy machine.
    const sampling = setInterval(() => (held = Math.max(held, heldBytes() - before)), 1000);
    const statuses = await callersAtOnce({ url: `${sandbox.url}/oauth/token`, callers, bodyChars: Math.floor(4.9 * 1024 * 1024) }).finally(() => clearInterval(sampling));
    // Past the 64 MB of bodies in flight the sandbox holds (13 of these), a caller is refused unread
    // (503); more were read and refused than the checks' budget keeps waiting (three), so it is tested.
    expect(statuses.every((status) => status === 400 || status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(3);
    // Before, the checks waiting held 145 MB here (40 bodies are 196 MB); the budget is 16 MB.
    expect(held).toBeLessThan(64 * 1024 * 1024);
    // Every row ends checked or marked not checked.
    const headers = consoleTokenHeader(sandbox);
    const statusesShown: string[] = [];
    for (let id = 1; id <= callers; id += 1) {
      let row = await call(sandbox, 'GET', `/_sandbox/console/exchanges/${id}`, { headers });
      for (let tries = 0; row.body.contract.status === 'checking' && tries < 200; tries += 1) {
        await new Promise((wake) => setTimeout(wake, 50));
        row = await call(sandbox, 'GET', `/_sandbox/console/exchanges/${id}`, { headers });
      }
      statusesShown.push(row.body.contract.status);
    }
    expect(statusesShown.every((status) => status === 'invalid' || status === 'not_checked')).toBe(true);
    expect(statusesShown).toContain('invalid');
  });

  it('gives up the oldest checks, saying so, once the bodies waiting pass the budget', () => {
    const queue = idleQueue({ limit: CONSOLE_LIMITS.exchanges, maxCost: CONSOLE_LIMITS.pendingCheckChars });
    const dropped: number[] = [];
    const body = 5 * 1024 * 1024;
    for (let index = 0; index < 10; index += 1) queue.push({ run: () => undefined, cost: body, dropped: () => dropped.push(index) });
    // Three 5 MB bodies fit in 16 MB: the seven oldest checks are given up, each told.
    expect(queue.pending()).toBe(3);
    expect(queue.pendingCost()).toBeLessThanOrEqual(CONSOLE_LIMITS.pendingCheckChars);
    expect(dropped).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
