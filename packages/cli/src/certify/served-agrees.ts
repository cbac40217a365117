// What a POS serves held against what it does in the same run: the locations it lists are the
// token's merchant's (their catalogs read with that token), a location it lists offline or an item
// only inactive menus offer takes no order, and its in-store orders agree with the catalog and
// location it serves (prices, tax, ASAP).
import { randomBytes } from 'node:crypto';
import { isObject } from '../openapi.js';
import { accessToken } from './checks-oauth.js';
import { expectFromPartner } from './checks-arrivals.js';
import type { HttpExchange } from '../http.js';
import { inactiveFamilyFinding } from './inactive-parent.js';
import { closedMenuFinding } from './closed-menu.js';
import { currencyFinding, IN_STORE_CURRENCY_SERVED, taxRateFinding } from './in-store-tax.js';
import { groupLimitsFinding } from './in-store-group-limits.js';
import { linePriceFinding } from './in-store-line-prices.js';
import type { OrderLine } from './pos-catalog-lines.js';

/** Rule names this file's checks put in their reasons, listed among certify's own rules. */
export const INACTIVE_MENU_TAKES_NO_ORDER = 'inactive-menu-takes-no-order';
export const CHARGED_TAX_SERVED = 'charged-tax-served';
import { answered, Blocked, fail, pass, type CertifyContext, type Check, type CheckOutcome } from './context.js';
import { familiesByItem, firstFamily } from './catalog-families.js';

type Json = Record<string, unknown>;

/** The most listed locations whose catalogs certify reads: enough for a test merchant, bounded for a large one. */
const SCOPE_READS = 10;
/** Stream's own estimate for an order as soon as possible, when the POS's prep time is shorter (the DSP contract's 30 minutes). */
const ASAP_MINUTES = 30;

export interface ServedAgreesOptions {
  readonly firstLocation: (context: CertifyContext) => Promise<string>;
  readonly catalog: (context: CertifyContext) => Promise<Json>;
  readonly catalogParams: (context: CertifyContext, locationId: string) => Record<string, string>;
  readonly acceptOrder: (context: CertifyContext) => Promise<unknown>;
  /** The provider_id of the item certify's orders name, read from the catalog. */
  readonly orderedItem: (catalog: Json) => unknown;
  /** Sends Stream's order.created for one line of the caller's choosing. */
  readonly orderFor: (context: CertifyContext, line: OrderLine) => Promise<HttpExchange>;
}

async function listedLocations(context: CertifyContext, what: string): Promise<Json[]> {
  const exchange = await context.call(what, { target: context.target('listLocations'), token: await accessToken(context) });
  const locations = isObject(exchange.json) && Array.isArray(exchange.json.locations) ? exchange.json.locations.filter(isObject) : undefined;
  if (exchange.status !== 200 || locations === undefined) throw new Blocked(`no location list to compare: GET /stream-pos/v1/locations ${answered(exchange)}`, 'POS-LOC-01');
  return locations;
}

/** POS-LOC-06: every listed location's catalog reads with the token that listed it; a 404 names another merchant's location. */
export function listScopeCheck(options: ServedAgreesOptions): Check {
  return async (context) => {
    const idsOf = async (what: string) => new Set((await listedLocations(context, what)).map((location) => location.provider_id).filter((id): id is string => typeof id === 'string' && id !== ''));
    // A location listed in one read and gone in the next is POS-LOC-04's finding (ids change): only ids both reads give are judged here.
    const again = await idsOf('list locations, to read each one\'s catalog');
    const ids = [...(await idsOf('list locations again, to judge only the ids both reads give'))].filter((id) => again.has(id));
    const foreign: string[] = [];
    for (const id of ids.slice(0, SCOPE_READS)) {
      const exchange = await context.call(`read the catalog of listed location ${id}`, { target: context.target('getCatalog'), token: await accessToken(context), params: options.catalogParams(context, id) });
      if (exchange.status === 404) foreign.push(`${id} ${answered(exchange)}`);
    }
    if (foreign.length > 0) return fail(`the list names location(s) whose catalog the same token cannot read, so they are not the token's merchant's: ${foreign.join('; ')}`, 'only locations of the merchant the access token belongs to');
    return pass(`the catalog of each of ${Math.min(ids.length, SCOPE_READS)} listed location(s) reads with the same token`);
  };
}

