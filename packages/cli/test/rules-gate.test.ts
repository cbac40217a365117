// The sandbox passes over a rule only where judging it could find nothing: a body that lacks what
// the rule looks at. Checked against every request rule of the contracts, on each contract example
// and on each example with one of its values left out or changed (the bodies where the gate decides).
import { describe, expect, it } from 'vitest';
import { exampleValue, isObject, loadContract, type ApiName } from '../src/openapi.js';
import { mayBreak, rulesToJudge } from '../src/rules-gate.js';
import { judgeAnswer, type JudgeEnvironment } from '../src/rules-judge.js';
import { listRules } from '../src/rules.js';

const APIS: readonly ApiName[] = ['pos', 'dsp', 'events', 'partner'];

/**
 * The body; the body with each value in it (at any depth) removed in turn; and with each number
 * made 0 and each string made "delivery" in turn, so that it breaks some rules.
 */
function variantsOf(body: unknown): unknown[] {
  const variants: unknown[] = [body];
  const visit = (path: readonly (string | number)[], value: unknown) => {
    const children = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : isObject(value) ? Object.entries(value) : [];
    for (const [key, child] of children) {
      const copy = structuredClone(body) as Record<string | number, unknown>;
      let parent: Record<string | number, unknown> = copy;
      for (const step of path) parent = parent[step] as Record<string | number, unknown>;
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
      variants.push(copy);
      if (typeof child === 'number' || typeof child === 'string') {
        const changed = structuredClone(body) as Record<string | number, unknown>;
        let holder: Record<string | number, unknown> = changed;
        for (const step of path) holder = holder[step] as Record<string | number, unknown>;
        holder[key] = typeof child === 'number' ? 0 : 'delivery';
        variants.push(changed);
      }
      visit([...path, key], child);
    }
  };
  visit([], body);
  return variants;
}

// Every book answers, so the rules judged against the menu or catalog look at the lines too.
const ENVIRONMENT: JudgeEnvironment = {
  now: Date.UTC(2026, 0, 1),
  holders: () => new Set(['someone-else']),
  prices: () => new Set([1]),
  menu: () => new Set(['XXX']),
  taxes: () => ({ exclusive: [50], inclusive: [] }),
};

describe('the rules the sandbox passes over a body', () => {
  it('are only rules that find nothing in it, for every request rule and every contract example with each of its values left out or changed', () => {
    let passedOver = 0;
    for (const api of APIS) {
      const rules = listRules(api).filter((rule) => rule.on === 'request');
      const names = Object.keys(((loadContract(api).components as Record<string, unknown>).examples as Record<string, unknown> | undefined) ?? {});
      for (const name of names) {
        for (const body of variantsOf(exampleValue(api, name))) {
          for (const rule of rules) {
            if (mayBreak(rule, body)) continue;
            passedOver += 1;
            expect(judgeAnswer(rule, body, 'the body', ENVIRONMENT), `${api} ${rule.rule} on ${name}`).toEqual([]);
          }
        }
      }
    }
    // The gate is not idle: most example bodies lack what most rules look at.
    expect(passedOver).toBeGreaterThan(1000);
  });

  it("judge a POS pause by the pause's own rule and pass over the in-store order's", () => {
    const rules = listRules('pos').filter((rule) => rule.on === 'request' && rule.operationId === 'sendWebhookEvent' && rule.advice !== true);
    const pause = { type: 'location.status.updated', object: { status: 'inactive', location_id: 'loc-downtown', paused_until: 1_800_000_000_000 } };
    expect(rulesToJudge(rules, pause).map((rule) => rule.rule)).toEqual(['pause-ends-in-the-future']);
    const back = { type: 'location.status.updated', object: { status: 'active', location_id: 'loc-downtown' } };
    expect(rulesToJudge(rules, back)).toEqual([]);
  });

  it("judge every rule an in-store order could break, in the contract's order", () => {
    const rules = listRules('pos').filter((rule) => rule.on === 'request' && rule.operationId === 'sendWebhookEvent' && rule.advice !== true);
    const order = exampleValue('pos', 'InStoreOrderCreated');
    const judged = rulesToJudge(rules, order).map((rule) => rule.rule);
    expect(judged).toEqual(rules.map((rule) => rule.rule).filter((name) => judged.includes(name)));
    expect(judged).toEqual(expect.arrayContaining(['in-store-ready-after-placed', 'in-store-placed-just-now', 'in-store-subtotal-adds-up', 'in-store-total-adds-up']));
    expect(judged).not.toContain('pause-ends-in-the-future');
  });
});
