import { markdownToHtml } from './markdown';
import { deref, schemaNameOf } from './refs';
import { isRuleList, rulesOf } from './schemaRules';
import { isObject, type JsonObject, type JsonValue, type OpenApiDocument } from './types';

/**
 * One field (or the root, an array's items, or a oneOf/anyOf option) of a schema, flattened
 * into plain JSON so it can be embedded in MDX or rendered on the server without the spec.
 */
export interface SchemaNode {
  /** Property name; absent on the root, on array items and on variant options. */
  name?: string;
  /** Label of a oneOf/anyOf option. */
  title?: string;
  /** Discriminator value that selects this option, such as `order.created`. */
  match?: string;
  /** `object`, `array`, `string | null`; empty when the schema sets no type. */
  type: string;
  /** Component schema name when the schema came from a `$ref`. */
  ref?: string;
  required?: boolean;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  /** Description rendered from Markdown to HTML. */
  description?: string;
  enum?: JsonValue[];
  /**
   * What each enum value means, from `x-enum-descriptions`: keyed by the value as text (a string
   * value itself, any other value as JSON), each sentence rendered from Markdown to HTML. Only
   * values of `enum` appear, and only those the spec describes.
   */
  enumDescriptions?: Record<string, string>;
  const?: JsonValue;
  default?: JsonValue;
  example?: JsonValue;
  /** Human-readable keyword constraints: `format: date`, `minimum: 0`, `pattern: ^…$`. */
  constraints?: string[];
  properties?: SchemaNode[];
  additionalProperties?: SchemaNode;
  items?: SchemaNode;
  variants?: SchemaVariants;
  /** Component schemas merged into this one by allOf. */
  allOf?: string[];
  /**
   * Conditional rules (`if`/`then`/`else`, `dependentRequired`, an anyOf of constraints) as
   * sentences, each rendered from Markdown to inline HTML.
   */
  rules?: string[];
  /** The schema is already being expanded higher up this path; shown as a link, not expanded. */
  cycle?: boolean;
  /** The depth limit stopped expansion here. */
  collapsed?: boolean;
}

export interface SchemaVariants {
  keyword: 'oneOf' | 'anyOf';
  /** Property whose value selects the option. */
  discriminator?: string;
  options: SchemaNode[];
}

export interface TreeOptions {
  /** Levels of nested properties to expand below the root (the root's own fields are level 1). */
  maxDepth?: number;
  /**
   * Show a nested component schema with fields as a link instead of expanding it, for a page
   * that lists every component schema anyway.
   */
  linkNestedRefs?: boolean;
}

const CONSTRAINT_KEYWORDS = [
  'format',
  'pattern',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'contentMediaType',
  'contentEncoding',
] as const;

function typeOf(schema: JsonObject): string {
  const declared = schema.type;
  let types: string[] = Array.isArray(declared)
    ? declared.filter((t): t is string => typeof t === 'string')
    : typeof declared === 'string'
      ? [declared]
      : [];
  if (types.length === 0) {
    if (isObject(schema.properties) || isObject(schema.additionalProperties)) types = ['object'];
    else if (schema.items !== undefined) types = ['array'];
    else if (Array.isArray(schema.enum) && schema.enum.length > 0) types = [jsonType(schema.enum[0])];
    else if (schema.const !== undefined) types = [jsonType(schema.const)];
  }
  if (schema.nullable === true && !types.includes('null')) types.push('null');
  return types.join(' | ');
}

