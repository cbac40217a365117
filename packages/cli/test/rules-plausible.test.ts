// The DSP contract's advice on new_order values that are valid JSON and most likely wrong: a ready
// time seconds after the order, a future order ready as soon as possible, a fee in dollars, a drop-off at the store. The judge finds each with
// the rule's name; the unusual but right orders beside them pass.
import { describe, expect, it } from 'vitest';
import { findOperation } from '../src/openapi.js';
import { judgeRules } from '../src/rules-judge.js';
import { listRules, type Rule } from '../src/rules.js';

function rule(name: string): Rule {
  const found = listRules('dsp').find((candidate) => candidate.rule === name);
  if (found === undefined) throw new Error(`the dsp contract has no rule ${name}`);
  return found;
}

const STORES = { locations: [{ provider_id: 'store-0042', name: 'Midtown', address: { address_line_1: '210 W 38th St', city: 'New York', state: 'NY', postal_code: '10018', country: 'US' } }] };

function order(data: Record<string, unknown>, occurredAt = 1_767_283_200_000): Record<string, unknown> {
  return {
    event_id: 'evt_1',
    type: 'new_order',
    location_id: 'store-0042',
    occurred_at_ms: occurredAt,
    data: { id: 'ord_1', customer: { name: 'Dana' }, items: [], subtotal: 1445, customer_facing_id: 'A-1', fulfillment_type: 'pickup', tax: 128, ...data },
  };
}

const judged = (name: string, body: unknown) =>
  judgeRules({ rules: [rule(name)], answers: [{ body, what: 'the new_order' }], answersOf: (operationId) => (operationId === 'listLocations' ? [STORES] : []) }).map((finding) => finding.message);

