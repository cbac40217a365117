// What certify orders from a POS's catalog, found in time whatever the catalog's shape: the catalog is
// the POS's answer (up to 8 MB), and a search of every family per item cost items x ids.
import { describe, expect, it } from 'vitest';
import { sellableItem } from '../src/certify/pos-catalog-lines.js';
import { menusOffering } from '../src/certify/served-agrees.js';

const ids = Array.from({ length: 100_000 }, (_, index) => `item-${index}`);

describe("the item certify orders from a POS's catalog", () => {
  // A walk that went back over the catalog for every item would take minutes at this size; the time limit
  // catches that, and speed itself is measured by npm run bench, not here.
  it("is found among 100,000 unpriced items of one family, at its family's price", { timeout: 30_000 }, () => {
    const catalog = {
      item_family: [{ provider_id: 'fam-unpriced', item_ids: ids.slice(0, -1) }, { provider_id: 'fam-priced', price_amount: 700, price_currency: 'CAD', item_ids: [ids.at(-1)] }],
      item: ids.map((id) => ({ provider_id: id, name: id })),
    };
    const found = sellableItem(catalog);
    expect(found).toMatchObject({ item: { provider_id: 'item-99999' }, family: { provider_id: 'fam-priced' }, price: 700, currency: 'CAD' });
  });

  // A walk that went back over the catalog for every item would take minutes at this size; the time limit
  // catches that, and speed itself is measured by npm run bench, not here.
  it('has its menus found when 100,000 families list it and a category lists 100,000 others', { timeout: 30_000 }, () => {
    const families = ids.map((id) => ({ provider_id: `fam-${id}`, item_ids: ['item-fries'] }));
    const catalog = {
      item_family: families,
      category: [{ provider_id: 'cat-other', item_family_ids: ids.map((id) => `other-${id}`) }, { provider_id: 'cat-all', item_family_ids: ['fam-item-0'] }],
      menu: [{ provider_id: 'menu-lunch', category_ids: ['cat-other'] }, { provider_id: 'menu-all-day', category_ids: ['cat-all'] }],
    };
    const menus = menusOffering(catalog, 'item-fries');
    expect(menus.map((menu) => menu.provider_id)).toEqual(['menu-all-day']);
  });
});
