// An in-store order's line and modifier prices held against the catalog the POS serves: the till and
// the export read the same price list, so each line charges the price_amount served for its object.
import { isObject } from '../openapi.js';
import { familiesByItem, firstFamily } from './catalog-families.js';

/** A rule of certify's on POS-SND-07 (a should: one order read, a price may change in between), catalogue 1.14.0. */
export const IN_STORE_PRICES_SERVED = 'in-store-prices-served';

type Json = Record<string, unknown>;

const listed = (catalog: Json, key: string): Json[] => (Array.isArray(catalog[key]) ? catalog[key].filter(isObject) : []);

/** A location override that sets its own price: the served price then depends on the location, so it is not compared. */
const overridden = (object: Json): boolean => Array.isArray(object.location_overrides) && object.location_overrides.some((override) => isObject(override) && override.price_amount !== undefined);

/** The price_amount the catalog serves for each item (or its family's, when the item leaves it unset) and modifier. */
function servedPrices(catalog: Json): Map<unknown, number> {
  const prices = new Map<unknown, number>();
  const familyOf = familiesByItem(catalog);
  for (const item of listed(catalog, 'item')) {
    const family = firstFamily(familyOf, item.provider_id);
    const price = item.price_amount ?? family?.price_amount;
    if (typeof price === 'number' && !overridden(item) && !(family !== undefined && overridden(family) && item.price_amount === undefined)) prices.set(item.provider_id, price);
  }
  for (const modifier of listed(catalog, 'modifier')) if (typeof modifier.price_amount === 'number' && !overridden(modifier)) prices.set(modifier.provider_id, modifier.price_amount);
  return prices;
}

/** Each line and modifier (nested ones included) of an order, with where it sits. */
function pricedLines(order: Json): Json[] {
  const under = (line: Json): Json[] => [line, ...(Array.isArray(line.modifiers) ? line.modifiers.filter(isObject).flatMap(under) : [])];
  return (Array.isArray(order.line_items) ? order.line_items.filter(isObject) : []).flatMap(under);
}

/**
 * Lines whose price_amount differs from the one the catalog serves for their object. A charge 100
 * times the served price is catalog-prices-in-minor-units' finding, so it is left to that rule.
 */
export function linePriceFinding(order: Json, catalog: Json): string | undefined {
  const prices = servedPrices(catalog);
  const differ = pricedLines(order).flatMap((line) => {
    const served = prices.get(line.provider_id);
    const charged = line.price_amount;
    // A served price that is not a whole number breaks the contract's shape (POS-CAT-04), not this rule.
    if (typeof served !== 'number' || !Number.isInteger(served) || typeof charged !== 'number' || served === charged) return [];
    if (charged >= 100 && Math.round(charged / 100) === served) return [];
    return [`${String(line.provider_id)} at ${charged} (served ${served})`];
  });
  if (differ.length === 0) return undefined;
  return `[${IN_STORE_PRICES_SERVED}] the POS's in-store order charges ${differ.join(', ')}: Stream prices its orders from the catalog the POS serves, so serve the price_amount the till charges (before tax, when the tax is is_inclusive: false), or charge the served one`;
}
