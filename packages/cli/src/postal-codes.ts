// The state and province codes the postal services of the countries Stream's contracts serve write
// on an envelope. USPS and Canada Post use the subdivision part of ISO 3166-2 (`NY`, `QC`); USPS
// adds the armed forces' AA, AE and AP, which ISO 3166-2 lacks.
import { quoted } from './visible.js';

/** Per country (ISO 3166-1 alpha-2): each code the postal service writes, with the name it stands for. */
export const POSTAL_STATES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  US: {
    AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
    DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
    IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
    MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
    NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
    NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
    RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
    VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
    AS: 'American Samoa', GU: 'Guam', MP: 'Northern Mariana Islands', PR: 'Puerto Rico', VI: 'U.S. Virgin Islands',
    UM: 'U.S. Minor Outlying Islands', AA: 'Armed Forces Americas', AE: 'Armed Forces Europe', AP: 'Armed Forces Pacific',
  },
  CA: {
    AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island',
    QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
  },
};

/** The countries whose postal codes for a state are known, for a rule's rendering and messages. */
export const POSTAL_COUNTRIES = Object.keys(POSTAL_STATES);

const folded = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z]/g, '').toUpperCase();

/**
 * Why `state` is not written as the postal service of `country` writes it, naming the code to send
 * when the value is recognisably one (`New York`, `ny`, `N.Y.`, `Québec`); undefined when it is
 * written right, or when the country is not one whose codes are known.
 */
export function postalStateIssue(country: string, state: string): string | undefined {
  const codes = Object.hasOwn(POSTAL_STATES, country) ? POSTAL_STATES[country]! : undefined;
  if (codes === undefined || Object.hasOwn(codes, state)) return undefined;
  const key = folded(state);
  const code = Object.hasOwn(codes, key) ? key : Object.keys(codes).find((candidate) => folded(codes[candidate]!) === key);
  const form = `the ${country} postal service writes a ${country === 'CA' ? 'province or territory' : 'state'} as its two-letter upper-case code`;
  if (code !== undefined) return `${form}: send ${JSON.stringify(code)} (${codes[code]!})`;
  return `${form} (such as ${Object.keys(codes).slice(0, 3).map((value) => JSON.stringify(value)).join(', ')}), and ${quoted(state)} is none of them`;
}
