// everyAmountEvent: the order certify sends an event provider to check that it reads Stream's amounts as
// the contract gives them (every-amount-counted, EVT-ORD-01). Its sums must be right, or a correct
// provider would be failed for refusing an order whose amounts are wrong.
import { validate } from '@stream-partner/contracts';
import { describe, expect, it } from 'vitest';
import { everyAmountEvent } from '../src/certify/event-amounts.js';

const confirmed = {
  event_id: '0b6f3c1e-2d4a-4f5b-9c8d-7e6a5b4c3d2e',
  type: 'order.created',
  occurred_at: '2026-11-29T12:00:00Z',
  object: {
    id: 'ord_7d2f9a41', location_id: 'loc_51b0c3', customer: { name: 'Jordan Lee' }, currency: 'USD', dsp_order_id: 'dd-1', dsp_order_number: 'A12',
    placed_at: '2026-11-29T11:58:00Z', estimated_fulfillment_time: '2026-11-29T12:30:00Z', fulfillment_type: 'delivery',
    items: [{ id: 'itm_4f81a', name: 'Margherita pizza', quantity: 1, price: 1299, modifiers: [{ id: 'mod_9c2e1', name: 'Extra cheese', quantity: 1, price: 75 }] }],
    subtotal: 1374, tax: 240, delivery_fee: 499, total: 2113, source: 'doordash', status: 'in_progress',
  },
};

describe('the order with every amount certify sends an event provider', () => {
  it('counts each modifier per one of its parent, nested ones too, and takes a discount off the total', () => {
    const object = everyAmountEvent(confirmed).object as Record<string, unknown>;
    expect((object.items as { quantity: number }[]).map((item) => item.quantity)).toEqual([2, 3]);
    // 2 × (1299 + 1 × 75 + 2 × (125 + 1 × 50)) + 3 × 250
    expect(object.subtotal).toBe(2 * (1299 + 75 + 2 * (125 + 50)) + 3 * 250);
    expect(object.total).toBe((object.subtotal as number) + 240 + 499 - 200);
  });

  it('is a new order the contract allows, under a new event_id', () => {
    const body = everyAmountEvent(confirmed);
    expect(body.event_id).not.toBe(confirmed.event_id);
    expect((body.object as { id: string }).id).not.toBe(confirmed.object.id);
    expect(validate('events', 'OrderEvent', body).valid).toBe(true);
  });
});
