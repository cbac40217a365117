import { describe, expect, it } from 'vitest';
import { API_NAMES, describeErrors, loadSpec, validatorFor, type ApiName } from './support';

interface ExampleCase {
  label: string;
  schemaPointer: string;
  value: unknown;
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function resolve(doc: unknown, node: unknown): unknown {
  let current = node as Record<string, unknown> | undefined;
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    current = path.reduce<any>((acc, seg) => acc?.[seg.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

/** Every example attached to a media type, parameter or header, with the schema it must satisfy. */
function collectExamples(doc: Record<string, unknown>): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const visit = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((child, i) => visit(child, `${pointer}/${i}`));
      return;
    }
    const obj = node as Record<string, unknown>;
    const isSchemaHolder = 'schema' in obj && ('examples' in obj || 'example' in obj);
    if (isSchemaHolder && obj.schema && typeof obj.schema === 'object') {
      const schemaPointer = `${pointer}/schema`;
      if ('example' in obj) cases.push({ label: `${pointer} example`, schemaPointer, value: obj.example });
      const examples = obj.examples as Record<string, unknown> | undefined;
      if (examples && typeof examples === 'object' && !Array.isArray(examples)) {
        for (const [name, ex] of Object.entries(examples)) {
          const resolved = resolve(doc, ex) as { value?: unknown; externalValue?: string } | undefined;
          if (resolved && 'value' in resolved) {
            cases.push({ label: `${pointer} examples.${name}`, schemaPointer, value: resolved.value });
          }
        }
      }
    }
    for (const [key, child] of Object.entries(obj)) visit(child, `${pointer}/${escape(key)}`);
  };
  visit(doc.paths, '/paths');
  visit(doc.webhooks, '/webhooks');
  const components = (doc.components ?? {}) as Record<string, unknown>;
  for (const section of ['parameters', 'headers', 'responses', 'requestBodies']) {
    visit(components[section], `/components/${section}`);
  }
  return cases;
}

/** Schema-level `examples` arrays, which document a single value of the schema. */
function collectSchemaExamples(doc: Record<string, unknown>): ExampleCase[] {
  const schemas = ((doc.components as Record<string, unknown>)?.schemas ?? {}) as Record<string, Record<string, unknown>>;
  const cases: ExampleCase[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    const examples = schema.examples;
    if (Array.isArray(examples)) {
      examples.forEach((value, i) =>
        cases.push({ label: `schema ${name} examples[${i}]`, schemaPointer: `/components/schemas/${escape(name)}`, value }),
      );
    }
  }
  return cases;
}

describe.each(API_NAMES)('the %s spec', (api: ApiName) => {
  it('has named examples for its operations, and every one validates against its schema', async () => {
    const doc = await loadSpec(api);
    const cases = [...collectExamples(doc), ...collectSchemaExamples(doc)];
    expect(cases.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const c of cases) {
      const validate = await validatorFor(api, `#${c.schemaPointer}`);
      if (!validate(c.value)) failures.push(`${c.label}: ${describeErrors(validate.errors)}`);
    }
    expect(failures).toEqual([]);
  });

  it('gives every response of every operation at least one example', async () => {
    const doc = await loadSpec(api);
    const missing: string[] = [];
    const sections = [
      ['paths', doc.paths],
      ['webhooks', doc.webhooks],
    ] as const;
    for (const [section, items] of sections) {
      for (const [route, rawItem] of Object.entries((items ?? {}) as Record<string, unknown>)) {
        const item = resolve(doc, rawItem) as Record<string, any>;
        for (const [method, op] of Object.entries(item)) {
          if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
          const bodies = [
            ['request', op.requestBody && resolve(doc, op.requestBody)],
            ...Object.entries(op.responses ?? {}).map(([status, r]) => [status, resolve(doc, r)]),
          ] as Array<[string, any]>;
          for (const [status, body] of bodies) {
            for (const [mediaType, media] of Object.entries((body?.content ?? {}) as Record<string, any>)) {
              if (!media.schema) continue;
              if (!media.example && !media.examples) missing.push(`${section} ${method.toUpperCase()} ${route} ${status} ${mediaType}`);
            }
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