function jsonType(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function constraintsOf(schema: JsonObject): string[] {
  const found: string[] = [];
  for (const keyword of CONSTRAINT_KEYWORDS) {
    const value = schema[keyword];
    if (value === undefined || value === false) continue;
    found.push(value === true ? keyword : `${keyword}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  return found;
}

/** The key an enum value has in `x-enum-descriptions` and in `SchemaNode.enumDescriptions`. */
export function enumKey(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The `x-enum-descriptions` sentences of the schema's enum values, as HTML. */
function enumDescriptionsOf(schema: JsonObject, values: JsonValue[]): Record<string, string> | undefined {
  const sentences = schema['x-enum-descriptions'];
  if (!isObject(sentences)) return undefined;
  const found: Record<string, string> = {};
  for (const value of values) {
    const key = enumKey(value);
    const sentence = Object.hasOwn(sentences, key) ? sentences[key] : undefined;
    const html = typeof sentence === 'string' ? markdownToHtml(sentence) : undefined;
    if (html) found[key] = html;
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

function isPrimitive(value: JsonValue | undefined): boolean {
  return value !== undefined && (value === null || typeof value !== 'object');
}

/** Whether a schema has fields or options of its own, as opposed to a scalar or enum. */
function isStructured(schema: JsonObject): boolean {
  return (
    isObject(schema.properties) ||
    isObject(schema.additionalProperties) ||
    schema.items !== undefined ||
    Array.isArray(schema.oneOf) ||
    Array.isArray(schema.anyOf) ||
    Array.isArray(schema.allOf)
  );
}

function refName(raw: unknown): string | undefined {
  return isObject(raw) && typeof raw.$ref === 'string' ? schemaNameOf(raw.$ref) : undefined;
}

/** Builds the node tree of `schema` (which may be a `$ref`) inside the bundled `doc`. */
export function buildSchemaTree(doc: OpenApiDocument, schema: unknown, options: TreeOptions = {}): SchemaNode {
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;

  /** Merges allOf members into one schema: properties and required lists add up, the outer schema's own keys win. */
  function mergeAllOf(schema: JsonObject, path: readonly string[]): { merged: JsonObject; names: string[] } {
    if (!Array.isArray(schema.allOf)) return { merged: schema, names: [] };
    const { allOf, ...own } = schema;
    const names: string[] = [];
    let merged: JsonObject = {};
    for (const member of allOf) {
      const name = refName(member);
      if (name) names.push(name);
      if (name && path.includes(name)) continue;
      const resolved = deref(doc, member);
      if (!resolved) continue;
      const inner = mergeAllOf(resolved, name ? [...path, name] : path);
      names.push(...inner.names);
      merged = combine(merged, inner.merged);
    }
    return { merged: combine(merged, own), names };
  }

  function combine(base: JsonObject, next: JsonObject): JsonObject {
    const properties = { ...(isObject(base.properties) ? base.properties : {}), ...(isObject(next.properties) ? next.properties : {}) };
    const required = [
      ...new Set([...(Array.isArray(base.required) ? base.required : []), ...(Array.isArray(next.required) ? next.required : [])]),
    ];
    const result: JsonObject = { ...base, ...next };
    if (Object.keys(properties).length > 0) result.properties = properties;
    if (required.length > 0) result.required = required;
    return result;
  }

  function walk(raw: unknown, level: number, path: readonly string[]): SchemaNode {
    const name = refName(raw);
    const resolved = deref(doc, raw) ?? {};
    if (name && path.includes(name)) {
      return { type: typeOf(resolved), ref: name, cycle: true, ...described(resolved) };
    }
    if (name && options.linkNestedRefs && path.length > 0 && isStructured(resolved)) {
      return { type: typeOf(resolved), ref: name, collapsed: true, ...described(resolved) };
    }
    const node = describe(resolved, level, name ? [...path, name] : path);
    if (name) node.ref = name;
    return node;
  }

  function described(schema: JsonObject): Pick<SchemaNode, 'description'> {
    const html = typeof schema.description === 'string' ? markdownToHtml(schema.description) : undefined;
    return html ? { description: html } : {};
  }

  function describe(original: JsonObject, level: number, path: readonly string[]): SchemaNode {
    const { merged: schema, names } = mergeAllOf(original, path);
    const node: SchemaNode = { type: typeOf(schema), ...described(schema) };
    if (names.length > 0) node.allOf = names;
    if (schema.deprecated === true) node.deprecated = true;
    if (schema.readOnly === true) node.readOnly = true;
    if (schema.writeOnly === true) node.writeOnly = true;
    if (Array.isArray(schema.enum)) {
      node.enum = schema.enum;
      const enumDescriptions = enumDescriptionsOf(schema, schema.enum);
      if (enumDescriptions) node.enumDescriptions = enumDescriptions;
    }
    if (schema.const !== undefined) node.const = schema.const;
    if (schema.default !== undefined) node.default = schema.default;
    const example = schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
    if (isPrimitive(example)) node.example = example;
    const constraints = constraintsOf(schema);
    if (constraints.length > 0) node.constraints = constraints;

    if (schema.items !== undefined && schema.items !== true) node.items = walk(schema.items, level, path);

    const rules = rulesOf(doc, original).flatMap((rule) => markdownToHtml(rule)?.replace(/^<p>|<\/p>$/g, '') ?? []);
    if (rules.length > 0) node.rules = rules;
    // An anyOf/oneOf that only constrains this object's fields is a rule, shown above, not a set of shapes.
    const keyword = (['oneOf', 'anyOf'] as const).find((key) => Array.isArray(schema[key]) && !isRuleList(schema[key]));
    const hasFields = isObject(schema.properties) || isObject(schema.additionalProperties);
    if ((hasFields || keyword) && level >= maxDepth) {
      node.collapsed = true;
      return node;
    }

    if (isObject(schema.properties)) {
      const required = Array.isArray(schema.required) ? schema.required : [];
      node.properties = Object.entries(schema.properties).map(([property, sub]) => {
        const child = walk(sub, level + 1, path);
        child.name = property;
        if (required.includes(property)) child.required = true;
        return child;
      });
    }
    if (isObject(schema.additionalProperties)) node.additionalProperties = walk(schema.additionalProperties, level + 1, path);

    if (keyword) node.variants = variantsOf(schema, keyword, level, path);
    return node;
  }

  function variantsOf(schema: JsonObject, keyword: 'oneOf' | 'anyOf', level: number, path: readonly string[]): SchemaVariants {
    const discriminator = isObject(schema.discriminator) ? schema.discriminator : undefined;
    const property = typeof discriminator?.propertyName === 'string' ? discriminator.propertyName : undefined;
    const mapping = isObject(discriminator?.mapping) ? discriminator.mapping : {};
    const members = schema[keyword] as JsonValue[];
    const options = members.map((member, index) => {
      const option = walk(member, level, path);
      const target = deref(doc, member) ?? {};
      const title = typeof target.title === 'string' ? target.title : undefined;
      option.title = option.ref ?? title ?? `Option ${index + 1}`;
      const match = property ? matchOf(member, target, property, mapping) : undefined;
      if (match !== undefined) option.match = match;
      return option;
    });
    return property ? { keyword, discriminator: property, options } : { keyword, options };
  }

  /** The discriminator value of one option: from the mapping, else from a const or single enum on the property. */
  function matchOf(member: JsonValue, target: JsonObject, property: string, mapping: JsonObject): string | undefined {
    const ref = isObject(member) && typeof member.$ref === 'string' ? member.$ref : undefined;
    const mapped = Object.entries(mapping).find(([, value]) => value === ref || (ref && typeof value === 'string' && schemaNameOf(ref) === value));
    if (mapped) return mapped[0];
    const merged = mergeAllOf(target, []).merged;
    const prop = isObject(merged.properties) ? deref(doc, merged.properties[property]) : undefined;
    if (!prop) return undefined;
    if (typeof prop.const === 'string') return prop.const;
    if (Array.isArray(prop.enum) && prop.enum.length === 1 && typeof prop.enum[0] === 'string') return prop.enum[0];
    return undefined;
  }

  return walk(schema, 0, []);
}

/** The node whose fields a field expands into: an array's innermost items, else the node. */
export function expandable(node: SchemaNode): SchemaNode {
  return node.type === 'array' && node.items ? expandable(node.items) : node;
}

/** Whether a field unfolds into fields or options of its own. */
export function hasChildren(node: SchemaNode): boolean {
  const target = expandable(node);
  return Boolean(target.properties?.length || target.additionalProperties || target.variants);
}

/** The lines and characters of text a schema shows while its nested field lists are folded. */
export interface ShownText {
  rows: number;
  chars: number;
}

/**
 * What a reference page shows of a schema before a reader unfolds anything: the root's type and
 * facts, then one row per field with its description, values and the summary of its nested
 * fields, or one row per option. The page sizes a schema's placeholder from it while the schema
 * is off screen.
 */
export function shownText(node: SchemaNode): ShownText {
  const shown: ShownText = { rows: 0, chars: 0 };
  const add = (rows: number, chars: number) => {
    shown.rows += rows;
    shown.chars += chars;
  };
  const text = (html?: string) => (html ? html.replace(/<[^>]*>/g, '').length : 0);
  // Values are shown as enumKey writes them: strings bare, anything else as JSON.
  const shownValue = (value: JsonValue) => enumKey(value).length;
  const facts = (n: SchemaNode) => {
    const items = n.type === 'array' ? n.items : undefined;
    if (n.description) add(1, text(n.description));
    const values = n.enum ?? items?.enum;
    const descriptions = n.enum ? n.enumDescriptions : items?.enumDescriptions;
    if (values && descriptions) for (const value of values) add(1, shownValue(value) + text(descriptions[enumKey(value)]));
    else if (values) add(1, values.reduce<number>((sum, value) => sum + shownValue(value) + 1, 6));
    for (const value of [n.const, n.default, n.example]) if (value !== undefined) add(1, shownValue(value) + 8);
    const constraints = [...(n.constraints ?? []), ...(items?.constraints ?? [])];
    if (constraints.length > 0) add(1, constraints.join(' ').length + 12);
    if (n.allOf) add(1, n.allOf.join(', ').length + 7);
    for (const rule of n.rules ?? []) add(1, text(rule));
  };
  add(1, node.type.length + (node.ref?.length ?? 0));
  facts(node);
  const target = expandable(node);
  const fields = [...(target.properties ?? [])];
  if (target.additionalProperties) fields.push(target.additionalProperties);
  for (const field of fields) {
    const inner = expandable(field);
    add(1, (field.name?.length ?? 9) + field.type.length + (field.ref?.length ?? 0));
    facts(field);
    if (inner.cycle) add(1, 60);
    if (hasChildren(field)) add(1, 20 + (inner.ref?.length ?? 0));
  }
  if (target.variants) {
    add(1, 40);
    for (const option of target.variants.options) add(1, (option.title?.length ?? 0) + (option.match?.length ?? 0));
  }
  return shown;
}
