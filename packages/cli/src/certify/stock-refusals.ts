// `POS-ORD-03`: an order the POS cannot take is refused with a posValidation, each reason in the
// list the contract's `x-stream-refusal-lists` names: an item the catalog lacks as an invalid cart,
// an item the catalog lists as inactive as out of stock. The items come from the catalog the POS served.
import { randomBytes } from 'node:crypto';
import { validate } from '@stream-partner/contracts';
import { isObject } from '../openapi.js';
import { listRefusalLists, refusalListIssue, type RefusalList } from '../refusal-lists.js';
import { accessToken } from './checks-oauth.js';
import { answered, fail, pass, type CertifyContext, type Check } from './context.js';
import { blockIfBaseRefused } from './base-bodies.js';
import { stockCountFinding } from './stock-count-enforced.js';
import { exactCountFinding } from './stock-count-exact.js';
import { activeNotSoldOutFinding } from './active-not-sold-out.js';

type Json = Record<string, unknown>;
type Line = { readonly provider_id?: string; readonly name?: string; readonly modifiers?: readonly Json[] };

export interface StockRefusalOptions {
  readonly requirement: string;
  /** A new order.created whose lines name `lines` (the POS's own builder, passed in to keep the modules acyclic). */
  readonly order: (context: CertifyContext, lines: readonly Line[]) => Promise<{ readonly body: Json }>;
  readonly catalog: (context: CertifyContext) => Promise<Json>;
  /** The order every order check builds on, with the catalog's item: when it is refused too, POS-ORD-01 owns the refusal. */
  readonly base: (context: CertifyContext) => Promise<{ readonly body: Json }>;
  /** The modifiers the catalog offers on the line of the item it sells, each with its `modifier_group_id`. */
  readonly offered: (context: CertifyContext) => Promise<readonly Json[]>;
}

/** What a refusal list is about: the line to order, the id the refusal names and the object in words. */
interface Asked {
  readonly line: Line;
  readonly refused: string;
  readonly what: string;
}

/** The first object of a kind the catalog lists with is_active false, and a group that lists it (for a modifier). */
function inactiveIn(catalog: Json, kind: 'item' | 'modifier'): { provider_id: string; name: string; group?: string } | undefined {
  const objects = Array.isArray(catalog[kind]) ? (catalog[kind] as unknown[]).filter(isObject) : [];
  const found = objects.find((object) => object.is_active === false && typeof object.provider_id === 'string' && object.provider_id !== '');
  if (found === undefined) return undefined;
  const id = String(found.provider_id);
  const groups = Array.isArray(catalog.modifier_group) ? catalog.modifier_group.filter(isObject) : [];
  const group = groups.find((candidate) => Array.isArray(candidate.modifier_ids) && candidate.modifier_ids.includes(id));
  return { provider_id: id, name: typeof found.name === 'string' && found.name !== '' ? found.name : `An inactive ${kind}`, ...(typeof group?.provider_id === 'string' ? { group: group.provider_id } : {}) };
}

/** The first item the catalog lists as sold out (`stock_count: 0`) and still active, which no location override puts back on sale. */
function soldOutIn(catalog: Json): { provider_id: string; name: string } | undefined {
  const items = Array.isArray(catalog.item) ? (catalog.item as unknown[]).filter(isObject) : [];
  const restocked = (item: Json) => Array.isArray(item.location_overrides) && item.location_overrides.some((override) => isObject(override) && ((typeof override.stock_count === 'number' && override.stock_count > 0) || override.is_active === true));
  const found = items.find((item) => item.stock_count === 0 && item.is_active !== false && !restocked(item) && typeof item.provider_id === 'string' && item.provider_id !== '');
  if (found === undefined) return undefined;
  return { provider_id: String(found.provider_id), name: typeof found.name === 'string' && found.name !== '' ? found.name : 'A sold-out item' };
}

