// The field sentences that state a meaning a wrong value breaks without breaking the JSON type: a
// unit, a sign or origin, a reference to another object, a scope, an order, a spelling, a relation to
// another field, a condition. A field of what partners serve or send whose sentence says one of them
// needs a check of that meaning, or an explained entry saying why no one outside can observe it.
import { deref, isObject, type ApiName } from '../src/openapi.js';
import { listRelations } from '../src/relations.js';
import { listRules, type Rule } from '../src/rules.js';
import { names, partnerFields, type Pick } from './partner-fields.js';

export const MEANING_KINDS = ['unit', 'sign or origin', 'reference', 'scope', 'order', 'spelling', 'relation', 'condition', 'person'] as const;
export type MeaningKind = (typeof MEANING_KINDS)[number];

/**
 * The words that make a field sentence state a meaning. Kept honest by the test, which must find the
 * sentences partners broke while certify never read them ("negative for west", "best first").
 */
const WORDS: Readonly<Record<MeaningKind, RegExp>> = {
  unit: /\b(lowest (denomination|currency unit|unit)|cents|milliseconds|seconds|minutes|percentage|degrees)\b/i,
  'sign or origin': /\b(negative|north of|east of|since the unix epoch|as a positive)\b/i,
  reference: /(\b(the|a) `[a-z_.]*id`s?( of| from| your| returned| the)|\bby the `[a-z_]*id`|\bas `[a-z_]*id`|\b(your|stream's|the dsp's|the pos's|the provider's|the source's) (stable )?(order |location )?(id|`[a-z_]*id`)\b|\bid of\b|\bid \(`[a-z_]*id`\)|\bas (you|it|the dsp) (returned|sent))/i,
  scope: /\b(of (this|the) (merchant|location|family|group|currency|parent)|at this location|of the (family|order|items?)'s|per (unit|one) of)\b/i,
  order: /\b(best first|in display order|first, then|sorted|oldest|newest)\b/i,
  spelling: /\b(upper[- ]case|lower[- ]case|snake_case|slug|iso 3166|digits|as the local postal service writes it)\b/i,
  relation: /(\b(sum of|before tax|not counting|after the order time|besides any|at least `)|[×−]|`[a-z_]+` \+ `)/i,
  condition: /\b(for a future order|only with `|only on `|only together with|required (for|when)|not allowed when)\b/i,
  person: /\b(should call|call (out|them|the \w+ by)|name to call)\b/i,
};

/** The kinds of meaning one sentence states; empty for a sentence no wrong value of its type can break. */
export function meaningsOf(sentence: string): MeaningKind[] {
  return MEANING_KINDS.filter((kind) => WORDS[kind].test(sentence));
}

/** Which meanings each kind of named rule checks: a `resolves` rule checks a reference, not a unit. */
const RULE_CHECKS: Readonly<Record<Rule['kind'], readonly MeaningKind[]>> = {
  unique: ['reference'],
  resolves: ['reference', 'scope'],
  held: ['reference', 'scope'],
  offered: ['reference', 'scope'],
  priced: ['reference', 'scope', 'unit'],
  stable: ['reference'],
  compare: ['relation', 'unit', 'sign or origin', 'condition'],
  ranges: ['order', 'relation'],
  scheme: ['spelling'],
  place: ['sign or origin', 'scope'],
  excludes: ['condition'],
  inherits: ['relation', 'scope'],
  published: ['reference', 'scope', 'unit'],
  distinct: ['person', 'reference'],
  readable: ['person'],
  required_when: ['condition'],
  slug: ['spelling'],
  sum: ['relation', 'unit', 'scope'],
  range: ['unit', 'sign or origin'],
  percent: ['unit'],
  zone: ['spelling'],
  future: ['unit', 'sign or origin'],
  recent: ['unit', 'sign or origin'],
  absent: ['condition'],
  omitted: ['condition'],
  taxed: ['relation', 'unit', 'scope'],
  free: ['relation', 'scope', 'condition'],
  minor: ['unit', 'relation'],
  away: ['reference', 'relation'],
  postal: ['spelling'],
  local_hours: ['scope', 'relation'],
  besides: ['relation', 'reference', 'scope'],
  // That a list is not empty is no meaning a field sentence states (a unit, a reference): it covers none.
  filled: [],
};

/** Every field pointer a named rule reads. */
export function rulePointers(rule: Rule): string[] {
  switch (rule.kind) {
    case 'unique':
      return rule.in.map((list) => `${list}/*${rule.key}`);
    case 'resolves':
      return [rule.from, rule.to];
    case 'compare':
      return [`${rule.each}${rule.left}`, `${rule.each}${rule.right}`];
    case 'ranges':
      return [rule.each];
    case 'sum':
      return [rule.total, ...rule.add, ...rule.subtract, ...(rule.lines === undefined ? [] : linePointers(rule.lines))];
    case 'percent':
    case 'absent':
      return [...rule.values];
    case 'omitted':
      return [...rule.values, ...(rule.dialOf === undefined ? [] : [rule.dialOf])];
    case 'minor':
      return [...rule.values, rule.against];
    case 'away':
      // The location id is the key the address is looked up by, not a value the rule checks.
      return [rule.values];
    case 'priced':
      return [`${rule.each}${rule.id}`, `${rule.each}${rule.price}`];
    case 'held':
      return [`${rule.each}${rule.id}`, `${rule.each}${rule.by}`];
    case 'offered':
      return [`${rule.each}${rule.list}`, `${rule.each}${rule.list}${rule.group}`, `${rule.each}${rule.holder}`];
    case 'place':
      return [rule.latitude, rule.longitude, ...(rule.zone === undefined ? [] : [rule.zone]), ...(rule.country === undefined ? [] : [rule.country])].map((pointer) => `${rule.each}${pointer}`);
    case 'inherits':
      return [`${rule.each}${rule.value}`, `${rule.each}${rule.id}`, `${rule.parents}${rule.value}`];
    case 'published': {
      const levels = [rule.each, ...(rule.nested === undefined ? [] : [`${rule.each}${rule.nested}/*`]), ...(rule.nested === undefined || rule.deeper === undefined ? [] : [`${rule.each}${rule.nested}/*${rule.deeper}/*`])];
      return levels.flatMap((each) => [`${each}${rule.id}`, ...rule.fields.map((field) => `${each}${field}`)]);
    }
    case 'distinct':
      return [rule.values];
    case 'taxed':
      return [rule.total, `${rule.lines.each}${rule.item}`, ...rule.less, ...rule.outside, ...linePointers(rule.lines)];
    case 'free':
      return [`${rule.each}${rule.list}`, `${rule.each}${rule.list}/*${rule.price}`, `${rule.each}${rule.list}/*${rule.quantity}`, `${rule.each}${rule.list}/*${rule.group}`];
    case 'required_when':
      return [rule.field, ...rule.present];
    case 'postal':
      return [`${rule.each}${rule.state}`, `${rule.each}${rule.country}`, ...(rule.zone === undefined ? [] : [`${rule.each}${rule.zone}`])];
    case 'local_hours':
      return [rule.each];
    case 'besides':
      return [`${rule.each}${rule.list}`, `${rule.set}${rule.id}`, ...(rule.marked === undefined ? [] : [`${rule.set}${rule.marked}`])];
    case 'filled':
      return [`${rule.each}${rule.list}`];
    default:
      return [rule.values];
  }
}

/** The price and quantity of a sum's lines, their nested lines and those below: what the sum adds up. */
function linePointers(lines: Extract<Rule, { kind: 'taxed' }>['lines']): string[] {
  const nested = lines.nested === undefined ? [] : [`${lines.each}${lines.nested}/*`, `${lines.each}${lines.nested}/*${lines.deeper ?? lines.nested}/*`];
  return [lines.each, ...nested].flatMap((each) => [`${each}${lines.price}`, `${each}${lines.quantity}`]);
}

/** Whether a rule's pointer names the field, or the items of a list field (`/item_ids/*` names `/item_ids`). */
const reads = (rulePointer: string, fieldPointer: string) => names(rulePointer, fieldPointer) || names(rulePointer, `${fieldPointer}/*`);

export interface MeaningSentence {
  readonly place: string;
  readonly api: ApiName;
  readonly text: string;
  readonly kinds: readonly MeaningKind[];
  /** What checks the sentence's meaning: `x-stream-checked-by` names, or rules and relations that read the field with a fitting kind. */
  readonly by: readonly string[];
}

interface Described {
  readonly description: string;
  readonly checkedBy: readonly { says: string; by: readonly string[] }[];
  readonly pattern: boolean;
  /** The descriptions of the schemas this field's `allOf` refers to, which its own description replaces here. */
  readonly hides: readonly string[];
}

const pickDescribed: Pick<Described> = (node, api) => {
  if (typeof node.description !== 'string') return undefined;
  const parts = Array.isArray(node.allOf) ? node.allOf.map((part) => deref(api, part)) : [];
  const hides = parts.flatMap((part) => (isObject(part) && typeof part.description === 'string' ? [part.description] : []));
  const raw = Array.isArray(node['x-stream-checked-by']) ? (node['x-stream-checked-by'] as unknown[]) : [];
  const checkedBy = raw.filter(isObject).map((entry) => ({ says: String(entry.says), by: Array.isArray(entry.by) ? entry.by.map(String) : [] }));
  return { found: { description: node.description, checkedBy, pattern: typeof node.pattern === 'string' || 'enum' in node || 'const' in node || 'propertyNames' in node || node.additionalProperties === false, hides } };
};

const split = (description: string) =>
  description
    .split(/\n\s*[-*]\s+|\n\s*\n/)
    .flatMap((block) => block.replace(/\s+/g, ' ').trim().split(/(?<=[.!?])\s+(?=[A-Z`(])/))
    .filter((text) => text.length > 0);

/** Every meaning sentence of the fields partners serve and send in one contract, with what checks it. */
export function meaningSentences(api: ApiName, rules: readonly Rule[] = listRules(api)): MeaningSentence[] {
  const relations = listRelations(api);
  const found: MeaningSentence[] = [];
  const fields = partnerFields(api, pickDescribed);
  // A field that gives its own description beside an allOf reference is read by that description, as the reference renders it.
  const hidden = (field: (typeof fields)[number]) => fields.some((other) => other.place === field.place && other.found.hides.includes(field.found.description));
  for (const field of fields.filter((candidate) => !hidden(candidate))) {
    const same = (rule: Rule) => rule.operationId === field.operationId && rule.on === field.on && (rule.status === undefined || rule.status === field.status);
    const reading = rules.filter((rule) => same(rule) && rulePointers(rule).some((pointer) => reads(pointer, field.pointer)));
    const side = field.on === 'response' ? '$response.body#' : '$request.body#';
    // A relation stated on one event of a shared endpoint (an order status update) names that event, not the endpoint's operation.
    const related = relations.filter((relation) => (relation.operationId === undefined || relation.operationId === field.operationId || relation.event !== undefined) && [relation.value, relation.equals, relation.differs].some((expression) => expression === `${side}${field.pointer}`));
    for (const text of split(field.found.description)) {
      const kinds = meaningsOf(text);
      if (kinds.length === 0) continue;
      const by = [
        ...field.found.checkedBy.filter((check) => text.includes(check.says)).flatMap((check) => check.by),
        ...reading.filter((rule) => RULE_CHECKS[rule.kind].some((kind) => kinds.includes(kind))).map((rule) => rule.rule),
        ...(kinds.includes('reference') ? related.map((relation) => relation.rule ?? relation.requirement) : []),
        ...(kinds.every((kind) => kind === 'spelling') && field.found.pattern ? ['schema:pattern'] : []),
      ];
      found.push({ place: field.place, api, text, kinds, by: [...new Set(by)] });
    }
  }
  return found;
}

