// A contract schema for an agent: resolved (every `$ref` inlined, a cycle named instead of
// repeated) and its rules said in words, one line per field, from the contract's own keywords.
import { CliError } from '../errors.js';
import { isObject, loadContract, resolveRef, type ApiName, type JsonObject } from '../openapi.js';

const REF = /^#\/components\/schemas\/(.+)$/;

export function schemaNames(api: ApiName): string[] {
  return Object.keys(((loadContract(api).components as JsonObject | undefined)?.schemas as JsonObject | undefined) ?? {});
}

export function componentSchema(api: ApiName, name: string): JsonObject {
  const schemas = ((loadContract(api).components as JsonObject | undefined)?.schemas ?? {}) as JsonObject;
  const found = Object.hasOwn(schemas, name) ? schemas[name] : undefined;
  if (!isObject(found)) {
    const near = schemaNames(api).filter((candidate) => candidate.toLowerCase().includes(name.toLowerCase())).slice(0, 8);
    throw new CliError('usage', `The ${api} contract has no schema "${name}".${near.length > 0 ? ` Did you mean ${near.join(', ')}?` : ''} Schema names are case-sensitive; search_docs finds them too.`);
  }
  return found;
}

/** The schema with every `$ref` inlined; a schema met again inside itself stays a `$ref` with `x-recursive`. */
export function resolveSchema(api: ApiName, node: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveSchema(api, item, seen));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    const name = REF.exec(node.$ref)?.[1];
    if (name !== undefined && seen.includes(name)) return { $ref: node.$ref, 'x-recursive': `${name}, as above` };
    const target = resolveRef(loadContract(api), node);
    const resolved = resolveSchema(api, target, name === undefined ? seen : [...seen, name]);
    return isObject(resolved) && name !== undefined ? { title: name, ...resolved } : resolved;
  }
  const out: JsonObject = {};
  // `examples` and `example` values are data, not schemas: copied as they are.
  for (const [key, value] of Object.entries(node)) out[key] = key === 'examples' || key === 'example' || key === 'enum' || key === 'const' ? value : resolveSchema(api, value, seen);
  return out;
}

function typeOf(schema: JsonObject): string {
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (typeof schema.type === 'string') return schema.type === 'array' && isObject(schema.items) ? `array of ${typeOf(schema.items)}` : schema.type;
  if (typeof schema.title === 'string') return schema.title;
  if (Array.isArray(schema.oneOf)) return 'one of several forms';
  if (Array.isArray(schema.anyOf)) return 'any of several forms';
  return 'any';
}

function firstSentence(text: unknown): string {
  const plain = String(text ?? '').replace(/\s+/g, ' ').trim();
  return /^(.*?[.!?])(\s|$)/.exec(plain)?.[1] ?? plain;
}

/** The keywords of one schema node as a clause: `one of: a, b; at least 1 character; format date-time`. */
function constraints(schema: JsonObject): string[] {
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) parts.push(`one of: ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`);
  if (schema.const !== undefined) parts.push(`exactly ${JSON.stringify(schema.const)}`);
  if (typeof schema.format === 'string') parts.push(`format ${schema.format}`);
  if (typeof schema.pattern === 'string') parts.push(`matches /${schema.pattern}/`);
  const bounds: [string, string][] = [
    ['minLength', 'at least {} characters'],
    ['maxLength', 'at most {} characters'],
    ['minimum', 'at least {}'],
    ['maximum', 'at most {}'],
    ['exclusiveMinimum', 'more than {}'],
    ['exclusiveMaximum', 'less than {}'],
    ['minItems', 'at least {} items'],
    ['maxItems', 'at most {} items'],
    ['multipleOf', 'a multiple of {}'],
  ];
  for (const [keyword, words] of bounds) if (typeof schema[keyword] === 'number') parts.push(words.replace('{}', String(schema[keyword])));
  if (schema.uniqueItems === true) parts.push('no repeated items');
  if (schema.additionalProperties === false) parts.push('no fields beyond those listed');
  if (schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'))) parts.push('may be null');
  if (schema.deprecated === true) parts.push('deprecated');
  if (schema.readOnly === true) parts.push('read-only');
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') && key !== 'x-recursive' && key !== 'x-enum-descriptions') parts.push(`${key}: ${JSON.stringify(value)}`);
  }
  return parts;
}

/** One line per field (dotted path), at most `limit` lines: type, required or optional, rules, the description's first sentence. */
export function rulesInWords(resolved: unknown, limit = 250): string[] {
  const lines: string[] = [];
  const walk = (schema: unknown, path: string, required: boolean | undefined) => {
    if (lines.length >= limit || !isObject(schema)) return;
    if (path !== '') {
      const rules = constraints(schema);
      const need = required === undefined ? '' : required ? ', required' : ', optional';
      const about = firstSentence(schema.description);
      lines.push(`${path} (${typeOf(schema)}${need})${rules.length > 0 ? `: ${rules.join('; ')}` : ''}${about === '' ? '' : `. ${about}`}`);
    } else {
      const rules = constraints(schema);
      if (rules.length > 0) lines.push(`The value: ${rules.join('; ')}`);
    }
    if (typeof schema['x-recursive'] === 'string') return;
    const requiredNames = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    for (const [name, child] of Object.entries(isObject(schema.properties) ? schema.properties : {})) walk(child, path === '' ? name : `${path}.${name}`, requiredNames.has(name));
    if (isObject(schema.items)) walk(schema.items, `${path}[]`, undefined);
    for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
      const members = schema[keyword];
      if (!Array.isArray(members)) continue;
      if (keyword !== 'allOf') lines.push(`${path === '' ? 'The value' : path} is ${keyword === 'oneOf' ? 'exactly one' : 'at least one'} of: ${members.map((member) => (isObject(member) && typeof member.title === 'string' ? member.title : typeOf(member as JsonObject))).join(', ')}`);
      members.forEach((member, index) => walk(member, path === '' ? (isObject(member) && typeof member.title === 'string' ? `(${member.title})` : `(${index + 1})`) : path, undefined));
    }
  };
  walk(resolved, '', undefined);
  if (lines.length >= limit) lines.push(`… more fields: read the full schema above.`);
  return lines;
}
