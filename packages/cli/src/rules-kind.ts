// The shapes of the rule kinds x-stream-rules can state, and the reader that checks one entry's kind
// (its pointers, operators and options) before certify, the sandbox or a guide trust it.
import type { CliError } from './errors.js';
import { isObject, type ApiName, type JsonObject } from './openapi.js';
import { readTaxed, type TaxedAmounts } from './rules-taxed-read.js';
import { readFree, type FreeChoices } from './rules-free-read.js';
import { readBesides, readFilled, type BesidesSet, type FilledList } from './rules-besides-read.js';
export const POINTER = /^(\/[^/\s]+)*$/;
const OPERATORS = ['<', '<=', '>', '>='] as const;
type Operator = (typeof OPERATORS)[number];

export type RuleKind =
  | { readonly kind: 'unique'; readonly in: readonly string[]; readonly key: string }
  | { readonly kind: 'resolves'; readonly from: string; readonly to: string }
  /** `left op right` in each `each`; `plusMinutes` is added to `right` (epoch ms); `unless` names a flag that skips it, `onlyWhen` one it needs (absent is false). */
  | { readonly kind: 'compare'; readonly each: string; readonly left: string; readonly op: Operator; readonly right: string; readonly plusMinutes?: number; readonly unless?: string; readonly onlyWhen?: string }
  | { readonly kind: 'ranges'; readonly each: string }
  | { readonly kind: 'stable'; readonly values: string }
  /** URLs of scheme `is`; with `public`, on a host anyone on the internet can reach (no loopback, private or `.local` host). */
  | { readonly kind: 'scheme'; readonly values: string; readonly is: string; readonly public?: boolean }
  /**
   * Each place at `each` lies in its time zone: the coordinates within reach of the zone's reference
   * point and the country one that uses the zone (the IANA database's zone1970.tab, src/zone-points.ts).
   * Without `zone`, the coordinates lie within reach of one of the country's zones.
   */
  | { readonly kind: 'place'; readonly each: string; readonly zone?: string; readonly latitude: string; readonly longitude: string; readonly country?: string }
  /**
   * An object at `each` that a parent at `parents` lists (by `id`, in the parent's `members`) and that
   * gives `value` as 0 where the parent gives a non-zero one left the value unset in its own records:
   * it inherits the parent's, and 0 says something else (free).
   */
  | { readonly kind: 'inherits'; readonly parents: string; readonly members: string; readonly each: string; readonly id: string; readonly value: string }
  /** The value at `values` is none of `not`: a value whose meaning the context rules out (a DSP's courier on an order no DSP took). */
  | { readonly kind: 'excludes'; readonly values: string; readonly not: readonly string[] }
  /** Slugs: lower-case letters and digits in words joined by single hyphens (`acme-couriers`), as partner slugs are. */
  | { readonly kind: 'slug'; readonly values: string }
  | { readonly kind: 'sum'; readonly total: string; readonly add: readonly string[]; readonly subtract: readonly string[]; readonly lines?: SumLines }
  | { readonly kind: 'range'; readonly values: string; readonly min?: number; readonly max?: number; readonly above?: number; readonly unit: string }
  /**
   * The numbers at `values` are percentages (5 for 5%), judged together: when every one that is not 0
   * lies below 1, the answer wrote them as fractions of 1 (0.05), a hundredth of what it means.
   */
  | { readonly kind: 'percent'; readonly values: readonly string[] }
  /** Names of the IANA database; with `geographic`, the Area/Location name of a place's zone too, never one with no place (`UTC`, `Etc/GMT+8`) nor a backward link (`US/Pacific`). */
  | { readonly kind: 'zone'; readonly values: string; readonly geographic?: boolean }
  /**
   * Later than the moment the body arrives; with `atLeastSeconds`, later by at least that long: a
   * lifetime in seconds added to a millisecond clock lands seconds ahead, not the minutes or hours meant.
   */
  | { readonly kind: 'future'; readonly values: string; readonly atLeastSeconds?: number }
  /**
   * A time the sender gives for something that just happened: no more than `aheadSeconds` after the
   * moment the body arrives (clock drift) and no more than `behindSeconds` before it (a retried send),
   * so a local wall-clock time written with `Z` or a wrong offset, hours off, is found either way.
   */
  | { readonly kind: 'recent'; readonly values: string; readonly aheadSeconds: number; readonly behindSeconds: number }
  | ({ readonly kind: 'priced' } & PricedLines)
  /** Each line at `each` (and its lines under `nested`, `deeper`) gives at each of `fields` a value the published menu gives the object its `id` names there. */
  | { readonly kind: 'published'; readonly each: string; readonly id: string; readonly fields: readonly string[]; readonly nested?: string; readonly deeper?: string }
  /** When the value at `field` is `is`, every field at `present` is given: a conditional field, such as a future order's ready time. */
  | { readonly kind: 'required_when'; readonly field: string; readonly is?: unknown; readonly present: readonly string[] }
  /** Each value at `values` (a name for people) differs from every value at `from` (ids the same body gives): an id copied into a name. */
  | { readonly kind: 'distinct'; readonly values: string; readonly from: readonly string[] }
  /** Each value at `values` reads as a name for people, not a record key (`drv_8841`: no space, letters joined to digits). */
  | { readonly kind: 'readable'; readonly values: string }
  /** None of the values at `values` is given: a field the answer must leave out (a global catalog's overrides in a location's). */
  | { readonly kind: 'absent'; readonly values: readonly string[] }
  /**
   * Optional fields the contract says to omit when there is nothing to give: each value at `values`
   * is not a stand-in for nothing (`N/A`, `none`, `-`, `0`); with `dialOf`, not the country calling
   * code of the phone number at that pointer either (the number's own prefix, not a code to dial after it).
   */
  | { readonly kind: 'omitted'; readonly values: readonly string[]; readonly dialOf?: string }
  /**
   * Each line at `each` names at `by` the object that holds the object it names at `id` in what
   * Stream published or read (a menu's category holds the item), and so on for its lines under `deeper`.
   */
  | { readonly kind: 'held'; readonly each: string; readonly id: string; readonly by: string; readonly deeper?: string }
  /**
   * Each choice a line lists at `list` names at `group` a group offered at that level: held by the
   * object the line names at `holder` (or one holding it), and each choice's own choices under
   * `deeper` from a group held by that choice (its `id`): a nested group below its parent only.
   */
  | ({ readonly kind: 'offered' } & OfferedChoices)
  | ({ readonly kind: 'taxed' } & TaxedAmounts)
  /** Chosen modifiers priced 0 as far as their group's free amount reaches, cheapest first (rules-free-read.ts). */
  | ({ readonly kind: 'free' } & FreeChoices)
  /** A list given besides another set of the body names none of it (rules-besides-read.ts). */
  | ({ readonly kind: 'besides' } & BesidesSet)
  /** A container whose meaning is to list things lists one at least (rules-besides-read.ts). */
  | ({ readonly kind: 'filled' } & FilledList)
  /**
   * Amounts at `values` counted in the lowest denomination: one that is not 0 but below `below`
   * units and less than a `ratio`th of the amount at `against` (an order's subtotal, in cents)
   * reads as major units rounded (`3` for $2.99). With `each`, both are read inside each object it
   * selects (a DSP price override against its item's own price).
   */
  | { readonly kind: 'minor'; readonly values: readonly string[]; readonly below: number; readonly against: string; readonly ratio: number; readonly each?: string }
  /**
   * The address at `values` is not the address of the location the body names at `location`, as
   * the partner listed it: each `each` of the answers to `listed` whose `id` is that location gives
   * its address at `address`. A drop-off at the pickup point is the store's record copied.
   */
  | ({ readonly kind: 'away' } & AwayFrom)
  /**
   * Each address at `each` whose `country` has known postal codes (src/postal-codes.ts) writes its `state` as that country's postal service does (`NY`);
   * with `zone`, instead, the zone there is one a place in that state keeps (src/state-zones.ts).
   */
  | { readonly kind: 'postal'; readonly each: string; readonly country: string; readonly state: string; readonly zone?: string }
  /**
   * Each schedule at `each` gives its hours in the time zone of the location the request's `header`
   * names, as the answers of `zonesFrom` give it (`places`, by `id`, at `zone`): judged by src/rules-hours.ts.
   */
  | { readonly kind: 'local_hours'; readonly each: string; readonly header: string; readonly zonesFrom: string; readonly places: string; readonly id: string; readonly zone: string };

