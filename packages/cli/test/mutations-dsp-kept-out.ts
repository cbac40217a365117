// DSP kit variants whose values contradict what they describe (issue 44, wrongset14): a tax that
// counts a fee the contract keeps out of it, a future flag on an order ready as soon as possible.
// Each is certified with the DSP kit's other variants.
import type { Mutation } from './kits.js';

export const DSP_KEPT_OUT_MUTANTS: readonly Mutation[] = [
  {
    // New York taxes service charges, so the receipt's tax line (8.875% of 950 + 150) is sent as tax: 98, where the lines' tax is 84. The tax rule is new to DSP-SND-01: it warns until its effective day.
    name: 'tax-counts-the-service-charge',
    patches: [{ file: 'send.ts', find: '      tax: 84,\n', replace: '      tax: 98,\n      service_charge: 150,\n' }],
    fails: [],
    warns: ['DSP-SND-01'],
    reason: /refused it with 400: invalid_order: \[order-tax-from-the-menu-rates\] the body: data\/tax is 98, .*: 98 counts the tax on data\/service_charge \(150\), which stays out of data\/tax/,
    viaSandbox: true,
  },
  {
    // Every pickup goes through the order-ahead checkout, which sets the flag, so an order for as soon as possible is sent as a future order ready in the kitchen's usual 20 minutes. New to DSP-VAL-01.
    name: 'asap-order-flagged-future',
    patches: [{ file: 'send.ts', find: "      fulfillment_type: 'pickup',\n", replace: "      fulfillment_type: 'pickup',\n      is_future_order: true,\n      estimated_ready_at_ms: Date.now() + 20 * 60 * 1000,\n" }],
    fails: [],
    warns: ['DSP-VAL-01'],
    reason: /\[future-order-not-ready-as-soon-as-possible\] the new_order sent at .*: data\/estimated_ready_at_ms is \d+, not > occurred_at_ms \+ 30 minutes/,
    viaSandbox: true,
  },
];
