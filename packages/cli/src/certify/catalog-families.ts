// Which families of a served catalog list an item: found for every item at once, in one pass over the
// lists. A search of every family's item_ids per item cost items x ids comparisons: 18 s of certify's
// CPU (the console's sandbox and the MCP server frozen with it) for 100,000 items in one family (6 MB).
import { isObject } from '../openapi.js';

type Json = Record<string, unknown>;

/** Each id any family's item_ids lists, with every family that lists it, in catalog order, each once. */
export function familiesByItem(catalog: Json): ReadonlyMap<unknown, readonly Json[]> {
  const holders = new Map<unknown, Json[]>();
  const families = Array.isArray(catalog.item_family) ? catalog.item_family.filter(isObject) : [];
  for (const family of families) {
    if (!Array.isArray(family.item_ids)) continue;
    for (const id of new Set(family.item_ids as unknown[])) {
      const listing = holders.get(id);
      if (listing === undefined) holders.set(id, [family]);
      else listing.push(family);
    }
  }
  return holders;
}

/** The first family (in catalog order) whose item_ids lists `id`, as `families.find(… item_ids.includes(id))` gives, from `familiesByItem`. */
export const firstFamily = (holders: ReadonlyMap<unknown, readonly Json[]>, id: unknown): Json | undefined => holders.get(id)?.[0];
