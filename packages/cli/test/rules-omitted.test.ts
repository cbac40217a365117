// The events contract's advice on optional driver details an assign-driver event should leave out
// rather than fill: a robot's plate 'N/A', a phone code that is the number's own country code. The
// judge finds each with the rule's name; a relay's access code and a real plate pass.
import { describe, expect, it } from 'vitest';
import { judgeRules } from '../src/rules-judge.js';
import { countryCallingCode, isPlaceholder } from '../src/rules-omitted.js';
import { listRules, type Rule } from '../src/rules.js';

function rule(name: string): Rule {
  const found = listRules('events').find((candidate) => candidate.rule === name);
  if (found === undefined) throw new Error(`the events contract has no rule ${name}`);
  return found;
}

function assign(driver: Record<string, unknown>): Record<string, unknown> {
  return { order_id: 'ord_1', location_id: 'loc_1', type: 'assign_driver', driver: { name: 'Dana R.', ...driver } };
}

const judged = (name: string, body: unknown) => judgeRules({ rules: [rule(name)], answers: [{ body, what: 'the assign-driver event' }] }).map((finding) => finding.message);

describe('advice on driver details an event provider leaves out (EVT-VAL-02)', () => {
  it('states both rules as advice under the should requirement EVT-VAL-02, never with a refusal code', () => {
    for (const name of ['driver-details-omitted-not-filled', 'driver-code-not-country-code']) {
      expect(rule(name)).toMatchObject({ requirement: 'EVT-VAL-02', advice: true, on: 'request', operationId: 'sendDeliveryUpdate' });
      expect(rule(name).code).toBeUndefined();
    }
  });

  it("warns on a robot's licence plate sent as 'N/A' and passes a robot without one", () => {
    const robot = { make: 'Rover Labs', model: 'R7', color: 'white', is_autonomous: true };
    expect(judged('driver-details-omitted-not-filled', assign({ vehicle_info: { ...robot, license_plate: 'N/A' } }))).toEqual([
      '[driver-details-omitted-not-filled] the assign-driver event: driver.vehicle_info.license_plate is "N/A", a stand-in for "none": leave driver.vehicle_info.license_plate out when there is nothing to give',
    ]);
    expect(judged('driver-details-omitted-not-filled', assign({ vehicle_info: robot }))).toEqual([]);
    expect(judged('driver-details-omitted-not-filled', assign({ vehicle_info: { ...robot, is_autonomous: false, license_plate: '8ABC123' } }))).toEqual([]);
  });

  it('takes none, -, 0, unknown and null, in any case, as stand-ins, and a plate or access code as values', () => {
    for (const text of ['none', 'None', '-', '0', 'unknown', 'NULL', 'n/a', ' N/A ']) expect(isPlaceholder(text), text).toBe(true);
    for (const text of ['8ABC123', '4821', 'NA 1234']) expect(isPlaceholder(text), text).toBe(false);
  });

  it("warns on the code '1' beside +14155550188 and passes a relay's access code", () => {
    expect(judged('driver-code-not-country-code', assign({ phone: { number: '+14155550188', code: '1' } }))).toEqual([
      '[driver-code-not-country-code] the assign-driver event: driver.phone.code is "1", the country calling code of "+14155550188", which the number already starts with: a code to dial after the number is a relay\'s extension or access code; leave driver.phone.code out when the number reaches the person directly',
    ]);
    expect(judged('driver-code-not-country-code', assign({ phone: { number: '+14155550100', code: '4821' } }))).toEqual([]);
    expect(judged('driver-code-not-country-code', assign({ phone: { number: '+442079460000', code: '+44' } }))).toHaveLength(1);
    expect(judged('driver-code-not-country-code', assign({ phone: { number: '+442079460000', code: '4' } }))).toEqual([]);
  });

  it('reads the country calling code of a number by its E.164 zone: one digit for 1 and 7, two or three for the others', () => {
    expect([countryCallingCode('+14155550188'), countryCallingCode('+74951234567'), countryCallingCode('+442079460000'), countryCallingCode('+353123456789'), countryCallingCode('4155550188')]).toEqual(['1', '7', '44', '353', undefined]);
  });
});
