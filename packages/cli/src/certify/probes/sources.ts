// The bodies each audience's server receives from Stream, as the probes start from them: a fresh,
// valid, contract-shaped body per call, built the way the audience's own checks build theirs.
import { randomBytes } from 'node:crypto';
import type { Audience } from '../../trigger/targets.js';
import { dspEvent, firstLocation as dspLocation } from '../checks-dsp.js';
import { newOrder as eventsOrder, orderEvent } from '../checks-events.js';
import { acceptedOrder as posAcceptedOrder, catalogOrBlock, firstLocation as posLocation, newOrder as posOrder } from '../checks-pos.js';
import { accessToken } from '../checks-oauth.js';
import { eventBody } from '../checks-shared.js';
import type { CertifyContext, Check } from '../context.js';
import { runProbes, type ProbeSource } from './run.js';

/**
 * An order's money and the things it names: the kit checks they add up and exist, so acceptance probes
 * leave them as certify set them. Not tax_withheld_by_dsp: total counts tax either way, so its other value is probed.
 */
const POS_ORDER_KEEP = ['id', 'idempotency_key', 'location_id', 'line_items', 'currency', 'subtotal', 'tax', 'tip', 'delivery_fee', 'service_charge', 'discount_total', 'total'].map((key) => `object.${key}`);

/**
 * A POS order charged the exclusive taxes the catalog applies to its item's family, its total raised to
 * match: a tax of 0 would leave the branches that read `tax` (tax_withheld_by_dsp: true) unexercised.
 */
async function taxedPosOrder(context: CertifyContext): Promise<Record<string, unknown>> {
  const { body } = await posOrder(context);
  const catalog = await catalogOrBlock(context);
  const order = body.object as Record<string, unknown> & { line_items: { provider_id?: unknown }[]; subtotal: number; total: number };
  const list = (key: string) => (Array.isArray(catalog[key]) ? (catalog[key] as Record<string, unknown>[]) : []);
  const family = list('item_family').find((each) => Array.isArray(each.item_ids) && each.item_ids.includes(order.line_items[0]?.provider_id));
  if (family === undefined || family.is_tax_exempt === true) return body;
  const applies = (tax: Record<string, unknown>) => (Array.isArray(family.tax_ids) && family.tax_ids.includes(tax.provider_id)) || (tax.is_default === true && family.use_default_tax_rates !== false);
  const rate = list('tax').filter((tax) => tax.is_inclusive !== true && typeof tax.rate === 'number' && applies(tax)).reduce((sum, tax) => sum + (tax.rate as number), 0);
  const tax = Math.round((order.subtotal * rate) / 100);
  return { ...body, object: { ...order, tax, total: order.total + tax } };
}

/** A POS order accepted just now, so an update or cancellation probe names an order the POS has. */
async function posOrderUpdate(context: CertifyContext, name: 'order.updated' | 'order.canceled'): Promise<Record<string, unknown>> {
  const order = await posOrder(context);
  const exchange = await context.call('send order.created for a probe', { target: context.target('order.created'), body: order.body, token: await accessToken(context) });
  const providerId = (exchange.json as { order?: { provider_id?: unknown } } | undefined)?.order?.provider_id;
  // Without a fresh order, the one every other check uses.
  const orderId = typeof providerId === 'string' ? providerId : (await posAcceptedOrder(context)).providerId;
  return eventBody(context.target(name), undefined, { 'object.order_id': orderId, 'object.location_id': order.locationId });
}

function posSources(context: CertifyContext): ProbeSource[] {
  const location = async () => ({ location_id: await posLocation(context) });
  return [
    { label: 'order.created', target: context.target('order.created'), make: () => taxedPosOrder(context), keep: POS_ORDER_KEEP },
    { label: 'order.updated', target: context.target('order.updated'), make: () => posOrderUpdate(context, 'order.updated'), keep: ['object.order_id', 'object.location_id'] },
    { label: 'order.canceled', target: context.target('order.canceled'), make: () => posOrderUpdate(context, 'order.canceled'), keep: ['object.order_id', 'object.location_id'] },
    { label: 'enableLocationConnection', target: context.target('enableLocationConnection'), make: location, keep: ['location_id'] },
  ];
}

const DSP_EVENTS = ['location.order.accept', 'location.order.fail', 'location.order.notify_status_change', 'location.order.cancel', 'location.paused', 'location.resumed', 'location.publish', 'location.update'];

/** A DSP event with a fresh event_id and, for an order event, a fresh order id, so no probe looks like another's duplicate. */
export function freshDspEvent(context: CertifyContext, name: string): Promise<Record<string, unknown>> {
  return dspEvent(context, name, name.startsWith('location.order.') ? { 'data.order_id': `ord_cert_${randomBytes(5).toString('hex')}` } : {});
}

function dspSources(context: CertifyContext): ProbeSource[] {
  return [
    // The menu link stays the contract example's: the kit fetches it, and a probe must not point it elsewhere.
    ...DSP_EVENTS.map((name) => ({ label: name, target: context.target(name), make: () => freshDspEvent(context, name), keep: ['location_id', 'data.menu_file_url', 'data.order_id'] })),
    { label: 'connectLocation', target: context.target('connectLocation'), make: async () => ({ location_id: await dspLocation(context) }), keep: ['location_id'] },
  ];
}

/**
 * Each update probe names a delivery order the provider was just sent (the contract's example is a
 * merchant-managed delivery), so a rule it keeps per order (a delivery_status it expects) meets every
 * update body the contract allows for such an order; one order per probe, so no probe is a repeat of
 * another's status. Whatever it answered the order, an update is acknowledged all the same (EVT-ORD-08).
 */
function eventsUpdate(context: CertifyContext): Promise<Record<string, unknown>> {
  const order = eventsOrder(context);
  return context
    .call('send order.created (order.confirmed), the order an order.updated probe names', { target: context.target('order.confirmed'), body: order.body })
    .then(() => orderEvent(context, 'order.updated', { 'object.order_id': order.id, 'object.location_id': order.locationId }));
}

function eventsSources(context: CertifyContext): ProbeSource[] {
  const unknown = (name: string) => async () => orderEvent(context, name, { 'object.order_id': `ord_cert_${randomBytes(5).toString('hex')}` });
  return [
    { label: 'order.confirmed', target: context.target('order.confirmed'), make: async () => eventsOrder(context).body, keep: ['object.id', 'object.location_id'] },
    { label: 'order.updated', target: context.target('order.updated'), make: () => eventsUpdate(context), keep: ['object.order_id', 'object.location_id'], owner: 'EVT-ORD-08' },
    // Cancellations name an order the provider never saw: a second cancellation of one order is EVT-SEQ-03's.
    { label: 'order.canceled', target: context.target('order.canceled'), make: unknown('order.canceled'), keep: ['object.order_id'] },
  ];
}

const SOURCES: Readonly<Record<Audience, (context: CertifyContext) => ProbeSource[]>> = { pos: posSources, dsp: dspSources, events: eventsSources };

export function probeSources(context: CertifyContext): ProbeSource[] {
  return SOURCES[context.config.audience](context);
}

/** `POS-GEN-01` refuses every body that breaks the contract; `POS-GEN-02` accepts every body it allows. */
export function generatedChecks(audience: Audience): Record<string, Check> {
  const prefix = { pos: 'POS', dsp: 'DSP', events: 'EVT' }[audience];
  return {
    [`${prefix}-GEN-01`]: (context) => runProbes(context, probeSources(context), 'refusal'),
    [`${prefix}-GEN-02`]: (context) => runProbes(context, probeSources(context), 'acceptance'),
  };
}
