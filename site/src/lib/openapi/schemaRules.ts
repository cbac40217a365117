import { deref } from './refs';
import { isObject, type JsonObject, type JsonValue, type OpenApiDocument } from './types';

/**
 * The conditional rules of an object schema (`if`/`then`/`else`, `dependentRequired`, and an
 * `anyOf`/`oneOf` whose members only constrain the object's own fields) as Markdown sentences,
 * such as "`delivery_address` is required when `fulfillment_type` is `merchant_managed_delivery`".
 * The reference page and its Markdown copy both print these, so the rules read the same in both
 * and a reader never has to decode the raw keywords.
 */

function code(value: JsonValue): string {
  return `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
}

/** `a`, `a or b`, `a, b or c`. */
function list(items: string[], word: 'and' | 'or'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1) ?? ''}`;
}

function names(fields: string[], word: 'and' | 'or' = 'and'): string {
  return list(fields.map((field) => code(field)), word);
}

function be(fields: string[]): string {
  return fields.length === 1 ? 'is' : 'are';
}

const STRUCTURAL = ['$ref', 'type', 'title', 'oneOf', 'anyOf', 'allOf', 'items', 'additionalProperties', 'discriminator'];

/** Whether an `anyOf`/`oneOf` member only constrains fields of the object around it (no shape of its own). */
function constraintOnly(member: JsonValue): member is JsonObject {
  return isObject(member) && Object.keys(member).every((key) => !STRUCTURAL.includes(key)) && (isObject(member.properties) || Array.isArray(member.required));
}

/** Whether an `anyOf`/`oneOf` states rules rather than alternative shapes, so it is shown as sentences. */
export function isRuleList(members: JsonValue): boolean {
  return Array.isArray(members) && members.length > 0 && members.every(constraintOnly);
}

/** What one field's subschema demands of its value, as a predicate: "is `x`", "is at most 1". */
function valueRule(doc: OpenApiDocument, raw: JsonValue): string | undefined {
  if (raw === false) return 'is absent';
  const schema = deref(doc, raw);
  if (!schema) return undefined;
  if (schema.const !== undefined) return `is ${code(schema.const)}`;
  if (Array.isArray(schema.enum)) return `is ${list(schema.enum.map((value) => code(value)), 'or')}`;
  if (isObject(schema.not)) {
    const inner = valueRule(doc, schema.not);
    return inner?.startsWith('is ') ? `is not ${inner.slice(3)}` : undefined;
  }
  const bounds: string[] = [];
  if (typeof schema.minimum === 'number') bounds.push(`is at least ${schema.minimum}`);
  if (typeof schema.maximum === 'number') bounds.push(`is at most ${schema.maximum}`);
  if (typeof schema.minItems === 'number') bounds.push(`has at least ${schema.minItems} ${schema.minItems === 1 ? 'entry' : 'entries'}`);
  if (typeof schema.maxItems === 'number') bounds.push(`has at most ${schema.maxItems} ${schema.maxItems === 1 ? 'entry' : 'entries'}`);
  if (typeof schema.minLength === 'number') bounds.push(`is at least ${schema.minLength} characters long`);
  return bounds.length > 0 ? bounds.join(' and ') : undefined;
}

/** The condition an `if` tests, as a clause: "`fulfillment_type` is `pickup` or `dine_in`". */
function condition(doc: OpenApiDocument, schema: JsonObject): string | undefined {
  const clauses: string[] = [];
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [field, raw] of Object.entries(properties)) {
    const rule = valueRule(doc, raw);
    if (!rule) return undefined;
    clauses.push(`${code(field)} ${rule}`);
  }
  const required = (Array.isArray(schema.required) ? schema.required : []).filter((field): field is string => typeof field === 'string');
  const present = required.filter((field) => !Object.hasOwn(properties, field));
  if (present.length > 0) clauses.push(`${names(present)} ${be(present)} present`);
  return clauses.length > 0 ? list(clauses, 'and') : undefined;
}

/**
 * What a `then`/`else`/`anyOf` member demands, as clauses: "`delivery_address` is required".
 * `presence` is the word for a required field: "required" in a rule, "present" in an alternative.
 */