/** The menus that offer an item (through a category listing its family); empty when none does. */
export function menusOffering(catalog: Json, itemId: unknown): Json[] {
  const listed = (key: string) => (Array.isArray(catalog[key]) ? catalog[key].filter(isObject) : []);
  // Sets, not lists: thousands of families listing the item, each looked up per category id, cost their product.
  const families = new Set((familiesByItem(catalog).get(itemId) ?? []).map((family) => family.provider_id));
  const categories = new Set(listed('category').filter((category) => Array.isArray(category.item_family_ids) && category.item_family_ids.some((id) => families.has(id))).map((category) => category.provider_id));
  return listed('menu').filter((menu) => Array.isArray(menu.category_ids) && menu.category_ids.some((id) => categories.has(id)));
}

/**
 * POS-LOC-07, rule inactive-menu-takes-no-order: an item the catalog offers only on menus it serves
 * with is_active false is not on sale, so a POS that makes Stream's order for it serves a catalog that
 * says it is not (a "published" switch exported as is_active and never turned on).
 */
async function inactiveMenuFinding(options: ServedAgreesOptions, context: CertifyContext): Promise<string | undefined> {
  const catalog = await options.catalog(context);
  const itemId = options.orderedItem(catalog);
  const menus = menusOffering(catalog, itemId);
  if (menus.length === 0 || menus.some((menu) => menu.is_active !== false)) return undefined;
  await options.acceptOrder(context);
  return `[${INACTIVE_MENU_TAKES_NO_ORDER}] the POS made Stream's order for ${String(itemId)} (201), yet the catalog offers it only on menu(s) ${menus.map((menu) => String(menu.provider_id)).join(', ')} with is_active: false, so nothing of it is on sale: serve the menu the POS sells from as active (omit is_active or send true), or refuse orders from an inactive menu`;
}

/** POS-LOC-07: a location listed offline cannot take orders; one that takes Stream's order and is still listed offline contradicts itself. */
export function offlineTakesNoOrderCheck(options: ServedAgreesOptions): Check {
  return async (context) => {
    let menuFinding: string | undefined;
    try {
      menuFinding = await inactiveMenuFinding(options, context);
    } catch (error) {
      // A POS that refuses the order from an inactive menu agrees with its catalog.
      if (!(error instanceof Blocked)) throw error;
    }
    menuFinding ??= await inactiveFamilyFinding({ catalog: await options.catalog(context), send: (line) => options.orderFor(context, line) });
    const served = await options.catalog(context);
    menuFinding ??= await closedMenuFinding({ catalog: served, offering: (itemId) => menusOffering(served, itemId), send: (line) => options.orderFor(context, line) });
    if (menuFinding !== undefined) return fail(menuFinding, 'an order taken only for an item an active menu and an active item family offer');
    const locationId = await options.firstLocation(context);
    const statusOf = (locations: Json[]) => locations.find((location) => location.provider_id === locationId)?.connection_status;
    if (statusOf(await listedLocations(context, 'list locations, to read the connection_status')) !== 'offline') return pass(`${locationId} is not listed offline`);
    try {
      await options.acceptOrder(context);
    } catch (error) {
      if (error instanceof Blocked) return pass(`${locationId} is listed offline and did not take the order`);
      throw error;
    }
    // Read again after the order: a till that came back online in between is listed online by now.
    if (statusOf(await listedLocations(context, 'list locations again after the order was taken')) !== 'offline') return pass(`${locationId} took the order and is listed online now`);
    return fail(`${locationId} is listed with connection_status offline, yet it took Stream's order (201), and is still listed offline after it`, 'connection_status online for a location whose POS takes orders');
  };
}

function minutesBetween(from: unknown, to: unknown): number | undefined {
  const start = typeof from === 'string' ? Date.parse(from) : NaN;
  const end = typeof to === 'string' ? Date.parse(to) : NaN;
  return Number.isFinite(start) && Number.isFinite(end) ? (end - start) / 60000 : undefined;
}

