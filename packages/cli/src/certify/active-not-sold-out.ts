// POS-ORD-03, read from the catalog's meaning: `is_active` omitted means active, and `stock_count`
// omitted means stock is not tracked. A POS whose export drops `is_active: false` (a serializer that
// leaves out false values) serves an item the till will not sell as one on sale; certify orders the
// items the catalog serves that way and reads a refusal naming one as sold out as the contradiction.
import { isObject } from '../openapi.js';

type Json = Record<string, unknown>;

/** A rule of certify's on POS-ORD-03 (catalogue 1.14.0): an item served as active with no stock count is not refused as sold out. */
export const ACTIVE_ITEM_NOT_SOLD_OUT = 'active-item-not-sold-out';

/** At most this many items go in the one order: enough to reach an item the export left unmarked, few enough to read. */
const AT_MOST = 6;

const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** Items the catalog serves as on sale without a count: no `is_active: false`, no `stock_count`, and no family listing them marked inactive. */
export function activeUncounted(catalog: Json): Json[] {
  const inactiveFamilies = list(catalog.item_family).filter((family) => family.is_active === false);
  const inInactiveFamily = (id: unknown) => inactiveFamilies.some((family) => Array.isArray(family.item_ids) && family.item_ids.includes(id));
  return list(catalog.item)
    .filter((item) => typeof item.provider_id === 'string' && item.provider_id !== '' && item.is_active !== false && item.stock_count === undefined && !inInactiveFamily(item.provider_id))
    .slice(0, AT_MOST);
}

export interface ActiveNotSoldOutOptions {
  readonly catalog: Json;
  /** A new order.created for these lines, built as the POS's other order checks build one. */
  readonly order: (lines: readonly { provider_id: string; name: string }[]) => Promise<{ readonly body: Json }>;
  readonly send: (body: Json, what: string) => Promise<{ status: number | undefined; json: unknown }>;
}

/** Orders one unit of each item the catalog serves as active and uncounted; a stockValidation entry naming one with quantity 0 contradicts what the catalog says. */
export async function activeNotSoldOutFinding(options: ActiveNotSoldOutOptions): Promise<string | undefined> {
  const items = activeUncounted(options.catalog);
  if (items.length === 0) return undefined;
  const lines = items.map((item) => ({ provider_id: String(item.provider_id), name: typeof item.name === 'string' && item.name !== '' ? item.name : 'An item on sale' }));
  const ids = lines.map((line) => line.provider_id).join(', ');
  const { body } = await options.order(lines);
  const answer = await options.send(body, `send one order with one unit of each item the catalog serves with is_active and stock_count omitted (${ids})`);
  if (answer.status !== 400 || !isObject(answer.json) || !isObject(answer.json.posValidation)) return undefined;
  const soldOut = list(answer.json.posValidation.stockValidation).filter((entry) => entry.quantity === 0 && lines.some((line) => line.provider_id === entry.provider_id));
  if (soldOut.length === 0) return undefined;
  const named = soldOut.map((entry) => String(entry.provider_id)).join(', ');
  return `[${ACTIVE_ITEM_NOT_SOLD_OUT}] an order for one unit each of ${ids} was refused with stockValidation saying ${named} has quantity 0 (sold out), yet the catalog serves ${soldOut.length === 1 ? 'it' : 'them'} with no is_active (which means active) and no stock_count (which means stock is not tracked): serve is_active: false for an item the POS does not sell (an export that leaves out false values drops it), or take the order`;
}
