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

  // A walk that went back over the catalog for every item would take minutes at this size; the time limit
  // catches that, and speed itself is measured by npm run bench, not here.
  it('reads a catalog of one family listing 100,000 items, naming each item once', { timeout: 30_000 }, () => {
    const ids = Array.from({ length: 100_000 }, (_, index) => `item-${index}`);
    const large = {
      category: [{ provider_id: 'cat-hidden', name: 'Hidden', is_active: false, item_family_ids: ['fam-all', 'fam-all'] }],
      item_family: [{ provider_id: 'fam-all', item_ids: ids }, { provider_id: 'fam-all', item_ids: ids.slice(0, 10) }],
      item: ids.map((id) => ({ provider_id: id, name: id })),
    };
    const found = itemsOfHiddenCategories(large);
    expect(found).toHaveLength(100_000);
    expect(found[0]).toEqual({ line: { provider_id: 'item-0', name: 'item-0' }, categories: ['cat-hidden'] });
  });

  it('names at most 20 hidden categories of an item, in catalog order, and none when one shown category lists a family holding it', () => {
    const many = Array.from({ length: 50 }, (_, index) => ({ provider_id: `cat-${index}`, name: `C${index}`, is_active: false, item_family_ids: ['fam-fries'] }));
    const [found] = itemsOfHiddenCategories({ ...catalog({ is_active: false }), category: [...many, ...catalog({}).category.slice(0, 1)] });
    expect(found!.categories).toEqual(many.slice(0, 20).map((category) => category.provider_id));
    const shownElsewhere = { ...catalog({ is_active: false }), item_family: [...catalog({}).item_family, { provider_id: 'fam-also', item_ids: ['item-fries'] }], category: [...catalog({ is_active: false }).category, { provider_id: 'cat-also', name: 'Also', item_family_ids: ['fam-also'] }] };
    expect(itemsOfHiddenCategories(shownElsewhere)).toEqual([]);
  });
});
