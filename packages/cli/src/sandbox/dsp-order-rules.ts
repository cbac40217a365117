// What Stream requires of a DSP's order events beyond their schema: times in milliseconds, an
// event_id used for one event only, orders for a connected location from the menu Stream
// published there, and cancellations of orders the DSP sent. A subtotal that adds up is the
// contract's named sum rule (order-subtotal-adds-up), applied with the others in rules.ts.
import { createHash } from 'node:crypto';
import { exampleValue } from '../openapi.js';
import { timeOfDayIssue } from '../iso-time.js';
import { holdersIn } from '../holdings.js';
import { freeableModifiers } from '../rules-free.js';
import type { Holders, MenuBook, PriceBook } from '../rules-judge.js';
import { errorReply, type HandlerContext, type HandlerReply } from './context.js';
import type { SandboxState } from './state.js';

interface DspEvent {
  readonly event_id: string;
  readonly type: string;
  readonly location_id: string;
  readonly occurred_at_ms: number;
  readonly data: Record<string, unknown>;
}

interface OrderModifier {
  readonly id: string;
  readonly modifier_group_id: string;
  readonly nested_modifiers?: readonly OrderModifier[];
}

interface OrderItem {
  readonly id: string;
  readonly item_id: string;
  readonly modifiers?: readonly OrderModifier[];
}

/** How many event digests the sandbox keeps to spot an event_id reused for another body. */
const MAX_DIGESTS = 5000;
/** How many more it may hold before the oldest are dropped, down to MAX_DIGESTS. */
const DIGEST_BATCH = 500;
const DAY_MS = 24 * 3600 * 1000;
/** The contract's name for the rule that a cancellation is not dated before its order. */
export const CANCEL_AFTER_ITS_ORDER = 'cancel-after-its-order';

/**
 * Why a time is not plausible epoch milliseconds, naming the unit when it reads as seconds;
 * `undefined` when it is. `maxAhead` bounds how far in the future it may be; `none` says how the
 * contract writes "no time" for this field (leave it out), for a 0 sent in its place.
 */
export function millisIssue(options: { field: string; value: unknown; now: number; maxAhead: number; none?: string }): string | undefined {
  const { field, value, now, maxAhead, none } = options;
  if (typeof value !== 'number') return undefined;
  // 0 is no time at all but a store's "no end" (or an unset column) copied: times 1000 it stays 0.
  if (value === 0) return `${field} is 0, the Unix epoch itself (1970-01-01T00:00:00.000Z), not a time: ${none ?? `send the time in milliseconds since the epoch`}.`;
  const timeOfDay = timeOfDayIssue(field, value);
  if (timeOfDay !== undefined) return `${timeOfDay}.`;
  // 1e9 s is September 2001: below it the number is no plausible time in seconds either.
  if (value < 1e9) return `${field} is ${value}, which is no time in milliseconds (${asDate(value)}) nor in seconds (${asDate(value * 1000)}). Times in this API are milliseconds since the epoch (13 digits today).`;
  // 1e12 ms is September 2001: a smaller time is a count of seconds.
  if (value < 1e12) return `${field} is ${value}, which reads as seconds since the epoch (${asDate(value * 1000)}). Times in this API are milliseconds: send ${value * 1000}.`;
  if (value > now + maxAhead) return `${field} is ${value} (${asDate(value)}), too far in the future to be right. Times in this API are milliseconds since the epoch.`;
  return undefined;
}

/** The time as an ISO date, or a plain word for a number no date can hold (a Date throws on it). */
function asDate(ms: number): string {
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : 'no date at all';
}

/** A digest of the event's meaning (keys sorted), so a retry re-serialised differently still matches. */
function digest(value: unknown): string {
  const canonical = (node: unknown): unknown =>
    Array.isArray(node) ? node.map(canonical) : typeof node === 'object' && node !== null ? Object.fromEntries(Object.keys(node).sort().map((key) => [key, canonical((node as Record<string, unknown>)[key])])) : node;
  return createHash('sha256').update(JSON.stringify(canonical(value))).digest('hex');
}

/** The digest remembered for `id`, if any. */
function knownDigest(state: SandboxState, id: string): string | undefined {
  return state.dsp_event_digests?.find(([known]) => known === id)?.[1];
}

/**
 * Remembers an accepted event's digest, so a later event with its event_id and another body is
 * refused. The list changes in place and sheds its oldest entries a batch at a time, so a save
 * writes the new entry, not the whole list.
 */
export function rememberDspEvent(state: SandboxState, event: unknown): void {
  const id = (event as DspEvent).event_id;
  const entry: [string, string] = [id, digest(event)];
  state.dsp_event_digests ??= [];
  const list = state.dsp_event_digests;
  const index = list.findIndex(([known]) => known === id);
  if (index >= 0) list[index] = entry;
  else list.push(entry);
  if (list.length > MAX_DIGESTS + DIGEST_BATCH) list.splice(0, list.length - MAX_DIGESTS);
}

