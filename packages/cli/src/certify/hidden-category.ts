// POS-CAT-12 (a should): Category.is_active says whether the category is shown. A family only hidden
// categories list is one customers cannot find, which is only implausible when the POS sells it (it
// may be a catering section kept off the app on purpose), so this is advice, not a must: certify
// orders such a family's item and warns when the POS makes the order while its categories hide it.
import type { HttpExchange } from '../http.js';
import { isObject } from '../openapi.js';
import { fail, pass, type CertifyContext, type Check } from './context.js';
import type { OrderLine } from './pos-catalog-lines.js';

export const SOLD_CATEGORY_SHOWN = 'sold-category-shown';

type Json = Record<string, unknown>;

/** The most such items certify orders: one shows it, two cover a first refused for another reason. */
const ORDERS = 2;

/** Active items of active families that only categories with is_active false list, with those categories' ids. */
export function itemsOfHiddenCategories(catalog: Json): { line: OrderLine; categories: string[] }[] {
  const listed = (key: string) => (Array.isArray(catalog[key]) ? catalog[key].filter(isObject) : []);
  const categories = listed('category');
  const families = listed('item_family').filter((family) => family.is_active !== false && Array.isArray(family.item_ids));
  return listed('item').flatMap((item) => {
    if (item.is_active === false || item.stock_count === 0 || typeof item.provider_id !== 'string') return [];
    const holders = families.filter((family) => (family.item_ids as unknown[]).includes(item.provider_id)).map((family) => family.provider_id);
    const shownIn = categories.filter((category) => Array.isArray(category.item_family_ids) && category.item_family_ids.some((id) => holders.includes(id)));
    if (shownIn.length === 0 || shownIn.some((category) => category.is_active !== false)) return [];
    return [{ line: { provider_id: item.provider_id, name: typeof item.name === 'string' ? item.name : item.provider_id }, categories: shownIn.map((category) => String(category.provider_id)) }];
  });
}

export function hiddenCategoryCheck(options: { catalog: (context: CertifyContext) => Promise<Json>; orderFor: (context: CertifyContext, line: OrderLine) => Promise<HttpExchange> }): Check {
  return async (context) => {
    const hidden = itemsOfHiddenCategories(await options.catalog(context));
    if (hidden.length === 0) return pass('every item the catalog sells is in a category it shows');
    for (const { line, categories } of hidden.slice(0, ORDERS)) {
      const exchange = await options.orderFor(context, line);
      if (exchange.status !== 201) continue;
      return fail(
        `[${SOLD_CATEGORY_SHOWN}] the POS made Stream's order for ${String(line.provider_id)} (201), yet the catalog lists it only under categor${categories.length === 1 ? 'y' : 'ies'} ${categories.join(', ')} with is_active: false, so customers are never shown it: fill is_active from whether the category is on the menu, not from a screen switch such as the customer display's`,
        'a category the POS sells from served as shown (omit is_active or send true)',
      );
    }
    return pass(`the POS took no order for the items only hidden categories list (${hidden.map(({ line }) => String(line.provider_id)).join(', ')})`);
  };
}
