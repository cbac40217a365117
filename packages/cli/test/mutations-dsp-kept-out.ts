// DSP kit variants that keep out what the contract lets in, or let in what it keeps out (issue 44,
// wrongset14): a tax that counts a fee, a future flag on an order ready as soon as possible, an
// object update refused for an id the downloaded menu lacks. Each is certified with the kit's other variants.
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
  {
    // The DSP keeps the text of the menu it last downloaded for each store and refuses an object update naming an id that text lacks, e.g. an item added on Stream since. New to DSP-EVT-08 (unknown-id-accepted): it warns until its effective day.
    name: 'update-for-an-id-not-in-the-menu-refused',
    patches: [
      { file: 'app.ts', find: '  const seen = new Set<string>();\n', replace: '  const seen = new Set<string>();\n  const menus = new Map<string, string>();\n' },
      {
        file: 'app.ts',
        find: '    seen.add(event.event_id);\n',
        replace: "    const menu = menus.get(event.location_id);\n    if (event.type === 'location.update' && menu !== undefined && event.data.updates.some((update) => !menu.includes(JSON.stringify(update.stream_id)))) return void res.status(400).json({ code: 'invalid_event', message: 'An update names a stream_id the menu does not have.' });\n    seen.add(event.event_id);\n",
      },
      { file: 'app.ts', find: 'void downloadMenu(event.data.menu_file_url, log);', replace: 'void downloadMenu(event.data.menu_file_url, log, (text) => menus.set(event.location_id, text));' },
      { file: 'app.ts', find: 'async function downloadMenu(url: string, log: (line: string) => void): Promise<void> {', replace: 'async function downloadMenu(url: string, log: (line: string) => void, keep: (text: string) => void = () => undefined): Promise<void> {' },
      { file: 'app.ts', find: '    const menu = await response.json();\n', replace: '    const text = await response.text();\n    keep(text);\n    const menu = JSON.parse(text) as unknown;\n' },
    ],
    fails: [],
    warns: ['DSP-EVT-08'],
    reason: /\[unknown-id-accepted\] send location\.update naming [a-z_]+_added_[0-9a-f]{8}.*, which no menu or event of this run gave answered 400/,
    viaSandbox: true,
  },
];
