// The in-store order's line and modifier prices held against the catalog the POS serves (in-store-prices-served, POS-SND-07).
import { describe, expect, it } from 'vitest';
import { linePriceFinding } from '../src/certify/in-store-line-prices.js';

const catalog = (item: Record<string, unknown> = {}, family: Record<string, unknown> = {}) => ({
  item_family: [{ provider_id: 'fam-classic-burger', item_ids: ['item-classic-single'], ...family }],
  item: [{ provider_id: 'item-classic-single', name: 'Single', price_amount: 999, price_currency: 'USD', ...item }],
  modifier: [{ provider_id: 'mod-cheddar', name: 'Cheddar', price_amount: 100 }],
});
const order = (line: Record<string, unknown> = {}) => ({ currency: 'USD', line_items: [{ provider_id: 'item-classic-single', quantity: 2, price_amount: 999, modifiers: [{ provider_id: 'mod-cheddar', quantity: 1, price_amount: 100 }], ...line }] });

describe("an in-store order's prices against the catalog the POS serves", () => {
  it('says nothing when every line and modifier charges the served price, whatever the quantity', () => {
    expect(linePriceFinding(order(), catalog())).toBeUndefined();
  });

  it('finds an item served with the sales tax in its price while the till charges it without', () => {
    expect(linePriceFinding(order(), catalog({ price_amount: 1085 }))).toMatch(/^\[in-store-prices-served\] the POS's in-store order charges item-classic-single at 999 \(served 1085\)/);
  });

  it('finds a modifier charged at another price than the served one', () => {
    expect(linePriceFinding(order({ modifiers: [{ provider_id: 'mod-cheddar', quantity: 1, price_amount: 109 }] }), catalog())).toMatch(/mod-cheddar at 109 \(served 100\)/);
  });

  it("compares an item that leaves its price unset with its family's price", () => {
    expect(linePriceFinding(order(), catalog({ price_amount: undefined }, { price_amount: 899 }))).toMatch(/item-classic-single at 999 \(served 899\)/);
  });

  it('leaves out an item whose location override sets its own price', () => {
    expect(linePriceFinding(order(), catalog({ price_amount: 1085, location_overrides: [{ location_id: 'loc-downtown', price_amount: 999 }] }))).toBeUndefined();
  });

  it('leaves a served price in decimal dollars to the catalog check that refuses it', () => {
    expect(linePriceFinding(order({ modifiers: [] }), catalog({ price_amount: 9.99 }))).toBeUndefined();
  });

  it('leaves a charge 100 times the served price to catalog-prices-in-minor-units', () => {
    expect(linePriceFinding(order({ price_amount: 999, modifiers: [] }), catalog({ price_amount: 10 }))).toBeUndefined();
  });
});
