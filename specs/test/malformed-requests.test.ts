// What a partner's server answers to a malformed request is part of the contract, so mock
// servers and generated clients do not have to invent it.
import { describe, expect, it } from 'vitest';
import { describeErrors, loadSpec, validatorFor, type ApiName } from './support';

type JsonObject = Record<string, any>;

function operation(doc: JsonObject, path: string, method: string): JsonObject {
  const op = doc.paths?.[path]?.[method];
  if (!op) throw new Error(`No ${method.toUpperCase()} ${path}`);
  return op;
}

function examplesOf(doc: JsonObject, media: JsonObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, ref] of Object.entries((media.examples ?? {}) as Record<string, JsonObject>)) {
    const resolved = ref.$ref ? ref.$ref.replace(/^#\//, '').split('/').reduce((a: any, s: string) => a?.[s], doc) : ref;
    out[name] = resolved.value;
  }
  return out;
}

const cases: Array<{ api: ApiName; path: string; method: string; codes: string[] }> = [
  { api: 'dsp', path: '/stream-dsp/v1/token', method: 'post', codes: ['invalid_request', 'unsupported_grant_type'] },
  { api: 'pos', path: '/stream-pos/v1/token', method: 'post', codes: ['invalid_request', 'unsupported_grant_type'] },
  { api: 'dsp', path: '/stream-dsp/v1/locations/connection', method: 'post', codes: ['invalid_request'] },
];

describe.each(cases)('a malformed request to $api $path', ({ api, path, method, codes }) => {
  it(`gets a 400 with the spec's Error body and an example for each of ${codes.join(', ')}`, async () => {
    const doc = (await loadSpec(api)) as JsonObject;
    const op = operation(doc, path, method);
    const media = op.responses?.['400']?.content?.['application/json'];
    expect(media, `${api} ${path} declares no 400`).toBeDefined();
    expect(media.schema).toEqual({ $ref: '#/components/schemas/Error' });
    const examples = examplesOf(doc, media);
    const validate = await validatorFor(api, 'Error');
    for (const [name, value] of Object.entries(examples)) {
      expect(validate(value), `${name}: ${describeErrors(validate.errors)}`).toBe(true);
    }
    expect(Object.values(examples).map((v) => (v as { code: string }).code).sort()).toEqual([...codes].sort());
  });

  it('keeps 401 for credentials, codes and tokens that are not valid', async () => {
    const doc = (await loadSpec(api)) as JsonObject;
    expect(Object.keys(operation(doc, path, method).responses)).toContain('401');
  });
});
