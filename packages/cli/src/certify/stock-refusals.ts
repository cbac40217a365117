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

type Json = Record<string, unknown>;
type Line = { readonly provider_id: string; readonly name: string };

export interface StockRefusalOptions {
  readonly requirement: string;
  /** A new order.created whose lines name `lines` (the POS's own builder, passed in to keep the modules acyclic). */
  readonly order: (context: CertifyContext, lines: readonly Line[]) => Promise<{ readonly body: Json }>;
  readonly catalog: (context: CertifyContext) => Promise<Json>;
  /** The order every order check builds on, with the catalog's item: when it is refused too, POS-ORD-01 owns the refusal. */
  readonly base: (context: CertifyContext) => Promise<{ readonly body: Json }>;
}

/** The line a refusal list is about: an id the catalog lacks, or the first item it lists with is_active false (none: not checked). */
function lineFor(list: RefusalList, catalog: Json): Line | undefined {
  if (list.names === 'unknown') return { provider_id: `certify-no-such-item-${randomBytes(3).toString('hex')}`, name: 'An item the POS does not sell' };
  const items = Array.isArray(catalog.item) ? catalog.item.filter(isObject) : [];
  const inactive = items.find((item) => item.is_active === false && typeof item.provider_id === 'string' && item.provider_id !== '');
  return inactive === undefined ? undefined : { provider_id: String(inactive.provider_id), name: typeof inactive.name === 'string' && inactive.name !== '' ? inactive.name : 'An inactive item' };
}

/** What one order with a line for each refusal list breaks: each list's entry is in its refusal, not only the first reason found. */
async function everyReason(context: CertifyContext, options: StockRefusalOptions, asked: readonly { list: RefusalList; line: Line }[]): Promise<string[]> {
  const order = await options.order(context, asked.map((entry) => entry.line));
  const ids = asked.map((entry) => entry.line.provider_id).join(', ');
  const exchange = await context.call(`send one order with a line for each refusal list (${ids})`, { target: context.target('order.created'), body: order.body, token: await accessToken(context) });
  const every = asked.map((entry) => entry.list.rule);
  if (exchange.status !== 400 || !validate('pos', 'PosValidationError', exchange.json).valid) return [`[${every[0]}] one order with a line for each refusal list (${ids}) ${answered(exchange)}, not 400 with a posValidation listing every reason`];
  return asked.flatMap(({ list, line }) => {
    const issue = refusalListIssue(list, exchange.json, line.provider_id);
    return issue === undefined ? [] : [issue.replace(/^(\[[a-z0-9-]+\]) /, '$1 in one order with a line for each refusal list, where every reason is listed: ')];
  });
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
    const asked: { list: RefusalList; line: Line }[] = [];
    for (const list of lists) {
      const line = lineFor(list, catalog);
      if (line === undefined) {
        done.push(`${list.rule} not checked: the catalog lists no item with is_active: false`);
        continue;
      }
      asked.push({ list, line });
      const what = list.names === 'unknown' ? 'an item the catalog does not have' : `${line.provider_id}, which the catalog lists with is_active: false`;
      const order = await options.order(context, [line]);
      const exchange = await context.call(`send an order for ${what}`, { target, body: order.body, token: await accessToken(context) });
      const findings = list.names === 'unknown' ? plain : named;
      const tag = list.names === 'unknown' ? '' : `[${list.rule}] `;
      if (exchange.status !== 400) {
        findings.push(`${tag}an order for ${what} ${answered(exchange)}, not 400 with a posValidation`);
        continue;
      }
      const shaped = validate('pos', 'PosValidationError', exchange.json);
      if (!shaped.valid) {
        findings.push(`${tag}the 400 for ${what} is not a PosValidationError: ${shaped.errors.map((issue) => issue.message).join('; ')}`);
        continue;
      }
      const issue = refusalListIssue(list, exchange.json, line.provider_id);
      if (issue !== undefined) named.push(issue);
      else done.push(`${list.rule}: ${line.provider_id} listed as the contract says`);
    }
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
