// Every field sentence of what partners serve and send that states a meaning (a unit, a sign, a
// reference to another object, a scope, an order, a spelling, a relation, a condition, a person's
// name) has a check of that meaning, or an entry below saying why no one outside can observe it or
// who is closing it. A field added later with "negative for west" and nothing behind it fails here.
import { describe, expect, it } from 'vitest';
import { type ApiName } from '../src/openapi.js';
import { listRules } from '../src/rules.js';
import { meaningsOf, meaningSentences, type MeaningSentence } from './meanings.js';

const APIS: readonly ApiName[] = ['pos', 'dsp', 'events', 'partner'];

/**
 * The meaning sentences nothing checks, each with why. `says` is part of the sentence; an entry covers
 * every place the sentence appears in its contract. The list must be exact: a sentence that gains a
 * check is taken off it, and a new unchecked one fails the test rather than joining it.
 */
const UNOBSERVABLE: readonly { api: ApiName; says: string; why: string }[] = [
  // What only the merchant or the partner knows.
  { api: 'pos', says: 'Public HTTPS URLs of photos of the dish, best first', why: 'Which photo is best is the merchant’s judgement; HTTPS is family-images-https, and whether the host is public is the `public` flag of family-images-https.' },
  { api: 'pos', says: 'One of the merchant\'s locations on the POS', why: 'Which locations a merchant has is known only to the POS; certify checks the list’s shape, ids and stability (POS-LOC-01, location-ids-*).' },
  { api: 'pos', says: 'Deposit charged per unit for the container', why: 'The integer type refuses a decimal, but a deposit counted in whole dollars is an integer too, and no other field of the catalog bounds a deposit.' },
  { api: 'dsp', says: 'The DSP\'s id for the promotion or discount.', why: 'The DSP’s own id, which Stream only passes on.' },
  { api: 'events', says: 'Your id for the order.', why: 'The event provider’s own id; Stream stores it and sends it back, and any non-empty string is right.' },
  { api: 'partner', says: 'The DSP\'s id of the store.', why: 'The sandbox has no DSP store list to hold a bound store’s id against: only the DSP knows its stores.' },
  { api: 'partner', says: 'Your id of the organization.', why: 'The partner’s own id; what Stream can check of it, uniqueness per partner, is code:conflict on the next sentence.' },
  // Global catalogs: certify never reads one (no starter kit serves one, and certify cannot tell a POS that has them).
  { api: 'pos', says: 'omitted means every location of the merchant', why: 'Global catalogs only, which certify never reads.' },
  { api: 'pos', says: 'Omitted means every location of the merchant', why: 'Global catalogs only, which certify never reads.' },
  { api: 'pos', says: 'The `provider_id` of the location this entry applies to', why: 'A global catalog’s location override, which certify never reads (a location’s catalog must leave overrides out: location-catalog-without-overrides).' },
  { api: 'pos', says: 'Whether the object is sold at this location', why: 'A global catalog’s location override, which certify never reads.' },
  { api: 'pos', says: 'Items only; how many are left at this location', why: 'A global catalog’s location override, which certify never reads.' },
  // Refusals certify never provokes: it sends only orders whose totals add up, so a sound POS never answers with a totals refusal.
  { api: 'pos', says: 'Both amounts are integers in the lowest currency unit', why: 'A totals refusal is an answer certify never provokes: Stream sends totals that add up, so a sound POS never refuses on totals.' },
  { api: 'pos', says: 'Total computed by the POS, in the lowest currency unit', why: 'See the totals refusal: never provoked by certify.' },
  { api: 'pos', says: 'Total sent by Stream, in the lowest currency unit', why: 'See the totals refusal: never provoked by certify.' },
  { api: 'events', says: 'Both amounts are integers in the lowest currency unit', why: 'A totals refusal is an answer certify never provokes from an event provider.' },
  { api: 'events', says: 'Total computed by the POS, in the lowest currency unit', why: 'See the totals refusal: never provoked by certify.' },
  { api: 'events', says: 'Total sent by Stream, in the lowest currency unit', why: 'See the totals refusal: never provoked by certify.' },
  { api: 'events', says: 'The id of the item or modifier that is short', why: 'A stock refusal is an answer certify never provokes from an event provider, which holds no stock of the order’s items.' },
  // Open: no check can see these yet, for the reason each gives.
  { api: 'pos', says: 'The id of the item or modifier that is short', why: 'Open: a stock refusal naming an object the served catalog lacks; certify provokes a sold-out refusal but does not yet compare its ids with the catalog it read.' },
  { api: 'dsp', says: 'The location, by the `provider_id` your `GET /stream-dsp/v1/locations` returned for it', why: 'Open on what a DSP sends: the sandbox notes an event for a location it does not know but does not refuse it, since it keeps no DSP location list unless stores are bound.' },
];

