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

/**
 * How many holder-to-member steps one `besides` judgment walks, every object's together: real catalogs
 * nest groups a few levels deep (thousands of steps); a hostile one of a few MB (a chain of thousands of
 * nested groups named by thousands of families) would hold the event loop for hours. Past it, a finding says so.
 */
export const BESIDES_STEPS = 200_000;

export function besidesIssues(rule: Extract<Rule, { kind: 'besides' }>, body: unknown, what: string): string[] {
  const members = select(body, rule.set).filter(({ value }) => rule.marked === undefined || select(value, rule.marked).some((flag) => flag.value === true));
  const through = rule.through;
  const holders = through === undefined ? undefined : byKey(select(body, through.holders).map(({ value }) => value), through.key);
  const setByKey = through === undefined ? undefined : byKey(members.map(({ value }) => value), through.key);
  // Without `through`, every member counts for every object: each id with the path of the member that gives it.
  const everywhere = new Map<string, Reached>();
  if (through === undefined) for (const { path, value } of members) for (const id of ids(value, rule.id)) everywhere.set(id, { member: `${path.slice(1)}${rule.marked === undefined ? '' : ` (${rule.marked.slice(1)}: true)`}` });
  const walk: Walk = { left: BESIDES_STEPS, cut: false, byList: new Map() };
  const graph: Graph | undefined = through === undefined ? undefined : { through, holders: holders!, setByKey: setByKey!, id: rule.id, walk, steps: new Map() };
  const found: string[] = [];
  for (const { path, value } of select(body, rule.each)) {
    if (moot(value, rule.unless)) continue;
    const listed = select(value, rule.list).filter((entry): entry is { path: string; value: string } => typeof entry.value === 'string');
    const others = through === undefined ? everywhere : reachedOnce(listed.map((entry) => entry.value), graph!);
    for (const entry of listed) {
      const why = others.get(entry.value);
      if (why !== undefined) found.push(said(rule, what, `${path.slice(1)}${entry.path} is ${shown(entry.value)}, but ${because(why, rule.id)}: the list is besides that, so leave it out of ${bare(rule.list)}`));
    }
  }
  if (walk.cut) found.push(said(rule, what, `the ${bare(rule.list)} of ${bare(rule.each)} reach more than ${BESIDES_STEPS.toLocaleString('en-US')} ${bare(rule.set)} through ${bare(through?.holders ?? rule.set)}, so the rest was not judged: nest groups a few levels deep, not in chains of thousands`));
  return found;
}

const bare = (pointer: string) => pointer.slice(1).replace(/\/\*$/, '');

/** How an id was reached: the set member that gives it (without `through`), or the id a holder holds and the holder's key. */
type Reached = { readonly member: string } | { readonly held: string; readonly key: string };

/** Why an id counts already, written only for an id a finding names (a walk reaches thousands). */
function because(why: Reached, id: string): string {
  if ('member' in why) return `${why.member} applies to it already`;
  return `${shown(why.held)} of ${shown(why.key)} names it in ${bare(id)}, so it is offered only once ${shown(why.held)} is picked`;
}

/** The steps left to walk, whether a walk was cut short, and each list's walk already done (objects often name the same groups). */
interface Walk {
  left: number;
  cut: boolean;
  readonly byList: Map<string, Map<string, Reached>>;
}

interface Graph {
  readonly through: NonNullable<Extract<Rule, { kind: 'besides' }>['through']>;
  readonly holders: Map<string, unknown[]>;
  readonly setByKey: Map<string, unknown[]>;
  readonly id: string;
  readonly walk: Walk;
  readonly steps: Map<string, readonly (Reached & { readonly given: string })[]>;
}

function reachedOnce(start: readonly string[], graph: Graph): Map<string, Reached> {
  const key = JSON.stringify(start);
  const known = graph.walk.byList.get(key);
  if (known !== undefined) return known;
  const found = graph.walk.cut ? new Map<string, Reached>() : reached(start, graph);
  graph.walk.byList.set(key, found);
  return found;
}

/**
 * The ids the members reached from an object's own list give, each with how it was reached: a member
 * counts when a holder the list names (or one a reached id names, a nested group's own nested groups) holds it.
 */
function reached(start: readonly string[], graph: Graph): Map<string, Reached> {
  const { walk } = graph;
  const found = new Map<string, Reached>();
  const seen = new Set<string>();
  const queue = [...start];
  for (let next = 0; next < queue.length; next += 1) {
    const key = queue[next]!;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const step of stepsFrom(key, graph)) {
      walk.left -= 1;
      if (walk.left < 0) {
        walk.cut = true;
        return found;
      }
      if (!found.has(step.given)) found.set(step.given, step);
      if (!seen.has(step.given)) queue.push(step.given);
    }
  }
  return found;
}

/** The ids one key reaches in one step, each with the id held on the way: found once per key, however many walks pass it. */
function stepsFrom(key: string, graph: Graph): readonly (Reached & { readonly given: string })[] {
  const known = graph.steps.get(key);
  if (known !== undefined) return known;
  const steps: (Reached & { readonly given: string })[] = [];
  for (const holder of graph.holders.get(key) ?? []) {
    for (const held of ids(holder, graph.through.holds)) {
      for (const member of graph.setByKey.get(held) ?? []) for (const given of ids(member, graph.id)) steps.push({ held, key, given });
    }
  }
  graph.steps.set(key, steps);
  return steps;
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