/** Where an `away` rule finds the body's address and location, and the listing that gives each location's address. */
export interface AwayFrom {
  readonly values: string;
  readonly location: string;
  readonly listed: string;
  readonly each: string;
  readonly id: string;
  readonly address: string;
}

/** Where an `offered` rule finds a body's lines, their choices, and the ids that say who offers which group. */
export interface OfferedChoices {
  readonly each: string;
  readonly holder: string;
  readonly list: string;
  readonly group: string;
  readonly id: string;
  readonly deeper: string;
}

/** When a rule on an answer applies: to answers of requests that sent every header of `sent` and none of `notSent`. */
export interface RuleCondition {
  readonly sent: readonly string[];
  readonly notSent: readonly string[];
}

/**
 * Lines whose `price` is the price a published menu gives the object `id` names: each line at `each`,
 * its lines under `nested`, and theirs under `deeper` (default `nested`).
 */
export interface PricedLines {
  readonly each: string;
  readonly id: string;
  readonly price: string;
  readonly nested?: string;
  readonly deeper?: string;
}

/** Priced lines of a `sum` rule: each line counts `quantity` × (`price` + its nested lines), nested lines per unit of their parent. */
export interface SumLines {
  readonly each: string;
  readonly quantity: string;
  readonly price: string;
  readonly nested?: string;
  /** Where lines nested below the first level hold theirs, when the contract names them differently (a modifier's `nested_modifiers`); default `nested`. */
  readonly deeper?: string;
}

