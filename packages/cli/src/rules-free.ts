// A sent order's free modifiers against the menu Stream published (`free`): a group's
// `amount_of_modifiers_free` makes its cheapest chosen units free, per unit of the parent, and a
// free unit is sent at price 0. Judged only where the menu is known (the sandbox's, or the
// contract's menus certify had the sandbox publish).
import { select, type Rule } from './rules.js';
import { numberAt } from './rules-lines.js';

/** What a published menu says of free modifiers: a group's free amount with an item (undefined: unknown group), and a modifier's menu prices. */
export interface FreeBook {
  readonly free: (group: string, holder: string) => number | undefined;
  readonly prices: (modifier: string) => ReadonlySet<number> | undefined;
  /** Whether the group lists the modifier (a modifier under a group that does not is another rule's finding). */
  readonly holds: (group: string, modifier: string) => boolean;
}

/** A menu document's free amounts and modifier prices, read from its groups (v1 nested, v2 normalised, with v2's per-item-family overrides). */
export function freeBookOf(menus: readonly unknown[]): FreeBook {
  const own = new Map<string, Set<number>>();
  const byHolder = new Map<string, Set<number>>();
  const prices = new Map<string, Set<number>>();
  const members = new Set<string>();
  const add = (map: Map<string, Set<number>>, key: string, value: number) => map.set(key, (map.get(key) ?? new Set<number>()).add(value));
  const amount = (rules: unknown) => (typeof rules === 'object' && rules !== null && typeof (rules as { amount_of_modifiers_free?: unknown }).amount_of_modifiers_free === 'number' ? (rules as { amount_of_modifiers_free: number }).amount_of_modifiers_free : 0);
  const walk = (node: unknown, list: string): void => {
    if (Array.isArray(node)) return node.forEach((entry) => walk(entry, list));
    if (typeof node !== 'object' || node === null) return;
    const object = node as Record<string, unknown>;
    const id = object.stream_id;
    if (typeof id === 'string' && typeof object.rules === 'object' && object.rules !== null) {
      add(own, id, amount(object.rules));
      // v1 nests a group's modifiers; v2 lists their ids.
      for (const modifier of Array.isArray(object.modifiers) ? object.modifiers : []) members.add(`${id}\u0000${String((modifier as { stream_id?: unknown }).stream_id)}`);
      for (const modifier of Array.isArray(object.modifier_ids) ? object.modifier_ids : []) members.add(`${id}\u0000${String(modifier)}`);
      for (const override of Array.isArray(object.overrides) ? object.overrides : []) {
        const family = (override as { item_family_id?: unknown }).item_family_id;
        if (typeof family === 'string') add(byHolder, `${id}\u0000${family}`, amount((override as { rules?: unknown }).rules));
      }
    }
    if (typeof id === 'string' && typeof object.price === 'number' && /modifiers$/.test(list)) add(prices, id, object.price);
    for (const [key, value] of Object.entries(object)) walk(value, key);
  };
  menus.forEach((menu) => walk(menu, ''));
  // Two menus (v1 and v2) that disagree leave the fewest free: a finding must hold for either.
  const least = (set: Set<number> | undefined) => (set === undefined ? undefined : Math.min(...set));
  return { free: (group, holder) => least(byHolder.get(`${group}\u0000${holder}`)) ?? least(own.get(group)), prices: (modifier) => prices.get(modifier), holds: (group, modifier) => members.has(`${group}\u0000${modifier}`) };
}

interface Unit { readonly menu: number; readonly quantity: number; readonly price: number }

/** What a body's chosen modifiers break of a `free` rule: a group under one parent charging more (`charged`) or less (`freed`) than its free amount leaves. */
export function freeIssues(rule: Extract<Rule, { kind: 'free' }>, body: unknown, what: string, book: FreeBook): string[] {
  const found: string[] = [];
  const judge = (parent: unknown, path: string, holder: string, list: string) => {
    const groups = new Map<string, Unit[] | undefined>();
    for (const { value } of select(parent, `${list}/*`)) {
      const group = select(value, rule.group)[0]?.value;
      const id = select(value, rule.id)[0]?.value;
      const quantity = numberAt(value, rule.quantity);
      const price = numberAt(value, rule.price);
      if (typeof group !== 'string') continue;
      const menu = typeof id === 'string' ? book.prices(id) : undefined;
      // An unknown modifier or a value of the wrong type is another rule's finding: the group is not judged.
      if (menu === undefined || quantity === undefined || price === undefined || !book.holds(group, String(id))) {
        groups.set(group, undefined);
        continue;
      }
      const units = groups.has(group) ? groups.get(group) : [];
      units?.push({ menu: price > 0 && menu.has(price) ? price : Math.min(...menu), quantity, price });
      groups.set(group, units);
    }
    for (const [group, units] of groups) {
      const free = book.free(group, holder);
      if (units === undefined || free === undefined) continue;
      const charged = units.reduce((sum, unit) => sum + unit.quantity * unit.price, 0);
      let left = free;
      let owed = 0;
      for (const unit of [...units].sort((a, b) => a.menu - b.menu)) {
        const freed = Math.min(left, unit.quantity);
        left -= freed;
        owed += (unit.quantity - freed) * unit.menu;
      }
      const where = `${path.slice(1)}${list} (${group}, ${free} free)`;
      if (rule.finds === 'charged' && charged > owed) found.push(`[${rule.rule}] ${what}: ${where} charges ${charged}, but with the cheapest ${free} chosen free the menu published for the location charges ${owed}: send the free units at ${rule.price.slice(1)} 0`);
      if (rule.finds === 'freed' && charged < owed) found.push(`[${rule.rule}] ${what}: ${where} charges ${charged}, but the menu published for the location makes only the cheapest ${free} chosen free, which leaves ${owed} to charge`);
    }
    // A chosen modifier is the parent of its own choices, free per unit of it.
    for (const { path: at, value } of select(parent, `${list}/*`)) judge(value, `${path}${at}`, holder, rule.deeper);
  };
  for (const { path, value } of select(body, rule.each)) {
    const holder = select(value, rule.holder)[0]?.value;
    judge(value, path, typeof holder === 'string' ? holder : '', rule.list);
  }
  return found;
}

/** The modifiers of a menu document that a group with a free amount lists (v1 by nesting, v2 by `modifier_ids`). */
export function freeableModifiers(menu: unknown): Set<string> {
  const found = new Set<string>();
  const gives = (rules: unknown) => typeof rules === 'object' && rules !== null && Number((rules as { amount_of_modifiers_free?: unknown }).amount_of_modifiers_free) > 0;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    const object = node as Record<string, unknown>;
    const overrides = Array.isArray(object.overrides) ? object.overrides : [];
    if (gives(object.rules) || overrides.some((override) => gives((override as { rules?: unknown }).rules))) {
      for (const modifier of Array.isArray(object.modifiers) ? object.modifiers : []) if (typeof (modifier as { stream_id?: unknown }).stream_id === 'string') found.add((modifier as { stream_id: string }).stream_id);
      for (const id of Array.isArray(object.modifier_ids) ? object.modifier_ids : []) if (typeof id === 'string') found.add(id);
    }
    Object.values(object).forEach(walk);
  };
  walk(menu);
  return found;
}
