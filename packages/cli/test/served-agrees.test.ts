import { describe, expect, it } from 'vitest';
import { inStoreDisagreements } from '../src/certify/served-agrees.js';

const catalog = {
  item: [{ provider_id: 'item-classic-single', price_amount: 999 }],
  modifier: [{ provider_id: 'mod-cheddar', price_amount: 100 }],
  tax: [{ provider_id: 'tax-sf', rate: 8.625 }],
};
const location = { provider_id: 'loc-downtown', prep_time_minutes: 15 };
const order = {
  placed_at: '2026-11-29T04:00:00Z',
  requested_for: '2026-11-29T04:20:00Z',
  is_future_order: false,
  line_items: [{ provider_id: 'item-classic-single', quantity: 1, price_amount: 999, modifiers: [{ provider_id: 'mod-cheddar', quantity: 1, price_amount: 100 }] }],
  subtotal: 1099,
  tax: 95,
  total: 1194,
};

describe('an in-store order held against the catalog and location the POS serves', () => {
  it('finds nothing when the order agrees with the catalog, its tax and its times', () => {
    expect(inStoreDisagreements(order, catalog, location)).toEqual([]);
  });

  it('reads is_future_order true on an order wanted 20 minutes after it was placed as an order for as soon as possible', () => {
    expect(inStoreDisagreements({ ...order, is_future_order: true }, catalog, location)).toEqual([expect.stringMatching(/^\[in-store-future-order-is-later\] .*20 minutes after placed_at, within 30 minutes/)]);
  });

  it('takes is_future_order true on an order wanted three hours after it was placed', () => {
    expect(inStoreDisagreements({ ...order, is_future_order: true, requested_for: '2026-11-29T07:00:00Z' }, catalog, location)).toEqual([]);
  });

  it('uses the location prep time when it is longer than 30 minutes', () => {
    expect(inStoreDisagreements({ ...order, is_future_order: true, requested_for: '2026-11-29T04:40:00Z' }, catalog, { ...location, prep_time_minutes: 45 })).toEqual([expect.stringContaining('within 45 minutes')]);
  });

  it('reports catalog prices that are the order prices divided by 100, an item and a modifier alike', () => {
    const dollars = { ...catalog, item: [{ provider_id: 'item-classic-single', price_amount: 10 }], modifier: [{ provider_id: 'mod-cheddar', price_amount: 1 }] };
    const found = inStoreDisagreements(order, dollars, location);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/\[catalog-prices-in-minor-units\] the catalog prices item-classic-single at 10, while the POS's own in-store order charges 999/);
  });

  it('reads an item that leaves its price unset at the price of the family that lists it', () => {
    const inherited = { ...catalog, item_family: [{ provider_id: 'fam-classic-burger', item_ids: ['item-classic-single'], price_amount: 10, tax_ids: ['tax-sf'] }], item: [{ provider_id: 'item-classic-single' }] };
    expect(inStoreDisagreements(order, inherited, location)).toEqual([expect.stringContaining('prices item-classic-single at 10')]);
  });

  it('reads an in-store price that differs from the catalog by other than a factor of 100 as a price not served, not as dollars', () => {
    expect(inStoreDisagreements({ ...order, line_items: [{ ...order.line_items[0], price_amount: 1099, modifiers: [] }] }, catalog, location)).toEqual([expect.stringMatching(/^\[in-store-prices-served\] the POS's in-store order charges item-classic-single at 1099 \(served 999\)/)]);
  });

  it('reports an inclusive tax that the order adds on top at its rate, and not one it takes out of the prices', () => {
    const inclusive = { ...catalog, tax: [{ provider_id: 'tax-sf', rate: 8.625, is_inclusive: true }] };
    expect(inStoreDisagreements(order, inclusive, location)).toEqual([expect.stringMatching(/^\[inclusive-tax-not-added-on-top\] .*tax 95 is 8.625% of subtotal 1099 \(included in the prices it would be 87\)/)]);
    expect(inStoreDisagreements({ ...order, tax: 87, total: 1186 }, inclusive, location)).toEqual([]);
  });

  it('leaves an inclusive tax alone when an exclusive tax of the catalog at the same rate gives the amount the order adds', () => {
    const both = { ...catalog, tax: [{ provider_id: 'tax-wine', rate: 8.625, is_inclusive: true }, { provider_id: 'tax-sf', rate: 8.625 }] };
    expect(inStoreDisagreements(order, both, location)).toEqual([]);
  });

  it('reports a tax the order charges while the catalog applies no tax to its items, and keeps a default tax, a listed one or an unknown family', () => {
    const family = (extra: Record<string, unknown>) => ({ provider_id: 'fam-classic-burger', item_ids: ['item-classic-single'], ...extra });
    const undefaulted = { ...catalog, item_family: [family({})], tax: [{ provider_id: 'tax-sf', rate: 8.625, is_default: false }] };
    expect(inStoreDisagreements(order, undefaulted, location)).toEqual([
      "[charged-tax-served] the POS's in-store order charges tax 95, but by the catalog it serves no tax applies to its items (fam-classic-burger lists no tax in tax_ids, and no tax is is_default: true): a tax the POS charges is served with is_default false and listed in no family's tax_ids, so Stream's orders would go untaxed",
    ]);
    expect(inStoreDisagreements(order, { ...undefaulted, item_family: [family({ is_tax_exempt: true })] }, location)).toEqual([expect.stringContaining('(fam-classic-burger is_tax_exempt)')]);
    expect(inStoreDisagreements(order, { ...undefaulted, tax: [{ provider_id: 'tax-sf', rate: 8.625, is_default: true }] }, location)).toEqual([]);
    expect(inStoreDisagreements(order, { ...undefaulted, item_family: [family({ tax_ids: ['tax-sf'] })] }, location)).toEqual([]);
    expect(inStoreDisagreements(order, { ...undefaulted, item_family: [] }, location)).toEqual([]);
    expect(inStoreDisagreements({ ...order, tax: 0, total: 1099 }, undefaulted, location)).toEqual([]);
  });

  // A walk that went back over the catalog for every item would take minutes at this size; the time limit
  // catches that, and speed itself is measured by npm run bench, not here.
  it("judges an in-store order against a served catalog of 100,000 items priced by their one family, still reading the family's price and taxes", { timeout: 30_000 }, () => {
    const ids = Array.from({ length: 100_000 }, (_, index) => `item-${index}`);
    const large = {
      item_family: [{ provider_id: 'fam-all', price_amount: 500, price_currency: 'USD', item_ids: ids, tax_ids: ['tax-sf'] }],
      item: ids.map((id) => ({ provider_id: id, name: id })),
      tax: [{ provider_id: 'tax-sf', rate: 8 }],
    };
    const bought = { currency: 'USD', subtotal: 50_000, tax: 7, total: 50_007, line_items: [{ provider_id: ids.at(-1), quantity: 1, price_amount: 50_000 }] };
    const found = inStoreDisagreements(bought, large, undefined);
    expect(found).toEqual([expect.stringMatching(/^\[catalog-prices-in-minor-units\] the catalog prices item-99999 at 500/), expect.stringMatching(/^\[in-store-tax-at-served-rates\] .*tax 7, .*\(8 %\) make 4000/)]);
  });
});
