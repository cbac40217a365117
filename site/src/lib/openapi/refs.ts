import { isObject, type JsonObject, type JsonValue, type OpenApiDocument } from './types';

const SCHEMA_PREFIX = '#/components/schemas/';

/** Reads a JSON pointer (`/components/schemas/Holiday`, with or without a leading `#`). */
export function getByPointer(doc: unknown, pointer: string): JsonValue | undefined {
  const path = pointer.replace(/^#/, '');
  if (path === '') return doc as JsonValue;
  if (!path.startsWith('/')) return undefined;
  let current: unknown = doc;
  for (const raw of path.slice(1).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) current = current[Number(key)];
    else if (isObject(current)) current = current[key];
    else return undefined;
  }
  return current as JsonValue | undefined;
}

/** The component name a `$ref` points at, when it points at `components/schemas`. */
export function schemaNameOf(ref: string): string | undefined {
  return ref.startsWith(SCHEMA_PREFIX) ? decodeURIComponent(ref.slice(SCHEMA_PREFIX.length)).replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}

export function schemaRef(name: string): string {
  return `${SCHEMA_PREFIX}${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/**
 * Follows `$ref` chains inside one bundled document. Keys beside a `$ref` (OpenAPI 3.1 allows
 * `description` and `summary` there) override the target's, as the specification says.
 */
export function deref(doc: OpenApiDocument, value: unknown, seen: Set<string> = new Set()): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  if (seen.has(ref)) return undefined;
  seen.add(ref);
  if (!ref.startsWith('#')) throw new Error(`Cannot resolve external $ref "${ref}": bundle the spec first.`);
  const target = deref(doc, getByPointer(doc, ref), seen);
  if (!target) throw new Error(`Cannot resolve $ref "${ref}".`);
  const { $ref: _ignored, ...siblings } = value;
  return Object.keys(siblings).length > 0 ? { ...target, ...siblings } : target;
}
