// POS-ORD-01, read from ModifierGroup.max_selections' meaning: "omitted means no limit for
// `multiple`, and one for `single`". A POS that reads an omitted maximum as one for every group
// refuses a customer's two toppings from a group the catalog serves without a limit; certify sends the
// order it just took again with two modifiers of such a group on its first line and expects it taken.
import { randomBytes, randomUUID } from 'node:crypto';
import { isObject } from '../openapi.js';
import { familiesByItem } from './catalog-families.js';

type Json = Record<string, unknown>;

/** A rule of certify's on POS-ORD-01 (catalogue 1.14.0): two modifiers of a multiple group served without max_selections are taken. */
export const UNLIMITED_GROUP_TAKES_TWO = 'unlimited-group-takes-two';

const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** Two modifiers of a group without a limit, and (when the taken line's family does not offer the group) the item of a family that does, to order instead. */
export interface UnlimitedPick {
  readonly group: string;
  readonly modifiers: Json[];
  readonly item?: { provider_id: unknown; name: string; price_amount: number; item_family_id: unknown };
}

/** At most this many groups are tried, one order each, so a catalog of many groups does not flood the POS. */
const MOST_GROUPS = 4;

/** An active item in stock with a whole price whose family offers `group`, as a line to order. */
function carrier(catalog: Json, group: unknown): UnlimitedPick['item'] {
  const families = familiesByItem(catalog);
  for (const item of list(catalog.item)) {
    if (item.is_active === false || item.stock_count === 0) continue;
    const family = families.get(item.provider_id)?.find((each) => each.is_active !== false && Array.isArray(each.modifier_group_ids) && each.modifier_group_ids.includes(group));
    const price = item.price_amount ?? family?.price_amount;
    if (family !== undefined && Number.isInteger(price)) return { provider_id: item.provider_id, name: String(item.name), price_amount: price as number, item_family_id: family.provider_id };
  }
  return undefined;
}

/**
 * Every `multiple` group without `max_selections` the catalog serves (up to MOST_GROUPS), each with two of its
 * active modifiers with whole prices, ordered on the taken line when its family offers the group, else on an item
 * of a family that does: a group on fries is tried as surely as one on the burger the test order carries.
 */
export function unlimitedGroupPicks(catalog: Json, line: Json): UnlimitedPick[] {
  const family = list(catalog.item_family).find((each) => each.provider_id === line.item_family_id) ?? familiesByItem(catalog).get(line.provider_id)?.[0];
  const offered = Array.isArray(family?.modifier_group_ids) ? family.modifier_group_ids : [];
  const modifiers = new Map(list(catalog.modifier).map((modifier) => [modifier.provider_id, modifier]));
  const picks: UnlimitedPick[] = [];
  for (const group of list(catalog.modifier_group)) {
    if (picks.length === MOST_GROUPS) break;
    if (group.selection_type !== 'multiple' || group.max_selections !== undefined || group.is_active === false) continue;
    const active = list((group.modifier_ids as unknown[] | undefined)?.map((id) => modifiers.get(id)))
      .filter((modifier) => modifier.is_active !== false && Number.isInteger(modifier.price_amount ?? 0));
    if (active.length < 2) continue;
    const picked = active.slice(0, 2).map((modifier) => ({ provider_id: modifier.provider_id, modifier_group_id: group.provider_id, name: String(modifier.name), quantity: 1, price_amount: modifier.price_amount ?? 0 }));
    if (offered.includes(group.provider_id)) picks.push({ group: String(group.provider_id), modifiers: picked });
    else {
      const item = carrier(catalog, group.provider_id);
      if (item !== undefined) picks.push({ group: String(group.provider_id), modifiers: picked, item });
    }
  }
  return picks;
}

/** The first of `unlimitedGroupPicks`, or `undefined` when the catalog serves no such group. */
export function unlimitedGroupPick(catalog: Json, line: Json): UnlimitedPick | undefined {
  return unlimitedGroupPicks(catalog, line)[0];
}

/** The taken order `body` again, as a new order: its first line carries the two modifiers instead of any from their group (on the pick's item when it names one), the sums kept right. */
export function withTwoOf(body: Json, pick: UnlimitedPick): Json {
  const object = structuredClone(body.object) as Json;
  const lines = object.line_items as Json[];
  const first = lines[0]!;
  const quantity = (first.quantity as number) ?? 1;
  const change = (modifiers: Json[]) => modifiers.reduce((sum, modifier) => sum + (modifier.quantity as number) * (modifier.price_amount as number), 0);
  const kept = pick.item === undefined ? list(first.modifiers).filter((modifier) => modifier.modifier_group_id !== pick.group) : [];
  const { item_family_id: family, ...item } = pick.item ?? {};
  const line: Json = { ...first, ...item, modifiers: [...kept, ...pick.modifiers] };
  if (pick.item !== undefined && 'item_family_id' in first) line.item_family_id = family;
  const before = quantity * ((first.price_amount as number) + change(list(first.modifiers)));
  const after = quantity * ((line.price_amount as number) + change(list(line.modifiers)));
  lines[0] = line;
  const order = { ...object, id: `ord_cert_${randomBytes(5).toString('hex')}`, idempotency_key: randomUUID(), line_items: lines, subtotal: (object.subtotal as number) + after - before, total: (object.total as number) + after - before };
  return { ...body, object: order };
}

export interface UnlimitedGroupOptions {
  readonly catalog: Json;
  /** An order.created the POS just took (201). */
  readonly order: Json;
  readonly send: (body: Json, what: string) => Promise<{ status: number | undefined; json: unknown; summary: string }>;
}

/** Sends the taken order again with two modifiers of each group without a limit; a refusal contradicts what the catalog says of the group. */
export async function unlimitedGroupFinding(options: UnlimitedGroupOptions): Promise<string | undefined> {
  const line = list((options.order.object as Json | undefined)?.line_items)[0];
  const findings: string[] = [];
  for (const pick of line === undefined ? [] : unlimitedGroupPicks(options.catalog, line)) {
    const shown = pick.modifiers.map((modifier) => String(modifier.provider_id)).join(' and ');
    const on = pick.item === undefined ? '' : ` on ${String(pick.item.provider_id)}`;
    const answer = await options.send(withTwoOf(options.order, pick), `send order.created with ${shown} from ${pick.group}${on}, a multiple group served without max_selections`);
    if (answer.status === 201) continue;
    findings.push(`[${UNLIMITED_GROUP_TAKES_TWO}] an order whose line${on} carries ${shown} from ${pick.group}, a multiple group the catalog serves without max_selections (which means no limit), ${answer.summary}: read an omitted max_selections as no limit for a multiple group (one only for a single group), or serve the limit the POS keeps`);
  }
  return findings.length === 0 ? undefined : findings.join('; ');
}
