// The POS's menu: one location's catalog, in the shape Stream reads (CatalogResponse). Prices are
// whole cents and every id a family, group or menu lists exists.
import type { Pos } from '@stream-partner/contracts';

export const LOCATIONS: Pos.components['schemas']['Location'][] = [
  {
    provider_id: 'loc-downtown',
    name: 'Bun & Patty Downtown',
    address: { address_line_1: '1 Market St', locality: 'San Francisco', administrative_district_level_1: 'CA', postal_code: '94105', country: 'US' },
    timezone: 'America/Los_Angeles',
    prep_time_minutes: 15,
    connection_status: 'online',
  },
];

export const CATALOG: Pos.components['schemas']['CatalogResponse'] = {
  category: [
    { provider_id: 'cat-burgers', name: 'Burgers', item_family_ids: ['fam-classic-burger'] },
    { provider_id: 'cat-sides', name: 'Sides', item_family_ids: ['fam-fries'] },
  ],
  item_family: [
    { provider_id: 'fam-classic-burger', name: 'Classic Burger', item_ids: ['item-classic-single', 'item-classic-double', 'item-classic-triple'], modifier_group_ids: ['mg-cheese'] },
    { provider_id: 'fam-fries', name: 'Fries', item_ids: ['item-fries-regular', 'item-fries-large'] },
  ],
  item: [
    { provider_id: 'item-classic-single', name: 'Classic Burger – Single', price_amount: 999, price_currency: 'USD' },
    { provider_id: 'item-classic-double', name: 'Classic Burger – Double', price_amount: 1299, price_currency: 'USD' },
    // Listed but not for sale today: an order for it is refused as out of stock (stockValidation), not as an unknown item.
    { provider_id: 'item-classic-triple', name: 'Classic Burger – Triple', price_amount: 1599, price_currency: 'USD', is_active: false },
    { provider_id: 'item-fries-regular', name: 'Fries – Regular', price_amount: 399, price_currency: 'USD' },
    { provider_id: 'item-fries-large', name: 'Fries – Large', price_amount: 549, price_currency: 'USD' },
  ],
  modifier_group: [{ provider_id: 'mg-cheese', name: 'Cheese', selection_type: 'single', modifier_ids: ['mod-cheddar', 'mod-swiss'], min_selections: 0, max_selections: 1 }],
  modifier: [
    { provider_id: 'mod-cheddar', name: 'Cheddar', price_amount: 100, price_currency: 'USD' },
    { provider_id: 'mod-swiss', name: 'Swiss', price_amount: 100, price_currency: 'USD' },
  ],
  menu: [
    {
      provider_id: 'menu-all-day',
      name: 'All day',
      category_ids: ['cat-burgers', 'cat-sides'],
      schedule: Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, ['11:00-22:00']])),
    },
  ],
  tax: [{ provider_id: 'tax-sf', name: 'San Francisco sales tax', rate: 8.625, is_default: true }],
};
