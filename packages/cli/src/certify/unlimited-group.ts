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

/** A `multiple` group without `max_selections` the line's family offers, and two of its active modifiers with whole prices. */
export function unlimitedGroupPick(catalog: Json, line: Json): { group: string; modifiers: Json[] } | undefined {
  const family = list(catalog.item_family).find((each) => each.provider_id === line.item_family_id) ?? familiesByItem(catalog).get(line.provider_id)?.[0];
  if (family === undefined || !Array.isArray(family.modifier_group_ids)) return undefined;
  const modifiers = new Map(list(catalog.modifier).map((modifier) => [modifier.provider_id, modifier]));
  for (const group of list(catalog.modifier_group)) {
    if (!family.modifier_group_ids.includes(group.provider_id) || group.selection_type !== 'multiple' || group.max_selections !== undefined || group.is_active === false) continue;
    const active = list((group.modifier_ids as unknown[] | undefined)?.map((id) => modifiers.get(id)))
      .filter((modifier) => modifier.is_active !== false && Number.isInteger(modifier.price_amount ?? 0));
    if (active.length < 2) continue;
    const picked = active.slice(0, 2).map((modifier) => ({ provider_id: modifier.provider_id, modifier_group_id: group.provider_id, name: String(modifier.name), quantity: 1, price_amount: modifier.price_amount ?? 0 }));
    return { group: String(group.provider_id), modifiers: picked };
  }
  return undefined;
}

/** The taken order `body` again, as a new order: its first line carries the two modifiers instead of any from their group, the sums kept right. */
export function withTwoOf(body: Json, pick: { group: string; modifiers: Json[] }): Json {
  const object = structuredClone(body.object) as Json;
  const lines = object.line_items as Json[];
  const first = lines[0]!;
  const kept = list(first.modifiers).filter((modifier) => modifier.modifier_group_id !== pick.group);
  const change = (modifiers: Json[]) => modifiers.reduce((sum, modifier) => sum + (modifier.quantity as number) * (modifier.price_amount as number), 0);
  const added = ((first.quantity as number) ?? 1) * (change(pick.modifiers) - change(list(first.modifiers).filter((modifier) => modifier.modifier_group_id === pick.group)));
  lines[0] = { ...first, modifiers: [...kept, ...pick.modifiers] };
  const order = { ...object, id: `ord_cert_${randomBytes(5).toString('hex')}`, idempotency_key: randomUUID(), line_items: lines, subtotal: (object.subtotal as number) + added, total: (object.total as number) + added };
  return { ...body, object: order };
}

export interface UnlimitedGroupOptions {
  readonly catalog: Json;
  /** An order.created the POS just took (201). */
  readonly order: Json;
  readonly send: (body: Json, what: string) => Promise<{ status: number | undefined; json: unknown; summary: string }>;
}

/** Sends the taken order again with two modifiers of a group without a limit; a refusal contradicts what the catalog says of the group. */
export async function unlimitedGroupFinding(options: UnlimitedGroupOptions): Promise<string | undefined> {
  const line = list((options.order.object as Json | undefined)?.line_items)[0];
  const pick = line === undefined ? undefined : unlimitedGroupPick(options.catalog, line);
  if (pick === undefined) return undefined;
  const shown = pick.modifiers.map((modifier) => String(modifier.provider_id)).join(' and ');
  const answer = await options.send(withTwoOf(options.order, pick), `send order.created with ${shown} from ${pick.group}, a multiple group served without max_selections`);
  if (answer.status === 201) return undefined;
  return `[${UNLIMITED_GROUP_TAKES_TWO}] an order whose line carries ${shown} from ${pick.group}, a multiple group the catalog serves without max_selections (which means no limit), ${answer.summary}: read an omitted max_selections as no limit for a multiple group (one only for a single group), or serve the limit the POS keeps`;
}
