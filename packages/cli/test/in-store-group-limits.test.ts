// An in-store order's lines against the modifier groups the catalog serves (in-store-lines-within-groups).
import { describe, expect, it } from 'vitest';
import { groupLimitsFinding } from '../src/certify/in-store-group-limits.js';

const catalog = (cheese: Record<string, unknown>) => ({
  item_family: [{ provider_id: 'fam-burger', item_ids: ['item-single'], modifier_group_ids: ['mg-cheese', 'mg-toppings'] }],
  item: [{ provider_id: 'item-single', name: 'Single', price_amount: 999 }],
  modifier_group: [
    { provider_id: 'mg-cheese', selection_type: 'single', modifier_ids: ['mod-cheddar', 'mod-swiss'], min_selections: 0, ...cheese },
    { provider_id: 'mg-toppings', selection_type: 'multiple', modifier_ids: ['mod-onion', 'mod-pickles'] },
  ],
});
const line = (modifiers: Record<string, unknown>[]) => ({ line_items: [{ provider_id: 'item-single', item_family_id: 'fam-burger', quantity: 2, price_amount: 999, modifiers }] });
const cheddar = { provider_id: 'mod-cheddar', modifier_group_id: 'mg-cheese', quantity: 1 };
const swiss = { provider_id: 'mod-swiss', modifier_group_id: 'mg-cheese', quantity: 1 };

describe('an in-store order held to the groups the catalog serves', () => {
  it('names a plain burger sold beside a cheese group served as required', () => {
    expect(groupLimitsFinding(line([]), catalog({ min_selections: 1 }))).toMatch(/^\[in-store-lines-within-groups\] the POS's in-store order sells item-single with 0 from mg-cheese \(served min_selections 1\)/);
  });

  it('names two cheeses from a single group served without a maximum, counted per unit of the line', () => {
    expect(groupLimitsFinding(line([cheddar, swiss]), catalog({}))).toMatch(/item-single with 2 from mg-cheese \(served selection_type single, so at most 1\)/);
  });

  it('takes a line within every group, any number of toppings from a multiple group without a maximum included', () => {
    const toppings = [{ provider_id: 'mod-onion', modifier_group_id: 'mg-toppings', quantity: 3 }, { provider_id: 'mod-pickles', quantity: 1 }];
    expect(groupLimitsFinding(line([cheddar, ...toppings]), catalog({ max_selections: 1 }))).toBeUndefined();
    expect(groupLimitsFinding(line([]), catalog({}))).toBeUndefined();
  });
});
