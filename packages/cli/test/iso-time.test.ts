import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoText } from '../src/iso-time.js';

const LAST_MS = 253_402_300_799_999;

describe('the ISO time the sandbox writes into exchanges and notes', () => {
  it('writes every millisecond from 1970 to 9999 exactly as Date.toISOString does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LAST_MS }), (ms) => isoText(ms) === new Date(ms).toISOString()),
      { numRuns: 20_000, seed: 43 },
    );
  });

  it('writes the days around leap days, century years and the ends of the range as Date does', () => {
    const days = ['1970-01-01', '1972-02-29', '1999-12-31', '2000-02-29', '2000-03-01', '2024-02-29', '2100-02-28', '2100-03-01', '2400-02-29', '9999-12-31'];
    for (const day of days) {
      for (const time of ['T00:00:00.000Z', 'T12:34:56.789Z', 'T23:59:59.999Z']) {
        const ms = Date.parse(`${day}${time}`);
        expect(isoText(ms)).toBe(`${day}${time}`);
      }
    }
  });

  it('answers a time before 1970, past 9999 or with a fraction as Date does, and refuses NaN with the same RangeError', () => {
    for (const ms of [-1, -62_198_755_200_000, LAST_MS + 1, 8.64e15, 1_800_000_000_000.5]) expect(isoText(ms)).toBe(new Date(ms).toISOString());
    expect(() => isoText(Number.NaN)).toThrow(RangeError);
    expect(() => isoText(8.64e15 + 1)).toThrow(RangeError);
  });
});
