// Shared by the contracts tests: the bundled specs, and the named examples each one attaches to
// a named schema, so the package is checked against the same payloads the reference shows.
import { bundleSpec } from '../../../specs/scripts/bundle.mjs';
import type { ApiName } from '../src/index.js';

export type SpecDocument = {
  info: { title: string; version: string };
  components: { schemas: Record<string, unknown>; examples?: Record<string, { value?: unknown }> };
  paths?: Record<string, unknown>;
  webhooks?: Record<string, unknown>;
};

const specs = new Map<ApiName, Promise<SpecDocument>>();

export function loadSpec(api: ApiName): Promise<SpecDocument> {
  if (!specs.has(api)) specs.set(api, bundleSpec(api) as Promise<SpecDocument>);
  return specs.get(api)!;
}

export interface NamedExample {
  /** Where the example is used, for test names: `POST /event request examples.OrderConfirmedDelivery`. */
  label: string;
  schemaName: string;
  value: unknown;
}

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

/** Every named example attached to a media type whose schema is a `$ref` to a named schema. */
export async function namedExamples(api: ApiName): Promise<NamedExample[]> {
  const doc = await loadSpec(api);
  const found: NamedExample[] = [];
  const visit = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    const schema = obj.schema as { $ref?: string } | undefined;
    const match = typeof schema?.$ref === 'string' ? SCHEMA_REF.exec(schema.$ref) : null;
    if (match && obj.examples && typeof obj.examples === 'object') {
      for (const [name, example] of Object.entries(obj.examples as Record<string, { $ref?: string; value?: unknown }>)) {
        const ref = example.$ref?.replace('#/components/examples/', '');
        const resolved = ref ? doc.components.examples?.[ref] : example;
        if (resolved && 'value' in resolved) found.push({ label: `${where} ${name}`, schemaName: match[1]!, value: resolved.value });
      }
    }
    for (const [key, child] of Object.entries(obj)) visit(child, where === '' ? key : `${where} ${key}`);
  };
  visit(doc.paths, 'paths');
  visit(doc.webhooks, 'webhooks');
  return found;
}

/** The value of a named example, failing clearly when the spec no longer has it. */
export async function example(api: ApiName, name: string): Promise<any> {
  const doc = await loadSpec(api);
  const found = doc.components.examples?.[name];
  if (!found || !('value' in found)) throw new Error(`The ${api} spec has no named example ${name}.`);
  return structuredClone(found.value);
}
