// Every sentence that gives a value a meaning is checked, or its audience's list says why not.
import { describe, expect, it } from 'vitest';
import { isMeaning, scan } from './normative';
import { compare, type MeaningList } from './meaning';
import { loadSpec } from './support';
import { DSP } from './meaning-dsp';
import { EVENTS } from './meaning-events';
import { POS } from './meaning-pos';

const LISTS: readonly MeaningList[] = [DSP, EVENTS, POS];

describe('the meaning sentences of the contracts', () => {
  it('reads a sentence that sets a field apart, leaves it out or gives it a unit as a meaning, and an instruction as a rule', () => {
    expect(isMeaning('The `provider_id`s of the taxes that apply to the family, besides any default taxes.')).toBe(true);
    expect(isMeaning('Omitted when the vehicle has none, as with most delivery robots.')).toBe(true);
    expect(isMeaning('When the access token expires, in milliseconds since the Unix epoch (not seconds).')).toBe(true);
    expect(isMeaning('Store name as customers see it on the DSP.')).toBe(false);
    expect(isMeaning('Answer `204` with no body.')).toBe(false);
  });

  it('finds an unchecked meaning sentence the list does not name, and a listed one that is gone', () => {
    const doc = {
      components: {
        schemas: {
          Family: {
            type: 'object',
            properties: {
              tax_ids: { type: 'array', items: { type: 'string' }, description: 'The taxes that apply to the family, besides any default taxes.' },
              price: { type: 'integer', description: 'Per unit, in cents.', 'x-stream-checked-by': [{ says: 'in cents', by: ['stream'] }] },
            },
          },
        },
      },
    };
    const { meanings } = scan('pos', doc);
    expect(compare(meanings, { api: 'pos', unchecked: [] }).stray).toEqual(['/components/schemas/Family/properties/tax_ids: "The taxes that apply to the family, besides any default taxes."']);
    const listed = compare(meanings, { api: 'pos', unchecked: [{ says: 'besides any default taxes', verdict: 'open', why: 'x' }, { says: 'gone', verdict: 'stream', why: 'x' }] });
    expect(listed).toEqual({ stray: [], stale: ['gone'] });
  });

  it('counts a check that names another contract as no check of this one, so a shared description is read in each', () => {
    const doc = {
      components: {
        schemas: {
          Answer: {
            type: 'object',
            properties: {
              prep_time_minutes: { type: 'integer', description: 'Minutes until the order is ready.', 'x-stream-checked-by': [{ says: 'Minutes until', by: ['events:confirmed-prep-time-in-minutes', 'EVT-VAL-01'] }] },
              expire_time: { type: 'integer', description: 'When it expires, in milliseconds.', 'x-stream-checked-by': [{ says: 'in milliseconds', by: ['DSP-OAU-10', 'POS-OAU-10'] }] },
            },
          },
        },
      },
    };
    const { meanings } = scan('pos', doc);
    expect(meanings.map((sentence) => [sentence.text, sentence.by])).toEqual([
      ['Minutes until the order is ready.', []],
      ['When it expires, in milliseconds.', ['POS-OAU-10']],
    ]);
  });

  it.each(LISTS.map((list) => [list.api, list] as const))('has a check for every meaning sentence of the %s contract, or says why not', async (api, list) => {
    const { meanings } = scan(api, await loadSpec(api));
    const { stray, stale } = compare(meanings, list);
    expect(stray, 'Give each x-stream-checked-by (a requirement id, a rule, schema:<keyword>, code:<error code>, or stream), or list it in meaning-<api>.ts with its verdict and why').toEqual([]);
    expect(stale, 'these are checked now, or gone: take them off the list').toEqual([]);
  });
});
