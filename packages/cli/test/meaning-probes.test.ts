// The catalog readings behind certify's meaning probes: which items, menus and groups each one orders.
import { describe, expect, it } from 'vitest';
import { activeUncounted } from '../src/certify/active-not-sold-out.js';
import { itemsOfClosedMenus, neverOpen } from '../src/certify/closed-menu.js';
import { unlimitedGroupPick, unlimitedGroupPicks, withTwoOf } from '../src/certify/unlimited-group.js';

const catalog = {
  item_family: [
    { provider_id: 'fam-burger', item_ids: ['item-single', 'item-counted', 'item-off'], modifier_group_ids: ['mg-cheese', 'mg-toppings'] },
    { provider_id: 'fam-old', item_ids: ['item-retired'], is_active: false },
  ],
  item: [
    { provider_id: 'item-single', name: 'Single' },
    { provider_id: 'item-counted', name: 'Counted', stock_count: 4 },
    { provider_id: 'item-off', name: 'Off', is_active: false },
    { provider_id: 'item-retired', name: 'Retired' },
  ],
  modifier_group: [
    { provider_id: 'mg-cheese', selection_type: 'single', modifier_ids: ['mod-cheddar', 'mod-swiss'] },
    { provider_id: 'mg-toppings', selection_type: 'multiple', modifier_ids: ['mod-onion', 'mod-pickles'] },
  ],
  modifier: [
    { provider_id: 'mod-cheddar', name: 'Cheddar', price_amount: 100 },
    { provider_id: 'mod-swiss', name: 'Swiss', price_amount: 100 },
    { provider_id: 'mod-onion', name: 'Onion', price_amount: 50 },
    { provider_id: 'mod-pickles', name: 'Pickles' },
  ],
};

describe('the items certify reads as on sale and uncounted', () => {
  it('orders only items served without is_active false, without stock_count, and not only in an inactive family', () => {
    expect(activeUncounted(catalog).map((item) => item.provider_id)).toEqual(['item-single']);
  });
});

describe('a menu that never opens', () => {
  it('reads a schedule with every day omitted or empty as never open, and one day with a range as open', () => {
    expect(neverOpen({ schedule: {} })).toBe(true);
    expect(neverOpen({ schedule: { monday: [], sunday: [] } })).toBe(true);
    expect(neverOpen({ schedule: { saturday: ['00:00-24:00'] } })).toBe(false);
    expect(neverOpen({})).toBe(false);
  });

  it('names an item only never-open menus offer, and not one an open menu offers too', () => {
    const closed = { provider_id: 'menu-closed', schedule: {} };
    const open = { provider_id: 'menu-open', schedule: { friday: ['11:00-22:00'] } };
    const offering = (menus: Record<string, unknown>[]) => () => menus;
    expect(itemsOfClosedMenus(catalog, offering([closed])).map((entry) => [entry.line.provider_id, entry.menus])).toEqual([
      ['item-single', ['menu-closed']],
      ['item-counted', ['menu-closed']],
      ['item-retired', ['menu-closed']],
    ]);
    expect(itemsOfClosedMenus(catalog, offering([closed, open]))).toEqual([]);
  });
});

describe('a multiple group served without a limit', () => {
  it('picks two modifiers of a multiple group without max_selections, never of a single one', () => {
    const pick = unlimitedGroupPick(catalog, { provider_id: 'item-single', item_family_id: 'fam-burger' });
    expect(pick?.group).toBe('mg-toppings');
    expect(pick?.modifiers.map((modifier) => [modifier.provider_id, modifier.price_amount])).toEqual([
      ['mod-onion', 50],
      ['mod-pickles', 0],
    ]);
    const capped = { ...catalog, modifier_group: catalog.modifier_group.map((group) => ({ ...group, max_selections: 1 })) };
    expect(unlimitedGroupPick(capped, { provider_id: 'item-single' })).toBeUndefined();
  });

  it('sends the taken order again as a new order whose sums add the two modifiers for each unit of the line', () => {
    const taken = { type: 'order.created', object: { id: 'ord_1', idempotency_key: 'k', subtotal: 1200, total: 1300, line_items: [{ provider_id: 'item-single', quantity: 2, price_amount: 500, modifiers: [{ provider_id: 'mod-cheddar', modifier_group_id: 'mg-cheese', quantity: 1, price_amount: 100 }] }] } };
    const pick = unlimitedGroupPick(catalog, taken.object.line_items[0]!)!;
    const again = withTwoOf(taken, pick).object as Record<string, unknown>;
    expect(again.id).not.toBe('ord_1');
    expect(again.idempotency_key).not.toBe('k');
    expect([again.subtotal, again.total]).toEqual([1300, 1400]);
    expect(((again.line_items as Record<string, unknown>[])[0]!.modifiers as Record<string, unknown>[]).map((modifier) => modifier.provider_id)).toEqual(['mod-cheddar', 'mod-onion', 'mod-pickles']);
  });

  it('tries a group offered only by another family on an item of that family, the line and sums changed to it', () => {
    const withFries = {
      ...catalog,
      item_family: [...catalog.item_family, { provider_id: 'fam-fries', item_ids: ['item-fries'], modifier_group_ids: ['mg-dips'] }],
      item: [...catalog.item, { provider_id: 'item-fries', name: 'Fries', price_amount: 300 }],
      modifier_group: [...catalog.modifier_group, { provider_id: 'mg-dips', selection_type: 'multiple', modifier_ids: ['mod-ketchup', 'mod-aioli'] }],
      modifier: [...catalog.modifier, { provider_id: 'mod-ketchup', name: 'Ketchup', price_amount: 50 }, { provider_id: 'mod-aioli', name: 'Aioli', price_amount: 75 }],
    };
    const taken = { type: 'order.created', object: { id: 'ord_1', idempotency_key: 'k', subtotal: 1200, total: 1300, line_items: [{ provider_id: 'item-single', item_family_id: 'fam-burger', name: 'Single', quantity: 2, price_amount: 500, modifiers: [{ provider_id: 'mod-cheddar', modifier_group_id: 'mg-cheese', quantity: 1, price_amount: 100 }] }] } };
    const picks = unlimitedGroupPicks(withFries, taken.object.line_items[0]!);
    expect(picks.map((pick) => [pick.group, pick.item?.provider_id])).toEqual([['mg-toppings', undefined], ['mg-dips', 'item-fries']]);
    const again = withTwoOf(taken, picks[1]!).object as Record<string, unknown>;
    const line = (again.line_items as Record<string, unknown>[])[0]!;
    expect([line.provider_id, line.item_family_id, line.price_amount]).toEqual(['item-fries', 'fam-fries', 300]);
    expect((line.modifiers as Record<string, unknown>[]).map((modifier) => modifier.provider_id)).toEqual(['mod-ketchup', 'mod-aioli']);
    // Two units of 300 + 50 + 75 replace two units of 500 + 100.
    expect([again.subtotal, again.total]).toEqual([850, 950]);
  });
});