describe('advice on the values a DSP sends (DSP-VAL-01)', () => {
  it('states every piece of advice as advice under the should requirement DSP-VAL-01, never with a refusal code', () => {
    for (const name of ['ready-time-after-preparing', 'future-order-not-ready-as-soon-as-possible', 'fees-in-the-lowest-denomination', 'fee-tax-within-the-fee', 'drop-off-not-the-store']) {
      expect(rule(name)).toMatchObject({ requirement: 'DSP-VAL-01', advice: true, on: 'request', operationId: 'sendOrderEvent' });
      expect(rule(name).code).toBeUndefined();
    }
  });

  it('warns on a ready time 1.2 seconds after the order, a prep time in seconds added to a millisecond clock', () => {
    const placed = 1_767_283_200_000;
    expect(judged('ready-time-after-preparing', order({ estimated_ready_at_ms: placed + 20 * 60 }, placed))).toEqual([
      expect.stringContaining('[ready-time-after-preparing] the new_order: data/estimated_ready_at_ms is 1767283201200, not >= occurred_at_ms + 1 minutes'),
    ]);
  });

  it('takes a ready time 20 minutes after the order, a future order three hours ahead, and an order that gives none', () => {
    const placed = 1_767_283_200_000;
    expect(judged('ready-time-after-preparing', order({ estimated_ready_at_ms: placed + 20 * 60_000 }, placed))).toEqual([]);
    expect(judged('ready-time-after-preparing', order({ is_future_order: true, estimated_ready_at_ms: placed + 3 * 3_600_000 }, placed))).toEqual([]);
    expect(judged('ready-time-after-preparing', order({}, placed))).toEqual([]);
  });

  it('warns on a future order ready 20 minutes after it was placed, an order for as soon as possible sent with the future flag', () => {
    const placed = 1_767_283_200_000;
    expect(judged('future-order-not-ready-as-soon-as-possible', order({ is_future_order: true, estimated_ready_at_ms: placed + 20 * 60_000 }, placed))).toEqual([
      expect.stringContaining('[future-order-not-ready-as-soon-as-possible] the new_order: data/estimated_ready_at_ms is 1767284400000, not > occurred_at_ms + 30 minutes'),
    ]);
  });

  it('takes a future order an hour ahead and an order for as soon as possible ready in 20 minutes', () => {
    const placed = 1_767_283_200_000;
    expect(judged('future-order-not-ready-as-soon-as-possible', order({ is_future_order: true, estimated_ready_at_ms: placed + 60 * 60_000 }, placed))).toEqual([]);
    expect(judged('future-order-not-ready-as-soon-as-possible', order({ estimated_ready_at_ms: placed + 20 * 60_000 }, placed))).toEqual([]);
    expect(judged('future-order-not-ready-as-soon-as-possible', order({ is_future_order: false, estimated_ready_at_ms: placed + 20 * 60_000 }, placed))).toEqual([]);
  });

  it('warns on a delivery fee of 3 beside a subtotal of 1445, the $2.99 the customer paid written in dollars', () => {
    const findings = judged('fees-in-the-lowest-denomination', order({ fulfillment_type: 'merchant_managed_delivery', delivery_fee: 3 }));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toContain('[fees-in-the-lowest-denomination] the new_order: data/delivery_fee is 3, less than 100 of the lowest denomination and less than 1/100 of data/subtotal (1445)');
    expect(judged('fees-in-the-lowest-denomination', order({ service_charge: 2, subtotal: 4000 }))).toHaveLength(1);
  });

  it('warns on a delivery fee in dollars beside its tax in cents, and takes a fee with its tax in cents', () => {
    expect(judged('fee-tax-within-the-fee', order({ fulfillment_type: 'merchant_managed_delivery', delivery_fee: 3, delivery_fee_taxes: 27 }))).toEqual([
      expect.stringContaining('[fee-tax-within-the-fee] the new_order: data/delivery_fee_taxes is 27, not <= data/delivery_fee (3)'),
    ]);
    expect(judged('fee-tax-within-the-fee', order({ fulfillment_type: 'merchant_managed_delivery', delivery_fee: 299, delivery_fee_taxes: 27 }))).toEqual([]);
  });

  it('takes a free delivery, a 299 fee, and a 99-cent fee on a small order', () => {
    expect(judged('fees-in-the-lowest-denomination', order({ delivery_fee: 0 }))).toEqual([]);
    expect(judged('fees-in-the-lowest-denomination', order({ delivery_fee: 299 }))).toEqual([]);
    expect(judged('fees-in-the-lowest-denomination', order({ delivery_fee: 99, subtotal: 950 }))).toEqual([]);
  });

  it('warns on a delivery address that is the address the location list gives the order\'s store, however it is spelled', () => {
    const store = { address_line_1: '210 w. 38th  St', city: 'New York', state: 'NY', postal_code: '10018', country: 'US' };
    expect(judged('drop-off-not-the-store', order({ fulfillment_type: 'merchant_managed_delivery', delivery_address: store }))).toEqual([
      expect.stringContaining('[drop-off-not-the-store] the new_order: data/delivery_address is "210 W 38th St", "10018", the address listLocations gives location "store-0042"'),
    ]);
  });

  it('takes a drop-off elsewhere, a flat above the store, and an order whose location the list does not give', () => {
    const elsewhere = { address_line_1: '350 5th Ave', city: 'New York', postal_code: '10118', country: 'US' };
    const above = { address_line_1: '210 W 38th St', address_line_2: 'Apt 4B', city: 'New York', postal_code: '10018', country: 'US' };
    expect(judged('drop-off-not-the-store', order({ delivery_address: elsewhere }))).toEqual([]);
    expect(judged('drop-off-not-the-store', order({ delivery_address: above }))).toEqual([]);
    expect(judged('drop-off-not-the-store', { ...order({ delivery_address: above }), location_id: 'store-0057' })).toEqual([]);
  });

  it('keeps every example order of the contract', () => {
    const send = findOperation('dsp', 'sendOrderEvent');
    const names = ['ready-time-after-preparing', 'future-order-not-ready-as-soon-as-possible', 'fees-in-the-lowest-denomination', 'fee-tax-within-the-fee', 'drop-off-not-the-store'];
    expect(send.requestExamples.size).toBeGreaterThan(3);
    for (const [name, body] of send.requestExamples) {
      expect(judgeRules({ rules: names.map(rule), answers: [{ body, what: name }], answersOf: () => [STORES] }), name).toEqual([]);
    }
  });
});