/** The menu the sandbox publishes (or would publish) for a location: item id to its variation ids, and every id in it. */
function menuIds(state: SandboxState, locationId: string, defaultVersion: 'v1' | 'v2'): { version: string; variations: Map<string, Set<string>>; all: Set<string> } {
  const version = Object.hasOwn(state.menu_tokens, locationId) ? state.menu_tokens[locationId]!.menu_version : defaultVersion;
  const menu = exampleValue('dsp', version === 'v2' ? 'BurgerMenuV2' : 'BurgerMenuV1');
  const variations = new Map<string, Set<string>>();
  const all = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    const object = node as Record<string, unknown>;
    if (typeof object.stream_id === 'string') {
      all.add(object.stream_id);
      // v1: an item lists its variations; v2: an item family lists its items by id.
      if (Array.isArray(object.variations)) variations.set(object.stream_id, new Set(object.variations.map((variation) => String((variation as { stream_id?: unknown }).stream_id))));
      if (Array.isArray(object.item_ids)) variations.set(object.stream_id, new Set(object.item_ids.map(String)));
    }
    Object.values(object).forEach(walk);
  };
  walk(menu);
  return { version, variations, all };
}

/**
 * The prices the menu published for a location gives each object, by its stream_id: its own
 * `price`, and an override's (a menu-specific price for the item that holds it, a modifier's price
 * with one item for that modifier), so any price the customer could have seen is one of them, and
 * 0 for a modifier of a group that gives some free.
 */
export function menuPrices(options: { state: SandboxState; locationId: string; defaultVersion?: 'v1' | 'v2' }): PriceBook {
  const prices = new Map<string, Set<number>>();
  const add = (id: string, price: number) => prices.set(id, (prices.get(id) ?? new Set<number>()).add(price));
  const walk = (node: unknown, holder: string | undefined): void => {
    if (Array.isArray(node)) return node.forEach((entry) => walk(entry, holder));
    if (typeof node !== 'object' || node === null) return;
    const object = node as Record<string, unknown>;
    const own = typeof object.stream_id === 'string' ? object.stream_id : undefined;
    const priced = own ?? (typeof object.modifier_id === 'string' ? object.modifier_id : holder);
    if (typeof object.price === 'number' && priced !== undefined) add(priced, object.price);
    Object.values(object).forEach((value) => walk(value, own ?? holder));
  };
  const menu = exampleValue('dsp', publishedMenu(options));
  walk(menu, undefined);
  // A modifier its group may give free is sent at 0 (free-modifiers-within-the-group judges how many).
  for (const id of freeableModifiers(menu)) add(id, 0);
  return (id) => prices.get(id);
}

/** Every plain value the menu published for a location gives each object (its `currency`, `name`...), by stream_id and field. */
export function menuValues(options: { state: SandboxState; locationId: string; defaultVersion?: 'v1' | 'v2' }): MenuBook {
  const menu = publishedMenu(options);
  let values = valuesByMenu.get(menu);
  if (values === undefined) {
    const found = new Map<string, Map<string, Set<unknown>>>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (typeof node !== 'object' || node === null) return;
      const object = node as Record<string, unknown>;
      if (typeof object.stream_id === 'string') {
        const fields = found.get(object.stream_id) ?? new Map<string, Set<unknown>>();
        for (const [key, value] of Object.entries(object)) if (value === null || typeof value !== 'object') fields.set(key, (fields.get(key) ?? new Set()).add(value));
        found.set(object.stream_id, fields);
      }
      Object.values(object).forEach(walk);
    };
    walk(exampleValue('dsp', menu));
    values = found;
    valuesByMenu.set(menu, values);
  }
  const known = values;
  return (id, field) => (known.has(id) ? known.get(id)!.get(field) : undefined);
}

// Per published example, found once, as the holders below.
const valuesByMenu = new Map<string, Map<string, Map<string, Set<unknown>>>>();

/** The contract example the sandbox published for a location, by the form (v1 or v2) it was published in. */
export function publishedMenu(options: { state: SandboxState; locationId: string; defaultVersion?: 'v1' | 'v2' }): 'BurgerMenuV1' | 'BurgerMenuV2' {
  const { state, locationId, defaultVersion = 'v1' } = options;
  const version = Object.hasOwn(state.menu_tokens, locationId) ? state.menu_tokens[locationId]!.menu_version : defaultVersion;
  return version === 'v2' ? 'BurgerMenuV2' : 'BurgerMenuV1';
}

// Per published example, found once: the contract's examples do not change while the sandbox runs.
const holdersByMenu = new Map<string, Map<string, Set<string>>>();

/** Which object holds which on the menu published for a location (a category its items, a group its modifiers), by stream_id. */
export function menuHolders(options: { state: SandboxState; locationId: string; defaultVersion?: 'v1' | 'v2' }): Holders {
  const menu = publishedMenu(options);
  let holders = holdersByMenu.get(menu);
  if (holders === undefined) {
    holders = holdersIn({ document: exampleValue('dsp', menu), idKey: 'stream_id' });
    holdersByMenu.set(menu, holders);
  }
  const found = holders;
  return (id) => found.get(id);
}