/** The line a refusal list is about: an id the catalog lacks, or the first object it lists with is_active false (none: not checked). */
async function askedFor(context: CertifyContext, options: StockRefusalOptions, list: RefusalList, catalog: Json): Promise<Asked | string> {
  const made = `certify-no-such-${list.object}-${randomBytes(3).toString('hex')}`;
  if (list.object === 'item') {
    if (list.names === 'unknown') return { line: { provider_id: made, name: 'An item the POS does not sell' }, refused: made, what: 'an item the catalog does not have' };
    if (list.names === 'sold-out') {
      const sold = soldOutIn(catalog);
      if (sold === undefined) return 'the catalog lists no active item with stock_count: 0';
      return { line: { provider_id: sold.provider_id, name: sold.name }, refused: sold.provider_id, what: `${sold.provider_id}, which the catalog lists with stock_count: 0 (sold out)` };
    }
    const inactive = inactiveIn(catalog, 'item');
    if (inactive === undefined) return 'the catalog lists no item with is_active: false';
    return { line: { provider_id: inactive.provider_id, name: inactive.name }, refused: inactive.provider_id, what: `${inactive.provider_id}, which the catalog lists with is_active: false` };
  }
  // A modifier rides on the line of the item the POS sells, under a group the catalog has.
  const group = list.names === 'unknown' ? (await options.offered(context))[0]?.modifier_group_id : inactiveIn(catalog, 'modifier')?.group;
  const modifier = list.names === 'unknown' ? { provider_id: made, name: 'A modifier the POS does not sell' } : inactiveIn(catalog, 'modifier');
  if (modifier === undefined || typeof group !== 'string') return list.names === 'unknown' ? 'the catalog offers no modifier group on the item it sells' : 'the catalog lists no modifier with is_active: false in a group';
  const what = list.names === 'unknown' ? 'a modifier the catalog does not have' : `the modifier ${modifier.provider_id}, which the catalog lists with is_active: false`;
  return { line: { modifiers: [{ provider_id: modifier.provider_id, modifier_group_id: group, name: modifier.name, quantity: 1, price_amount: 0 }] }, refused: modifier.provider_id, what };
}

/** What one order with a line for each refusal list breaks: each list's entry is in its refusal, not only the first reason found. */
async function everyReason(context: CertifyContext, options: StockRefusalOptions, asked: readonly { list: RefusalList; ask: Asked }[]): Promise<string[]> {
  const order = await options.order(context, asked.map((entry) => entry.ask.line));
  const ids = asked.map((entry) => entry.ask.refused).join(', ');
  const exchange = await context.call(`send one order with a line for each refusal list (${ids})`, { target: context.target('order.created'), body: order.body, token: await accessToken(context) });
  const every = asked.map((entry) => entry.list.rule);
  if (exchange.status !== 400 || !validate('pos', 'PosValidationError', exchange.json).valid) return [`[${every[0]}] one order with a line for each refusal list (${ids}) ${answered(exchange)}, not 400 with a posValidation listing every reason`];
  return asked.flatMap(({ list, ask }) => {
    const issue = refusalListIssue(list, exchange.json, ask.refused);
    return issue === undefined ? [] : [issue.replace(/^(\[[a-z0-9-]+\]) /, '$1 in one order with a line for each refusal list, where every reason is listed: ')];
  });
}

/** A rule of certify's on POS-ORD-03 (catalogue 1.14.0): an item the catalog says is in stock (stock_count above 0) is not refused as sold out. */
export const IN_STOCK_NOT_SOLD_OUT = 'in-stock-not-sold-out';

/** Orders one unit of the first active item the catalog counts stock for (stock_count above 0); a stockValidation entry naming it with quantity 0 contradicts the catalog. */
async function inStockFinding(context: CertifyContext, options: StockRefusalOptions, catalog: Json): Promise<string | undefined> {
  const items = Array.isArray(catalog.item) ? catalog.item.filter(isObject) : [];
  const item = items.find((each) => typeof each.stock_count === 'number' && each.stock_count > 0 && each.is_active !== false && typeof each.provider_id === 'string');
  if (item === undefined) return undefined;
  const order = await options.order(context, [{ provider_id: String(item.provider_id), name: typeof item.name === 'string' ? item.name : 'An item in stock' }]);
  const exchange = await context.call(`send an order for one ${String(item.provider_id)}, which the catalog counts ${String(item.stock_count)} of`, { target: context.target('order.created'), body: order.body, token: await accessToken(context) });
  const stock = isObject(exchange.json) && isObject(exchange.json.posValidation) && Array.isArray(exchange.json.posValidation.stockValidation) ? exchange.json.posValidation.stockValidation.filter(isObject) : [];
  const entry = stock.find((each) => each.provider_id === item.provider_id && each.quantity === 0);
  if (exchange.status !== 400 || entry === undefined) return undefined;
  return `[${IN_STOCK_NOT_SOLD_OUT}] an order for one ${String(item.provider_id)}, which the catalog serves with stock_count: ${String(item.stock_count)}, was refused with a stockValidation entry saying quantity 0 (sold out): stock_count is how many are left to sell, so serve the count the POS sells from (a low-stock threshold included), or take the order`;
}

