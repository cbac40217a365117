// itemsOfInactiveFamilies: the items certify orders from a POS to see whether it sells what its catalog
// says is not for sale (inactive-family-takes-no-order, POS-LOC-07).
import { describe, expect, it } from 'vitest';
import { itemsOfInactiveFamilies } from '../src/certify/inactive-parent.js';

const catalog = (families: Record<string, unknown>[], items: Record<string, unknown>[]) => ({ item_family: families, item: items });

describe('the items only inactive item families list', () => {
  it('names an active item whose only family is is_active false, with that family', () => {
    const found = itemsOfInactiveFamilies(catalog([{ provider_id: 'fam-fries', item_ids: ['item-fries'], is_active: false }], [{ provider_id: 'item-fries', name: 'Fries' }]));
    expect(found).toEqual([{ line: { provider_id: 'item-fries', name: 'Fries' }, families: ['fam-fries'] }]);
  });

  it('leaves out an item another, active family also lists: it is for sale there', () => {
    const families = [
      { provider_id: 'fam-old', item_ids: ['item-fries'], is_active: false },
      { provider_id: 'fam-fries', item_ids: ['item-fries'] },
    ];
    expect(itemsOfInactiveFamilies(catalog(families, [{ provider_id: 'item-fries', name: 'Fries' }]))).toEqual([]);
  });

  it('leaves out items that are inactive or sold out themselves, and items no family lists', () => {
    const families = [{ provider_id: 'fam-fries', item_ids: ['item-a', 'item-b'], is_active: false }];
    const items = [{ provider_id: 'item-a', name: 'A', is_active: false }, { provider_id: 'item-b', name: 'B', stock_count: 0 }, { provider_id: 'item-c', name: 'C' }];
    expect(itemsOfInactiveFamilies(catalog(families, items))).toEqual([]);
  });

  // A walk that went back over the catalog for every item would take minutes at this size; the time limit
  // catches that, and speed itself is measured by npm run bench, not here.
  it('reads a catalog of 100,000 items in one inactive family, naming that family once for each', { timeout: 30_000 }, () => {
    const ids = Array.from({ length: 100_000 }, (_, index) => `item-${index}`);
    const found = itemsOfInactiveFamilies(catalog([{ provider_id: 'fam-all', is_active: false, item_ids: [...ids, ids[0]] }], ids.map((id) => ({ provider_id: id, name: id }))));
    expect(found).toHaveLength(100_000);
    expect(found[0]).toEqual({ line: { provider_id: 'item-0', name: 'item-0' }, families: ['fam-all'] });
  });
});
