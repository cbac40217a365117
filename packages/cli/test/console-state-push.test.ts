// A page open on the console is told of each state change. A sandbox grown toward its limits (ten
// thousand orders) must not make each change cost the whole state: the page gets the latest entries
// of each list with every list's total, and reads the whole state when it asks for it.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeLargeState } from './large-state.js';
import { call, closeSandboxes, openConsoleStream, openSandbox, tempDir } from './support.js';

afterEach(closeSandboxes);

const TOKEN_HEADER = 'x-sandbox-console-token';

describe('the console state of a sandbox with ten thousand orders', () => {
  it('pushes the latest orders with their total, so one change sends kilobytes, and the whole state is read on request', { timeout: 120_000 }, async () => {
    const file = join(tempDir('console-state'), 'state.json');
    writeLargeState(file, { bytes: 10_000 * 420, now: Date.parse('2026-01-01T00:00:00Z') });
    const { sandbox } = await openSandbox({ stateFile: file });
    const headers = { [TOKEN_HEADER]: sandbox.consoleToken };
    const whole = await call(sandbox, 'GET', '/_sandbox/state', { headers });
    const total = whole.body.orders.length as number;
    expect(total).toBeGreaterThanOrEqual(10_000);
    const stream = await openConsoleStream(sandbox);
    try {
      const first = await stream.next('state', () => true, 10_000);
      expect(first.totals.orders).toBe(total);
      expect(first.orders.at(-1).id).toBe(whole.body.orders.at(-1).id);
      const register = await call(sandbox, 'POST', '/_sandbox/orders', { json: { id: 'ord-new-1', audience: 'pos', location_id: 'loc-downtown', provider_id: 'pos-new-1' }, headers });
      expect(register.status).toBe(201);
      const next = await stream.next('state', (data) => data.totals.orders === total + 1, 15_000);
      expect(next.orders.at(-1).id).toBe('ord-new-1');
      // The whole state is 4 MB; what goes to the page on a change is the tail.
      expect(JSON.stringify(next).length).toBeLessThan(100_000);
    } finally {
      stream.close();
    }
    const after = await call(sandbox, 'GET', '/_sandbox/state', { headers });
    expect(after.body.orders).toHaveLength(total + 1);
  });
});

describe('paging through the state of a sandbox with ten thousand orders', () => {
  it('answers one page of one list at a time, each a hundred entries at most, so a page costs what it shows, not the whole state', { timeout: 120_000 }, async () => {
    const file = join(tempDir('console-state-pages'), 'state.json');
    writeLargeState(file, { bytes: 10_000 * 420, now: Date.parse('2026-01-01T00:00:00Z') });
    const { sandbox } = await openSandbox({ stateFile: file });
    const headers = { [TOKEN_HEADER]: sandbox.consoleToken };
    const whole = await call(sandbox, 'GET', '/_sandbox/state', { headers });
    const total = whole.body.orders.length as number;
    const last = await call(sandbox, 'GET', `/_sandbox/state?list=orders&offset=${total - 100}`, { headers });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ list: 'orders', total, offset: total - 100 });
    expect(last.body.entries.map((order: { id: string }) => order.id)).toEqual(whole.body.orders.slice(-100).map((order: { id: string }) => order.id));
    expect(last.text.length).toBeLessThan(whole.text.length / 50);
    const first = await call(sandbox, 'GET', '/_sandbox/state?list=orders&offset=0&limit=10', { headers });
    expect(first.body.entries).toEqual(whole.body.orders.slice(0, 10));
    const past = await call(sandbox, 'GET', `/_sandbox/state?list=orders&offset=${total + 5}`, { headers });
    expect(past.body).toMatchObject({ total, offset: total, entries: [] });
    const tokens = await call(sandbox, 'GET', '/_sandbox/state?list=partner_tokens', { headers });
    expect(tokens.body.entries.length).toBeGreaterThan(0);
    expect(tokens.text).not.toContain('client_secret');
    for (const [query, field] of [['list=orders&limit=101', 'limit'], ['list=orders&limit=0', 'limit'], ['list=orders&offset=-1', 'offset'], ['list=orders&offset=1e3', 'offset'], ['list=__proto__', 'list'], ['list=orders&list=locations', 'list']] as const) {
      const refused = await call(sandbox, 'GET', `/_sandbox/state?${query}`, { headers });
      expect(refused.status, query).toBe(400);
      expect(refused.body.message, query).toMatch(new RegExp(`^${field} must`));
    }
    const anonymous = await fetch(`${sandbox.url}/_sandbox/state?list=orders`);
    expect(anonymous.status).toBe(401);
    await anonymous.body?.cancel();
  });
});