export function stockRefusalCheck(options: StockRefusalOptions): Check {
  return async (context) => {
    const lists = listRefusalLists(context.config.audience).filter((list) => list.requirement === options.requirement);
    const catalog = await options.catalog(context);
    const target = context.target('order.created');
    // Findings of the requirement's first check (a 400 with a posValidation) fail at once; the
    // named lists' findings carry their rule's name, so a list announced later warns until its day.
    const plain: string[] = [];
    const named: string[] = [];
    const done: string[] = [];
    const asked: { list: RefusalList; ask: Asked }[] = [];
    for (const list of lists) {
      const ask = await askedFor(context, options, list, catalog);
      if (typeof ask === 'string') {
        done.push(`${list.rule} not checked: ${ask}`);
        continue;
      }
      asked.push({ list, ask });
      const { what } = ask;
      const order = await options.order(context, [ask.line]);
      const exchange = await context.call(`send an order for ${what}`, { target, body: order.body, token: await accessToken(context) });
      // An unknown item is the requirement's own first check; every other list is a named rule, added later.
      const first = list.names === 'unknown' && list.object === 'item';
      const findings = first ? plain : named;
      const tag = first ? '' : `[${list.rule}] `;
      if (exchange.status !== 400) {
        findings.push(`${tag}an order for ${what} ${answered(exchange)}, not 400 with a posValidation`);
        continue;
      }
      const shaped = validate('pos', 'PosValidationError', exchange.json);
      if (!shaped.valid) {
        findings.push(`${tag}the 400 for ${what} is not a PosValidationError: ${shaped.errors.map((issue) => issue.message).join('; ')}`);
        continue;
      }
      const issue = refusalListIssue(list, exchange.json, ask.refused);
      if (issue !== undefined) named.push(issue);
      else done.push(`${list.rule}: ${ask.refused} listed as the contract says`);
    }
    // Before the one-unit order below, which a POS that counts down would take from the same stock.
    const send = async (body: Json, what: string) => {
      const exchange = await context.call(what, { target, body, token: await accessToken(context) });
      return { status: exchange.status, json: exchange.json, summary: answered(exchange) };
    };
    const overCount = await stockCountFinding({ catalog, order: (line) => options.order(context, [line]), send });
    if (overCount !== undefined) named.push(overCount);
    const inStock = await inStockFinding(context, options, catalog);
    if (inStock !== undefined) named.push(inStock);
    const uncounted = await activeNotSoldOutFinding({ catalog, order: (lines) => options.order(context, lines), send });
    if (uncounted !== undefined) named.push(uncounted);
    // Last, on the catalog read again: a POS that counts down serves what the orders above left.
    const exact = await exactCountFinding({ catalog: await options.catalog(context), order: (line) => options.order(context, [line]), send });
    if (exact !== undefined) named.push(exact);
    // The contract asks for every reason in one refusal: an order with a line for each list gets each list's entry.
    if (asked.length > 1 && plain.length === 0 && named.length === 0) named.push(...(await everyReason(context, options, asked)));
    const expected = lists.map((list) => list.statement).join(' ');
    // A POS that refuses the order these are variants of cannot show why it refuses them.
    if (plain.length > 0 || named.length > 0) await blockIfBaseRefused(context, { target, make: async () => (await options.base(context)).body });
    // A mixed reason names no rule in brackets: the older check's failure must not turn into a warning.
    if (plain.length > 0) return fail([...plain, ...named.map((text) => text.replace(/^\[([a-z0-9-]+)\]/, '(rule $1)'))].join('; '), `400 with a PosValidationError. ${expected}`);
    if (named.length > 0) return fail(named.join('; '), expected);
    return pass(done.join('; '));
  };
}
