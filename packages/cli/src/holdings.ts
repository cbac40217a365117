// Which object holds which in a menu or catalog, read from its shape alone: an object with an id
// holds every object with an id listed inside it (a v1 category's items, a group's modifiers) and
// every id its `…_ids` lists name (a v2 category's `item_family_ids`, a family's `item_ids`).
// The `held` rules judge an order line's parent ids with it; no menu version needs code of its own.
import type { Holders } from './rules-judge.js';

/** Every holder of each id in `document`, where `idKey` names an object's own id (`stream_id`, `provider_id`). */
export function holdersIn(options: { document: unknown; idKey: string }): Map<string, Set<string>> {
  const holders = new Map<string, Set<string>>();
  const add = (member: string, holder: string) => holders.set(member, (holders.get(member) ?? new Set<string>()).add(holder));
  const walk = (node: unknown, holder: string | undefined): void => {
    if (Array.isArray(node)) return node.forEach((entry) => walk(entry, holder));
    if (typeof node !== 'object' || node === null) return;
    const object = node as Record<string, unknown>;
    const own = typeof object[options.idKey] === 'string' ? (object[options.idKey] as string) : undefined;
    if (own !== undefined && holder !== undefined) add(own, holder);
    for (const [key, value] of Object.entries(object)) {
      if (own !== undefined && key.endsWith('_ids') && Array.isArray(value)) value.filter((id): id is string => typeof id === 'string').forEach((id) => add(id, own));
      else walk(value, own ?? holder);
    }
  };
  walk(options.document, undefined);
  return holders;
}

/** A `Holders` look-up over pairs of [member, holder]. */
export function holdersFrom(pairs: Iterable<readonly [string, string]>): Holders {
  const holders = new Map<string, Set<string>>();
  for (const [member, holder] of pairs) holders.set(member, (holders.get(member) ?? new Set<string>()).add(holder));
  return (id) => holders.get(id);
}
