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

/** The most categories named for one item: a finding quotes them, and a catalog may list thousands. */
const CATEGORIES_NAMED = 20;

/**
 * Active items of active families that only categories with is_active false list, with those categories' ids.
 * Each list is walked once into an index: looking each item up in every family's item_ids, and each
 * family in every category's list, cost items x ids comparisons, 8.8 s of certify's CPU (the console's
 * sandbox and the MCP server frozen with it) for one family of 100,000 items in a 6 MB catalog.
 */
export function itemsOfHiddenCategories(catalog: Json): { line: OrderLine; categories: string[] }[] {
  const listed = (key: string) => (Array.isArray(catalog[key]) ? catalog[key].filter(isObject) : []);
  const categories = listed('category');
  const holdersOf = new Map<unknown, unknown[]>();
  for (const family of listed('item_family')) {
    if (family.is_active === false || !Array.isArray(family.item_ids)) continue;
    for (const id of new Set(family.item_ids as unknown[])) {
      const holders = holdersOf.get(id);
      if (holders === undefined) holdersOf.set(id, [family.provider_id]);
      else holders.push(family.provider_id);
    }
  }
  // Per family: the categories listing it, in catalog order, and whether any of them is shown.
  const listers = new Map<unknown, { categories: number[]; shown: boolean }>();
  categories.forEach((category, index) => {
    if (!Array.isArray(category.item_family_ids)) return;
    for (const id of new Set(category.item_family_ids as unknown[])) {
      const lister = listers.get(id) ?? { categories: [], shown: false };
      lister.categories.push(index);
      lister.shown ||= category.is_active !== false;
      listers.set(id, lister);
    }
  });
  return listed('item').flatMap((item) => {
    if (item.is_active === false || item.stock_count === 0 || typeof item.provider_id !== 'string') return [];
    const holders = [...new Set(holdersOf.get(item.provider_id) ?? [])].flatMap((holder) => listers.get(holder) ?? []);
    if (holders.length === 0 || holders.some((lister) => lister.shown)) return [];
    const named = new Set<number>();
    for (const lister of holders) {
      for (const index of lister.categories) if (named.size < CATEGORIES_NAMED) named.add(index);
      if (named.size >= CATEGORIES_NAMED) break;
    }
    return [{ line: { provider_id: item.provider_id, name: typeof item.name === 'string' ? item.name : item.provider_id }, categories: [...named].sort((a, b) => a - b).map((index) => String(categories[index]!.provider_id)) }];
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