/** The in-store order's findings against the catalog and location the POS serves. */
export function inStoreDisagreements(order: Json, catalog: Json, location: Json | undefined): string[] {
  const found: string[] = [];
  const prep = typeof location?.prep_time_minutes === 'number' ? location.prep_time_minutes : 0;
  const ahead = minutesBetween(order.placed_at, order.requested_for);
  const asap = Math.max(prep, ASAP_MINUTES);
  if (order.is_future_order === true && ahead !== undefined && ahead <= asap) {
    found.push(`[in-store-future-order-is-later] is_future_order is true, but requested_for is ${Math.round(ahead)} minutes after placed_at, within ${asap} minutes (the location's prep_time_minutes ${prep}, or Stream's ${ASAP_MINUTES} for as soon as possible): an order for as soon as possible`);
  }
  const prices = new Map<unknown, unknown>();
  const listed = (key: string) => (Array.isArray(catalog[key]) ? catalog[key].filter(isObject) : []);
  // An item that leaves its price unset sells at the price of the family that lists it.
  const familyOf = familiesByItem(catalog);
  const familyPrice = (id: unknown) => firstFamily(familyOf, id)?.price_amount;
  for (const object of listed('item')) prices.set(object.provider_id, object.price_amount ?? familyPrice(object.provider_id));
  for (const object of listed('modifier')) prices.set(object.provider_id, object.price_amount);
  const lines = Array.isArray(order.line_items) ? order.line_items.filter(isObject) : [];
  const priced = lines.flatMap((line) => [line, ...(Array.isArray(line.modifiers) ? line.modifiers.filter(isObject) : [])]);
  for (const line of priced) {
    const served = prices.get(line.provider_id);
    const charged = line.price_amount;
    if (typeof served === 'number' && typeof charged === 'number' && charged >= 100 && served !== charged && Math.round(charged / 100) === served) {
      found.push(`[catalog-prices-in-minor-units] the catalog prices ${String(line.provider_id)} at ${served}, while the POS's own in-store order charges ${charged} for it: the catalog reads as whole currency units, not cents`);
    }
  }
  const subtotal = typeof order.subtotal === 'number' ? order.subtotal : undefined;
  const tax = typeof order.tax === 'number' ? order.tax : undefined;
  const taxes = Array.isArray(catalog.tax) ? catalog.tax.filter(isObject) : [];
  // A tax the catalog leaves exclusive at the amount the order shows explains it: then nothing is certain.
  const explained = (amount: number) => taxes.some((entry) => entry.is_inclusive !== true && typeof entry.rate === 'number' && Math.abs(Math.round((amount * entry.rate) / 100) - (tax ?? 0)) <= 1);
  for (const entry of taxes) {
    if (entry.is_inclusive !== true || typeof entry.rate !== 'number' || subtotal === undefined || tax === undefined || tax === 0 || explained(subtotal)) continue;
    const onTop = Math.round((subtotal * entry.rate) / 100);
    const within = Math.round((subtotal * entry.rate) / (100 + entry.rate));
    if (Math.abs(tax - onTop) <= 1 && Math.abs(tax - within) > 1) {
      found.push(`[inclusive-tax-not-added-on-top] the catalog's tax ${String(entry.provider_id)} (${entry.rate}%) says is_inclusive: true, but the POS's in-store order adds it on top: tax ${tax} is ${entry.rate}% of subtotal ${subtotal} (included in the prices it would be ${within})`);
    }
  }
  for (const finding of [currencyFinding(order, catalog), linePriceFinding(order, catalog), groupLimitsFinding(order, catalog), untaxedFamilies(lines, catalog, taxes) === undefined ? taxRateFinding(order, catalog) : undefined]) if (finding !== undefined) found.push(finding);
  const untaxed = untaxedFamilies(lines, catalog, taxes);
  if (tax !== undefined && tax > 0 && order.tax_withheld_by_dsp !== true && untaxed !== undefined) {
    found.push(`[${CHARGED_TAX_SERVED}] the POS's in-store order charges tax ${tax}, but by the catalog it serves no tax applies to its items (${untaxed.join('; ')}): a tax the POS charges is served with is_default false and listed in no family's tax_ids, so Stream's orders would go untaxed`);
  }
  return found;
}

