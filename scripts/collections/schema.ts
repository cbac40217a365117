// Turns a contract's OpenAPI 3.1 schema into a JSON Schema draft-07 document that the collection
// runners can check a response against: Postman's sandbox ships Ajv 6 (draft-07 at most), and
// Bruno's safe mode ships Ajv 8 with its draft-07 default.
import { isObject, loadContract, type ApiName, type JsonObject } from '../../packages/cli/src/openapi.js';

const REF = /^#\/components\/schemas\/(.+)$/;

/** Keywords draft-07 does not know and the OpenAPI extras; dropping one only makes a check looser. */
const DROPPED = new Set(['discriminator', 'xml', 'externalDocs', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'contentMediaType', 'contentEncoding', '$comment', 'unevaluatedProperties', 'unevaluatedItems']);
/** Formats both Ajv versions check; other formats (`binary`) describe bytes and are dropped. */
const KEPT_FORMATS = new Set(['date-time', 'email', 'uri', 'uuid']);

function convert(node: unknown, used: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => convert(item, used));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key) || key.startsWith('x-')) continue;
    if (key === '$ref' && typeof value === 'string') {
      const name = REF.exec(value)?.[1];
      if (name === undefined) throw new Error(`Unsupported $ref ${value}: only #/components/schemas/ references are converted.`);
      used.add(name);
      // In draft-07 a $ref's siblings are ignored; 3.1 allows annotations beside it, never constraints here.
      return { $ref: `#/definitions/${name}` };
    }
    if (key === 'format' && typeof value === 'string' && !KEPT_FORMATS.has(value)) continue;
    if (key === 'dependentRequired' && isObject(value)) {
      out.dependencies = { ...(isObject(out.dependencies) ? out.dependencies : {}), ...value };
      continue;
    }
    if (key === 'properties' || key === 'patternProperties' || key === 'definitions' || key === '$defs') {
      out[key === '$defs' ? 'definitions' : key] = Object.fromEntries(Object.entries(value as JsonObject).map(([name, schema]) => [name, convert(schema, used)]));
      continue;
    }
    out[key] = convert(value, used);
  }
  return out;
}

/** A self-contained draft-07 schema for `schema` (a contract schema object), with every component it needs. */
export function draft07(api: ApiName, schema: unknown): JsonObject {
  const components = ((loadContract(api).components as JsonObject).schemas ?? {}) as JsonObject;
  const used = new Set<string>();
  const root = convert(schema, used) as JsonObject;
  const definitions: JsonObject = {};
  const pending = [...used];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (name in definitions) continue;
    if (!isObject(components[name])) throw new Error(`The ${api} contract has no schema ${name}.`);
    const before = new Set(used);
    definitions[name] = convert(components[name], used);
    for (const added of used) if (!before.has(added)) pending.push(added);
  }
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...root, ...(Object.keys(definitions).length > 0 ? { definitions } : {}) };
}
