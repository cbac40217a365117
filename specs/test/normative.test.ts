// Every sentence of a contract that tells a partner what it must do is checked by something, or says
// it is advice: a new "must" with nothing behind it fails here, before a partner finds that certify
// never reads it.
import { describe, expect, it } from 'vitest';
import { isNormative, scan, sentences, type Sentence } from './normative';
import { API_NAMES, loadSpec, type ApiName } from './support';

/**
 * The rule sentences nothing checks yet, each with why. The list must be exact: a sentence that
 * gains a check is taken off it, and a new unchecked one fails the test rather than joining it.
 */
const UNCHECKED: readonly { api: ApiName; says: string; why: string }[] = [
  { api: 'pos', says: 'Public HTTPS URLs of photos of the dish', why: 'certify does not yet judge the scheme of catalog image URLs (task gen8: HTTPS on every URL said to be HTTPS)' },
  { api: 'pos', says: '`Provider-Merchant-Id` (global catalogs only)', why: 'certify never reads a global catalog: no starter kit serves one and certify cannot tell a POS that has them' },
  { api: 'pos', says: 'Items only; how many are left at this location', why: 'a global catalog’s overrides are never read by certify (see Provider-Merchant-Id)' },
];

const all = new Map<ApiName, { found: Sentence[]; problems: string[] }>();
async function scanned(api: ApiName) {
  if (!all.has(api)) all.set(api, scan(api, await loadSpec(api)));
  return all.get(api)!;
}

describe('the rule sentences of the contracts', () => {
  it('finds the sentences partners broke while certify never read them: HTTPS image URLs and a stable merchant id', async () => {
    const { found } = await scanned('pos');
    const texts = found.map((sentence) => sentence.text);
    expect(texts).toContain('Public HTTPS URLs of photos of the dish, best first.');
    expect(texts).toContain('Your stable id for the merchant account that authorized Stream.');
    expect(texts.some((text) => text.startsWith('Your id for the category, stable across catalog reads'))).toBe(true);
  });

  it('takes "should" and "we recommend" as advice and what Stream itself does as no partner rule', () => {
    expect(isNormative('You should retry a timeout with the same `event_id`.')).toBe(false);
    expect(isNormative('We recommend creating one client per backend.')).toBe(false);
    expect(isNormative('Stream answers `204` with no body once it has accepted the event.')).toBe(false);
    expect(isNormative('Stream sends an opaque value that you must return unchanged.')).toBe(true);
    expect(isNormative('Answer `204`.')).toBe(true);
    expect(isNormative('Only `address_line_1` is required.')).toBe(true);
    expect(isNormative('Store the ids you have processed.')).toBe(true);
    expect(isNormative('Store name as customers see it on the DSP.')).toBe(false);
  });

  it('reads a description sentence by sentence, list items and paragraphs included', () => {
    expect(sentences('Which one:\n- `A` only: this.\n- Neither: that.\n\nNever a decimal. Echo `x`.')).toEqual(['Which one:', '`A` only: this.', 'Neither: that.', 'Never a decimal.', 'Echo `x`.']);
  });

  it.each(API_NAMES)('has every x-stream-checked-by of the %s contract quote a rule sentence and name a real check', async (api) => {
    const { problems } = await scanned(api);
    expect(problems).toEqual([]);
  });

  it.each(API_NAMES)('has a check for every rule sentence of the %s contract, or lists it as unchecked with why', async (api) => {
    const { found } = await scanned(api);
    const unchecked = found.filter((sentence) => sentence.by.length === 0);
    const listed = UNCHECKED.filter((entry) => entry.api === api);
    const stray = unchecked.filter((sentence) => !listed.some((entry) => sentence.text.includes(entry.says)));
    expect(
      stray.map((sentence) => `${sentence.at}: "${sentence.text}"`),
      'Each needs x-stream-checked-by beside its description (a requirement id, an x-stream-rules rule, schema:<keyword> of that schema, code:<error code> the sandbox refuses with, or stream for what Stream itself does), or "should" wording if it is advice',
    ).toEqual([]);
    const stale = listed.filter((entry) => !unchecked.some((sentence) => sentence.text.includes(entry.says)));
    expect(stale.map((entry) => entry.says), 'these are checked now, or gone: take them off UNCHECKED').toEqual([]);
  });

  it('accepts a check that quotes a sentence stating a meaning without a "must", and still checks what it names', () => {
    const doc = {
      components: {
        schemas: {
          Longitude: {
            type: 'number',
            description: 'Degrees east of Greenwich (WGS 84); negative for west.',
            'x-stream-checked-by': [
              { says: 'Degrees east of Greenwich', by: ['schema:minimum'] },
              { says: 'negative for west', by: ['code:invalid_coordinates'] },
            ],
          },
        },
      },
    };
    const { problems, found } = scan('pos', doc);
    expect(found).toEqual([]);
    expect(problems).toEqual([
      expect.stringContaining('names schema:minimum, but neither that schema nor the object holding it has minimum'),
      expect.stringContaining('names code:invalid_coordinates, which no x-stream-error-codes lists'),
    ]);
  });

  it("accepts a check that names the rule an operation's x-stream-backoff states, and refuses it once the backoff is gone", () => {
    const send = (backoff: Record<string, unknown> | undefined) => ({
      paths: {
        '/send': {
          post: {
            description: 'Retry a `5xx` with backoff.',
            'x-stream-checked-by': [{ says: 'Retry a `5xx` with backoff', by: ['retry-waits-grow'] }],
            ...(backoff === undefined ? {} : { 'x-stream-backoff': backoff }),
          },
        },
      },
    });
    expect(scan('events', send({ rule: 'retry-waits-grow', requirement: 'EVT-SND-03' })).problems).toEqual([]);
    expect(scan('events', send(undefined)).problems).toEqual([expect.stringContaining('names retry-waits-grow, which is no requirement id')]);
  });

  it('refuses a check that names a requirement the catalogue lacks, a keyword the schema lacks, or no sentence', () => {
    const doc = {
      components: {
        schemas: {
          Price: {
            type: 'integer',
            description: 'Never a decimal. Always in cents.',
            'x-stream-checked-by': [
              { says: 'Never a decimal', by: ['POS-CAT-99'] },
              { says: 'Always in cents', by: ['schema:pattern'] },
              { says: 'Rounded up', by: ['stream'] },
            ],
          },
        },
      },
    };
    const { problems, found } = scan('pos', doc);
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('"Rounded up" matches no rule sentence'),
        expect.stringContaining('names requirement POS-CAT-99, which the catalogue does not hold'),
        expect.stringContaining('names schema:pattern, but neither that schema nor the object holding it has pattern'),
      ]),
    );
    expect(found.map((sentence) => sentence.text)).toEqual(['Never a decimal.', 'Always in cents.']);
  });
});
