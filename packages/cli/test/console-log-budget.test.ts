// The console keeps the last exchanges within a 16 MB budget. Each row also keeps its contract
// issues (up to 101, tens of KB), which any local process earns by sending a body that breaks the
// contract in many places: they count against the budget as the bodies do.
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_LIMITS } from '../src/console/stream-client.js';
import { call, closeSandboxes, consoleTokenHeader, openSandbox } from './support.js';

afterEach(closeSandboxes);

/** An order.created whose 150 items each break the contract three times, padded to about 30 KB. */
function brokenOrder(index: number): string {
  const items = Array.from({ length: 150 }, () => ({ quantity: 'x'.repeat(60), name: 1, price: 'y'.repeat(60) }));
  return JSON.stringify({ type: 'order.created', object: { provider_id: `p${index}`, line_items: items, note: 'n'.repeat(8000) } });
}

describe("the console's log of bodies that break the contract in many places", () => {
  it('keeps rows whose bodies and contract issues together stay within its 16 MB budget', { timeout: 120_000 }, async () => {
    const { sandbox } = await openSandbox();
    const sent = 560;
    for (let index = 0; index < sent; index += 1) {
      // Unsigned: refused at once, and still recorded and checked against the contract.
      const answer = await call(sandbox, 'POST', '/pos/demo-partner/webhook', { raw: brokenOrder(index) });
      expect(answer.status).toBe(401);
    }
    const headers = consoleTokenHeader(sandbox);
    let kept = 0;
    let held = 0;
    let issues = 0;
    for (let id = sent; id >= 1; id -= 1) {
      const row = await call(sandbox, 'GET', `/_sandbox/console/exchanges/${id}`, { headers });
      if (row.status === 404) break;
      // The newest rows may still be waiting for their verdict: wait for the last one, then read on.
      if (row.body.contract.status === 'checking') {
        id += 1;
        await new Promise((wake) => setTimeout(wake, 50));
        continue;
      }
      kept += 1;
      issues += row.body.contract.issues.length;
      held += row.body.requestBody.length + row.body.responseBody.length + JSON.stringify(row.body.contract.issues).length;
    }
    expect(issues / kept).toBeGreaterThan(100);
    // Before, the budget counted only the bodies: the rows kept held 22.6 MB with their issues.
    expect(held).toBeLessThanOrEqual(CONSOLE_LIMITS.bytes);
    expect(kept).toBeLessThan(500);
  });
});
