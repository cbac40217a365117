// The in-store order's currency and tax held against the catalog the POS serves (in-store-currency-served,
// POS-SND-08; in-store-tax-at-served-rates, POS-SND-07).
import { describe, expect, it } from 'vitest';
import { currencyFinding, taxRateFinding } from '../src/certify/in-store-tax.js';

const catalog = (taxes: Record<string, unknown>[], family: Record<string, unknown> = {}) => ({
  item_family: [{ provider_id: 'fam-classic-burger', item_ids: ['item-classic-single'], ...family }],
  item: [{ provider_id: 'item-classic-single', name: 'Single', price_amount: 999, price_currency: 'USD' }],
  tax: taxes,
});
const SF = { provider_id: 'tax-sf', name: 'SF', rate: 8.625, is_default: true };
const order = (fields: Record<string, unknown>) => ({ currency: 'USD', line_items: [{ provider_id: 'item-classic-single', quantity: 1, price_amount: 999 }], subtotal: 999, tax: 86, total: 1085, ...fields });

describe('an in-store order against the currency the catalog prices its items in', () => {
  it('says nothing when the order is in the catalog currency', () => {
    expect(currencyFinding(order({}), catalog([SF]))).toBeUndefined();
  });

  it('names the items the catalog prices in another currency than the order', () => {
    expect(currencyFinding(order({ currency: 'CAD' }), catalog([SF]))).toMatch(/^\[in-store-currency-served\] the POS's in-store order is in CAD, but the catalog it serves prices item-classic-single in USD/);
  });
});

describe("an in-store order's tax against the rates the catalog serves", () => {
  it('accepts the served rate, rounded', () => {
    expect(taxRateFinding(order({}), catalog([SF]))).toBeUndefined();
  });

  it('finds a tax charged at another rate than the served one', () => {
    expect(taxRateFinding(order({ tax: 72, total: 1071 }), catalog([SF]))).toMatch(/^\[in-store-tax-at-served-rates\] the POS's in-store order charges tax 72, but the taxes the catalog serves for its items \(8\.625 %\) make 86/);
  });

  it('finds two default taxes that charge more than the order does', () => {
    expect(taxRateFinding(order({}), catalog([SF, { provider_id: 'tax-ca', name: 'CA', rate: 7.25, is_default: true }]))).toMatch(/make 159/);
  });

  it("counts a family's own tax_ids, and none for a family without default rates", () => {
    const extra = { provider_id: 'tax-fryer', name: 'Fryer', rate: 5 };
    expect(taxRateFinding(order({ tax: 136, total: 1135 }), catalog([SF, extra], { tax_ids: ['tax-fryer'] }))).toBeUndefined();
    expect(taxRateFinding(order({ tax: 50, total: 1049 }), catalog([SF, extra], { tax_ids: ['tax-fryer'], use_default_tax_rates: false }))).toBeUndefined();
  });

  it('leaves an order alone where fees, a discount, an inclusive tax or a withheld tax could explain the amount', () => {
    const off = { tax: 10 };
    expect(taxRateFinding(order({ ...off, delivery_fee: 299 }), catalog([SF]))).toBeUndefined();
    expect(taxRateFinding(order({ ...off, discount_total: 100 }), catalog([SF]))).toBeUndefined();
    expect(taxRateFinding(order({ ...off, tax_withheld_by_dsp: true }), catalog([SF]))).toBeUndefined();
    expect(taxRateFinding(order(off), catalog([{ ...SF, is_inclusive: true }]))).toBeUndefined();
    // Rates written as fractions are tax-rate-percent's finding, not this rule's too.
    expect(taxRateFinding(order({}), catalog([{ ...SF, rate: 0.08625 }]))).toBeUndefined();
  });
});
