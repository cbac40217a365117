// The DSP contract's order-tax-from-the-menu-rates rule: a new_order's tax against what the menu's
// tax rates come to on its lines, with the band the contract leaves open (rounding, modifiers,
// discounts, inclusive taxes; never a fee such as the service charge) and nothing judged for an item the menu lacks.
import { describe, expect, it } from 'vitest';
import { judgeRules, type TaxBook } from '../src/rules-judge.js';
import { listRules } from '../src/rules.js';

const taxed = listRules('dsp').filter((rule) => rule.rule === 'order-tax-from-the-menu-rates');
const NYC: TaxBook = (item) => (item === 'item_classic_burger' ? { exclusive: [8.875], inclusive: [] } : item === 'item_wine' ? { exclusive: [], inclusive: [10] } : undefined);

const burger = (modifiers: unknown[] = []) => ({ id: 'var_classic_single', item_id: 'item_classic_burger', quantity: 2, price: 950, modifiers });
const bacon = { id: 'mod_bacon', quantity: 1, price: 200 };
const findings = (data: Record<string, unknown>, taxes: TaxBook = NYC) => judgeRules({ rules: taxed, answers: [{ body: { data }, what: 'the body' }], taxes }).map((finding) => finding.message);

describe("a new_order's tax against the menu's tax rates", () => {
  it('takes the tax on the lines, rounded, and one cent either way per line', () => {
    // 2 × 950 = 1900 at 8.875% is 168.6.
    expect(findings({ items: [burger()], tax: 169 })).toEqual([]);
    expect(findings({ items: [burger()], tax: 168 })).toEqual([]);
    expect(findings({ items: [burger()], tax: 171 })).toEqual([expect.stringContaining('data/tax is 171, but the menu published for the location puts 169 (8.875% of 1900, rounded per line)')]);
  });

  it('takes a tax with the modifiers taxed or untaxed, since the menu does not say', () => {
    // 2 × (950 + 200) = 2300 at 8.875% is 204; without the bacon, 169.
    expect(findings({ items: [burger([bacon])], tax: 204 })).toEqual([]);
    expect(findings({ items: [burger([bacon])], tax: 169 })).toEqual([]);
    expect(findings({ items: [burger([bacon])], tax: 9 })).toEqual([expect.stringMatching(/9 is the rate 8\.875 written as an amount/)]);
  });

  it('lowers the band by the rates on discounts and refuses a tax that counts the service charge, a fee the contract keeps out of it', () => {
    expect(findings({ items: [burger()], discounts: [{ id: 'promo', amount: 400 }], tax: 133 })).toEqual([]);
    expect(findings({ items: [burger()], service_charge: 400, tax: 205 })).toEqual([expect.stringContaining('205 counts the tax on data/service_charge (400), which stays out of data/tax')]);
    // A delivery fee's tax goes in delivery_fee_taxes: 169 on the lines and 27 on the 299 fee is not the order's tax.
    expect(findings({ items: [burger()], delivery_fee: 299, delivery_fee_taxes: 27, tax: 196 })).toEqual([expect.stringContaining('196 counts the tax on data/delivery_fee (299)')]);
    expect(findings({ items: [burger()], service_charge: 400, tax: 169 })).toEqual([]);
    expect(findings({ items: [burger()], tax: 205 })).toHaveLength(1);
  });

  it('allows an inclusive tax reported in the tax, and none at all, and judges nothing for an item the menu lacks', () => {
    const wine = { id: 'var_wine_glass', item_id: 'item_wine', quantity: 1, price: 1100 };
    expect(findings({ items: [wine], tax: 100 })).toEqual([]);
    expect(findings({ items: [wine], tax: 0 })).toEqual([]);
    expect(findings({ items: [wine], tax: 110 })).toHaveLength(1);
    expect(findings({ items: [{ ...wine, item_id: 'item_unknown' }, burger()], tax: 9 })).toEqual([]);
  });
});
