// A location's menu hours kept in UTC and copied out are found as advice: a day open over midnight and
// closed at noon in the location's zone whose ranges, moved by the zone's offset, make ordinary hours.
import { describe, expect, it } from 'vitest';
import { judgeRules } from '../src/rules-judge.js';
import { offsetMinutes, utcHoursIssue } from '../src/rules-hours.js';
import { listRules } from '../src/rules.js';

const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const every = (ranges: string[]) => Object.fromEntries(WEEK.map((day) => [day, ranges]));
const NOVEMBER = Date.parse('2026-11-29T12:00:00Z');
const JULY = Date.parse('2026-07-01T12:00:00Z');

function judge(schedule: Record<string, string[]>, zone: string, at = NOVEMBER, headers: Record<string, string> = { 'Provider-Location-Id': 'loc-sf' }) {
  const rules = listRules('pos').filter((rule) => rule.kind === 'local_hours');
  return judgeRules({ rules, zones: new Map([['loc-sf', zone]]), answers: [{ body: { menu: [{ provider_id: 'menu-all-day', schedule }] }, what: 'the catalog', requestHeaders: headers, receivedAt: at }] });
}

describe('menu hours in the location timezone', () => {
  it("finds San Francisco's 11:00-22:00 sent in UTC as 00:00-06:00 and 19:00-24:00, on every day, under the should POS-CAT-13", () => {
    const findings = judge(every(['00:00-06:00', '19:00-24:00']), 'America/Los_Angeles');
    expect(findings).toHaveLength(7);
    expect(findings[0]!.requirement).toBe('POS-CAT-13');
    expect(findings[0]!.message).toContain('menu/0/schedule/monday is ["00:00-06:00","19:00-24:00"]');
    expect(findings[0]!.message).toContain('(-08:00) it is 11:00-22:00');
  });

  it("reads the offset at the catalog's date: in July the same store's hours in UTC are 18:00-05:00", () => {
    expect(offsetMinutes('America/Los_Angeles', JULY)).toBe(-420);
    expect(judge(every(['00:00-05:00', '18:00-24:00']), 'America/Los_Angeles', JULY)[0]!.message).toContain('(-07:00) it is 11:00-22:00');
  });

  it('finds a New York store kept in UTC too (00:00-03:00 and 16:00-24:00)', () => {
    expect(judge({ monday: ['00:00-03:00', '16:00-24:00'] }, 'America/New_York').map((finding) => finding.message)).toEqual([expect.stringContaining('it is 11:00-22:00')]);
  });

  it('leaves real late opening alone: Friday night split at midnight, and a late menu from 20:00 to 02:00', () => {
    expect(judge({ friday: ['11:00-24:00'], saturday: ['00:00-02:00', '11:00-24:00'], sunday: ['00:00-02:00', '11:00-22:00'] }, 'America/Los_Angeles')).toEqual([]);
    expect(judge(every(['00:00-02:00', '20:00-24:00']), 'America/Los_Angeles')).toEqual([]);
    expect(judge(every(['11:00-22:00']), 'America/Los_Angeles')).toEqual([]);
  });

  it('says nothing without the location zone: a global catalog read, a location it never listed, a zone at UTC', () => {
    expect(judge(every(['00:00-06:00', '19:00-24:00']), 'America/Los_Angeles', NOVEMBER, {})).toEqual([]);
    expect(judge(every(['00:00-06:00', '19:00-24:00']), 'America/Los_Angeles', NOVEMBER, { 'Provider-Location-Id': 'loc-elsewhere' })).toEqual([]);
    expect(judge(every(['00:00-06:00', '19:00-24:00']), 'Europe/London')).toEqual([]);
  });

  it('ignores a malformed range, which the schema checks report', () => {
    expect(utcHoursIssue(['00:00-06:00', '7pm-midnight'], -480)).toBeUndefined();
  });
});
