// Every URL field whose contract text says HTTPS, in what a partner serves or sends, is covered by a
// `scheme` rule (judged by certify and the sandbox) or by a `pattern` the schema checks enforce: a
// field added later with "HTTPS" in its description and neither fails here.
import { describe, expect, it } from 'vitest';
import { deref, isObject, type ApiName } from '../src/openapi.js';
import { listRules, type Rule } from '../src/rules.js';
import { names, partnerFields, type Pick } from './partner-fields.js';

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

/** A string (or list of strings) whose description says HTTPS, with the pointer to its URLs and their pattern. */
const pickHttps: Pick<string | undefined> = (node, api) => {
  if (typeof node.description !== 'string' || !SAYS_HTTPS.test(node.description)) return undefined;
  if (node.type === 'array') {
    const items = deref(api, node.items);
    return { pointer: '/*', found: isObject(items) && typeof items.pattern === 'string' ? items.pattern : undefined };
  }
  return node.type === 'string' ? { found: typeof node.pattern === 'string' ? node.pattern : undefined } : undefined;
};

/** The HTTPS fields of what partners serve (answers to Stream's calls) and send (their calls to Stream). */
function partnerHttpsFields(api: ApiName): HttpsField[] {
  return partnerFields(api, pickHttps).map(({ found, ...field }) => ({ ...field, pattern: found }));
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

const SAYS_PUBLIC = /\b(public|publicly|reachable from the internet)\b/i;

/** A URL string (or list of them) whose description calls it public, with the pointer to its URLs. */
const pickPublic: Pick<true> = (node, api) => {
  if (typeof node.description !== 'string' || !SAYS_PUBLIC.test(node.description)) return undefined;
  if (node.type === 'array') {
    const items = deref(api, node.items);
    return isObject(items) && items.format === 'uri' ? { pointer: '/*', found: true } : undefined;
  }
  return node.type === 'string' && node.format === 'uri' ? { found: true } : undefined;
};

/** The public URL fields no scheme rule with `public: true` covers. */
function notPublic(api: ApiName, rules: readonly Rule[]): string[] {
  return partnerFields(api, pickPublic)
    .filter((field) => !rules.some((rule) => rule.kind === 'scheme' && rule.public === true && rule.operationId === field.operationId && rule.on === field.on && (rule.status === undefined || rule.status === field.status) && names(rule.values, field.pointer)))
    .map((field) => field.place);
}

describe('URLs a contract says are public', () => {
  it('finds the public URL fields of what partners serve and send: the catalog photos', () => {
    expect(APIS.flatMap((api) => partnerFields(api, pickPublic).map((field) => field.place))).toEqual(['pos getCatalog response 200 /item_family/*/images/*']);
  });

  for (const api of APIS) {
    it(`covers every public URL field of the ${api} contract with a scheme rule that checks the host`, () => {
      expect(notPublic(api, listRules(api))).toEqual([]);
    });
  }

  it('names a public field whose rule checks only the scheme, so a new public URL cannot be forgotten', () => {
    const schemeOnly = listRules('pos').map((rule) => (rule.kind === 'scheme' ? { ...rule, public: false } : rule));
    expect(notPublic('pos', schemeOnly)).toEqual(['pos getCatalog response 200 /item_family/*/images/*']);
  });
});
