// Regenerates src/generated/ from the four contracts in specs/:
//   <api>.ts          TypeScript types (openapi-typescript) for every path, webhook and schema
//   <api>.schemas.ts  the bundled JSON Schemas the runtime validators compile
// Run it with `npm run generate -w packages/contracts` after changing a spec. The test
// "the generated files match the specs" fails while the committed output is stale.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { API_NAMES, bundleSpec } from '../../../specs/scripts/bundle.mjs';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const GENERATED_DIR = join(packageDir, 'src', 'generated');

const HEADER = (api, what) =>
  `// ${what} for the ${api} contract, generated from specs/${api}/openapi.yaml by\n` +
  `// \`npm run generate -w packages/contracts\`. Do not edit by hand: change the spec and regenerate.\n`;

const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'];

/**
 * True for a subschema that only constrains values its parent already shapes (`required`, `not`,
 * `minItems`, if/then/else...) and adds no type of its own: `anyOf: [{ required: [price] },
 * { required: [is_active] }]`. openapi-typescript reads such branches as alternative types and
 * produces `Shape | unknown`, which is just `unknown`.
 */
function isConstraintOnly(schema) {
  if (typeof schema === 'boolean') return true;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return false;
  if ('type' in schema || '$ref' in schema || 'items' in schema || 'additionalProperties' in schema) return false;
  const properties = Object.values(schema.properties ?? {});
  const nested = COMPOSITIONS.flatMap((key) => schema[key] ?? []);
  return properties.every(isConstraintOnly) && nested.every(isConstraintOnly);
}

/**
 * The document as openapi-typescript should see it: the same schemas without the constraint-only
 * composition branches, which JSON Schema validates but TypeScript cannot express. The runtime
 * validators keep every rule; only the types drop them.
 */
export function typingView(doc) {
  const copy = structuredClone(doc);
  const seen = new Set();
  const visit = (node) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const shaped = 'type' in node || 'properties' in node || '$ref' in node;
    for (const key of COMPOSITIONS) {
      if (!shaped || !Array.isArray(node[key])) continue;
      const kept = node[key].filter((branch) => !isConstraintOnly(branch));
      if (kept.length === 0) delete node[key];
      else node[key] = kept;
    }
    Object.values(node).forEach(visit);
  };
  visit(copy);
  return copy;
}

/**
 * The schemas without `x-stream-checked-by`, which says what checks each rule sentence for the
 * contract's own test (specs/test/normative.test.ts) and means nothing to a validator.
 */
function withoutChecks(node) {
  if (Array.isArray(node)) return node.map(withoutChecks);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([key]) => key !== 'x-stream-checked-by').map(([key, value]) => [key, withoutChecks(value)]));
}

/** Returns { fileName: contents } for one API, without writing anything. */
export async function generateApi(api) {
  const doc = await bundleSpec(api);
  const ast = await openapiTS(typingView(doc), {
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
    // A field with a default may still be absent on the wire, so it stays optional.
    defaultNonNullable: false,
    silent: true,
  });
  const types = `${HEADER(api, 'TypeScript types')}\n${astToString(ast)}`;

  const runtime = {
    info: { title: doc.info?.title ?? api, version: doc.info?.version ?? '0.0.0' },
    components: { schemas: withoutChecks(doc.components?.schemas ?? {}) },
  };
  const schemas =
    `${HEADER(api, 'JSON Schemas (OpenAPI 3.1, JSON Schema 2020-12)')}` +
    `import type { SchemaDocument } from '../schema-document.js';\n\n` +
    `export const ${api}Document: SchemaDocument = ${JSON.stringify(runtime, null, 2)};\n`;

  return { [`${api}.ts`]: types, [`${api}.schemas.ts`]: schemas };
}

export async function generateAll(apis = API_NAMES) {
  const files = {};
  for (const api of apis) Object.assign(files, await generateApi(api));
  return files;
}

async function main() {
  const apis = process.argv.slice(2);
  const unknown = apis.filter((api) => !API_NAMES.includes(api));
  if (unknown.length > 0) throw new Error(`Unknown API ${unknown.join(', ')}; expected some of ${API_NAMES.join(', ')}.`);
  const files = await generateAll(apis.length > 0 ? apis : API_NAMES);
  await mkdir(GENERATED_DIR, { recursive: true });
  for (const [name, contents] of Object.entries(files)) {
    await writeFile(join(GENERATED_DIR, name), contents);
    console.log(`wrote packages/contracts/src/generated/${name}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
