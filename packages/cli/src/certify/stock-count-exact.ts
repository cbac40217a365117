// POS-ORD-03, rule stock-count-sold-to-the-last: stock_count is how many are left to sell, so an order
// for exactly the count served is one the POS can supply and takes. A POS that compares with >= where
// it means > refuses it, and only count - 1 can ever be sold.
import { isObject } from '../openapi.js';
import { askFor, countedItems, type StockCountOptions } from './stock-count-enforced.js';
import { quoted } from '../visible.js';

/** A rule of certify's on POS-ORD-03, catalogue 1.14.0. */
export const STOCK_COUNT_SOLD_TO_THE_LAST = 'stock-count-sold-to-the-last';

/**
 * Orders exactly the served stock_count of the first counted item (one order: it takes the whole
 * count, so the catalog must be read after any order that took from it). Undefined when the POS takes
 * it, or serves no count.
 */
export async function exactCountFinding(options: StockCountOptions): Promise<string | undefined> {
  const item = countedItems(options.catalog)[0];
  if (item === undefined) return undefined;
  const body = askFor((await options.order({ provider_id: item.id, name: item.name })).body, item.count, item.price);
  const what = `exactly ${item.count} of ${quoted(item.id)}, which the catalog serves with stock_count: ${item.count}`;
  const answer = await options.send(body, `send an order for ${what}`);
  if (answer.status !== undefined && answer.status >= 200 && answer.status < 300) return undefined;
  const json = isObject(answer.json) ? answer.json : {};
  const stock = isObject(json.posValidation) && Array.isArray(json.posValidation.stockValidation) ? json.posValidation.stockValidation.filter(isObject) : [];
  const entry = stock.find((each) => each.provider_id === item.id);
  const fix = `stock_count is how many are left to sell, so an order for all of them is one the POS can supply: refuse only more than the count (compare with >, not >=), or serve the count the POS sells from`;
  // The refusal's own words: quantity is how many can still be supplied, so one that reaches the quantity ordered contradicts the refusal.
  const said = entry !== undefined && typeof entry.quantity === 'number' && entry.quantity >= item.count ? `, with a stockValidation entry saying ${entry.quantity} can still be supplied, as many as were ordered` : '';
  return `[${STOCK_COUNT_SOLD_TO_THE_LAST}] an order for ${what} ${answer.summary}${said}, not taken: ${fix}`;
}
