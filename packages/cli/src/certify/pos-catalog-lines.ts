// What certify orders from a POS's catalog: the first item it sells, and the modifiers a line of it can carry.
import { isObject } from '../openapi.js';
import { familiesByItem, firstFamily } from './catalog-families.js';
import { Blocked } from './context.js';

type Json = Record<string, unknown>;

function list(catalog: Json, key: string): Json[] {
  const value = catalog[key];
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** An item the POS sells, with its family and unit price, to build orders the POS can make. */
export function sellableItem(catalog: Json): { item: Json; family: Json | undefined; price: number; currency: string } {
  const families = familiesByItem(catalog);
  // An item the catalog says is sold out is ordered only when every item is: refusing it is then right, and POS-ORD-03's.
  const items = list(catalog, 'item');
  for (const item of [...items.filter((each) => each.stock_count !== 0), ...items.filter((each) => each.stock_count === 0)]) {
    if (item.is_active === false) continue;
    const family = firstFamily(families, item.provider_id);
    const price = typeof item.price_amount === 'number' ? item.price_amount : typeof family?.price_amount === 'number' ? family.price_amount : undefined;
    // A badly spelled currency is POS-CAT-05's finding; the test order still needs a valid one.
    const spelled = [item.price_currency, family?.price_currency].find((value) => typeof value === 'string' && /^[A-Z]{3}$/.test(value));
    const currency = typeof spelled === 'string' ? spelled : 'USD';
    if (price !== undefined && Number.isInteger(price)) return { item, family, price, currency };
  }
  // Prices that are not whole minor units are POS-CAT-04's finding; every order check depends on it.
  throw new Blocked('the catalog has no active item with a whole-number price to order', 'POS-CAT-04');
}

/**
 * A line of the caller's choosing: an item the catalog lacks or lists as inactive instead of one the
 * POS sells, or (without `provider_id`) the item the POS sells carrying the caller's `modifiers`.
 */
export interface OrderLine {
  readonly provider_id?: string;
  readonly name?: string;
  readonly modifiers?: readonly Json[];
}

/**
 * Modifiers for a line of `family`, as the catalog offers them: from each of its groups the group's
 * `min_selections` (at least one from the first group that has any), among the group's active modifiers.
 */
export function offeredModifiers(catalog: Json, family: Json | undefined): Json[] {
  const groups = new Map(list(catalog, 'modifier_group').map((group) => [group.provider_id, group]));
  const modifiers = new Map(list(catalog, 'modifier').map((modifier) => [modifier.provider_id, modifier]));
  const picked: Json[] = [];
  for (const groupId of Array.isArray(family?.modifier_group_ids) ? family.modifier_group_ids : []) {
    const group = groups.get(groupId);
    const active = (Array.isArray(group?.modifier_ids) ? group.modifier_ids : []).map((id) => modifiers.get(id)).filter((modifier): modifier is Json => modifier !== undefined && modifier.is_active !== false);
    const price = (modifier: Json) => (modifier.price_amount === undefined ? 0 : modifier.price_amount);
    const usable = active.filter((modifier) => Number.isInteger(price(modifier)));
    const wanted = Math.max(typeof group?.min_selections === 'number' ? group.min_selections : 0, picked.length === 0 ? 1 : 0);
    const count = Math.min(wanted, typeof group?.max_selections === 'number' ? group.max_selections : wanted, usable.length);
    for (const modifier of usable.slice(0, count)) picked.push({ provider_id: modifier.provider_id, modifier_group_id: groupId, name: String(modifier.name), quantity: 1, price_amount: price(modifier) });
  }
  return picked;
}

/** Every `price_amount` and `price_currency` in the catalog, wherever it sits (items, overrides...). */
export function walkCatalog(value: unknown, path: string, visit: (path: string, key: string, value: unknown) => void): void {
  if (Array.isArray(value)) value.forEach((item, index) => walkCatalog(item, `${path}[${index}]`, visit));
  else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const next = path === '' ? key : `${path}.${key}`;
      visit(next, key, item);
      walkCatalog(item, next, visit);
    }
  }
}
