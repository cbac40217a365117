// Calls partners make to Stream: DSP orders and store status, POS webhook events, event-provider
// delivery updates, and the DSP menu file download. Each signed call is checked the way Stream
// checks it: the partner in the path, then the signature over the raw body, then the contract.
import { StreamContractsError, verifyWebhook } from '@stream-partner/contracts';
import { trimHistory } from './capacity.js';
import { exampleValue } from '../openapi.js';
import { errorReply, eventType, header, parseBody, queryString, timeOutOfRange, type Handler, type HandlerContext, type HandlerReply } from './context.js';
import { dspEventRefusal, menuHolders, menuPrices, menuValues, millisIssue, rememberDspEvent } from './dsp-order-rules.js';
import { menuTaxes } from './menu-taxes.js';
import { menuFree } from './menu-free.js';
import { relationRefusal } from './relations.js';
import { requestRuleRefusal } from './rules.js';
import { changedLinkRefusal } from './verbatim-link.js';
import { holdersFrom } from '../holdings.js';
import { isoText } from '../iso-time.js';
import { own, type LocationRecord, type OrderRecord, type SandboxState } from './state.js';
import type { TrackedList } from './state-store.js';

const SIGNATURE_ADVICE: Record<string, string> = {
  signature_missing: 'No Stream-Signature header. Sign the raw body with HMAC-SHA256 under your webhook secret and send the 64 lower-case hex characters in Stream-Signature.',
  signature_malformed:
    'Stream-Signature is not 64 lower-case hex characters. Send the hex digest alone: no "sha256=" prefix, no base64, no upper case.',
  signature_mismatch:
    'Stream-Signature does not match the HMAC-SHA256 of the body. The usual causes: the body was re-serialised after signing (sign the exact bytes you send) or the wrong secret (use the webhook secret the sandbox printed on start).',
};

let lastSecret: string | undefined;
let lastSecretBytes: Uint8Array = new Uint8Array(0);

/** The webhook secret as the bytes HMAC keys with, encoded once: given as text, verifyWebhook encodes it anew for every call. */
function secretBytes(secret: string): Uint8Array {
  if (secret !== lastSecret) {
    lastSecret = secret;
    lastSecretBytes = Buffer.from(secret, 'utf8');
  }
  return lastSecretBytes;
}

/**
 * `undefined` when the signature is good; otherwise the 401 that names what was wrong. The verdict
 * is noted in the request's checks, so the console shows it without computing the HMAC again.
 */
export function checkSignature(context: HandlerContext): HandlerReply | undefined {
  const body = context.rawBody;
  let reply: HandlerReply | undefined;
  try {
    verifyWebhook({ secret: secretBytes(context.config.webhookSecret), body, signature: header(context, 'stream-signature') });
  } catch (error) {
    if (!(error instanceof StreamContractsError && error.code in SIGNATURE_ADVICE)) throw error;
    reply = errorReply(401, error.code, SIGNATURE_ADVICE[error.code]!, { event: safeEventType(body) });
  }
  if (context.checks !== undefined) context.checks.signature = reply ?? null;
  return reply;
}

