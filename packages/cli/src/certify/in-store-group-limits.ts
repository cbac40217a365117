// An in-store order's lines held against the modifier groups the catalog serves: the till and the
// export read the same menu, so a line the POS itself sold picks from each group its family offers
// within min_selections and max_selections. A group served as required that the till's own orders
// leave empty (a "Cheese?" prompt exported as min_selections 1) would refuse Stream's plain burger.
import { isObject } from '../openapi.js';
import { familiesByItem, firstFamily } from './catalog-families.js';

/** A rule of certify's on POS-SND-07 (a should: one order read, the menu may change in between), catalogue 1.14.0. */
export const IN_STORE_LINES_WITHIN_GROUPS = 'in-store-lines-within-groups';

type Json = Record<string, unknown>;

const listed = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** The most a group allows: its max_selections, else one for `single` and no limit for `multiple`. */
const most = (group: Json): number => (typeof group.max_selections === 'number' ? group.max_selections : group.selection_type === 'single' ? 1 : Infinity);

/** Each line whose picks from a group its family offers fall outside the group's limits, as a phrase; undefined when every line is within them. */
export function groupLimitsFinding(order: Json, catalog: Json): string | undefined {
  const families = new Map(listed(catalog.item_family).map((family) => [family.provider_id, family]));
  const groups = new Map(listed(catalog.modifier_group).map((group) => [group.provider_id, group]));
  const familyOf = familiesByItem(catalog);
  const outside: string[] = [];
  for (const line of listed(order.line_items)) {
    const family = families.get(line.item_family_id) ?? firstFamily(familyOf, line.provider_id);
    const offered = Array.isArray(family?.modifier_group_ids) ? family.modifier_group_ids : [];
    for (const id of new Set(offered)) {
      const group = groups.get(id);
      if (group === undefined || group.is_active === false) continue;
      const members = new Set(Array.isArray(group.modifier_ids) ? group.modifier_ids : []);
      // Modifiers count per unit of the line; one named by its group or listed in the group counts.
      const picked = listed(line.modifiers)
        .filter((modifier) => modifier.modifier_group_id === id || (modifier.modifier_group_id === undefined && members.has(modifier.provider_id)))
        .reduce((sum, modifier) => sum + (typeof modifier.quantity === 'number' ? modifier.quantity : 1), 0);
      const least = typeof group.min_selections === 'number' ? group.min_selections : 0;
      if (picked < least) outside.push(`${String(line.provider_id)} with ${picked} from ${String(id)} (served min_selections ${least})`);
      else if (picked > most(group)) outside.push(`${String(line.provider_id)} with ${picked} from ${String(id)} (served ${typeof group.max_selections === 'number' ? `max_selections ${group.max_selections}` : `selection_type ${String(group.selection_type)}, so at most 1`})`);
    }
  }
  if (outside.length === 0) return undefined;
  return `[${IN_STORE_LINES_WITHIN_GROUPS}] the POS's in-store order sells ${outside.join(', ')}: Stream's orders are held to the groups the catalog serves, so serve the min_selections and max_selections the till keeps (0 for a group it only prompts for)`;
}
