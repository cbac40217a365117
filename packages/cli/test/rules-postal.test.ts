// A state written in another form than the postal service's (`New York`, `ny`, `N.Y.`, a retired or
// foreign code) is found on every address partners serve or send, and named with the code to send.
import { describe, expect, it } from 'vitest';
import { isObject, type ApiName } from '../src/openapi.js';
import { POSTAL_STATES, postalStateIssue } from '../src/postal-codes.js';
import { countryZones, zonePoint } from '../src/rules-place.js';
import { STATE_ZONES, stateZoneIssue } from '../src/state-zones.js';
import { judgeRules } from '../src/rules-judge.js';
import { listRules, type Rule } from '../src/rules.js';
import { names, partnerFields, type Pick } from './partner-fields.js';

const APIS: readonly ApiName[] = ['pos', 'dsp', 'events', 'partner'];

/** An address object: one with a `country` and a state field (`state`, or the shared shape's `administrative_district_level_1`). */
const pickAddress: Pick<string> = (node) => {
  if (!isObject(node.properties) || node.properties.country === undefined) return undefined;
  const state = ['state', 'administrative_district_level_1'].find((name) => (node.properties as Record<string, unknown>)[name] !== undefined);
  return state === undefined ? undefined : { found: `/${state}` };
};

function uncovered(api: ApiName, rules: readonly Rule[]): string[] {
  return partnerFields(api, pickAddress)
    .filter((field) => !rules.some((rule) => rule.kind === 'postal' && rule.operationId === field.operationId && rule.on === field.on && (rule.status === undefined || rule.status === field.status) && names(rule.each, field.pointer) && rule.state === field.found && rule.country === '/country'))
    .map((field) => field.place);
}

describe('a state written as the postal service writes it', () => {
  it('finds the addresses partners serve and send: POS and DSP locations, an in-store order and a new order delivery address', () => {
    const places = APIS.flatMap((api) => partnerFields(api, pickAddress).map((field) => field.place));
    expect(places).toEqual(expect.arrayContaining(['pos listLocations response 200 /locations/*/address', 'pos sendWebhookEvent request /object/delivery_address', 'dsp listLocations response 200 /locations/*/address']));
    expect(places.some((place) => place.startsWith('dsp ') && place.endsWith('/data/delivery_address'))).toBe(true);
  });

  for (const api of APIS) {
    it(`covers every address of what partners serve and send in the ${api} contract with a postal rule`, () => {
      expect(uncovered(api, listRules(api))).toEqual([]);
    });
  }

  it('names an address whose postal rule is missing, so a new address cannot be forgotten', () => {
    const without = listRules('dsp').filter((rule) => rule.rule !== 'location-state-postal');
    expect(uncovered('dsp', without)).toEqual(['dsp listLocations response 200 /locations/*/address']);
  });

  it('names the code to send for a state written as its name, in lower case, with dots or with accents', () => {
    expect(postalStateIssue('US', 'New York')).toContain('send "NY"');
    expect(postalStateIssue('US', 'ny')).toContain('send "NY"');
    expect(postalStateIssue('US', 'N.Y.')).toContain('send "NY"');
    expect(postalStateIssue('CA', 'Québec')).toContain('send "QC"');
  });

  it('takes the postal codes, and leaves countries whose codes it does not know alone', () => {
    expect(postalStateIssue('US', 'NY')).toBeUndefined();
    expect(postalStateIssue('US', 'AE')).toBeUndefined();
    expect(postalStateIssue('CA', 'QC')).toBeUndefined();
    expect(postalStateIssue('FR', 'Île-de-France')).toBeUndefined();
    expect(postalStateIssue('constructor', 'x')).toBeUndefined();
  });

  it("refuses a code the country's postal service does not have: a retired one, another country's", () => {
    expect(postalStateIssue('CA', 'PQ')).toMatch(/"PQ" is none of them/);
    expect(postalStateIssue('US', 'ON')).toMatch(/"ON" is none of them/);
    expect(postalStateIssue('US', 'toString')).toMatch(/is none of them/);
  });

  it('judges a DSP location list and a new order by the contract rules, quoting the rule and the path', () => {
    const rules = listRules('dsp').filter((rule) => rule.kind === 'postal');
    const locations = judgeRules({ rules: rules.filter((rule) => rule.on === 'response'), answers: [{ body: { locations: [{ address: { country: 'US', state: 'NY' } }, { address: { country: 'US', state: 'New York' } }] }, what: 'the list' }] });
    expect(locations.map((finding) => finding.message)).toEqual(['[location-state-postal] the list: locations/1/address/state is "New York": the US postal service writes a state as its two-letter upper-case code: send "NY" (New York)']);
    expect(locations[0]!.requirement).toBe('DSP-LOC-07');
    const order = judgeRules({ rules: rules.filter((rule) => rule.on === 'request'), answers: [{ body: { data: { delivery_address: { country: 'CA', state: 'on' } } }, what: 'the body' }] });
    expect(order.map((finding) => finding.rule)).toEqual(['delivery-state-postal']);
  });

  it("refuses a location's zone that no place in its state keeps, the head office's among them", () => {
    const rules = listRules('pos').filter((rule) => rule.rule === 'location-zone-in-its-state');
    const list = (timezone: string, state: string, country = 'US') => judgeRules({ rules, answers: [{ body: { locations: [{ timezone, address: { country, administrative_district_level_1: state } }] }, what: 'the list' }] }).map((finding) => finding.message);
    expect(list('America/New_York', 'CA')).toEqual(['[location-zone-in-its-state] the list: locations/0/timezone is "America/New_York", while locations/0/address/administrative_district_level_1 is "CA": a place in CA (US) keeps America/Los_Angeles only, so America/New_York is the zone of some other place (a head office\'s or an account\'s setting?): send the zone of the location\'s own address']);
    expect(list('America/Los_Angeles', 'NY')[0]).toContain('keeps America/New_York only');
    expect(list('America/Vancouver', 'ON', 'CA')[0]).toContain('keeps one of America/Toronto');
  });

  it("takes every zone a state's places keep, a link as the zone it points to, and leaves what it does not know alone", () => {
    expect(stateZoneIssue('US', 'TX', 'America/Denver')).toBeUndefined();
    expect(stateZoneIssue('US', 'CA', 'US/Pacific')).toBeUndefined();
    expect(stateZoneIssue('CA', 'QC', 'America/Montreal')).toBeUndefined();
    expect(stateZoneIssue('US', 'AZ', 'America/Phoenix')).toBeUndefined();
    expect(stateZoneIssue('FR', 'IDF', 'America/New_York')).toBeUndefined();
    expect(stateZoneIssue('US', 'California', 'America/New_York')).toBeUndefined();
    expect(stateZoneIssue('US', 'constructor', 'America/New_York')).toBeUndefined();
    expect(stateZoneIssue('US', 'CA', 'Mars/Olympus')).toBeUndefined();
  });

  it('lists only zones the database has, and gives every zone the database assigns to the US and Canada to some state', () => {
    for (const [country, states] of Object.entries(STATE_ZONES)) {
      expect(Object.keys(states).filter((state) => !Object.hasOwn(POSTAL_STATES[country]!, state))).toEqual([]);
      const listed = Object.values(states).flat();
      expect(listed.filter((zone) => zonePoint(zone) === undefined)).toEqual([]);
      const points = new Set(listed.map((zone) => zonePoint(zone)));
      expect(countryZones(country).filter((point) => !points.has(point)).map((point) => point.zone)).toEqual([]);
    }
  });
});
