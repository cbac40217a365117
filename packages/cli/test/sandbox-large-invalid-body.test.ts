// A body that breaks the contract in tens of thousands of places, sent by any local process (no token,
// no signature needed: the console checks every body it records). Listing every problem cost more
// than linear time: half a megabyte held the sandbox, and every partner call, for about fifteen
// seconds, and a few megabytes for minutes. A large value is now explained by its first problem, and
// no verdict lists more than a hundred.
import { afterEach, describe, expect, it } from 'vitest';
import { call, closeSandboxes, consoleTokenHeader, openSandbox, sendSigned } from './support.js';

afterEach(closeSandboxes);

const POS_PATH = '/pos/demo-partner/webhook';

/** An in-store order whose ten thousand lines are each wrong twice (ninety thousand problems in all). */
function brokenOrder(lines: number): string {
  const line_items = Array.from({ length: lines }, () => ({ quantity: 'x', modifiers: [{ quantity: 'y' }] }));
  return JSON.stringify({ type: 'order.created', object: { provider_id: 'p', location_id: 'loc-downtown', fulfillment_type: 'stream_managed_delivery', placed_at: '2026-01-15T18:10:45Z', line_items } });
}

describe('a body that breaks the contract in tens of thousands of places', () => {
  it('is refused unsigned within seconds, and its console row names its first problem and says the rest are not listed', { timeout: 120_000 }, async () => {
    const { sandbox } = await openSandbox();
    const body = brokenOrder(10_000);
    const started = performance.now();
    const answer = await call(sandbox, 'POST', POS_PATH, { raw: body });
    // The answer leaves once the row is recorded with its verdict: before, this took about 15 s.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(answer.status).toBe(401);
    const token = await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: sandbox.credentials.clientId, client_secret: sandbox.credentials.clientSecret } });
    expect(token.status).toBe(200);
    const rows = await call(sandbox, 'GET', '/_sandbox/console/exchanges/1', { headers: consoleTokenHeader(sandbox) });
    expect(rows.status).toBe(200);
    const issues = rows.body.contract.issues as { pointer: string; rule: string; message: string }[];
    expect(rows.body.contract.status).toBe('invalid');
    expect(issues.length).toBeLessThanOrEqual(101);
    expect(issues[0]!.message).toContain('object.');
    expect(issues.at(-1)).toEqual({ pointer: '', rule: 'not_listed', message: expect.stringContaining('only its first problem is listed') });
  });

  it('is refused signed with a 400 that names its first problem in a message of a few hundred characters', { timeout: 120_000 }, async () => {
    const { sandbox } = await openSandbox();
    const started = performance.now();
    const answer = await sendSigned(sandbox, POS_PATH, brokenOrder(10_000));
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(answer.status, answer.text.slice(0, 300)).toBe(400);
    expect(answer.text.length).toBeLessThan(2_000);
    expect(answer.body.message).toContain('only its first problem is listed');
  });

  it('lists at most a hundred problems of a small body and says how many more there are', async () => {
    const { sandbox } = await openSandbox();
    // 150 lines of one value each: under the size past which only the first problem is listed.
    const body = JSON.stringify({ type: 'order.created', object: { provider_id: 'p', location_id: 'loc-downtown', fulfillment_type: 'stream_managed_delivery', placed_at: '2026-01-15T18:10:45Z', line_items: Array.from({ length: 150 }, () => 1) } });
    expect((await call(sandbox, 'POST', POS_PATH, { raw: body })).status).toBe(401);
    const rows = await call(sandbox, 'GET', '/_sandbox/console/exchanges/1', { headers: consoleTokenHeader(sandbox) });
    const issues = rows.body.contract.issues as { pointer: string; rule: string; message: string }[];
    expect(issues).toHaveLength(101);
    expect(issues.at(-1)!.rule).toBe('not_listed');
    expect(issues.at(-1)!.message).toMatch(/^The value has \d+ more problems than the 100 listed/);
  });
});
