// Walks a body next to its schema: every property present or absent, with the schema that governs
// it and whether its object requires it. The probes are derived from these sites.
import { isObject, loadContract, resolveRef, type ApiName, type JsonObject } from '../../openapi.js';

export type PathPart = string | number;

export interface Site {
  /** Where the value sits: `['object', 'line_items', 0, 'quantity']`. */
  readonly path: readonly PathPart[];
  /** The property's schema, `$ref` and `allOf` resolved. */
  readonly schema: JsonObject;
  /** True when the enclosing object lists the property as required. */
  readonly required: boolean;
  /** True when the body has a value there. */
  readonly present: boolean;
}

/** `/object/line_items/0/quantity`: a JSON Pointer, the way reports name a field. */
export function pointer(path: readonly PathPart[]): string {
  return path.length === 0 ? '(the body)' : `/${path.map((part) => String(part).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

/** The schema with `$ref` followed and `allOf` members merged (properties, required, bounds). */
export function resolveSchema(api: ApiName, node: unknown): JsonObject {
  const doc = loadContract(api);
  const resolved = resolveRef(doc, node);
  if (!isObject(resolved)) return {};
  if (!Array.isArray(resolved.allOf)) return resolved;
  const merged: JsonObject = { ...resolved, properties: { ...(isObject(resolved.properties) ? resolved.properties : {}) }, required: [...((resolved.required as string[]) ?? [])] };
  delete merged.allOf;
  for (const member of resolved.allOf) {
    const part = resolveSchema(api, member);
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' && isObject(value)) {
        // A member that names a property the object already defines only narrows it (`not: {const}`); the definition stays.
        for (const [name, property] of Object.entries(value)) if (!(name in (merged.properties as JsonObject))) (merged.properties as JsonObject)[name] = property;
      }
      else if (key === 'required' && Array.isArray(value)) (merged.required as string[]).push(...(value as string[]));
      else if (!(key in merged)) merged[key] = value;
    }
  }
  return merged;
}

/** The member of a `oneOf`/`anyOf` the value is an instance of: by discriminator, else by its `const` fields and required keys. */
function chooseMember(api: ApiName, schema: JsonObject, value: unknown): JsonObject | undefined {
  const members = [...((schema.oneOf as unknown[]) ?? []), ...((schema.anyOf as unknown[]) ?? [])];
  if (members.length === 0) return undefined;
  const candidates = members.map((member) => resolveSchema(api, member));
  if (!isObject(value)) return candidates.find((member) => jsonType(value) === member.type);
  return candidates.find((member) => {
    const properties = isObject(member.properties) ? member.properties : {};
    const required = (member.required as string[] | undefined) ?? [];
    if (!required.every((key) => key in value)) return false;
    return Object.entries(properties).every(([key, property]) => {
      const resolved = resolveSchema(api, property);
      return !('const' in resolved) || !(key in value) || resolved.const === value[key];
    });
  });
}

/** The JSON type of a value as JSON Schema names it. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The schema of `value` once unions are settled: the matching `oneOf` member merged over the outer schema. */
export function effectiveSchema(api: ApiName, node: unknown, value: unknown): JsonObject {
  const schema = resolveSchema(api, node);
  const member = chooseMember(api, schema, value);
  if (member === undefined) return schema;
  const { oneOf: _oneOf, anyOf: _anyOf, discriminator: _discriminator, ...rest } = schema;
  const merged: JsonObject = { ...rest, ...member, required: [...((rest.required as string[] | undefined) ?? []), ...((member.required as string[] | undefined) ?? [])] };
  // As with allOf: a member that names a property the outer schema defines only narrows it.
  if (isObject(rest.properties) || isObject(member.properties)) merged.properties = { ...(isObject(member.properties) ? member.properties : {}), ...(isObject(rest.properties) ? rest.properties : {}) };
  return merged;
}

/**
 * Every property of every object in `body` (arrays: their first item), present or declared and
 * absent, in document order. Values under a protected path are left alone: certify chose them
 * (an order's line items, the location) and a probe must not change what the scenario means.
 */
export function sites(api: ApiName, schemaNode: unknown, body: unknown, protect: (path: readonly PathPart[]) => boolean): Site[] {
  const out: Site[] = [];
  const visit = (node: unknown, value: unknown, path: PathPart[]) => {
    const schema = effectiveSchema(api, node, value);
    if (Array.isArray(value) && value.length > 0 && schema.items !== undefined) {
      const itemPath = [...path, 0];
      if (!protect(itemPath)) visit(schema.items, value[0], itemPath);
      return;
    }
    if (!isObject(value) || !isObject(schema.properties)) return;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [key, property] of Object.entries(schema.properties)) {
      const next = [...path, key];
      if (protect(next)) continue;
      const present = key in value;
      out.push({ path: next, schema: effectiveSchema(api, property, value[key]), required: required.has(key), present });
      if (present) visit(property, value[key], next);
    }
  };
  visit(schemaNode, body, []);
  return out;
}

/** Reads the value at `path`. */
export function getAt(body: unknown, path: readonly PathPart[]): unknown {
  return path.reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<PathPart, unknown>)[part] : undefined), body);
}

/** A copy of `body` with the value at `path` replaced, or removed when `value` is `REMOVE`. */
export function withValue(body: unknown, path: readonly PathPart[], value: unknown): unknown {
  const copy = structuredClone(body);
  let node = copy as Record<PathPart, unknown>;
  for (const part of path.slice(0, -1)) node = node[part] as Record<PathPart, unknown>;
  const last = path[path.length - 1]!;
  if (value === REMOVE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

export const REMOVE = Symbol('remove');