export type Rule = RuleKind & {
  readonly api: ApiName;
  /** The rule's own name, quoted in certify's message: `group-min-within-max`. */
  readonly rule: string;
  /** The requirement a broken rule fails: `POS-CAT-07`. */
  readonly requirement: string;
  readonly statement: string;
  readonly operationId: string;
  /** `response`: judged on the operation's answers with `status`; `request`: on the bodies sent to it. */
  readonly on: 'request' | 'response';
  readonly status?: string;
  /** For a request rule: the error `code` of the 400 the receiver refuses a breaking body with. */
  readonly code?: string;
  /** For a rule on answers: the requests whose answers it judges (a location's catalog, not a merchant's global one). */
  readonly when?: RuleCondition;
  /**
   * Advice, for a rule that finds what is only implausible: the receiver does not refuse the body
   * (no `code`), and certify judges it under its requirement, a `should`, on the bodies the sandbox took.
   */
  readonly advice?: true;
};

export const KINDS = ['unique', 'resolves', 'compare', 'ranges', 'stable', 'scheme', 'slug', 'place', 'excludes', 'inherits', 'sum', 'range', 'percent', 'zone', 'future', 'recent', 'priced', 'published', 'distinct', 'readable', 'required_when', 'absent', 'omitted', 'held', 'offered', 'taxed', 'free', 'minor', 'away', 'postal', 'local_hours', 'besides', 'filled'] as const;

