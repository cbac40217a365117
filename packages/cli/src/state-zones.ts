// The IANA zones each US state and Canadian province or territory spans, by the places the time zone
// database (zone.tab, zone1970.tab) assigns to them, with the counties that keep a neighbour's clock
// (Phenix City AL, West Wendover NV, Kenton OK, Lloydminster SK) included: a zone outside a state's
// list cannot be the zone of a place in that state. Keys are the postal codes of src/postal-codes.ts.
import { zonePoint } from './rules-place.js';

const NY = 'America/New_York';
const CHI = 'America/Chicago';
const DEN = 'America/Denver';
const LA = 'America/Los_Angeles';
const INDIANA = ['America/Indiana/Indianapolis', 'America/Indiana/Vincennes', 'America/Indiana/Winamac', 'America/Indiana/Marengo', 'America/Indiana/Petersburg', 'America/Indiana/Vevay', 'America/Indiana/Tell_City', 'America/Indiana/Knox'];
const ALASKA = ['America/Anchorage', 'America/Juneau', 'America/Sitka', 'America/Metlakatla', 'America/Yakutat', 'America/Nome', 'America/Adak'];

/** Per country (ISO 3166-1 alpha-2), per postal code: every zone a place there keeps. */
export const STATE_ZONES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  US: {
    AL: [CHI, NY], AK: ALASKA, AZ: ['America/Phoenix', DEN], AR: [CHI], CA: [LA], CO: [DEN], CT: [NY], DE: [NY], DC: [NY],
    FL: [NY, CHI], GA: [NY], HI: ['Pacific/Honolulu'], ID: ['America/Boise', LA], IL: [CHI],
    IN: [...INDIANA, NY, CHI, 'America/Kentucky/Louisville'], IA: [CHI], KS: [CHI, DEN],
    KY: [NY, 'America/Kentucky/Louisville', 'America/Kentucky/Monticello', CHI], LA: [CHI], ME: [NY], MD: [NY], MA: [NY],
    MI: ['America/Detroit', NY, 'America/Menominee', CHI], MN: [CHI], MS: [CHI], MO: [CHI], MT: [DEN], NE: [CHI, DEN],
    NV: [LA, DEN, 'America/Boise'], NH: [NY], NJ: [NY], NM: [DEN], NY: [NY], NC: [NY],
    ND: [CHI, DEN, 'America/North_Dakota/Center', 'America/North_Dakota/New_Salem', 'America/North_Dakota/Beulah'],
    OH: [NY], OK: [CHI, DEN], OR: [LA, 'America/Boise'], PA: [NY], RI: [NY], SC: [NY], SD: [CHI, DEN], TN: [CHI, NY],
    TX: [CHI, DEN], UT: [DEN], VT: [NY], VA: [NY], WA: [LA], WV: [NY], WI: [CHI], WY: [DEN],
    AS: ['Pacific/Pago_Pago'], GU: ['Pacific/Guam'], MP: ['Pacific/Saipan', 'Pacific/Guam'], PR: ['America/Puerto_Rico'], VI: ['America/St_Thomas', 'America/Puerto_Rico'],
  },
  CA: {
    AB: ['America/Edmonton'], BC: ['America/Vancouver', 'America/Edmonton', 'America/Dawson_Creek', 'America/Fort_Nelson', 'America/Creston', 'America/Phoenix'],
    MB: ['America/Winnipeg'], NB: ['America/Moncton', 'America/Halifax'], NL: ['America/St_Johns', 'America/Goose_Bay'],
    NS: ['America/Halifax', 'America/Glace_Bay'], NT: ['America/Yellowknife', 'America/Edmonton', 'America/Inuvik'],
    NU: ['America/Iqaluit', 'America/Pangnirtung', 'America/Rankin_Inlet', 'America/Resolute', 'America/Cambridge_Bay', 'America/Coral_Harbour', 'America/Atikokan', 'America/Winnipeg'],
    ON: ['America/Toronto', 'America/Nipigon', 'America/Thunder_Bay', 'America/Winnipeg', 'America/Rainy_River', 'America/Atikokan'],
    PE: ['America/Halifax'], QC: ['America/Toronto', 'America/Montreal', 'America/Blanc-Sablon', 'America/Puerto_Rico', 'America/Halifax'],
    SK: ['America/Regina', 'America/Swift_Current', 'America/Edmonton'], YT: ['America/Whitehorse', 'America/Dawson'],
  },
};

/**
 * Why `zone` cannot be the zone of a place in `state` of `country`; undefined when it can, or when the
 * state, the country or the zone is one this table or the database does not know (other rules' findings).
 * A link counts as the zone it points to (`US/Pacific` is America/Los_Angeles's).
 */
export function stateZoneIssue(country: string, state: string, zone: string): string | undefined {
  const states = Object.hasOwn(STATE_ZONES, country) ? STATE_ZONES[country]! : undefined;
  const zones = states !== undefined && Object.hasOwn(states, state) ? states[state]! : undefined;
  const point = zonePoint(zone);
  if (zones === undefined || point === undefined) return undefined;
  if (zones.some((each) => zonePoint(each) === point)) return undefined;
  const kept = zones.length === 1 ? `keeps ${zones[0]} only` : `keeps one of ${zones.join(', ')}`;
  return `a place in ${state} (${country}) ${kept}, so ${zone} is the zone of some other place (a head office's or an account's setting?): send the zone of the location's own address`;
}
