// Every number a DSP or events partner serves or sends that counts a unit (a duration in minutes or
// seconds, an amount in minor units) has rules in its contract that catch the neighbour unit at both
// ends, or an exemption below that says why none fits: hours written as minutes (0.5) and seconds as
// minutes (1800) are both valid JSON numbers. Times since the epoch are rules-times.test.ts's.
import { describe, expect, it } from 'vitest';
import { type ApiName } from '../src/openapi.js';
import { listRules, type Rule } from '../src/rules.js';
import { names, partnerFields, type Pick } from './partner-fields.js';

const APIS: readonly ApiName[] = ['dsp', 'events'];
const NUMERIC = (type: unknown) => [type].flat().some((name) => name === 'integer' || name === 'number');
const DURATION = /_(minutes|seconds|hours)$/;
const MINOR_UNITS = /lowest (denomination|unit) of/i;
/** Amounts a schema describes once for the whole object (NewOrder: every amount is in the lowest denomination), named by their field. */
const AMOUNT_NAME = /\/(subtotal|tax|[a-z_]*_tip|[a-z_]*_fee|[a-z_]*_fee_taxes|service_charge|amount|price|total)$/;

/** Amounts with no rule of their own, each with the reason none fits; an entry that names no such amount fails. */
const UNBOUNDED_AMOUNT =
  'No bound separates cents from whole dollars for it (a 5 fee and a 500 fee are both real), and nothing Stream published gives it; the schema requires an integer, which refuses the likelier slip, 4.99 written for 499.';
/** A fee nothing Stream published gives, whose low end only an advice rule judges: a should, not a refusal. */
const ADVISED_FEE =
  'Nothing Stream published gives it, so no refusal fits; fees-in-the-lowest-denomination (advice, DSP-VAL-01) warns on one below 100 and below a hundredth of the subtotal (3 for $2.99), and the schema requires an integer, which refuses 4.99 written for 499.';
const EXEMPT: Readonly<Record<string, string>> = {
  'dsp sendOrderEvent request /data/discounts/*/amount': `A discount can be any part of the order. ${UNBOUNDED_AMOUNT}`,
  'dsp sendOrderEvent request /data/tax': `The tax rate is the store's, not in the menu Stream published. ${UNBOUNDED_AMOUNT}`,
  'dsp sendOrderEvent request /data/driver_tip': `A tip is the customer's choice. ${UNBOUNDED_AMOUNT}`,
  'dsp sendOrderEvent request /data/store_tip': `A tip is the customer's choice. ${UNBOUNDED_AMOUNT}`,
  'dsp sendOrderEvent request /data/service_charge': `A service charge is the DSP's own. ${ADVISED_FEE}`,
  'dsp sendOrderEvent request /data/delivery_fee': `A delivery fee is the DSP's own. ${ADVISED_FEE}`,
  'dsp sendOrderEvent request /data/delivery_fee_taxes': `A tax on the DSP's own fee. ${UNBOUNDED_AMOUNT}`,
};

interface UnitField {
  readonly place: string;
  readonly operationId: string;
  readonly on: 'request' | 'response';
  readonly status?: string;
  readonly pointer: string;
  readonly found: 'duration' | 'amount';
}

const pickUnit: Pick<'duration' | 'amount'> = (node) => {
  if (!NUMERIC(node.type)) return undefined;
  if (typeof node.description === 'string' && MINOR_UNITS.test(node.description)) return { found: 'amount' };
  return undefined;
};

const seenOnce = (fields: UnitField[]) => fields.filter((field, index) => fields.findIndex((other) => other.place === field.place) === index);

function unitFields(api: ApiName): UnitField[] {
  const described = partnerFields(api, pickUnit);
  const numbers = partnerFields<'duration' | 'amount'>(api, (node) => (NUMERIC(node.type) ? { found: 'amount' } : undefined));
  // A duration is named by its field (`prep_time_minutes`); so is an amount its object describes once.
  const durations = numbers.filter((field) => DURATION.test(field.pointer)).map((field) => ({ ...field, found: 'duration' as const }));
  const named = numbers.filter((field) => AMOUNT_NAME.test(field.pointer));
  return seenOnce([...described, ...durations, ...named]);
}

const same = (rule: Rule, field: UnitField) => rule.operationId === field.operationId && rule.on === field.on && (rule.status === undefined || rule.status === field.status);

/** Whether the field's rules bound it at both ends: a range with a min and one with a max (a duration), or a comparison with what Stream published or a total (an amount). */
function bounded(field: UnitField, rules: readonly Rule[]): boolean {
  const own = rules.filter((rule) => same(rule, field));
  if (field.found === 'duration') {
    const ranges = own.filter((rule): rule is Extract<Rule, { kind: 'range' }> => rule.kind === 'range' && names(rule.values, field.pointer));
    return ranges.some((rule) => rule.min !== undefined) && ranges.some((rule) => rule.max !== undefined);
  }
  return own.some((rule) => {
    if (rule.kind === 'priced') {
      const lines = [`${rule.each}${rule.price}`, ...(rule.nested === undefined ? [] : [`${rule.each}${rule.nested}/*${rule.price}`])];
      return lines.some((pointer) => names(pointer, field.pointer));
    }
    if (rule.kind === 'sum') return names(rule.total, field.pointer) || [...rule.add, ...rule.subtract].some((pointer) => names(pointer, field.pointer));
    return false;
  });
}

describe('numbers partners serve and send that count a unit', () => {
  it('finds the durations and amounts of what DSP and events partners serve and send', () => {
    const places = APIS.flatMap((api) => unitFields(api).map((field) => field.place));
    expect(places).toEqual(expect.arrayContaining(['events receiveOrderEvent response 201 /order/prep_time_minutes', 'dsp sendOrderEvent request /data/items/*/price', 'dsp sendOrderEvent request /data/subtotal']));
  });

  for (const api of APIS) {
    it(`has a rule at both ends, or an exemption that says why, for every ${api} duration and amount`, () => {
      const rules = listRules(api);
      const unbounded = unitFields(api).filter((field) => EXEMPT[field.place] === undefined && !bounded(field, rules)).map((field) => field.place);
      expect(unbounded).toEqual([]);
    });
  }

  it('names in an exemption only advice rules the DSP contract states on that amount', () => {
    const advice = listRules('dsp').filter((rule): rule is Extract<Rule, { kind: 'minor' }> => rule.kind === 'minor' && rule.advice === true);
    const advised = Object.entries(EXEMPT).filter(([, why]) => why.includes('fees-in-the-lowest-denomination')).map(([place]) => place.split(' ').at(-1)!);
    expect(advised.length).toBeGreaterThan(0);
    for (const pointer of advised) expect(advice.some((rule) => rule.rule === 'fees-in-the-lowest-denomination' && rule.values.includes(pointer))).toBe(true);
  });

  it('lists only exemptions that name a duration or amount of the contracts', () => {
    const places = new Set(APIS.flatMap((api) => unitFields(api).map((field) => field.place)));
    expect(Object.keys(EXEMPT).filter((place) => !places.has(place))).toEqual([]);
  });
});
