// Every URL field whose contract text says HTTPS, in what a partner serves or sends, is covered by a
// `scheme` rule (judged by certify and the sandbox) or by a `pattern` the schema checks enforce: a
// field added later with "HTTPS" in its description and neither fails here.
import { describe, expect, it } from 'vitest';
import { deref, isObject, listOperations, type ApiName } from '../src/openapi.js';
import { listRules, type Rule } from '../src/rules.js';

const APIS: readonly ApiName[] = ['pos', 'dsp', 'events', 'partner'];
const SAYS_HTTPS = /\bhttps\b/i;

interface HttpsField {
  readonly place: string;
  readonly operationId: string;
  readonly on: 'request' | 'response';
  readonly status?: string;
  /** Where the URL strings sit: `/item_family/*\/images/*`. */
  readonly pointer: string;
  readonly pattern: string | undefined;
}

/** Every string (or list of strings) under `schema` whose description says HTTPS, with the pointer to its URLs. */
function httpsFields(api: ApiName, schema: unknown, pointer: string, found: { pointer: string; pattern: string | undefined }[], seen: Set<unknown>): void {
  const node = deref(api, schema);
  if (!isObject(node) || seen.has(node)) return;
  seen.add(node);
  const described = typeof node.description === 'string' && SAYS_HTTPS.test(node.description);
  if (described && node.type === 'array') {
    const items = deref(api, node.items);
    found.push({ pointer: `${pointer}/*`, pattern: isObject(items) && typeof items.pattern === 'string' ? items.pattern : undefined });
  } else if (described && node.type === 'string') found.push({ pointer, pattern: typeof node.pattern === 'string' ? node.pattern : undefined });
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) if (Array.isArray(node[key])) for (const part of node[key]) httpsFields(api, part, pointer, found, seen);
  if (isObject(node.properties)) for (const [name, value] of Object.entries(node.properties)) httpsFields(api, value, `${pointer}/${name}`, found, seen);
  if (node.items !== undefined) httpsFields(api, node.items, `${pointer}/*`, found, seen);
  if (isObject(node.additionalProperties)) httpsFields(api, node.additionalProperties, `${pointer}/*`, found, seen);
  seen.delete(node);
}

const jsonSchema = (api: ApiName, holder: unknown): unknown => {
  const node = deref(api, holder);
  const content = isObject(node) && isObject(node.content) ? node.content['application/json'] : undefined;
  return isObject(content) ? content.schema : undefined;
};

/** The HTTPS fields of what partners serve (answers to Stream's calls) and send (their calls to Stream). */
function partnerHttpsFields(api: ApiName): HttpsField[] {
  const fields: HttpsField[] = [];
  for (const operation of listOperations(api)) {
    const sides: { on: 'request' | 'response'; status?: string; schema: unknown }[] =
      operation.host === 'stream'
        ? [{ on: 'request', schema: jsonSchema(api, operation.raw.requestBody) }]
        : Object.entries(isObject(operation.raw.responses) ? operation.raw.responses : {}).map(([status, response]) => ({ on: 'response' as const, status, schema: jsonSchema(api, response) }));
    for (const side of sides) {
      const found: { pointer: string; pattern: string | undefined }[] = [];
      httpsFields(api, side.schema, '', found, new Set());
      for (const field of found) fields.push({ place: `${api} ${operation.operationId} ${side.on}${side.status === undefined ? '' : ` ${side.status}`} ${field.pointer}`, operationId: operation.operationId, on: side.on, ...(side.status === undefined ? {} : { status: side.status }), ...field });
    }
  }
  return fields;
}

/** A rule pointer with `*` wildcards names the field's pointer (whose `*` are list items or map values). */
function names(rulePointer: string, fieldPointer: string): boolean {
  const rule = rulePointer.split('/');
  const field = fieldPointer.split('/');
  return rule.length === field.length && rule.every((part, index) => part === field[index] || part === '*');
}

/** The HTTPS fields neither a scheme rule nor a pattern covers. */
function uncovered(api: ApiName, rules: readonly Rule[]): string[] {
  return partnerHttpsFields(api)
    .filter((field) => !(field.pattern !== undefined && field.pattern.startsWith('^https://')))
    .filter((field) => !rules.some((rule) => rule.kind === 'scheme' && rule.is === 'https' && rule.operationId === field.operationId && rule.on === field.on && (rule.status === undefined || rule.status === field.status) && names(rule.values, field.pointer)))
    .map((field) => field.place);
}

describe('URLs a contract says are HTTPS', () => {
  it('finds the HTTPS fields of what partners serve and send: the catalog photos, the driver photo, the onboarding URLs', () => {
    const places = APIS.flatMap((api) => partnerHttpsFields(api).map((field) => field.place));
    expect(places).toEqual(expect.arrayContaining(['pos getCatalog response 200 /item_family/*/images/*', 'events sendDeliveryUpdate request /driver/picture_url']));
  });

  for (const api of APIS) {
    it(`covers every HTTPS field of the ${api} contract with a scheme rule or a ^https:// pattern`, () => {
      expect(uncovered(api, listRules(api))).toEqual([]);
    });
  }

  it('names a field whose scheme rule is missing, so a new HTTPS field cannot be forgotten', () => {
    const without = listRules('pos').filter((rule) => rule.rule !== 'family-images-https');
    expect(uncovered('pos', without)).toEqual(['pos getCatalog response 200 /item_family/*/images/*']);
  });
});
