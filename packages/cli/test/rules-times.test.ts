// Every time a partner serves or sends (epoch milliseconds or an RFC 3339 date-time) has a
// plausibility rule in its contract, judged by certify on answers and by the sandbox on sends, or an
// exemption below that says why none fits: a time in the right JSON type but the wrong unit or clock
// (a lifetime in seconds added to milliseconds, a local wall clock read as UTC) is otherwise valid JSON.
import { describe, expect, it } from 'vitest';
import { type ApiName } from '../src/openapi.js';
import { listRules, type Rule } from '../src/rules.js';
import { names, partnerFields, type Pick } from './partner-fields.js';

const APIS: readonly ApiName[] = ['pos', 'dsp', 'events', 'partner'];
const SAYS_EPOCH_MS = /milliseconds\s+since\s+the\s+Unix\s+epoch/i;
const NUMERIC = (type: unknown) => [type].flat().some((name) => name === 'integer' || name === 'number');

/**
 * Times with no rule of their own, each with the reason none fits. A time compared with one of these
 * is covered through it; an entry here that no longer names a time of the contracts fails.
 */
const EXEMPT: Readonly<Record<string, string>> = {};

interface TimeField {
  readonly place: string;
  readonly operationId: string;
  readonly on: 'request' | 'response';
  readonly status?: string;
  readonly pointer: string;
}

/** A number described as epoch milliseconds, or an RFC 3339 date-time string. */
const pickTime: Pick<true> = (node) => {
  const epoch = NUMERIC(node.type) && typeof node.description === 'string' && SAYS_EPOCH_MS.test(node.description);
  return epoch || ([node.type].flat().includes('string') && node.format === 'date-time') ? { found: true } : undefined;
};

/** The times of what partners serve (answers to Stream's calls) and send (their calls to Stream). */
function partnerTimes(api: ApiName): TimeField[] {
  return partnerFields(api, pickTime).map(({ found: _found, ...field }) => field);
}

/**
 * The times no rule ties to the moment the body arrives: a `future` or `recent` rule names it, or a
 * `compare` holds it against a time that is so tied (or exempt), which finds a wrong unit or clock on
 * one side of a pair (a pause's length in seconds, a refresh token's expiry).
 */
function uncovered(api: ApiName, rules: readonly Rule[]): string[] {
  const fields = partnerTimes(api);
  const same = (rule: Rule, field: TimeField) => rule.operationId === field.operationId && rule.on === field.on && (rule.status === undefined || rule.status === field.status);
  // An exempt time is no anchor: a time compared only with it (a pause's end with its start) shifts with it when both come from a wrong clock.
  const anchored = new Set(fields.filter((field) => rules.some((rule) => (rule.kind === 'future' || rule.kind === 'recent') && same(rule, field) && names(rule.values, field.pointer))).map((field) => field.place));
  for (let grew = true; grew; ) {
    grew = false;
    for (const field of fields.filter((candidate) => !anchored.has(candidate.place))) {
      const tied = rules.some((rule) => {
        if (rule.kind !== 'compare' || !same(rule, field)) return false;
        const [left, right] = [`${rule.each}${rule.left}`, `${rule.each}${rule.right}`];
        const other = names(left, field.pointer) ? right : names(right, field.pointer) ? left : undefined;
        return other !== undefined && fields.some((candidate) => anchored.has(candidate.place) && same(rule, candidate) && names(other, candidate.pointer));
      });
      if (tied) (anchored.add(field.place), (grew = true));
    }
  }
  return fields.filter((field) => !anchored.has(field.place) && EXEMPT[field.place] === undefined).map((field) => field.place);
}

describe('times partners serve and send', () => {
  it('finds the times of what partners serve and send: token expiries, pauses, order and event times', () => {
    const places = APIS.flatMap((api) => partnerTimes(api).map((field) => field.place));
    expect(places).toEqual(
      expect.arrayContaining([
        'pos exchangeToken response 201 /expire_time',
        'pos sendWebhookEvent request /object/placed_at',
        'dsp exchangeToken response 200 /refresh_token_expire_time',
        'dsp sendOrderEvent request /occurred_at_ms',
        'dsp sendOrderEvent request /data/end_time',
      ]),
    );
  });

  for (const api of APIS) {
    it(`ties every time of the ${api} contract to the moment it arrives, through a rule or an explained exemption`, () => {
      expect(uncovered(api, listRules(api))).toEqual([]);
    });
  }

  it('keeps no exemption for a time the contracts no longer have', () => {
    const places = new Set(APIS.flatMap((api) => partnerTimes(api).map((field) => field.place)));
    expect(Object.keys(EXEMPT).filter((place) => !places.has(place))).toEqual([]);
  });

  it("names a pause's start and end when neither is tied to the event's own moment, as a local wall clock read as UTC shifts both the same way", () => {
    const without = listRules('dsp').filter((rule) => rule.rule !== 'pause-ends-after-it-is-sent' && rule.rule !== 'status-starts-when-sent');
    expect(uncovered('dsp', without)).toEqual(['dsp sendOrderEvent request /data/start_time', 'dsp sendOrderEvent request /data/end_time']);
  });

  it("keeps a pause's end covered through its start alone, once the start is tied to the event's own moment", () => {
    const without = listRules('dsp').filter((rule) => rule.rule !== 'pause-ends-after-it-is-sent');
    expect(uncovered('dsp', without)).toEqual([]);
  });

  it('names a token expiry whose lifetime rule is missing, and the refresh expiry compared only with it', () => {
    const without = listRules('pos').filter((rule) => rule.rule !== 'access-token-outlives-a-minute');
    expect(uncovered('pos', without)).toEqual(['pos exchangeToken response 201 /expire_time', 'pos exchangeToken response 201 /refresh_token_expire_time']);
  });
});
