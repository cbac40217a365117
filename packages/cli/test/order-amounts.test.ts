// everyAmountOrder: the order certify sends a POS to check that it adds Stream's amounts as the contract
// does (every-amount-counted, POS-ORD-01). Its sums must be right, or a correct POS would refuse it.
import { validate } from '@stream-partner/contracts';
import { describe, expect, it } from 'vitest';
import { everyAmountOrder } from '../src/certify/order-amounts.js';

function order(fulfillment: string): Record<string, unknown> {
  return {
    type: 'order.created',
    object: {
      id: 'ord_cert_1', idempotency_key: '5d0b7e0c-5a2f-4c3e-9d0a-2b8f6c1e4a77', source: 'doordash', source_order_id: 'DD-1', location_id: 'loc-downtown',
      fulfillment_type: fulfillment, placed_at: '2026-01-15T18:04:12Z', requested_for: '2026-01-15T18:35:00Z', is_future_order: false,
      customers: [{ name: 'Jordan Lee' }],
      line_items: [
        {
          provider_id: 'item-classic-single', name: 'Classic Burger', quantity: 1, price_amount: 999,
          modifiers: [{ provider_id: 'mod-cheddar', modifier_group_id: 'mg-cheese', name: 'Cheddar', quantity: 1, price_amount: 100, modifiers: [{ provider_id: 'mod-extra', modifier_group_id: 'mg-melt', name: 'Extra melted', quantity: 2, price_amount: 25 }] }],
        },
        { provider_id: 'item-fries-large', name: 'Fries', quantity: 1, price_amount: 549 },
      ],
      currency: 'USD', subtotal: 1698, tax: 40, total: 1738,
    },
  };
}

describe('the order with every amount certify sends a POS', () => {
  it('doubles the first line and adds its modifiers per unit, nested ones too, into the subtotal', () => {
    const object = everyAmountOrder(order('pickup')).object as Record<string, unknown>;
    expect((object.line_items as { quantity: number }[]).map((line) => line.quantity)).toEqual([2, 1]);
    // 2 × (999 + 1 × (100 + 2 × 25)) + 549
    expect(object.subtotal).toBe(2 * (999 + 150) + 549);
  });

  it('adds a tip, a service charge and a discount to a pickup order, with no delivery fee, and a total that counts them all', () => {
    const object = everyAmountOrder(order('pickup')).object as Record<string, number>;
    expect(object).toMatchObject({ tip: 150, service_charge: 100, discount_total: 50 });
    expect(object.delivery_fee).toBeUndefined();
    expect(object.total).toBe(object.subtotal! + 40 + 150 + 100 - 50);
  });

  it('adds a delivery fee to a delivered order and counts it in the total', () => {
    const object = everyAmountOrder(order('delivery')).object as Record<string, number>;
    expect(object.delivery_fee).toBe(299);
    expect(object.total).toBe(object.subtotal! + 40 + 150 + 100 + 299 - 50);
  });

  it('is a new order under the contract: another id and idempotency_key, and a body NewOrderEvent accepts', () => {
    const body = everyAmountOrder(order('delivery'));
    const object = body.object as Record<string, unknown>;
    expect(object.id).not.toBe('ord_cert_1');
    expect(object.idempotency_key).not.toBe('5d0b7e0c-5a2f-4c3e-9d0a-2b8f6c1e4a77');
    const result = validate('pos', 'NewOrderEvent', body);
    expect(result.valid ? [] : result.errors.map((issue) => issue.message)).toEqual([]);
  });
});