function safeEventType(raw: string): string | undefined {
  try {
    return eventType(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/**
 * The state to look things up in: the plain one when the handler has it. Every read through the
 * tracked state passes its proxies' traps (a scan of a list, one per entry), so handlers read here
 * and change only what they found through `context.state`.
 */
function readable(context: HandlerContext): SandboxState {
  return context.plain ?? context.state;
}

/** Where `id` names a location: its index in the state's list, or -1. */
function locationIndex(context: HandlerContext, id: string): number {
  const locations = readable(context).locations;
  // Plain loops: a call per location and per DSP binding cost more than the comparisons, on every event.
  for (let index = 0; index < locations.length; index += 1) {
    const location = locations[index]!;
    if (location._id === id || location.provider_id === id || boundDsp(location, id)) return index;
  }
  return -1;
}

/** Entry `index` of a list of the state, tracked, so a change to it is saved; undefined for -1. */
function tracked<K extends TrackedList>(context: HandlerContext, list: K, index: number): SandboxState[K][number] | undefined {
  if (index < 0) return undefined;
  return context.entry === undefined ? context.state[list][index] : context.entry(list, index);
}

/** The location `id` names, found in the plain state and answered tracked, so a change to it is saved. */
function findLocation(context: HandlerContext, id: string): LocationRecord | undefined {
  return tracked(context, 'locations', locationIndex(context, id));
}

/** The first order `matches` accepts, found in the plain state and answered tracked, so a change to it is saved. */
function findOrder(context: HandlerContext, matches: (order: OrderRecord) => boolean): OrderRecord | undefined {
  return tracked(context, 'orders', readable(context).orders.findIndex(matches));
}

function boundDsp(location: LocationRecord, id: string): boolean {
  for (const dsp of location.dsps) if (dsp._id === id || dsp.dsp_provider_id === id) return true;
  return false;
}

function record(order: OrderRecord, status: string, source: string, now: number): void {
  order.status = status;
  trimHistory(order.history);
  order.history.push({ at: new Date(now).toISOString(), status, source });
}

const sendOrderEvent: Handler = (context) => {
  if (context.params.partner_id !== context.config.partnerId) {
    return errorReply(401, 'unknown_partner', `partner_id ${context.params.partner_id} is unknown. Send to /order/${context.config.partnerId} (the sandbox's --partner-id).`);
  }
  const refused = checkSignature(context);
  if (refused !== undefined) return refused;
  const parsed = parseBody(context, 'invalid_event');
  if (!parsed.ok) return parsed.reply;
  const event = parsed.value as { event_id: string; type: string; location_id: string; occurred_at_ms: number; data: Record<string, unknown> };
  // Out-of-range times first: the rules below format times as dates.
  const badTime = timeOutOfRange('data.start_time', event.data.start_time, 'invalid_event') ?? timeOutOfRange('data.end_time', event.data.end_time, 'invalid_event');
  if (badTime !== undefined) return { ...badTime, event: event.type };
  const broken = dspEventRefusal(context, event, context.config.menuVersion);
  if (broken !== undefined) return broken;
  if (readable(context).dsp_event_ids.includes(event.event_id)) {
    return { status: 202, body: { event_id: event.event_id, duplicate: true }, event: event.type, note: `repeat of ${event.event_id}: stored once, not processed again` };
  }
  const menu = { state: readable(context), locationId: event.location_id, defaultVersion: context.config.menuVersion };
  const ruleBroken = requestRuleRefusal({ api: 'dsp', operationId: 'sendOrderEvent', body: event, event: event.type, now: context.now, prices: menuPrices(menu), menu: menuValues(menu), holders: menuHolders(menu), taxes: menuTaxes(menu), free: menuFree(menu) });
  if (ruleBroken !== undefined) return ruleBroken;
  let note: string;
  if (event.type === 'new_order') {
    const id = String(event.data.id);
    const order: OrderRecord = { id, audience: 'dsp', location_id: event.location_id, status: 'received', placed_at_ms: event.occurred_at_ms, history: [] };
    record(order, 'received', 'new_order', context.now);
    context.state.orders.push(order);
    note = `order ${id} stored for ${event.location_id}; Stream answers with location.order.accept or location.order.fail at your /stream-dsp/v1/event`;
  } else if (event.type === 'cancel_order') {
    const id = String(event.data.order_id);
    const order = findOrder(context, (candidate) => candidate.id === id);
    if (order === undefined) note = `no order ${id} is known to the sandbox; Stream would find nothing to cancel`;
    else {
      record(order, 'canceled', 'cancel_order', context.now);
      note = `order ${id} canceled`;
    }
  } else {
    const data = event.data as { status: 'online' | 'paused'; end_time?: number };
    const location = findLocation(context, event.location_id);
    if (location === undefined) note = `no location ${event.location_id} is bound in the sandbox; bind it with POST /onboarding/locations/bind`;
    else {
      location.availability = data.status === 'paused' ? 'paused' : 'open';
      location.paused_until = data.status === 'paused' ? (data.end_time ?? null) : null;
      note = data.status === 'paused' ? `location ${location._id} paused ${data.end_time === undefined ? 'until further notice' : `until ${isoText(data.end_time)}`}` : `location ${location._id} online`;
    }
  }
  // Seen only once processed: a retry of an event that failed is processed, not answered as a duplicate.
  context.state.dsp_event_ids.push(event.event_id);
  rememberDspEvent(context.state, event);
  context.changed();
  return { status: 202, body: { event_id: event.event_id }, event: event.type, note };
};

const getMenuFile: Handler = (context) => {
  const changed = changedLinkRefusal(context);
  if (changed !== undefined) return changed;
  const locationId = queryString(context, 'location_id') ?? '';
  const token = queryString(context, 'token');
  const published = own(readable(context).menu_tokens, locationId);
  if (published === undefined) return errorReply(404, 'menu_not_published', `No menu has been published for ${locationId || 'this location'} yet.`);
  if (token !== published.token || published.expires_at <= context.now) {
    return errorReply(403, 'menu_link_expired', `The menu file link for ${locationId} has expired. Use the link from the latest location.publish event.`);
  }
  return { status: 200, body: exampleValue('dsp', published.menu_version === 'v2' ? 'BurgerMenuV2' : 'BurgerMenuV1'), note: `menu ${published.menu_version} for ${locationId}` };
};

const sendWebhookEvent: Handler = (context) => {
  if (context.params.partner_slug !== context.config.partnerSlug) {
    return errorReply(401, 'unknown_partner', `partner_slug ${context.params.partner_slug} is unknown. Send to /pos/${context.config.partnerSlug}/webhook (the sandbox's --partner-slug).`);
  }
  const refused = checkSignature(context);
  if (refused !== undefined) return refused;
  const parsed = parseBody(context, 'invalid_event');
  if (!parsed.ok) return parsed.reply;
  const event = parsed.value as { type: string; object: Record<string, unknown> };
  const object = event.object;
  const badTime = event.type === 'location.status.updated' ? timeOutOfRange('object.paused_until', object.paused_until, 'invalid_event') : undefined;
  if (badTime !== undefined) return { ...badTime, event: event.type };
  const pausedIssue = millisIssue({ field: 'object.paused_until', value: object.paused_until, now: context.now, maxAhead: 365 * 24 * 3600 * 1000, none: 'to pause until the next active event, send null or leave object.paused_until out' });
  if (pausedIssue !== undefined) return errorReply(400, 'invalid_time', pausedIssue, { event: event.type });
  // An in-store order's lines are judged against the catalog the POS served for the location, when certify registered it.
  const served = own(readable(context).pos_catalog_holders, String(object.location_id ?? ''));
  // No spread of an empty object: this runs for every POS event.
  const ruleBroken = requestRuleRefusal({ api: 'pos', operationId: 'sendWebhookEvent', body: event, event: event.type, now: context.now, holders: served === undefined ? undefined : holdersFrom(served) });
  if (ruleBroken !== undefined) return ruleBroken;
  // Every reference the event makes resolves to what the POS served (its location list, its catalog, the orders it answered); an in-store order is the contract's incoming.order.created.
  const unresolved = relationRefusal({ api: 'pos', event: event.type === 'order.created' ? 'incoming.order.created' : event.type, body: event, state: readable(context) });
  if (unresolved !== undefined) return { ...unresolved, event: event.type };
  const locationId = String(object.location_id ?? '');
  const at = locationIndex(context, locationId);
  // Changed through the tracked record (so the change is saved), read through the plain one.
  const location = tracked(context, 'locations', at);
  let note: string;
  switch (event.type) {
    case 'order.status.updated': {
      const order = findOrder(context, (candidate) => candidate.audience === 'pos' && candidate.provider_id === object.provider_id);
      if (order !== undefined) record(order, String(object.status), 'order.status.updated', context.now);
      note = `order ${order?.id ?? String(object.provider_id)} is now ${String(object.status)}`;
      break;
    }
    case 'location.status.updated': {
      const pausedUntil = typeof object.paused_until === 'number' ? object.paused_until : null;
      if (location !== undefined) {
        location.availability = object.status === 'active' ? 'open' : 'paused';
        location.paused_until = object.status === 'active' || pausedUntil === null ? null : pausedUntil;
      }
      note = object.status === 'active' ? `location ${locationId} takes orders` : `location ${locationId} paused ${pausedUntil === null ? 'until further notice' : `until ${isoText(pausedUntil)}`}`;
      break;
    }
    case 'location.connection.offline':
      if (location !== undefined) location.availability = 'offline';
      note = `location ${locationId} offline: Stream stops sending it orders until the POS next sends an event for it`;
      break;
    case 'location.catalog.updated':
      note = `Stream would now read the catalog of ${locationId} with GET /stream-pos/v1/catalog`;
      break;
    case 'location.catalog.object.updated': {
      note = `${String(object.object_type)} ${String(object.object_id)} at ${locationId} is now ${(object.object_update as { is_active: boolean }).is_active ? 'for sale' : 'not for sale'}`;
      break;
    }
    default: {
      const id = String(object.id ?? object.provider_id ?? `pos_${readable(context).orders.length + 1}`);
      // The contract: a repeated provider_id for the same location is a retry, so Stream keeps the order it has.
      const known = findOrder(context, (candidate) => candidate.audience === 'pos' && candidate.provider_id === id && candidate.location_id === locationId);
      if (known !== undefined) {
        note = `in-store order ${id} at ${locationId} is already recorded: Stream treats a repeated provider_id as a retry and keeps the first, so a different order sent with it is lost`;
        break;
      }
      const order: OrderRecord = { id, audience: 'pos', location_id: locationId, status: 'received', provider_id: id, history: [] };
      record(order, 'received', 'order.created (in store)', context.now);
      context.state.orders.push(order);
      note = `in-store order ${id} recorded at ${locationId}`;
    }
  }
  // Any event from the POS for a location that went offline counts as reconnecting it.
  if (location !== undefined && event.type !== 'location.connection.offline' && readable(context).locations[at]!.availability === 'offline') location.availability = 'open';
  if (location === undefined && locationId !== '') note += ` (location ${locationId} is not one of the sandbox's; see GET /_sandbox/state)`;
  context.changed();
  return { status: 204, event: event.type, note };
};

const sendDeliveryUpdate: Handler = (context) => {
  if (context.params.partner_slug !== context.config.partnerSlug) {
    return errorReply(404, 'unknown_partner', `The partner slug ${context.params.partner_slug} is unknown. Send to /event-provider/${context.config.partnerSlug}/webhook (the sandbox's --partner-slug).`);
  }
  const refused = checkSignature(context);
  if (refused !== undefined) return refused;
  const parsed = parseBody(context, 'invalid_request');
  if (!parsed.ok) return parsed.reply;
  const update = parsed.value as { order_id: string; location_id: string; driver?: unknown; delivery_status?: string };
  const kind = update.driver === undefined ? 'delivery_status' : 'assign_driver';
  const ruleBroken = requestRuleRefusal({ api: 'events', operationId: 'sendDeliveryUpdate', body: update, event: kind, now: context.now });
  if (ruleBroken !== undefined) return ruleBroken;
  const order = findOrder(context, (candidate) => candidate.id === update.order_id && candidate.location_id === update.location_id);
  if (order === undefined) {
    return errorReply(404, 'order_not_found', `No order ${update.order_id} at location ${update.location_id} for partner ${context.config.partnerSlug}. Orders the sandbox knows are listed in GET /_sandbox/state.`, { event: kind });
  }
  if (update.driver !== undefined) order.driver = update.driver;
  if (update.delivery_status !== undefined) {
    order.delivery_status = update.delivery_status;
    record(order, update.delivery_status, 'delivery status', context.now);
  }
  context.changed();
  return { status: 204, event: kind, note: update.driver !== undefined ? `driver assigned to ${order.id}` : `order ${order.id} delivery is ${update.delivery_status}` };
};

export const INBOUND_HANDLERS: Readonly<Record<string, Handler>> = {
  'dsp:sendOrderEvent': sendOrderEvent,
  'dsp:getMenuFile': getMenuFile,
  'pos:sendWebhookEvent': sendWebhookEvent,
  'events:sendDeliveryUpdate': sendDeliveryUpdate,
};
