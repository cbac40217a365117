// The rules that judge an order's lines by what holds what in the menu or catalog it was ordered
// from: each line's holder (`held`) and each choice's group offered where it was chosen (`offered`).
import { select, type Rule } from './rules.js';
import { quoted } from './visible.js';

const shown = quoted;

/** A finding's message: the rule's name, what was judged, what broke. */
function said(rule: Rule, what: string, text: string): string {
  return `[${rule.rule}] ${what}: ${text}`;
}

/**
 * The objects that hold an object, by its id, in what Stream published or read (a menu's categories
 * holding an item, a catalog's modifier groups holding a modifier); undefined for an id it does not have.
 */
export type Holders = (id: string) => ReadonlySet<string> | undefined;

/** What a body's lines break of a `held` rule: each line whose `by` is not an object holding the one its `id` names. */
export function heldIssues(rule: Extract<Rule, { kind: 'held' }>, body: unknown, what: string, holders: Holders): string[] {
  const found: string[] = [];
  const walk = (lines: { path: string; value: unknown }[]) => {
    for (const { path, value } of lines) {
      const id = select(value, rule.id)[0]?.value;
      const by = select(value, rule.by)[0]?.value;
      // An id nothing holds is another rule's finding (an object the menu lacks); a missing `by` the schema's.
      const known = typeof id === 'string' ? holders(id) : undefined;
      if (known !== undefined && known.size > 0 && typeof by === 'string' && !known.has(by)) {
        found.push(said(rule, what, `${path.slice(1)}${rule.by} is ${shown(by)}, but ${rule.id.slice(1)} ${shown(id)} is held by ${some(known)}`));
      }
      if (rule.deeper !== undefined) walk(select(value, `${rule.deeper}/*`).map((entry) => ({ path: `${path}${entry.path}`, value: entry.value })));
    }
  };
  walk(select(body, rule.each));
  return found;
}

/**
 * What a body's choices break of an `offered` rule: each choice whose group is not offered where it
 * was chosen. A line's choices come from groups its holder (or an object holding that) holds; a
 * choice's own choices from groups that choice holds, so a nested group flattened into the line fails.
 */
export function offeredIssues(rule: Extract<Rule, { kind: 'offered' }>, body: unknown, what: string, holders: Holders): string[] {
  const found: string[] = [];
  // Whether a group is offered with an owner, once per pair: an order repeats its lines, and a catalog may hold an id in thousands of places.
  const answers = new Map<string, boolean>();
  const offered = (group: ReadonlySet<string>, groupId: string, owner: string): boolean => {
    const key = `${owner}\u0000${groupId}`;
    const known = answers.get(key);
    if (known !== undefined) return known;
    const above = holders(owner);
    const answer = group.has(owner) || (above !== undefined && shareOne(group, above));
    answers.set(key, answer);
    return answer;
  };
  const walk = (parent: unknown, parentPath: string, owner: unknown, top: boolean) => {
    if (typeof owner !== 'string') return;
    for (const { path, value } of select(parent, `${top ? rule.list : rule.deeper}/*`)) {
      const group = select(value, rule.group)[0]?.value;
      // A group nothing holds is another rule's finding (a group the menu lacks); a missing one the schema's.
      const known = typeof group === 'string' ? holders(group) : undefined;
      if (known !== undefined && known.size > 0 && !offered(known, group as string, owner)) {
        const level = top ? `the line's ${rule.holder.slice(1)} ${shown(owner)}` : `its parent ${shown(owner)}`;
        found.push(said(rule, what, `${parentPath.slice(1)}${path}${rule.group} is ${shown(group)}, a group offered under ${some(known)}, not with ${level}: send a nested group's choice under its parent's ${rule.deeper.slice(1)}`));
      }
      walk(value, `${parentPath}${path}`, select(value, rule.id)[0]?.value, false);
    }
  };
  for (const { path, value } of select(body, rule.each)) walk(value, path, select(value, rule.holder)[0]?.value, true);
  return found;
}

/** Whether two sets share a member, looking up the smaller one's members in the larger. */
function shareOne(one: ReadonlySet<string>, other: ReadonlySet<string>): boolean {
  const [small, large] = one.size <= other.size ? [one, other] : [other, one];
  for (const member of small) if (large.has(member)) return true;
  return false;
}

/** A finding names at most this many of an id's holders: a catalog may hold one id in thousands of places. */
const HOLDERS_SHOWN = 5;

/** `"cat-a" or "cat-b"`, or the first HOLDERS_SHOWN and how many more. */
function some(holders: ReadonlySet<string>): string {
  const shownOnes: string[] = [];
  for (const holder of holders) {
    if (shownOnes.length === HOLDERS_SHOWN) break;
    shownOnes.push(shown(holder));
  }
  const more = holders.size - shownOnes.length;
  return more > 0 ? `${shownOnes.join(', ')} or ${more.toLocaleString('en-US')} more` : shownOnes.join(' or ');
}
