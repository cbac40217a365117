// The contract's rules on what values mean together: a location's coordinates, country and zone
// describe one place (zone reference points from the IANA database), a public URL's host is one the
// internet reaches, and an in-store order never claims a DSP's courier.
import { describe, expect, it } from 'vitest';
import { exampleValue, isObject, type ApiName } from '../src/openapi.js';
import { judgeRules } from '../src/rules-judge.js';
import { countryZones, publicHostIssue, zonePoint } from '../src/rules-place.js';
import { listRules, type Rule } from '../src/rules.js';
import { names, partnerFields, type Pick } from './partner-fields.js';

const named = (api: 'pos' | 'dsp', rule: string) => listRules(api).filter((candidate) => candidate.rule === rule);
const judge = (api: 'pos' | 'dsp', rule: string, body: unknown) => judgeRules({ rules: named(api, rule), answers: [{ body, what: 'the answer' }] }).map((finding) => finding.message);

function locations(place: { latitude: number; longitude: number; timezone?: string; country?: string }): unknown {
  const list = structuredClone(exampleValue('pos', 'LocationList')) as { locations: Record<string, any>[] };
  const first = list.locations[0]!;
  first.timezone = place.timezone ?? 'America/Los_Angeles';
  first.address = { ...first.address, country: place.country ?? 'US', latitude: place.latitude, longitude: place.longitude };
  return { locations: [first] };
}

