// Turns Ajv's errors into issues a person can act on: `items[0].price must be an integer number
// of cents, got 12.5`. The wording uses the schema's own context (its description, examples and
// the conditions of if/then rules), and unions report the branch the value was meant to match
// instead of every branch's complaints.
import type { ErrorObject } from 'ajv';
import type { ValidationIssue } from './errors.js';

type SchemaObject = { readonly [keyword: string]: unknown };

export interface ExplainContext {
  /** Resolves a `$ref` of the document (`#/components/schemas/Money`) to its schema. */
  resolveRef(ref: string): unknown;
  /** The condition under which a then/else subschema applies: `when fulfillment_type is pickup`. */
  conditionOf(schema: unknown): string | undefined;
}

const isObject = (value: unknown): value is SchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);

// ---------------------------------------------------------------- paths

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `/items/0/price` → `items[0].price`; `''` stays `''`. */
export function toPath(instancePath: string): string {
  if (instancePath === '') return '';
  return instancePath
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, segment) => {
      if (/^(0|[1-9][0-9]*)$/.test(segment)) return `${path}[${segment}]`;
      if (IDENTIFIER.test(segment)) return path === '' ? segment : `${path}.${segment}`;
      return `${path}[${JSON.stringify(segment)}]`;
    }, '');
}

export function childPath(path: string, key: string): string {
  if (IDENTIFIER.test(key)) return path === '' ? key : `${path}.${key}`;
  return `${path}[${JSON.stringify(key)}]`;
}

const lastKey = (instancePath: string): string => {
  const segment = instancePath.slice(instancePath.lastIndexOf('/') + 1);
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
};

// ---------------------------------------------------------------- values

/**
 * The start of a long string in memory of its own. A slice is a view that keeps the whole string
 * alive, and messages are kept (the console keeps each exchange's issues): quoting 57 characters of
 * a 5 MB value held all 5 MB.
 */
const detachedStart = (value: string, length: number): string => [...value.slice(0, length)].join('');

const format = (value: unknown): string => {
  if (typeof value === 'string') return value.length > 60 ? `"${detachedStart(value, 57)}..."` : `"${value}"`;
  if (value === null || typeof value !== 'object') return String(value);
  return JSON.stringify(value);
};