/** The sentences found as the quoted examples of issue 44, which the keyword list must keep finding. */
const ISSUE_SENTENCES = [
  'Degrees east of Greenwich (WGS 84); negative for west.',
  'Public HTTPS URLs of photos of the dish, best first.',
  'The price of one unit of the variation, without its modifiers, as a non-negative integer in the lowest denomination of `currency`.',
  'When the order should be ready, in milliseconds since the Unix epoch; for a future order, the time the customer asked for.',
  'Name of the driver as the merchant should call them, or the robot\'s name or number.',
  'The POS location id (`provider_id`).',
];

const all = new Map<ApiName, MeaningSentence[]>();
function sentencesOf(api: ApiName): MeaningSentence[] {
  if (!all.has(api)) all.set(api, meaningSentences(api));
  return all.get(api)!;
}

describe('field sentences that state a meaning', () => {
  it('finds the sentences partners broke while certify never read them: a flipped sign, an order, a unit, a requested time, a name, a location id', () => {
    const texts = new Set(APIS.flatMap((api) => sentencesOf(api).map((sentence) => sentence.text)));
    expect(ISSUE_SENTENCES.filter((text) => !texts.has(text))).toEqual([]);
    expect(meaningsOf('Degrees east of Greenwich (WGS 84); negative for west.')).toEqual(['unit', 'sign or origin']);
    expect(meaningsOf('Public HTTPS URLs of photos of the dish, best first.')).toEqual(['order']);
    expect(meaningsOf('The POS location id (`provider_id`).')).toEqual(['reference']);
  });

  it('leaves alone the sentences no wrong value of the right type can break: free text, names of things', () => {
    expect(meaningsOf('Street number and name.')).toEqual([]);
    expect(meaningsOf('The customer\'s note for this item (no onions, for example).')).toEqual([]);
    expect(meaningsOf('Human-readable explanation of what went wrong and how to fix it.')).toEqual([]);
  });

  for (const api of APIS) {
    it(`checks every meaning sentence of what partners serve and send in the ${api} contract, or says why not`, () => {
      const listed = UNOBSERVABLE.filter((entry) => entry.api === api);
      const stray = sentencesOf(api).filter((sentence) => sentence.by.length === 0 && !listed.some((entry) => sentence.text.includes(entry.says)));
      expect(
        stray.map((sentence) => `${sentence.place} [${sentence.kinds.join(', ')}]: "${sentence.text}"`),
        'Each needs x-stream-checked-by beside its description quoting the sentence (a requirement id, a rule, schema:<keyword>, code:<error code>, or stream), a rule of a fitting kind that reads the field, or an UNOBSERVABLE entry saying why no one outside can tell a wrong value',
      ).toEqual([]);
      const stale = listed.filter((entry) => !sentencesOf(api).some((sentence) => sentence.by.length === 0 && sentence.text.includes(entry.says)));
      expect(stale.map((entry) => entry.says), 'these are checked now, or gone: take them off UNOBSERVABLE').toEqual([]);
    });
  }

  it('counts a rule only for the meanings its kind can see: the disconnect relation checks the answer names the location asked for', () => {
    const place = 'dsp disconnectLocation response 200 /location_id';
    const checked = sentencesOf('dsp').filter((sentence) => sentence.place === place);
    expect(checked.map((sentence) => sentence.by)).toEqual([['DSP-REL-05', 'DSP-SEQ-05', 'disconnect-names-the-location']]);
    const withoutResolves = meaningSentences('pos', listRules('pos').filter((rule) => rule.rule !== 'category-families-resolve' && rule.rule !== 'catalog-id-lists-unique'));
    expect(withoutResolves.find((sentence) => sentence.place === 'pos getCatalog response 200 /category/*/item_family_ids')?.by).toEqual([]);
  });
});
