// DSP kit variants that break a meaning sentence of the DSP contract (issue 44): a value of the
// right type that says something else. Each is certified with the DSP kit's other variants.
import type { Mutation } from './kits.js';

const LINE = "items: [{ id: 'var_classic_single', item_id: 'item_classic_burger', category_id: 'cat_burgers', name: 'Classic burger', quantity: 1, price: 950, currency: 'usd' }],";

export const DSP_MEANING_MUTANTS: readonly Mutation[] = [
  {
    // The relay's code column is filled from the number's country prefix when there is no extension: the store would dial 1 after the number. New to DSP-VAL-01 (masked-code-not-the-country-code).
    name: 'masked-code-is-the-country-code',
    patches: [{ file: 'send.ts', find: "customer: { name: 'Dana Whitfield', phone: '+12125550147' },", replace: "customer: { name: 'Dana Whitfield', phone: '+12125550147', masked_phone_code: '1' }," }],
    fails: [],
    warns: ['DSP-VAL-01'],
    reason: /\[masked-code-not-the-country-code\] the new_order sent at .*: data\.customer\.masked_phone_code is "1", the country calling code of "\+12125550147"/,
    viaSandbox: true,
  },
  {
    // The cart taxes a line only at the taxes its item lists, so the lemonade, which lists none and so takes the default tax, goes untaxed. The tax rule is new to DSP-SND-01: it warns until its effective day.
    name: 'item-without-tax-ids-untaxed',
    patches: [
      { file: 'send.ts', find: LINE, replace: "items: [{ id: 'var_lemonade_regular', item_id: 'item_lemonade', category_id: 'cat_drinks', name: 'Fresh lemonade', quantity: 1, price: 395, currency: 'usd' }]," },
      { file: 'send.ts', find: '      subtotal: 950,', replace: '      subtotal: 395,' },
      { file: 'send.ts', find: '      tax: 84,', replace: '      tax: 0,' },
    ],
    fails: [],
    warns: ['DSP-SND-01'],
    reason: /refused it with 400: invalid_order: \[order-tax-from-the-menu-rates\] the body: data\/tax is 0, but the menu published for the location puts 35 \(8\.875% of 395, rounded per line\)/,
    viaSandbox: true,
  },
  {
    // The cart prices each extra from the menu and never applies the group's free one: the customer pays for the bacon the menu gives free. New to DSP-VAL-01 (free-modifier-not-charged).
    name: 'free-extra-charged',
    patches: [
      { file: 'send.ts', find: LINE, replace: "items: [{ id: 'var_classic_single', item_id: 'item_classic_burger', category_id: 'cat_burgers', name: 'Classic burger', quantity: 1, price: 950, currency: 'usd', modifiers: [{ id: 'mod_bacon', modifier_group_id: 'mg_extras', name: 'Bacon', quantity: 1, price: 200, currency: 'usd' }] }]," },
      { file: 'send.ts', find: '      subtotal: 950,', replace: '      subtotal: 1150,' },
    ],
    fails: [],
    warns: ['DSP-VAL-01'],
    reason: /\[free-modifier-not-charged\] the new_order sent at .*: data\/items\/0\/modifiers \(mg_extras, 1 free\) charges 200, but with the cheapest 1 chosen free the menu published for the location charges 0/,
    viaSandbox: true,
  },
  {
    // The line names the variation the customer picked under another item's id (a cart keyed by the first item of the order).
    name: 'line-names-another-items-variation',
    patches: [
      { file: 'send.ts', find: LINE, replace: "items: [{ id: 'var_lemonade_regular', item_id: 'item_classic_burger', category_id: 'cat_burgers', name: 'Fresh lemonade', quantity: 1, price: 395, currency: 'usd' }]," },
      { file: 'send.ts', find: '      subtotal: 950,', replace: '      subtotal: 395,' },
      { file: 'send.ts', find: '      tax: 84,', replace: '      tax: 35,' },
    ],
    fails: ['DSP-SND-01'],
    reason: /refused it with 400: invalid_order: .*items\[0\]\.id var_lemonade_regular is not a variation of item_classic_burger/,
    viaSandbox: true,
  },
  {
    // Prices come from a table in dollars, rounded: every sum adds up, in the wrong unit. New to DSP-SND-01 (line-price-from-the-menu).
    name: 'line-priced-in-dollars',
    patches: [
      { file: 'send.ts', find: "quantity: 1, price: 950, currency: 'usd'", replace: "quantity: 1, price: 10, currency: 'usd'" },
      { file: 'send.ts', find: '      subtotal: 950,', replace: '      subtotal: 10,' },
      { file: 'send.ts', find: '      tax: 84,', replace: '      tax: 1,' },
    ],
    fails: [],
    warns: ['DSP-SND-01'],
    reason: /\[line-price-from-the-menu\] the body: data\/items\/0\/price is 10, but the menu published for the location prices var_classic_single at 950/,
    viaSandbox: true,
  },
  {
    // The stores table keeps "no end" as 0, sent as it is for a pause until further notice.
    name: 'indefinite-pause-sent-as-zero',
    patches: [{ file: 'send.ts', find: 'end_time: Date.now() + 60 * 60 * 1000', replace: 'end_time: 0' }],
    fails: ['DSP-SND-03'],
    reason: /refused it with 400: invalid_time: data\.end_time is 0, the Unix epoch itself .*leave data\.end_time out/,
    viaSandbox: true,
  },
];