/**
 * How each line's family escapes every tax of the catalog (none in tax_ids, no is_default tax it
 * takes, or exempt); undefined when a line's family is unknown or any tax with a rate applies to one.
 */
function untaxedFamilies(lines: readonly Json[], catalog: Json, taxes: readonly Json[]): string[] | undefined {
  const familyOf = familiesByItem(catalog);
  const rated = new Map(taxes.filter((entry) => typeof entry.rate === 'number' && entry.rate > 0).map((entry) => [entry.provider_id, entry]));
  const defaults = [...rated.values()].filter((entry) => entry.is_default === true);
  const why: string[] = [];
  for (const line of lines) {
    const family = firstFamily(familyOf, line.provider_id);
    if (family === undefined) return undefined;
    if (family.is_tax_exempt === true) {
      why.push(`${String(family.provider_id)} is_tax_exempt`);
      continue;
    }
    const listed = Array.isArray(family.tax_ids) ? family.tax_ids.filter((id) => rated.has(id)) : [];
    if (listed.length > 0 || (family.use_default_tax_rates !== false && defaults.length > 0)) return undefined;
    why.push(`${String(family.provider_id)} lists no tax in tax_ids${family.use_default_tax_rates === false ? ' and has use_default_tax_rates false' : ', and no tax is is_default: true'}`);
  }
  return why.length > 0 ? [...new Set(why)] : undefined;
}

/** The rules whose findings are certain from the contract's words and the arithmetic (POS-SND-08, a must); the rest are POS-SND-07's heuristics. */
const AMOUNT_RULES = ['[catalog-prices-in-minor-units]', '[inclusive-tax-not-added-on-top]', `[${CHARGED_TAX_SERVED}]`, `[${IN_STORE_CURRENCY_SERVED}]`];

interface InStoreReading {
  readonly found?: readonly string[];
  readonly outcome: CheckOutcome;
  readonly judged: boolean;
}

/** One in-store order for both POS-SND-07 and -08: the partner is asked once, and each judges its own findings. */
function readInStore(options: ServedAgreesOptions, context: CertifyContext): Promise<InStoreReading> {
  return context.once('pos:in-store-agrees', async () => {
    const catalog = await options.catalog(context);
    const locationId = await options.firstLocation(context);
    const location = (await listedLocations(context, 'list locations, for the prep time')).find((each) => each.provider_id === locationId);
    let found: string[] | undefined;
    const outcome = await expectFromPartner(
      context,
      {
        event: 'incoming.order.created',
        instruction: `Send an in-store order (type order.created) for location ${locationId}.`,
        values: { location_id: locationId, order_id: `instore_${randomBytes(3).toString('hex')}` },
        match: (exchange) => exchange.operation === 'pos:sendWebhookEvent' && exchange.event === 'order.created',
      },
      (arrived): CheckOutcome => {
        const order = isObject(arrived.requestBody) && isObject(arrived.requestBody.object) ? arrived.requestBody.object : {};
        found = inStoreDisagreements(order, catalog, location);
        return pass();
      },
    );
    return { found, outcome, judged: found !== undefined };
  });
}

/**
 * POS-SND-07 (a should: `amounts` false, the as-soon-as-possible heuristic) and POS-SND-08 (a must:
 * `amounts` true, catalog prices in cents and inclusive taxes, certain from one order's arithmetic).
 */
export function inStoreAgreesCheck(options: ServedAgreesOptions & { readonly amounts: boolean }): Check {
  return async (context) => {
    const reading = await readInStore(options, context);
    // An in-store order the sandbox refused, or that never came, is POS-SND-06's finding: there is nothing to compare.
    if (!reading.judged) throw new Blocked(reading.outcome.reason ?? 'no in-store order arrived', 'POS-SND-06');
    const found = (reading.found ?? []).filter((text) => AMOUNT_RULES.some((rule) => text.startsWith(rule)) === options.amounts);
    const what = options.amounts ? 'the in-store order\'s prices and tax agree with the catalog served' : 'the in-store order agrees with the location served';
    return found.length === 0 ? pass(what) : fail(found.join('; '), options.amounts ? 'catalog prices in the cents the in-store order charges, and a tax marked is_inclusive only where the order does not add it on top' : 'an in-store order that agrees with the catalog and the location the POS serves');
  };
}
