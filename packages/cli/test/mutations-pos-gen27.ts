// Kit variants for wrongset14's POS misses as classes (issue 44): an id listed twice, a group without a
// limit on another family than the test order's, an override in dollars, a required group the till leaves
// empty, and a redirect_uri compared without some of its components (POS and DSP alike).
import type { Mutation } from './kits.js';

const CHEESE = "modifier_group: [{ provider_id: 'mg-cheese', name: 'Cheese', selection_type: 'single', modifier_ids: ['mod-cheddar', 'mod-swiss'], min_selections: 0, max_selections: 1 }],";
const REFUSE = '    if (orderValidation.length > 0 || stockValidation.length > 0) return refuse({ orderValidation, stockValidation });';

export const POS_GEN27_MUTANTS: readonly Mutation[] = [
  {
    // The export fills min_selections from the till's "ask the customer" switch, so the cheese group goes out required while the till sells plain burgers. New to POS-SND-07 (in-store-lines-within-groups), a should.
    name: 'cheese-group-required-by-prompt-flag',
    patches: [{ file: 'catalog.ts', find: "modifier_ids: ['mod-cheddar', 'mod-swiss'], min_selections: 0, max_selections: 1 }", replace: "modifier_ids: ['mod-cheddar', 'mod-swiss'], min_selections: 1, max_selections: 1 }" }],
    fails: [],
    warns: ['POS-SND-07'],
    reason: /\[in-store-lines-within-groups\] the POS's in-store order sells item-classic-single with 0 from mg-cheese \(served min_selections 1\)/,
    viaSandbox: true,
  },
  {
    // The POS's per-DSP price table holds dollars and the export writes it rounded: the single burger costs 11 on DoorDash beside its own 999. New to POS-CAT-15, a should: it warns.
    name: 'dsp-price-override-in-dollars',
    patches: [{ file: 'catalog.ts', find: "name: 'Classic Burger – Single', price_amount: 999, price_currency: 'USD' },", replace: "name: 'Classic Burger – Single', price_amount: 999, price_currency: 'USD', dsp_price_overrides: { doordash: { price_amount: 11, price_currency: 'USD' } } }," }],
    fails: [],
    warns: ['POS-CAT-15'],
    reason: /\[overrides-in-the-lowest-denomination\] read the catalog: item\/0\/dsp_price_overrides\/doordash\/price_amount is 11, less than 100 of the lowest denomination and less than 1\/20 of item\/0\/price_amount \(999\)/,
  },
  {
    // The export fills a category's item_family_ids from a join of category, family and item without DISTINCT, so the burger family is named once per burger. New to POS-CAT-02 (catalog-id-lists-unique): it warns until its effective day.
    name: 'category-names-a-family-per-item',
    patches: [{ file: 'catalog.ts', find: "item_family_ids: ['fam-classic-burger'] },", replace: "item_family_ids: ['fam-classic-burger', 'fam-classic-burger', 'fam-classic-burger'] }," }],
    fails: [],
    warns: ['POS-CAT-02'],
    reason: /\[catalog-id-lists-unique\] read the catalog: the id "fam-classic-burger" is used twice in category\/0\/item_family_ids/,
  },
  {
    // Fries gain a Dips group (multiple, no max_selections) while the order check reads a missing maximum as one, so fries with two dips are refused; the test order is a burger, which offers no such group. New to POS-ORD-01: it warns until its effective day.
    name: 'dips-on-fries-missing-max-read-as-one',
    patches: [
      { file: 'catalog.ts', find: CHEESE, replace: `${CHEESE.slice(0, -2)},\n    { provider_id: 'mg-dips', name: 'Dips', selection_type: 'multiple', modifier_ids: ['mod-ketchup', 'mod-aioli'], min_selections: 0 }],` },
      { file: 'catalog.ts', find: "item_ids: ['item-fries-regular', 'item-fries-large'] },", replace: "item_ids: ['item-fries-regular', 'item-fries-large'], modifier_group_ids: ['mg-dips'] }," },
      { file: 'catalog.ts', find: "    { provider_id: 'mod-swiss', name: 'Swiss', price_amount: 100, price_currency: 'USD' },", replace: "    { provider_id: 'mod-swiss', name: 'Swiss', price_amount: 100, price_currency: 'USD' },\n    { provider_id: 'mod-ketchup', name: 'Ketchup', price_amount: 50, price_currency: 'USD' },\n    { provider_id: 'mod-aioli', name: 'Garlic aioli', price_amount: 75, price_currency: 'USD' }," },
      { file: 'orders.ts', find: REFUSE, replace: `    for (const line of order.line_items) for (const group of CATALOG.modifier_group) if ((line.modifiers ?? []).filter((modifier) => modifier.modifier_group_id === group.provider_id).length > (group.max_selections ?? 1)) orderValidation.push({ order_error: 'invalid_cart', order_error_reason: \`At most \${group.max_selections ?? 1} from \${group.provider_id}.\` });\n${REFUSE}` },
    ],
    fails: [],
    warns: ['POS-ORD-01'],
    reason: /\[unlimited-group-takes-two\] an order whose line on item-fries-regular carries mod-ketchup and mod-aioli from mg-dips, a multiple group the catalog serves without max_selections \(which means no limit\), answered 400/,
  },
  {
    // The allow-list is compared as parsed URLs by scheme, host name, path and query, the port left out: Stream's callback on port 8443 gets the code. New to POS-OAU-02: it warns until its effective day.
    name: 'redirect-uri-compared-without-port',
    patches: [
      {
        file: 'app.ts',
        find: 'if (query.redirect_uri === undefined || !config.streamRedirectUris.includes(query.redirect_uri)) {',
        replace: "if (query.redirect_uri === undefined || !config.streamRedirectUris.some((allowed) => { const a = new URL(allowed); const b = URL.canParse(query.redirect_uri as string) ? new URL(query.redirect_uri as string) : undefined; return b !== undefined && a.protocol === b.protocol && a.hostname === b.hostname && a.pathname === b.pathname && a.search === b.search; })) {",
      },
    ],
    fails: [],
    warns: ['POS-OAU-02'],
    reason: /\[redirect-uri-components-compared\] Stream's URI on port 8443 \(https:\/\/partners\.stream\.example:8443\/oauth\/callback\): answered 302/,
  },
];

/** The same redirect_uri class on the DSP kit: certify's OAuth checks are shared, so a DSP is held to it alike. */
export const DSP_GEN27_MUTANTS: readonly Mutation[] = [
  {
    // The authorize route drops a fragment before looking redirect_uri up, as a router that parses URLs does: Stream's callback with #certify gets the code. New to DSP-OAU-02: it warns until its effective day.
    name: 'redirect-uri-compared-without-fragment',
    patches: [{ file: 'oauth.ts', find: '!config.streamRedirectUris.includes(redirectUri))', replace: "!config.streamRedirectUris.includes(redirectUri.replace(/#.*$/, '')))" }],
    fails: [],
    warns: ['DSP-OAU-02'],
    reason: /\[redirect-uri-components-compared\] Stream's URI with a fragment \(https:\/\/partners\.stream\.example\/oauth\/callback#certify\): answered 302/,
  },
];
