// Judges `besides` and `filled` rules: a list the contract gives besides another set names none of
// that set (a default tax listed again in a family's tax_ids counts twice; a nested group listed
// again on its family is offered without its modifier), and a container lists something.
import { select, type Rule } from './rules.js';
import type { Unless } from './rules-besides-read.js';
import { quoted } from './visible.js';

const shown = quoted;

function said(rule: Rule, what: string, text: string): string {
  return `[${rule.rule}] ${what}: ${text}`;
}

function moot(object: unknown, unless: Unless | undefined): boolean {
  return unless !== undefined && unless.some(({ at, is }) => select(object, at).some((found) => found.value === is));
}

function ids(object: unknown, pointer: string): string[] {
  return select(object, pointer).flatMap(({ value }) => (typeof value === 'string' ? [value] : []));
}

/** Set objects by the ids their `through.key` gives, so a holder's list finds them without a scan per id. */
function byKey(objects: readonly unknown[], key: string): Map<string, unknown[]> {
  const found = new Map<string, unknown[]>();
  for (const object of objects) for (const id of ids(object, key)) found.set(id, [...(found.get(id) ?? []), object]);
  return found;
}

export function besidesIssues(rule: Extract<Rule, { kind: 'besides' }>, body: unknown, what: string): string[] {
  const members = select(body, rule.set).filter(({ value }) => rule.marked === undefined || select(value, rule.marked).some((flag) => flag.value === true));
  const through = rule.through;
  const holders = through === undefined ? undefined : byKey(select(body, through.holders).map(({ value }) => value), through.key);
  const setByKey = through === undefined ? undefined : byKey(members.map(({ value }) => value), through.key);
  // Without `through`, every member counts for every object: each id with the path of the member that gives it.
  const everywhere = new Map<string, string>();
  if (through === undefined) for (const { path, value } of members) for (const id of ids(value, rule.id)) everywhere.set(id, `${path.slice(1)}${rule.marked === undefined ? '' : ` (${rule.marked.slice(1)}: true)`} applies to it already`);
  const found: string[] = [];
  for (const { path, value } of select(body, rule.each)) {
    if (moot(value, rule.unless)) continue;
    const listed = select(value, rule.list).filter((entry): entry is { path: string; value: string } => typeof entry.value === 'string');
    const others = through === undefined ? everywhere : reached(listed.map((entry) => entry.value), through, holders!, setByKey!, rule.id);
    for (const entry of listed) {
      const why = others.get(entry.value);
      if (why !== undefined) found.push(said(rule, what, `${path.slice(1)}${entry.path} is ${shown(entry.value)}, but ${why}: the list is besides that, so leave it out of ${rule.list.slice(1).replace(/\/\*$/, '')}`));
    }
  }
  return found;
}

/**
 * The ids the members reached from an object's own list give, each with how it was reached: a member
 * counts when a holder the list names (or one a reached id names, a nested group's own nested groups) holds it.
 */
function reached(start: readonly string[], through: NonNullable<Extract<Rule, { kind: 'besides' }>['through']>, holders: Map<string, unknown[]>, setByKey: Map<string, unknown[]>, id: string): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const key = queue.shift()!;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const holder of holders.get(key) ?? []) {
      for (const held of ids(holder, through.holds)) {
        for (const member of setByKey.get(held) ?? []) {
          for (const given of ids(member, id)) {
            if (!found.has(given)) found.set(given, `${shown(held)} of ${shown(key)} names it in ${id.slice(1).replace(/\/\*$/, '')}, so it is offered only once ${shown(held)} is picked`);
            queue.push(given);
          }
        }
      }
    }
  }
  return found;
}

export function filledIssues(rule: Extract<Rule, { kind: 'filled' }>, body: unknown, what: string): string[] {
  return select(body, rule.each).flatMap(({ path, value }) => {
    if (moot(value, rule.unless)) return [];
    const list = select(value, rule.list);
    // A missing list is the schema's finding; an empty one lists nothing.
    if (list.length !== 1 || !Array.isArray(list[0]!.value) || list[0]!.value.length > 0) return [];
    return [said(rule, what, `${path.slice(1)}${rule.list} is empty, so it offers nothing: list what it holds, or mark it inactive`)];
  });
}