describe('a location whose coordinates, country and zone disagree', () => {
  it('passes the contract example and real stores far from their zone point but in it (Miami in New York\'s zone, Kashgar in Shanghai\'s)', () => {
    expect(judge('pos', 'location-place-in-its-zone', exampleValue('pos', 'LocationList'))).toEqual([]);
    expect(judge('pos', 'location-place-in-its-zone', locations({ latitude: 25.7617, longitude: -80.1918, timezone: 'America/New_York' }))).toEqual([]);
    expect(judge('pos', 'location-place-in-its-zone', locations({ latitude: 39.4704, longitude: 75.9898, timezone: 'Asia/Shanghai', country: 'CN' }))).toEqual([]);
    expect(judge('pos', 'location-place-in-its-zone', locations({ latitude: 52.3676, longitude: 4.9041, timezone: 'Europe/Amsterdam', country: 'NL' }))).toEqual([]);
  });

  it('finds San Francisco sent with a positive longitude, in China, and names the flipped sign', () => {
    const [message, ...rest] = judge('pos', 'location-place-in-its-zone', locations({ latitude: 37.7946, longitude: 122.3947 }));
    expect(rest).toEqual([]);
    expect(message).toMatch(/^\[location-place-in-its-zone\] the answer: locations\/0: address\/latitude, address\/longitude \(37\.7946, 122\.3947\) lie 9,867 km from America\/Los_Angeles's reference point/);
    expect(message).toContain("with the longitude's sign flipped (-122.3947) it would: longitude is negative west of Greenwich");
  });

  it('finds Sydney with a positive latitude and a store with latitude and longitude swapped', () => {
    expect(judge('pos', 'location-place-in-its-zone', locations({ latitude: 33.8688, longitude: 151.2093, timezone: 'Australia/Sydney', country: 'AU' }))[0]).toContain("with the latitude's sign flipped (-33.8688) it would");
    expect(judge('pos', 'location-place-in-its-zone', locations({ latitude: -73.9857, longitude: 40.7484, timezone: 'America/New_York' }))[0]).toContain('with latitude and longitude swapped it would');
  });

  it('finds a country that does not use the zone, and leaves a zone the database lacks to the zone rule', () => {
    expect(judge('pos', 'location-place-in-its-zone', locations({ latitude: 43.6532, longitude: -79.3832, timezone: 'America/New_York', country: 'CA' }))).toEqual([
      '[location-place-in-its-zone] the answer: locations/0: address/country is "CA", but timezone "America/New_York" is the zone of US',
    ]);
    expect(judge('pos', 'location-place-in-its-zone', locations({ latitude: 0, longitude: 0, timezone: 'PST' }))).toEqual([]);
  });

  it('reads the zone data generated from the IANA database, links followed', () => {
    expect(zonePoint('America/Los_Angeles')).toMatchObject({ latitude: 34.0522, longitude: -118.2428, countries: ['US'] });
    expect(zonePoint('Europe/Copenhagen')?.countries).toContain('DK');
    expect(countryZones('us').map((zone) => zone.zone)).toEqual(expect.arrayContaining(['America/New_York', 'Pacific/Honolulu']));
  });
});

describe('public URLs', () => {
  it('refuse the hosts no customer can reach and take real and documentation names', () => {
    const refused = ['https://localhost:8443/media/fries.jpg', 'https://127.0.0.1/a.jpg', 'https://[::1]/a.jpg', 'https://10.0.0.5/a.jpg', 'https://192.168.1.20/a.jpg', 'https://172.20.0.2/a.jpg', 'https://169.254.169.254/latest', 'https://[fe80::1]/a.jpg', 'https://[fd00::2]/a.jpg', 'https://pos-media.local/a.jpg', 'https://media.internal/a.jpg', 'https://media/a.jpg'];
    expect(refused.filter((url) => publicHostIssue(url) === undefined)).toEqual([]);
    expect(['https://cdn.bunandpatty.example/fries.jpg', 'https://images.example.com/a.jpg', 'https://8.8.8.8/a.jpg'].map(publicHostIssue)).toEqual([undefined, undefined, undefined]);
  });

  it("fail a catalog whose family photo is on the developer's localhost, naming the rule", () => {
    const catalog = structuredClone(exampleValue('pos', 'LocationCatalog')) as { item_family: Record<string, unknown>[] };
    expect(judge('pos', 'family-images-https', catalog)).toEqual([]);
    catalog.item_family[0]!.images = ['https://localhost:8443/media/fries.jpg'];
    expect(judge('pos', 'family-images-https', catalog)).toEqual([
      '[family-images-https] the answer: item_family/0/images/0 is "https://localhost:8443/media/fries.jpg": its host localhost is a name only your own machine or network resolves; the contract asks for a public URL',
    ]);
  });
});

/** Objects with both a latitude and a longitude, in what partners serve and send. */
const pickPlace: Pick<true> = (node) => (isObject(node.properties) && 'latitude' in node.properties && 'longitude' in node.properties ? { found: true } : undefined);

/** Where a place rule finds the object holding the coordinates: `each` and the latitude's parent. */
const placeOf = (rule: Extract<Rule, { kind: 'place' }>) => `${rule.each}${rule.latitude.slice(0, rule.latitude.lastIndexOf('/'))}`;

/** The places no `place` rule judges. */
function unplaced(api: ApiName, rules: readonly Rule[]): string[] {
  return partnerFields(api, pickPlace)
    .filter((field) => !rules.some((rule) => rule.kind === 'place' && rule.operationId === field.operationId && rule.on === field.on && (rule.status === undefined || rule.status === field.status) && names(placeOf(rule), field.pointer)))
    .map((field) => field.place);
}

describe('coordinates a partner serves or sends', () => {
  it('are found in the POS location list and an in-store order delivery address', () => {
    expect((['pos', 'dsp', 'events', 'partner'] as const).flatMap((api) => partnerFields(api, pickPlace).map((field) => field.place))).toEqual(['pos listLocations response 200 /locations/*/address', 'pos sendWebhookEvent request /object/delivery_address']);
  });

  for (const api of ['pos', 'dsp', 'events', 'partner'] as const) {
    it(`are each judged by a place rule in the ${api} contract`, () => {
      expect(unplaced(api, listRules(api))).toEqual([]);
    });
  }

  it('name a place whose rule is missing, so new coordinates cannot be forgotten', () => {
    expect(unplaced('pos', listRules('pos').filter((rule) => rule.rule !== 'in-store-delivery-address-in-its-country'))).toEqual(['pos sendWebhookEvent request /object/delivery_address']);
  });

  it('of an in-store delivery address are judged against the zones of its country: a dropped minus sign is refused', () => {
    const rule = named('pos', 'in-store-delivery-address-in-its-country');
    const order = (longitude: number) => ({ object: { delivery_address: { address_line_1: '500 Howard St', locality: 'San Francisco', country: 'US', latitude: 37.7878, longitude } } });
    expect(judgeRules({ rules: rule, answers: [{ body: order(-122.3966), what: 'the body' }] })).toEqual([]);
    expect(judgeRules({ rules: rule, answers: [{ body: order(122.3966), what: 'the body' }] }).map((finding) => finding.message)).toEqual([
      expect.stringMatching(/^\[in-store-delivery-address-in-its-country\] the body: object\/delivery_address: latitude, longitude \(37\.7878, 122\.3966\) lie .* km from America\/Adak's reference point .*with the longitude's sign flipped \(-122\.3966\) it would.* \(the nearest zone of US\)$/),
    ]);
  });
});
