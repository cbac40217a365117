// POS-LOC-07 beyond menus: an item whose every item family the catalog serves with is_active false is
// not for sale (ItemFamily.is_active: "Whether the family is for sale"), however the item itself is
// flagged. A POS that makes Stream's order for such an item serves a catalog that says it does not sell
// it: a family flag filled from a screen switch ("featured", "on the kiosk") that means something else.
import type { HttpExchange } from '../http.js';
import { isObject } from '../openapi.js';
import { familiesByItem } from './catalog-families.js';
import type { OrderLine } from './pos-catalog-lines.js';

/** A rule of certify's on POS-LOC-07 (catalogue 1.14.0): an item only inactive item families list takes no order. */
export const INACTIVE_FAMILY_TAKES_NO_ORDER = 'inactive-family-takes-no-order';

type Json = Record<string, unknown>;

/** The most such items certify orders: one shows the fault, two cover a catalog whose first is refused for another reason. */
const ORDERS = 2;

/** Active items every family of which (one at least) is is_active false, with those families' ids. */
export function itemsOfInactiveFamilies(catalog: Json): { line: OrderLine; families: string[] }[] {
  const listed = (key: string) => (Array.isArray(catalog[key]) ? catalog[key].filter(isObject) : []);
  const families = familiesByItem(catalog);
  return listed('item').flatMap((item) => {
    if (item.is_active === false || item.stock_count === 0 || typeof item.provider_id !== 'string') return [];
    const holders = families.get(item.provider_id) ?? [];
    if (holders.length === 0 || holders.some((family) => family.is_active !== false)) return [];
    return [{ line: { provider_id: item.provider_id, name: typeof item.name === 'string' ? item.name : item.provider_id }, families: holders.map((family) => String(family.provider_id)) }];
  });
}

/** Orders items only inactive families list (`send` sends Stream's order.created for a line); a finding when the POS makes one (201). */
export async function inactiveFamilyFinding(options: { catalog: Json; send: (line: OrderLine) => Promise<HttpExchange> }): Promise<string | undefined> {
  for (const { line, families } of itemsOfInactiveFamilies(options.catalog).slice(0, ORDERS)) {
    const exchange = await options.send(line);
    if (exchange.status !== 201) continue;
    return `[${INACTIVE_FAMILY_TAKES_NO_ORDER}] the POS made Stream's order for ${String(line.provider_id)} (201), yet the catalog lists it only in item famil${families.length === 1 ? 'y' : 'ies'} ${families.join(', ')} with is_active: false, so it is not for sale: serve the family the POS sells as active (omit is_active or send true), or refuse orders for it`;
  }
  return undefined;
}