/** Bare enum/const values read better unquoted when they are simple words: `pickup`, `order.created`. */
const formatAllowed = (value: unknown): string =>
  typeof value === 'string' && /^[\w.:+-]+$/.test(value) ? value : format(value);

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${format(value)}`;
  return String(value);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list (JSON array)',
  null: 'null',
};

// ---------------------------------------------------------------- schema context

const MONEY_DESCRIPTION = /lowest (currency )?(unit|denomination)|minor (currency )?unit|\bin cents\b/i;
const MONEY_NAME = /(^|_)(price|amount|subtotal|total|tax|taxes|tip|fee|fees|charge|deposit)$|[a-z](Price|Amount|Total|Tax|Tip|Fee)$/;

function isMoney(schema: unknown, instancePath: string): boolean {
  const description = isObject(schema) && typeof schema.description === 'string' ? schema.description : '';
  return MONEY_DESCRIPTION.test(description) || MONEY_NAME.test(lastKey(instancePath));
}

const firstExample = (schema: unknown): unknown => {
  if (!isObject(schema)) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return schema.example;
};

interface KnownPattern {
  accepts: string[];
  rejects: string[];
  words: string;
}

// Recognised by behaviour, not by spelling, so any regex for the same format gets the same words.
const KNOWN_PATTERNS: KnownPattern[] = [
  { accepts: ['+14155550123', '+442071838750'], rejects: ['4155550123', '(415) 555-0123'], words: 'must be an E.164 phone number (a plus sign, then up to 15 digits), such as +14155550123' },
  { accepts: ['11:00-22:00', '00:00-23:59'], rejects: ['11:00', '11-22', '25:00-26:00'], words: 'must be a time range as HH:mm-HH:mm on the 24-hour clock, such as 11:00-22:00' },
  { accepts: ['11:00', '23:59'], rejects: ['1100', '11:00-22:00', '24:00'], words: 'must be a time as HH:mm on the 24-hour clock, such as 09:30' },
  { accepts: ['12-25', '01-01'], rejects: ['2025-12-25', '13-01', '12/25'], words: 'must be a day of the year as MM-DD, such as 12-25' },
  { accepts: ['usd', 'eur'], rejects: ['USD', 'us', 'usdd'], words: 'must be a lower-case three-letter ISO 4217 currency code, such as usd' },
  { accepts: ['USD', 'EUR'], rejects: ['usd', 'US', 'USDD'], words: 'must be an upper-case three-letter ISO 4217 currency code, such as USD' },
  { accepts: ['a'.repeat(64), '0'.repeat(64)], rejects: ['A'.repeat(64), 'a'.repeat(63)], words: 'must be 64 lower-case hexadecimal characters' },
  { accepts: ['US-CA', 'GB-LND'], rejects: ['CA', 'us-ca'], words: 'must be an ISO 3166-2 subdivision code, such as US-CA' },
  { accepts: ['US', 'GB'], rejects: ['us', 'USA'], words: 'must be a two-letter ISO 3166-1 country code, such as US' },
];

const patternWordsCache = new Map<string, string | null>();

function patternWords(pattern: string): string | null {
  if (patternWordsCache.has(pattern)) return patternWordsCache.get(pattern)!;
  let words: string | null = null;
  try {
    const regex = new RegExp(pattern, 'u');
    words = KNOWN_PATTERNS.find((k) => k.accepts.every((s) => regex.test(s)) && !k.rejects.some((s) => regex.test(s)))?.words ?? null;
  } catch {
    words = null;
  }
  patternWordsCache.set(pattern, words);
  return words;
}

const FORMAT_WORDS: Record<string, string> = {
  email: 'must be an email address',
  'date-time': 'must be a date and time in RFC 3339 format, such as 2025-06-01T18:30:00Z',
  date: 'must be a date as YYYY-MM-DD, such as 2025-06-01',
  time: 'must be a time in RFC 3339 format, such as 18:30:00Z',
  uri: 'must be an absolute URL, such as https://partner.example/path',
  url: 'must be an absolute URL, such as https://partner.example/path',
  'uri-reference': 'must be a URL or a relative reference',
  uuid: 'must be a UUID, such as 3fa85f64-5717-4562-b3fc-2c963f66afa6',
  hostname: 'must be a host name',
  ipv4: 'must be an IPv4 address',
  ipv6: 'must be an IPv6 address',
  duration: 'must be an ISO 8601 duration, such as PT30M',
  int32: 'must fit in a 32-bit integer',
  int64: 'must fit in a 64-bit integer',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// ---------------------------------------------------------------- if conditions

/** `ItemFamily` → `the item family`, `DSPOrder` → `the DSP order`: how a sentence names an object of that schema. */
export function subjectOf(schemaName: string): string | undefined {
  const words = schemaName.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+/g);
  if (!words || words.join('') !== schemaName) return undefined;
  return `the ${words.map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase())).join(' ')}`;
}

/**
 * A subschema that no value satisfies: `false`, or `{ not: {} }` (what the validator turns
 * `false` into so errors can be traced). Under `properties`, it means the property is absent.
 */
function rejectsEverything(schema: unknown): boolean {
  if (schema === false) return true;
  if (!isObject(schema) || Object.keys(schema).length !== 1) return false;
  const not = schema.not;
  return not === true || (isObject(not) && Object.keys(not).length === 0);
}

const conditionValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The condition an `if` subschema tests, in words: `fulfillment_type is pickup`,
 * `specific_years is present`, `the item family has no price_amount` (from `properties: { x: false }`
 * or `not: { required: [x] }`). `subject` names the object the `if` tests, when known; without it
 * an absent property reads `price_amount is absent`. Null when the condition has no simple words.
 */
export function describeCondition(ifSchema: unknown, subject?: string): string | null {
  if (!isObject(ifSchema)) return null;
  const parts: string[] = [];
  const named = new Set<string>();
  const absent: string[] = [];
  const properties = isObject(ifSchema.properties) ? ifSchema.properties : {};
  for (const [key, sub] of Object.entries(properties)) {
    if (rejectsEverything(sub)) {
      absent.push(key);
      named.add(key);
    } else if (isObject(sub) && 'const' in sub) {
      parts.push(`${key} is ${conditionValue(sub.const)}`);
      named.add(key);
    } else if (isObject(sub) && Array.isArray(sub.enum)) {
      parts.push(`${key} is ${sub.enum.map(conditionValue).join(' or ')}`);
      named.add(key);
    }
  }
  // `not: { required: [...] }`: with one name, that property is absent; with several, not all are there.
  const not = ifSchema.not;
  const notRequired = isObject(not) && Object.keys(not).length === 1 && Array.isArray(not.required) ? not.required.map(String) : [];
  if (notRequired.length === 1) {
    if (!named.has(notRequired[0]!)) absent.push(notRequired[0]!);
    named.add(notRequired[0]!);
  } else if (notRequired.length > 1) {
    parts.push(`${notRequired.join(' and ')} are not all present`);
    notRequired.forEach((key) => named.add(key));
  }
  // Required names a const or enum already speaks for are implied; the others must be present.
  const required = Array.isArray(ifSchema.required) ? ifSchema.required.map(String) : [];
  parts.push(...required.filter((key) => !named.has(key)).map((key) => `${key} is present`));
  if (absent.length > 0) {
    const list = absent.length === 1 ? absent[0]! : `${absent.slice(0, -1).join(', ')} or ${absent[absent.length - 1]}`;
    if (subject) parts.push(`${subject} has ${absent.length === 1 ? 'no' : 'none of'} ${list}`);
    else parts.push(absent.length === 1 ? `${list} is absent` : `${absent.join(', ')} are all absent`);
  }
  return parts.length > 0 ? parts.join(' and ') : null;
}

/** A requirement a then/else branch adds to a property it makes required: `at least one entry`. */
function addedRequirement(schema: unknown, property: string): string | null {
  const sub = isObject(schema) && isObject(schema.properties) ? schema.properties[property] : undefined;
  if (!isObject(sub)) return null;
  const n = (keyword: string) => (typeof sub[keyword] === 'number' ? (sub[keyword] as number) : 0);
  if (n('minItems') > 0) return n('minItems') === 1 ? 'at least one entry' : `at least ${plural(n('minItems'), 'entry', 'entries')}`;
  if (n('minProperties') > 0) return n('minProperties') === 1 ? 'at least one field' : `at least ${plural(n('minProperties'), 'field', 'fields')}`;
  if (n('minLength') > 0) return n('minLength') === 1 ? 'not empty' : `at least ${plural(n('minLength'), 'character', 'characters')} long`;
  return null;
}

// ---------------------------------------------------------------- one error → words

function predicate(error: ErrorObject): string | null {
  const { keyword, params } = error;
  const schema = error.parentSchema;
  const p = params as Record<string, unknown>;
  const money = isMoney(schema, error.instancePath);
  switch (keyword) {
    case 'type': {
      const types = String(p.type).split(',');
      if (money && types.includes('integer')) {
        return `must be an integer number of cents (the lowest currency unit), got ${describeValue(error.data)}`;
      }
      const wanted = types.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
      return `must be ${wanted}, got ${describeValue(error.data)}`;
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]) ?? [];
      const shown = allowed.slice(0, 30).map(formatAllowed).join(', ');
      const more = allowed.length > 30 ? ` and ${allowed.length - 30} more` : '';
      return `must be one of ${shown}${more}, got ${describeValue(error.data)}`;
    }
    case 'const':
      return `must be ${formatAllowed(p.allowedValue)}, got ${describeValue(error.data)}`;
    case 'pattern': {
      const pattern = String(p.pattern);
      const words = patternWords(pattern);
      if (words) return `${words}, got ${describeValue(error.data)}`;
      const example = firstExample(schema);
      const like = example === undefined ? '' : ` (such as ${format(example)})`;
      return `must match the pattern ${pattern}${like}, got ${describeValue(error.data)}`;
    }
    case 'format': {
      const words = FORMAT_WORDS[String(p.format)] ?? `must be a valid ${String(p.format)}`;
      return `${words}, got ${describeValue(error.data)}`;
    }
    case 'minimum':
    case 'exclusiveMinimum': {
      const limit = Number(p.limit);
      const strict = keyword === 'exclusiveMinimum';
      if (limit === 0 && !strict) return `must not be negative${money ? ' (an amount in cents)' : ''}, got ${describeValue(error.data)}`;
      return `must be ${strict ? 'greater than' : 'at least'} ${limit}, got ${describeValue(error.data)}`;
    }
    case 'maximum':
    case 'exclusiveMaximum':
      return `must be ${keyword === 'exclusiveMaximum' ? 'less than' : 'at most'} ${Number(p.limit)}, got ${describeValue(error.data)}`;
    case 'multipleOf':
      return `must be a multiple of ${Number(p.multipleOf)}, got ${describeValue(error.data)}`;
    case 'minLength':
      return Number(p.limit) === 1 ? 'must not be empty' : `must be at least ${plural(Number(p.limit), 'character', 'characters')} long`;
    case 'maxLength':
      return `must be at most ${plural(Number(p.limit), 'character', 'characters')} long`;
    case 'minItems':
      return Number(p.limit) === 1 ? 'must have at least one entry' : `must have at least ${plural(Number(p.limit), 'entry', 'entries')}`;
    case 'maxItems':
      return `must have at most ${plural(Number(p.limit), 'entry', 'entries')}`;
    case 'uniqueItems':
      return `must not repeat an entry (entries ${Number(p.j)} and ${Number(p.i)} are the same)`;
    case 'minProperties':
      return Number(p.limit) === 1 ? 'must have at least one field' : `must have at least ${plural(Number(p.limit), 'field', 'fields')}`;
    case 'maxProperties':
      return `must have at most ${plural(Number(p.limit), 'field', 'fields')}`;
    case 'minContains':
    case 'contains':
      return 'must contain at least one matching entry';
    case 'maxContains':
      return `must contain at most ${plural(Number(p.limit), 'matching entry', 'matching entries')}`;
    case 'false schema':
      return 'is not allowed';
    default:
      return null;
  }
}

function toIssue(error: ErrorObject, ctx: ExplainContext): ValidationIssue | null {
  const base = toPath(error.instancePath);
  const p = error.params as Record<string, unknown>;
  const condition = ctx.conditionOf(error.parentSchema);
  const when = condition ? ` ${condition}` : '';
  const issue = (path: string, words: string): ValidationIssue => ({
    path,
    rule: error.keyword,
    message: `${path === '' ? 'The value' : path} ${words}`,
  });

  if (error.propertyName !== undefined) {
    // A propertyNames failure: the key itself is wrong, not its value.
    const inner = predicate({ ...error, data: error.propertyName });
    const rule = inner ? `: keys ${inner.replace(/, got .*$/, '').replace(/^must be /, 'must each be ')}` : '';
    return { ...issue(base, `has an unknown key ${format(error.propertyName)}${rule}`), rule: 'propertyNames' };
  }
  switch (error.keyword) {
    case 'required': {
      // Under a condition, say too what the branch asks of the field: `(at least one entry)`.
      const added = condition ? addedRequirement(error.parentSchema, String(p.missingProperty)) : null;
      return issue(childPath(base, String(p.missingProperty)), `is required${added ? ` (${added})` : ''}${when}`);
    }
    case 'dependentRequired':
      return issue(childPath(base, String(p.missingProperty)), `is required when ${String(p.property)} is present`);
    case 'additionalProperties':
      return issue(childPath(base, String(p.additionalProperty)), 'is not a known field');
    case 'unevaluatedProperties':
      return issue(childPath(base, String(p.unevaluatedProperty)), 'is not a known field');
    case 'not': {
      const not = isObject(error.parentSchema) ? error.parentSchema.not : undefined;
      const forbidden = isObject(not) && Array.isArray(not.required) ? (not.required as string[]) : [];
      if (forbidden.length > 0) {
        return issue(forbidden.map((name) => childPath(base, name)).join(' and '), `${forbidden.length > 1 ? 'are' : 'is'} not allowed${when}`);
      }
      return issue(base, `is not allowed${when}`);
    }
    default: {
      const words = predicate(error);
      if (words === null) return issue(base, `is not valid (${error.keyword}: ${error.message ?? 'failed'})`);
      // Put the condition before the "got" so the sentence reads naturally.
      return issue(base, when ? words.replace(/(, got .*)?$/, (got) => `${when}${got}`) : words);
    }
  }
}

// ---------------------------------------------------------------- unions

const reachCache = new WeakMap<object, Set<unknown>>();

/** Every schema object a branch can apply, following `$ref`s. */
function reach(branch: unknown, ctx: ExplainContext): Set<unknown> {
  if (typeof branch === 'object' && branch !== null && reachCache.has(branch)) return reachCache.get(branch)!;
  const seen = new Set<unknown>();
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === '$ref' && typeof child === 'string') visit(ctx.resolveRef(child));
      else visit(child);
    }
  };
  visit(branch);
  if (typeof branch === 'object' && branch !== null) reachCache.set(branch, seen);
  return seen;
}

function deref(schema: unknown, ctx: ExplainContext): unknown {
  let current = schema;
  for (let i = 0; i < 20 && isObject(current) && typeof current.$ref === 'string'; i++) current = ctx.resolveRef(current.$ref);
  return current;
}

function tagValues(branch: unknown, tag: string, ctx: ExplainContext): unknown[] | null {
  const schema = deref(branch, ctx);
  if (!isObject(schema) || !isObject(schema.properties)) return null;
  const property = deref(schema.properties[tag], ctx);
  if (!isObject(property)) return null;
  if ('const' in property) return [property.const];
  if (Array.isArray(property.enum)) return property.enum as unknown[];
  return null;
}

function unionTag(union: SchemaObject, branches: unknown[], ctx: ExplainContext): string | null {
  const discriminator = union.discriminator;
  if (isObject(discriminator) && typeof discriminator.propertyName === 'string') return discriminator.propertyName;
  // No discriminator keyword: a property every branch pins to constants still tells them apart.
  const first = deref(branches[0], ctx);
  if (!isObject(first) || !isObject(first.properties)) return null;
  return Object.keys(first.properties).find((key) => branches.every((b) => tagValues(b, key, ctx) !== null)) ?? null;
}

function branchName(branch: unknown, index: number): string {
  if (isObject(branch) && typeof branch.$ref === 'string') return branch.$ref.slice(branch.$ref.lastIndexOf('/') + 1);
  if (isObject(branch) && typeof branch.title === 'string') return branch.title;
  return `form ${index + 1}`;
}

const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

function typeFits(branch: unknown, value: unknown, ctx: ExplainContext): boolean {
  const schema = deref(branch, ctx);
  if (!isObject(schema) || schema.type === undefined) return true;
  const types = ([] as unknown[]).concat(schema.type);
  const actual = jsonType(value);
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

/**
 * Converts Ajv's errors (from a validator compiled with `allErrors` and `verbose`) to issues.
 */
export function explain(errors: readonly ErrorObject[], ctx: ExplainContext): ValidationIssue[] {
  const kept = new Set(errors.filter((e) => e.keyword !== 'if' && e.keyword !== 'propertyNames'));
  const synthetic: ValidationIssue[] = [];
  const unions = errors
    .filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')
    .sort((a, b) => a.instancePath.length - b.instancePath.length);

  for (const union of unions) {
    if (!kept.has(union)) continue;
    kept.delete(union);
    const schema = union.parentSchema;
    if (!isObject(schema)) continue;
    const branches = (schema[union.keyword] as unknown[]) ?? [];
    const at = union.instancePath;
    const inside = [...kept].filter((e) => e.instancePath === at || e.instancePath.startsWith(`${at}/`));
    const membership = new Map<ErrorObject, number[]>();
    for (const e of inside) {
      const owners = branches.map((b, i) => (reach(b, ctx).has(e.parentSchema) ? i : -1)).filter((i) => i >= 0);
      if (owners.length > 0) membership.set(e, owners);
    }

    let chosen = -1;
    const tag = unionTag(schema, branches, ctx);
    const data = union.data;
    if (tag !== null && isObject(data)) {
      const value = data[tag];
      chosen = branches.findIndex((b) => (tagValues(b, tag, ctx) ?? []).some((v) => v === value));
      if (chosen === -1) {
        for (const e of membership.keys()) kept.delete(e);
        const allowed = branches.flatMap((b) => tagValues(b, tag, ctx) ?? []);
        const path = childPath(toPath(at), tag);
        synthetic.push(
          value === undefined
            ? { path, rule: 'required', message: `${path} is required` }
            : { path, rule: 'discriminator', message: `${path} must be one of ${allowed.map(formatAllowed).join(', ')}, got ${describeValue(value)}` },
        );
        continue;
      }
    } else {
      const count = (i: number) => [...membership.values()].filter((owners) => owners.includes(i)).length;
      const candidates = branches.map((_, i) => i);
      const fitting = candidates.filter((i) => typeFits(branches[i], data, ctx));
      const pool = fitting.length > 0 ? fitting : candidates;
      chosen = pool.reduce((best, i) => (count(i) < count(best) ? i : best), pool[0] ?? 0);
      const tied = pool.filter((i) => count(i) === count(chosen));
      if (tied.length > 1 && count(chosen) > 0) {
        // No branch is clearly meant: say what each would need.
        const firsts = tied.map((i) => [...membership].find(([, owners]) => owners.includes(i))?.[0]);
        for (const e of membership.keys()) kept.delete(e);
        const path = toPath(at);
        const subject = path === '' ? 'The value' : path;
        const messages = firsts.map((e) => (e ? toIssue(e, ctx)?.message : undefined));
        if (firsts.every((e) => e?.keyword === 'required' && e.instancePath === firsts[0]?.instancePath)) {
          const names = firsts.map((e) => String((e!.params as { missingProperty?: unknown }).missingProperty));
          const howMany = union.keyword === 'oneOf' ? 'exactly one of' : 'at least one of';
          synthetic.push({ path, rule: union.keyword, message: `${subject} must have ${howMany} ${names.join(', ')}` });
        } else if (messages.every((m) => m !== undefined && m === messages[0])) {
          synthetic.push({ path, rule: firsts[0]!.keyword, message: messages[0]! });
        } else {
          const needs = tied.map((i, n) => `${branchName(branches[i], i)}${messages[n] ? ` (${messages[n]})` : ''}`);
          synthetic.push({ path, rule: union.keyword, message: `${subject} matches none of the allowed forms: ${needs.join(' or ')}` });
        }
        continue;
      }
    }

    let chosenErrors = 0;
    for (const [e, owners] of membership) {
      if (owners.includes(chosen)) chosenErrors++;
      else kept.delete(e);
    }
    if (chosenErrors === 0) {
      const path = toPath(at);
      synthetic.push({
        path,
        rule: union.keyword,
        message: `${path === '' ? 'The value' : path} ${union.keyword === 'oneOf' ? 'matches more than one of the allowed forms' : 'does not match any of the allowed forms'}`,
      });
    }
  }

  const issues = [...errors.filter((e) => kept.has(e)).map((e) => toIssue(e, ctx)), ...synthetic].filter(
    (issue): issue is ValidationIssue => issue !== null,
  );
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.message) && seen.add(issue.message) !== undefined);
}
