// POS-ORD-03, rule stock-count-enforced: a stock_count the catalog serves is a limit the POS keeps.
// An order for one more than the count is refused with a stockValidation entry whose quantity is
// the count served, how many the POS can still sell.
import { isObject } from '../openapi.js';

/** A rule of certify's on POS-ORD-03, catalogue 1.14.0. */
export const STOCK_COUNT_ENFORCED = 'stock-count-enforced';

type Json = Record<string, unknown>;

export interface StockCountOptions {
  readonly catalog: Json;
  /** A contract-valid order.created whose one line names the item (quantity 1). */
  readonly order: (line: { readonly provider_id: string; readonly name: string }) => Promise<{ readonly body: Json }>;
  /** Sends the order and gives its status and JSON answer. */
  readonly send: (body: Json, what: string) => Promise<{ readonly status?: number; readonly json?: unknown; readonly summary: string }>;
}

/** At most this many counted items are ordered past their count: each costs the partner one refused order. */
const COUNTED_ORDERS = 3;

export interface Counted {
  readonly id: string;
  readonly name: string;
  readonly count: number;
  readonly price?: number;
}

/** The active items served with a stock_count above 0 that no location override changes, with their unit price. */
export function countedItems(catalog: Json): Counted[] {
  const items = Array.isArray(catalog.item) ? catalog.item.filter(isObject) : [];
  const families = Array.isArray(catalog.item_family) ? catalog.item_family.filter(isObject) : [];
  const overridden = (item: Json) => Array.isArray(item.location_overrides) && item.location_overrides.some((override) => isObject(override) && (override.stock_count !== undefined || override.is_active !== undefined));
  const found = items.filter((item) => typeof item.stock_count === 'number' && Number.isInteger(item.stock_count) && item.stock_count > 0 && item.stock_count < 1000 && item.is_active !== false && !overridden(item) && typeof item.provider_id === 'string' && item.provider_id !== '');
  return found.slice(0, COUNTED_ORDERS).map((item) => {
    const price = item.price_amount ?? families.find((family) => Array.isArray(family.item_ids) && family.item_ids.includes(item.provider_id))?.price_amount;
    return { id: String(item.provider_id), name: typeof item.name === 'string' && item.name !== '' ? item.name : 'An item with a stock count', count: item.stock_count as number, ...(typeof price === 'number' ? { price } : {}) };
  });
}

/** The order's one line set to `quantity` units at the item's price, with the amounts added up again. */
export function askFor(body: Json, quantity: number, price: number | undefined): Json {
  const object = isObject(body.object) ? body.object : {};
  const lines = Array.isArray(object.line_items) ? object.line_items.filter(isObject) : [];
  const line = lines[0] ?? {};
  const unit = price ?? (typeof line.price_amount === 'number' ? line.price_amount : 0);
  const amount = quantity * unit;
  return { ...body, object: { ...object, line_items: [{ ...line, quantity, price_amount: unit }, ...lines.slice(1)], subtotal: amount, tax: 0, total: amount } };
}

/** Orders one more than each served stock_count (the first few); undefined when the POS refuses each as the contract says, or serves no count. */
export async function stockCountFinding(options: StockCountOptions): Promise<string | undefined> {
  const found: string[] = [];
  for (const item of countedItems(options.catalog)) {
    const finding = await overCountFinding(options, item);
    if (finding !== undefined) found.push(finding);
  }
  return found.length === 0 ? undefined : found.join('; ');
}

async function overCountFinding(options: StockCountOptions, item: Counted): Promise<string | undefined> {
  const asked = item.count + 1;
  const body = askFor((await options.order({ provider_id: item.id, name: item.name })).body, asked, item.price);
  const what = `${asked} of ${item.id}, which the catalog serves with stock_count: ${item.count}`;
  const answer = await options.send(body, `send an order for ${what}`);
  const json = isObject(answer.json) ? answer.json : {};
  const stock = isObject(json.posValidation) && Array.isArray(json.posValidation.stockValidation) ? json.posValidation.stockValidation.filter(isObject) : [];
  const entry = stock.find((each) => each.provider_id === item.id);
  const fix = `stock_count is how many are left to sell, so refuse an order for more with a stockValidation entry { type: item, provider_id: ${item.id}, quantity: ${item.count} }, or serve the count the POS sells from`;
  if (answer.status !== 400) return `[${STOCK_COUNT_ENFORCED}] an order for ${what} ${answer.summary}, not 400: ${fix}`;
  if (entry === undefined) return `[${STOCK_COUNT_ENFORCED}] the 400 for an order for ${what} has no stockValidation entry naming ${item.id}: ${fix}`;
  if (entry.quantity !== item.count || entry.type !== 'item') return `[${STOCK_COUNT_ENFORCED}] the 400 for an order for ${what} lists ${item.id} with type ${JSON.stringify(entry.type)} and quantity ${JSON.stringify(entry.quantity)}, not type item and quantity ${item.count}: ${fix}`;
  return undefined;
}
