// itemsOfHiddenCategories: the items certify orders to see whether a POS sells what its catalog hides.
import { describe, expect, it } from 'vitest';
import { itemsOfHiddenCategories } from '../src/certify/hidden-category.js';

const catalog = (sides: Record<string, unknown>, more: Record<string, unknown>[] = []) => ({
  category: [{ provider_id: 'cat-burgers', name: 'Burgers', item_family_ids: ['fam-classic'] }, { provider_id: 'cat-sides', name: 'Sides', item_family_ids: ['fam-fries'], ...sides }, ...more],
  item_family: [{ provider_id: 'fam-classic', item_ids: ['item-classic'] }, { provider_id: 'fam-fries', item_ids: ['item-fries'] }],
  item: [{ provider_id: 'item-classic', name: 'Classic' }, { provider_id: 'item-fries', name: 'Fries' }],
});

describe('items listed only under hidden categories', () => {
  it('names an active item whose only category is served with is_active false, with that category', () => {
    expect(itemsOfHiddenCategories(catalog({ is_active: false }))).toEqual([{ line: { provider_id: 'item-fries', name: 'Fries' }, categories: ['cat-sides'] }]);
  });

  it('leaves out an item that another, shown category also lists', () => {
    expect(itemsOfHiddenCategories(catalog({ is_active: false }, [{ provider_id: 'cat-all', name: 'All', item_family_ids: ['fam-fries'] }]))).toEqual([]);
  });

  it('leaves out items when every category is shown, or the item is itself inactive', () => {
    expect(itemsOfHiddenCategories(catalog({}))).toEqual([]);
    const inactiveItem = { ...catalog({ is_active: false }), item: [{ provider_id: 'item-classic' }, { provider_id: 'item-fries', is_active: false }] };
    expect(itemsOfHiddenCategories(inactiveItem)).toEqual([]);
  });
});