function newOrderIssues(context: HandlerContext, event: DspEvent, defaultVersion: 'v1' | 'v2'): string[] {
  // Read in the plain state: through the tracker every entry a scan reads costs its proxies' traps.
  const state = context.plain ?? context.state;
  const bound = state.locations.some((location) => location._id === event.location_id || location.provider_id === event.location_id || location.dsps.some((dsp) => dsp._id === event.location_id || dsp.dsp_provider_id === event.location_id));
  if (!bound && !Object.hasOwn(state.menu_tokens, event.location_id)) {
    return [`location ${event.location_id} is not connected to Stream: no menu was published for it and it is not bound. Send orders only for locations Stream connected (bind one with POST /onboarding/locations/bind, or publish a menu with POST /_sandbox/menus).`];
  }
  const menu = menuIds(state, event.location_id, defaultVersion);
  const items = (event.data.items ?? []) as readonly OrderItem[];
  const issues: string[] = [];
  items.forEach((item, index) => {
    const variations = menu.variations.get(item.item_id);
    if (variations === undefined) issues.push(`items[${index}].item_id ${item.item_id} is not an item of the ${menu.version} menu published for ${event.location_id}`);
    else if (!variations.has(item.id)) issues.push(`items[${index}].id ${item.id} is not a variation of ${item.item_id} in the ${menu.version} menu published for ${event.location_id}`);
    const walkModifiers = (modifiers: readonly OrderModifier[] | undefined, path: string): void =>
      (modifiers ?? []).forEach((modifier, at) => {
        if (!menu.all.has(modifier.id) || !menu.all.has(modifier.modifier_group_id)) issues.push(`${path}[${at}] (${modifier.modifier_group_id}/${modifier.id}) is not in the ${menu.version} menu published for ${event.location_id}`);
        walkModifiers(modifier.nested_modifiers, `${path}[${at}].nested_modifiers`);
      });
    walkModifiers(item.modifiers, `items[${index}].modifiers`);
  });
  return issues;
}

/** `undefined` when the event may be processed; otherwise the refusal that says why. */
export function dspEventRefusal(context: HandlerContext, value: unknown, defaultVersion: 'v1' | 'v2' = 'v1'): HandlerReply | undefined {
  const event = value as DspEvent;
  const seen = knownDigest(context.plain ?? context.state, event.event_id);
  if (seen !== undefined && seen !== digest(value)) {
    return errorReply(400, 'event_id_reused', `event_id ${event.event_id} was already used for a different event. Give every event its own event_id; reuse one only to resend the same event.`, { event: event.type });
  }
  const times: [string, unknown, number, string?][] = [['occurred_at_ms', event.occurred_at_ms, DAY_MS]];
  // The contract's words for "no time" in these fields (StoreStatusUpdate): omitted means now, or an indefinite pause.
  if (event.type === 'store_status_update') times.push(['data.start_time', event.data.start_time, 365 * DAY_MS, 'to take effect now, leave data.start_time out'], ['data.end_time', event.data.end_time, 365 * DAY_MS, 'to pause until you send online again, leave data.end_time out']);
  if (event.type === 'new_order') times.push(['data.estimated_ready_at_ms', event.data.estimated_ready_at_ms, 30 * DAY_MS]);
  const timeIssues = times.flatMap(([field, time, ahead, none]) => millisIssue({ field, value: time, now: context.now, maxAhead: ahead, none }) ?? []);
  if (timeIssues.length > 0) return errorReply(400, 'invalid_time', timeIssues.join(' '), { event: event.type });
  if (event.type === 'new_order' && seen === undefined) {
    const issues = newOrderIssues(context, event, defaultVersion);
    if (issues.length > 0) return errorReply(400, 'invalid_order', `Stream would refuse this order: ${issues.slice(0, 5).join('; ')}.`, { event: event.type });
  }
  if (event.type === 'cancel_order' && seen === undefined) {
    const id = String(event.data.order_id);
    const sent = (context.plain ?? context.state).orders.filter((order) => order.audience === 'dsp' && order.id === id);
    if (sent.length === 0) {
      return errorReply(400, 'unknown_order', `cancel_order names order ${id}, which this DSP never sent (no new_order with that id). Cancel only orders you sent; the sandbox's orders are in GET /_sandbox/state.`, { event: event.type });
    }
    if (!sent.some((order) => order.location_id === event.location_id)) {
      return errorReply(400, 'unknown_order', `cancel_order names order ${id} of ${sent.map((order) => order.location_id).join(', ')}, not of location_id ${event.location_id}. Cancel an order under the location it was sent to.`, { event: event.type });
    }
    // A cancellation happens after the order it cancels: an earlier time is the order's own moment (or another) copied over.
    const placed = sent.find((order) => order.location_id === event.location_id)?.placed_at_ms;
    if (typeof placed === 'number' && event.occurred_at_ms < placed) {
      return errorReply(400, 'invalid_time', `[${CANCEL_AFTER_ITS_ORDER}] cancel_order's occurred_at_ms ${asDate(event.occurred_at_ms)} is before the occurred_at_ms of order ${id}'s new_order (${asDate(placed)}). Send the moment the order was canceled, not when it was placed.`, { event: event.type });
    }
  }
  return undefined;
}