export function readKind(raw: JsonObject, fail: (why: string) => CliError): RuleKind {
  const given = KINDS.filter((kind) => raw[kind] !== undefined);
  if (given.length !== 1) throw fail(`must give exactly one of ${KINDS.join(', ')}`);
  const kind = given[0]!;
  const body = raw[kind];
  if (!isObject(body)) throw fail(`gives ${kind} a value that is not an object`);
  const pointer = (name: string, value: unknown): string => {
    // `count(/pointer)` is allowed where a number is compared: the length of the array it names.
    const inner = typeof value === 'string' ? /^count\((.*)\)$/.exec(value)?.[1] ?? value : undefined;
    if (inner === undefined || !POINTER.test(inner)) throw fail(`gives ${kind}.${name} ${JSON.stringify(value)}, not a JSON pointer such as /modifier_group/*/min_selections`);
    return String(value);
  };
  switch (kind) {
    case 'unique': {
      if (!Array.isArray(body.in) || body.in.length === 0) throw fail('gives unique.in no list of pointers');
      return { kind, in: body.in.map((value) => pointer('in', value)), key: pointer('key', body.key) };
    }
    case 'resolves':
      return { kind, from: pointer('from', body.from), to: pointer('to', body.to) };
    case 'compare': {
      const op = body.op as Operator;
      if (!OPERATORS.includes(op)) throw fail(`gives compare.op ${JSON.stringify(body.op)} (one of ${OPERATORS.join(' ')})`);
      const plus = body.plus_minutes;
      if (plus !== undefined && (typeof plus !== 'number' || !Number.isFinite(plus))) throw fail(`gives compare.plus_minutes ${JSON.stringify(plus)}, not a number of minutes`);
      return {
        kind,
        each: body.each === undefined ? '' : pointer('each', body.each),
        left: pointer('left', body.left),
        op,
        right: pointer('right', body.right),
        ...(plus === undefined ? {} : { plusMinutes: plus }),
        ...(body.unless === undefined ? {} : { unless: pointer('unless', body.unless) }),
        ...(body.only_when === undefined ? {} : { onlyWhen: pointer('only_when', body.only_when) }),
      };
    }
    case 'ranges':
      return { kind, each: pointer('each', body.each) };
    case 'stable':
      return { kind, values: pointer('values', body.values) };
    case 'scheme':
      if (typeof body.is !== 'string' || !/^[a-z][a-z0-9+.-]*$/.test(body.is)) throw fail(`gives scheme.is ${JSON.stringify(body.is)}, not a URL scheme such as https`);
      if (body.public !== undefined && typeof body.public !== 'boolean') throw fail(`gives scheme.public ${JSON.stringify(body.public)}, not true or false`);
      return { kind, values: pointer('values', body.values), is: body.is, ...(body.public === true ? { public: true } : {}) };
    case 'place':
      if (body.zone === undefined && body.country === undefined) throw fail('gives place neither zone nor country: name what the coordinates are compared with');
      return {
        kind,
        each: pointer('each', body.each),
        latitude: pointer('latitude', body.latitude),
        longitude: pointer('longitude', body.longitude),
        ...(body.zone === undefined ? {} : { zone: pointer('zone', body.zone) }),
        ...(body.country === undefined ? {} : { country: pointer('country', body.country) }),
      };
    case 'inherits':
      return { kind, parents: pointer('parents', body.parents), members: pointer('members', body.members), each: pointer('each', body.each), id: pointer('id', body.id), value: pointer('value', body.value) };
    case 'excludes': {
      if (!Array.isArray(body.not) || body.not.length === 0 || !body.not.every((value) => typeof value === 'string' && value !== '')) throw fail('gives excludes.not no list of the values the context rules out');
      return { kind, values: pointer('values', body.values), not: body.not as string[] };
    }
    case 'slug':
      return { kind, values: pointer('values', body.values) };
    case 'range': {
      const bound = (name: 'min' | 'max' | 'above') => {
        const value = body[name];
        if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) throw fail(`gives range.${name} ${JSON.stringify(value)}, not a number`);
        return value === undefined ? {} : { [name]: value };
      };
      if (body.min === undefined && body.max === undefined && body.above === undefined) throw fail('gives range neither min, max nor above');
      if (typeof body.unit !== 'string' || body.unit.trim() === '') throw fail('gives range no unit: name what the number counts (minutes, percent)');
      return { kind, values: pointer('values', body.values), ...bound('min'), ...bound('max'), ...bound('above'), unit: body.unit };
    }
    case 'percent': {
      if (!Array.isArray(body.values) || body.values.length === 0) throw fail('gives percent.values no list of pointers');
      return { kind, values: body.values.map((value) => pointer('values', value)) };
    }
    case 'zone':
      if (body.geographic !== undefined && typeof body.geographic !== 'boolean') throw fail(`gives zone.geographic ${JSON.stringify(body.geographic)}, not true or false`);
      return { kind, values: pointer('values', body.values), ...(body.geographic === true ? { geographic: true } : {}) };
    case 'future': {
      const least = body.at_least_seconds;
      if (least !== undefined && (typeof least !== 'number' || !Number.isInteger(least) || least <= 0)) throw fail(`gives future.at_least_seconds ${JSON.stringify(least)}: name it in whole seconds (60)`);
      return { kind, values: pointer('values', body.values), ...(least === undefined ? {} : { atLeastSeconds: least }) };
    }
    case 'recent': {
      const seconds = (name: 'ahead_seconds' | 'behind_seconds', example: number) => {
        const value = body[name];
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw fail(`gives recent.${name} ${JSON.stringify(value)}: name it in whole seconds (${example})`);
        return value;
      };
      return { kind, values: pointer('values', body.values), aheadSeconds: seconds('ahead_seconds', 300), behindSeconds: seconds('behind_seconds', 1800) };
    }
    case 'absent': {
      if (!Array.isArray(body.values) || body.values.length === 0) throw fail('gives absent.values no list of pointers');
      return { kind, values: body.values.map((value) => pointer('values', value)) };
    }
    case 'omitted': {
      if (!Array.isArray(body.values) || body.values.length === 0) throw fail('gives omitted.values no list of pointers: name the optional fields to leave out rather than fill');
      return { kind, values: body.values.map((value) => pointer('values', value)), ...(body.dial_of === undefined ? {} : { dialOf: pointer('dial_of', body.dial_of) }) };
    }
    case 'held':
      return { kind, each: pointer('each', body.each), id: pointer('id', body.id), by: pointer('by', body.by), ...(body.deeper === undefined ? {} : { deeper: pointer('deeper', body.deeper) }) };
    case 'offered':
      return { kind, each: pointer('each', body.each), holder: pointer('holder', body.holder), list: pointer('list', body.list), group: pointer('group', body.group), id: pointer('id', body.id), deeper: pointer('deeper', body.deeper) };
    case 'taxed': return { kind, ...readTaxed(body, pointer, fail) };
    case 'free': return { kind, ...readFree(body, pointer, fail) };
    case 'besides': return { kind, ...readBesides(body, pointer, fail) };
    case 'filled': return { kind, ...readFilled(body, pointer, fail) };
    case 'minor': {
      if (!Array.isArray(body.values) || body.values.length === 0) throw fail('gives minor.values no list of pointers');
      const whole = (name: 'below' | 'ratio', example: number) => {
        const value = body[name];
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 2) throw fail(`gives minor.${name} ${JSON.stringify(value)}: name it as a whole number above 1 (${example})`);
        return value;
      };
      return { kind, values: body.values.map((value) => pointer('values', value)), below: whole('below', 100), against: pointer('against', body.against), ratio: whole('ratio', 100), ...(body.each === undefined ? {} : { each: pointer('each', body.each) }) };
    }
    case 'away':
      if (typeof body.listed !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(body.listed)) throw fail(`gives away.listed ${JSON.stringify(body.listed)}, not the operationId of the listing that gives each location's address (listLocations)`);
      return { kind, values: pointer('values', body.values), location: pointer('location', body.location), listed: body.listed, each: pointer('each', body.each), id: pointer('id', body.id), address: pointer('address', body.address) };
    case 'postal':
      return { kind, each: pointer('each', body.each), country: pointer('country', body.country), state: pointer('state', body.state), ...(body.zone === undefined ? {} : { zone: pointer('zone', body.zone) }) };
    case 'local_hours': {
      const name = (key: 'header' | 'zones_from', pattern: RegExp, example: string) => {
        if (typeof body[key] !== 'string' || !pattern.test(body[key])) throw fail(`gives local_hours.${key} ${JSON.stringify(body[key])}, not a name such as ${example}`);
        return body[key];
      };
      return { kind, each: pointer('each', body.each), header: name('header', /^[A-Za-z][A-Za-z0-9-]*$/, 'Provider-Location-Id'), zonesFrom: name('zones_from', /^[A-Za-z][A-Za-z0-9]*$/, 'listLocations'), places: pointer('places', body.places), id: pointer('id', body.id), zone: pointer('zone', body.zone) };
    }
    case 'priced': {
      const optional = (name: 'nested' | 'deeper') => (body[name] === undefined ? {} : { [name]: pointer(name, body[name]) });
      return { kind, each: pointer('each', body.each), id: pointer('id', body.id), price: pointer('price', body.price), ...optional('nested'), ...optional('deeper') };
    }
    case 'distinct': {
      if (!Array.isArray(body.from) || body.from.length === 0) throw fail('gives distinct.from no list of pointers: name the ids the value must not repeat');
      return { kind, values: pointer('values', body.values), from: body.from.map((value) => pointer('from', value)) };
    }
    case 'readable':
      return { kind, values: pointer('values', body.values) };
    case 'required_when': {
      if (!Array.isArray(body.present) || body.present.length === 0) throw fail('gives required_when.present no list of pointers: name the fields the condition requires');
      if (body.is !== undefined && body.is !== null && typeof body.is === 'object') throw fail('gives required_when.is no plain value: name the value at field that requires the fields (true), or leave is out when any value there does');
      return { kind, field: pointer('field', body.field), ...(body.is === undefined ? {} : { is: body.is }), present: body.present.map((value) => pointer('present', value)) };
    }
    case 'published': {
      if (!Array.isArray(body.fields) || body.fields.length === 0) throw fail('gives published.fields no list of pointers: name the fields the menu also gives, such as /currency');
      const optional = (name: 'nested' | 'deeper') => (body[name] === undefined ? {} : { [name]: pointer(name, body[name]) });
      return { kind, each: pointer('each', body.each), id: pointer('id', body.id), fields: body.fields.map((field) => pointer('fields', field)), ...optional('nested'), ...optional('deeper') };
    }
    case 'sum': {
      const list = (name: string) => {
        const value = body[name] ?? [];
        if (!Array.isArray(value)) throw fail(`gives sum.${name} a value that is not a list of pointers`);
        return value.map((item) => pointer(name, item));
      };
      const lines = body.lines;
      if (lines !== undefined && !isObject(lines)) throw fail('gives sum.lines a value that is not an object');
      const add = list('add');
      if (add.length === 0 && lines === undefined) throw fail('gives sum neither add nor lines: name what the total is the sum of');
      return {
        kind,
        total: pointer('total', body.total),
        add,
        subtract: list('subtract'),
        ...(lines === undefined
          ? {}
          : { lines: { each: pointer('lines.each', lines.each), quantity: pointer('lines.quantity', lines.quantity), price: pointer('lines.price', lines.price), ...(lines.nested === undefined ? {} : { nested: pointer('lines.nested', lines.nested) }), ...(lines.deeper === undefined ? {} : { deeper: pointer('lines.deeper', lines.deeper) }) } }),
      };
    }
  }
}
