// The DSP contract's free-modifier rules: a group's amount_of_modifiers_free makes its cheapest
// chosen units free per unit of the parent, sent at price 0; charging one is advice
// (free-modifier-not-charged), making more free than the menu gives is refused
// (free-modifiers-within-the-group).
import { describe, expect, it } from 'vitest';
import { exampleValue } from '../src/openapi.js';
import { freeBookOf } from '../src/rules-free.js';
import { judgeRules } from '../src/rules-judge.js';
import { listRules } from '../src/rules.js';

const rules = listRules('dsp').filter((rule) => rule.kind === 'free');
const v1 = freeBookOf([exampleValue('dsp', 'BurgerMenuV1')]);
const v2 = freeBookOf([exampleValue('dsp', 'BurgerMenuV2')]);

const extra = (id: string, price: number, quantity = 1, nested?: unknown[]) => ({ id, modifier_group_id: 'mg_extras', quantity, price, ...(nested === undefined ? {} : { nested_modifiers: nested }) });
const burger = (modifiers: unknown[], quantity = 1) => ({ id: 'var_classic_single', item_id: 'item_classic_burger', quantity, price: 950, modifiers });
const findings = (items: unknown[], book = v1) => judgeRules({ rules, answers: [{ body: { data: { items } }, what: 'the body' }], free: book }).map((finding) => finding.message);

describe('free modifiers on a DSP order', () => {
  it("takes the contract's own orders, whose free extras are sent at 0", () => {
    for (const name of ['PickupOrder', 'MerchantDeliveryOrder']) {
      const order = exampleValue('dsp', name) as { data: { items: unknown[] } };
      expect(findings(order.data.items), name).toEqual([]);
      expect(findings(order.data.items, v2), name).toEqual([]);
    }
  });

  it('warns when the one free extra is charged at its menu price', () => {
    expect(findings([burger([extra('mod_bacon', 200)])])).toEqual([expect.stringMatching(/^\[free-modifier-not-charged\] the body: data\/items\/0\/modifiers \(mg_extras, 1 free\) charges 200, but with the cheapest 1 chosen free the menu published for the location charges 0: send the free units at price 0$/)]);
  });

  it('refuses a second extra made free, and the dearer one freed instead of the cheapest', () => {
    expect(findings([burger([extra('mod_bacon', 0), extra('mod_pickles', 0)])])).toEqual([expect.stringContaining('[free-modifiers-within-the-group] the body: data/items/0/modifiers (mg_extras, 1 free) charges 0, but the menu published for the location makes only the cheapest 1 chosen free, which leaves 200 to charge')]);
    expect(findings([burger([extra('mod_bacon', 0), extra('mod_pickles', 50)])])).toEqual([expect.stringContaining('charges 50, but the menu published for the location makes only the cheapest 1 chosen free, which leaves 200 to charge')]);
    expect(findings([burger([extra('mod_bacon', 200), extra('mod_pickles', 0)])])).toEqual([]);
  });

  it('counts units: three bacon with one free is one entry at 0 and one of two charged, or an order refused or warned', () => {
    expect(findings([burger([extra('mod_bacon', 0, 1), extra('mod_bacon', 200, 2)])])).toEqual([]);
    expect(findings([burger([extra('mod_bacon', 200, 3)])])).toEqual([expect.stringContaining('charges 600, but with the cheapest 1 chosen free the menu published for the location charges 400')]);
    expect(findings([burger([extra('mod_bacon', 0, 3)])])).toEqual([expect.stringContaining('which leaves 400 to charge')]);
  });

  it('gives each unit of the parent its own free extra, and judges nested groups under their parent modifier', () => {
    expect(findings([burger([extra('mod_pickles', 0)], 3)])).toEqual([]);
    const sauce = extra('mod_house_sauce', 0, 1, [{ id: 'mod_sauce_extra', modifier_group_id: 'mg_sauce_amount', quantity: 1, price: 50 }]);
    expect(findings([burger([sauce])])).toEqual([]);
    const freeSauce = extra('mod_house_sauce', 0, 1, [{ id: 'mod_sauce_extra', modifier_group_id: 'mg_sauce_amount', quantity: 1, price: 0 }]);
    expect(findings([burger([freeSauce])])).toEqual([expect.stringContaining('data/items/0/modifiers/0/nested_modifiers (mg_sauce_amount, 0 free) charges 0')]);
  });

  it('leaves a modifier the group does not list, or a group the menu lacks, to the rules that name them', () => {
    expect(findings([burger([{ id: 'mod_bacon', modifier_group_id: 'mg_cheese', quantity: 1, price: 0 }])])).toEqual([]);
    expect(findings([burger([{ id: 'mod_unknown', modifier_group_id: 'mg_extras', quantity: 1, price: 0 }, extra('mod_bacon', 0), extra('mod_pickles', 0)])])).toEqual([]);
  });
});
