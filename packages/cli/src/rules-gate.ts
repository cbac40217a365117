// Which of an operation's rules a body can break at all, found without judging it. Each rule of
// the kinds below finds only among the values one of its pointers selects, so a body in which
// none of those pointers leads anywhere breaks none of them. The sandbox judges every partner
// call's body against its operation's rules, and a body gives what few of them look at (a POS
// pause has no order lines): the rest are passed over without the lists and strings judging costs.
import { isObject } from './openapi.js';
import type { Rule } from './rules.js';

/**
 * The pointers one of which must lead to a value for the rule to find anything; undefined when any
 * body may break it (a kind judged against the menu, or one not listed here: judged every time).
 */
function anchors(rule: Rule): readonly string[] | undefined {
  switch (rule.kind) {
    case 'absent':
    case 'percent':
      return rule.values;
    case 'unique':
      return rule.in;
    case 'resolves':
      return [rule.from];
    case 'compare':
      // Each value's left operand must be there (`count(...)` counts what may be absent: not narrowed).
      return rule.each.includes('*') || rule.left.startsWith('count(') ? [rule.each] : [`${rule.each}${rule.left}`];
    case 'ranges':
    case 'place':
    case 'inherits':
    case 'held':
    case 'offered':
    case 'postal':
    case 'local_hours':
    case 'besides':
    case 'filled':
      return [rule.each];
    case 'scheme':
    case 'slug':
    case 'range':
    case 'zone':
    case 'future':
    case 'recent':
    case 'excludes':
      return [rule.values];
    case 'sum':
      return [rule.total];
    default:
      return undefined;
  }
}

/** A pointer's steps up to its first `*`: a value there is needed for anything below it. */
function prefixParts(pointer: string): readonly string[] {
  const parts = pointer === '' ? [] : pointer.slice(1).split('/');
  const wildcard = parts.indexOf('*');
  return wildcard < 0 ? parts : parts.slice(0, wildcard);
}

/** Whether `parts` lead to a value in `root`, stepping as `select` does (an index in a list, an own key of an object). */
function leads(root: unknown, parts: readonly string[]): boolean {
  let value = root;
  for (const part of parts) {
    if (Array.isArray(value) && /^\d+$/.test(part) && Number(part) < value.length) value = value[Number(part)];
    else if (isObject(value) && Object.hasOwn(value, part)) value = value[part];
    else return false;
  }
  return true;
}

type Gate = readonly (readonly string[])[] | null;

/** A rule's anchors as steps, null when it has none. */
function gateOf(rule: Rule): Gate {
  return anchors(rule)?.map(prefixParts) ?? null;
}

function passes(gate: Gate, body: unknown): boolean {
  if (gate === null) return true;
  for (const parts of gate) if (leads(body, parts)) return true;
  return false;
}

/** Whether `body` could break `rule`: false only when it cannot (judging it would find nothing). */
export function mayBreak(rule: Rule, body: unknown): boolean {
  return passes(gateOf(rule), body);
}

// Per list of rules (an operation's, found once), its gates: one look-up per body rather than one per rule.
const gatesOf = new WeakMap<readonly Rule[], readonly Gate[]>();

/** The rules of `rules` that `body` could break, in their order; the same list when it could break every one. */
export function rulesToJudge(rules: readonly Rule[], body: unknown): readonly Rule[] {
  let gates = gatesOf.get(rules);
  if (gates === undefined) {
    gates = rules.map(gateOf);
    gatesOf.set(rules, gates);
  }
  let kept: Rule[] | undefined;
  for (let index = 0; index < rules.length; index += 1) {
    if (passes(gates[index]!, body)) kept?.push(rules[index]!);
    else kept ??= rules.slice(0, index);
  }
  return kept ?? rules;
}
