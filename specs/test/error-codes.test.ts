// The spelling of error codes is a published contract: every error answer whose body is the shared
// Error schema lists, with x-stream-error-codes, the codes it may carry, and its examples use only those.
import { describe, expect, it } from 'vitest';
import { API_NAMES, loadSpec } from './support';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function deref(doc: Json, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < 20 && isObject(current) && typeof current.$ref === 'string'; hops++) {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), doc);
  }
  return current;
}

interface ErrorAnswer {
  where: string;
  codes: unknown;
  examples: { name: string; code: unknown }[];
}

/** Every 4xx and 5xx answer of a spec whose JSON body is the Error schema. */
function errorAnswers(doc: Json): ErrorAnswer[] {
  const operations: [string, Json][] = [];
  for (const [path, item] of Object.entries((doc.paths as Json) ?? {})) for (const [method, op] of Object.entries(item as Json)) if (isObject(op) && isObject(op.responses)) operations.push([`${method.toUpperCase()} ${path}`, op]);
  for (const [name, item] of Object.entries((doc.webhooks as Json) ?? {})) for (const op of Object.values(item as Json)) if (isObject(op) && isObject(op.responses)) operations.push([`webhook ${name}`, op]);
  return operations.flatMap(([where, op]) =>
    Object.entries(op.responses as Json).flatMap(([status, raw]) => {
      const response = deref(doc, raw) as Json;
      const media = isObject(response.content) ? (response.content['application/json'] as Json | undefined) : undefined;
      if (!/^[45]/.test(status) || media === undefined || (media.schema as Json | undefined)?.$ref !== '#/components/schemas/Error') return [];
      const examples = Object.entries((media.examples as Json) ?? {}).map(([name, example]) => ({ name, code: ((deref(doc, example) as Json).value as Json | undefined)?.code }));
      return [{ where: `${where} ${status}`, codes: response['x-stream-error-codes'], examples }];
    }),
  );
}

describe('error codes', () => {
  for (const api of API_NAMES) {
    it(`lists, for every ${api} error answer in the Error shape, its codes in snake_case, and every example uses a listed one`, async () => {
      const doc = (await loadSpec(api)) as Json;
      const answers = errorAnswers(doc);
      expect(answers.length).toBeGreaterThan(3);
      const problems = answers.flatMap(({ where, codes, examples }) => {
        if (!Array.isArray(codes) || codes.length === 0) return [`${where} lists no x-stream-error-codes`];
        const wrong = codes.filter((code) => typeof code !== 'string' || !/^[a-z]+(_[a-z]+)*$/.test(code)).map((code) => `${where} lists ${JSON.stringify(code)}, not a snake_case code`);
        if (new Set(codes).size !== codes.length) wrong.push(`${where} lists a code twice`);
        return [...wrong, ...examples.filter((example) => !codes.includes(example.code)).map((example) => `${where} example ${example.name} uses ${JSON.stringify(example.code)}, which it does not list`)];
      });
      expect(problems).toEqual([]);
    });
  }

  it('keeps the OAuth 2 codes of RFC 6749 on the POS and DSP token endpoints', async () => {
    for (const api of ['pos', 'dsp'] as const) {
      const answers = errorAnswers((await loadSpec(api)) as Json);
      const token = (status: string) => answers.find((answer) => answer.where === `POST /stream-${api}/v1/token ${status}`)?.codes;
      expect(token('400'), api).toEqual(['invalid_request', 'unsupported_grant_type']);
      expect(token('401'), api).toEqual(['invalid_client', 'invalid_grant']);
    }
  });
});