function demands(doc: OpenApiDocument, schema: JsonObject, presence = 'required', prefix = ''): string[] {
  const clauses: string[] = [];
  const path = (field: string) => `${prefix}${field}`;
  const required = new Set((Array.isArray(schema.required) ? schema.required : []).filter((field): field is string => typeof field === 'string'));
  const forbidden: string[] = [];
  const valued: string[] = [];
  for (const [field, raw] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    if (raw === true) continue;
    if (raw === false) {
      forbidden.push(path(field));
      continue;
    }
    const inner = deref(doc, raw);
    if (inner && (Array.isArray(inner.required) || isObject(inner.properties)) && inner.const === undefined && inner.enum === undefined) {
      clauses.push(...demands(doc, inner, presence, `${path(field)}.`));
      continue;
    }
    const rule = valueRule(doc, raw)?.replace(/^is (?!at |absent|not )/, 'must be ');
    if (!rule) continue;
    // A required field with a rule of its own reads as one clause: "`x` is required and has at least 1 entry".
    valued.push(required.delete(field) ? `${code(path(field))} is ${presence} and ${rule.replace(/^must be /, 'is ')}` : `${code(path(field))} ${rule}`);
  }
  const present = [...required].map(path);
  if (present.length > 0) clauses.unshift(`${names(present)} ${be(present)} ${presence}`);
  clauses.push(...valued);
  if (forbidden.length > 0) clauses.push(`${names(forbidden)} ${be(forbidden)} not allowed`);
  return clauses;
}

function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function conditional(doc: OpenApiDocument, schema: JsonObject): string[] {
  if (!isObject(schema.if)) return [];
  const when = condition(doc, schema.if);
  if (!when) return [];
  const rules: string[] = [];
  const then = isObject(schema.then) ? demands(doc, schema.then) : [];
  if (then.length > 0) rules.push(sentence(`${list(then, 'and')} when ${when}`));
  const otherwise = isObject(schema.else) ? demands(doc, schema.else) : [];
  if (otherwise.length > 0) rules.push(sentence(`${list(otherwise, 'and')} unless ${when}`));
  return rules;
}

function dependencies(schema: JsonObject): string[] {
  if (!isObject(schema.dependentRequired)) return [];
  return Object.entries(schema.dependentRequired).flatMap(([field, needs]) => {
    const fields = Array.isArray(needs) ? needs.filter((need): need is string => typeof need === 'string') : [];
    return fields.length > 0 ? [sentence(`${names(fields)} ${be(fields)} required when ${code(field)} is present`)] : [];
  });
}

/** An anyOf/oneOf of constraints: one rule, written as the condition it amounts to where it can be. */
function choice(doc: OpenApiDocument, keyword: 'anyOf' | 'oneOf', members: JsonObject[]): string[] {
  // `anyOf: [{ X is not v }, { demands }]` is "demands when X is v".
  if (keyword === 'anyOf' && members.length === 2) {
    for (const [index, member] of members.entries()) {
      const properties = isObject(member.properties) ? Object.entries(member.properties) : [];
      const [field, raw] = properties.length === 1 && member.required === undefined ? (properties[0] ?? []) : [];
      const negated = isObject(raw) && isObject(raw.not) ? valueRule(doc, raw.not) : undefined;
      const other = demands(doc, members[1 - index] ?? {});
      if (field && negated && other.length > 0) return [sentence(`${list(other, 'and')} when ${code(field)} ${negated}`)];
    }
  }
  const alternatives = members.map((member) => demands(doc, member, 'present'));
  if (alternatives.some((clauses) => clauses.length === 0)) return [];
  const quantity = keyword === 'anyOf' ? 'At least one' : 'Exactly one';
  const single = members.every((member) => Array.isArray(member.required) && member.required.length === 1 && !isObject(member.properties));
  if (single) return [`${quantity} of ${names(members.map((member) => String((member.required as JsonValue[])[0])), 'and')} is required.`];
  return [`${quantity} of these holds: ${alternatives.map((clauses) => list(clauses, 'and')).join('; ')}.`];
}

/**
 * Every rule of `schema`, including those of its `allOf` members (which a merge of the members
 * would otherwise overwrite, since each may have its own `if`).
 */
export function rulesOf(doc: OpenApiDocument, schema: JsonObject, seen: ReadonlySet<JsonObject> = new Set()): string[] {
  if (seen.has(schema)) return [];
  const inner = new Set([...seen, schema]);
  const rules = [...conditional(doc, schema), ...dependencies(schema)];
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const members = schema[keyword];
    if (isRuleList(members ?? null)) rules.push(...choice(doc, keyword, members as JsonObject[]));
  }
  for (const member of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const resolved = deref(doc, member);
    if (resolved) rules.push(...rulesOf(doc, resolved, inner));
  }
  return [...new Set(rules)];
}
