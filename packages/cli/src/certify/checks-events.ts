// The event-provider requirements: the order events Stream sends, and the driver and delivery
// updates the provider sends back.
import { randomBytes, randomUUID } from 'node:crypto';
import type { HttpExchange } from '../http.js';
import { judge } from '../judge.js';
import { effectiveSchema } from './probes/schema.js';
import { anyState, anyStateIssues, closedFirst, closeSubject, describeClosing } from './any-state.js';
import { ORDER_CLOSED_STILL_ANSWERED } from './rules-1-14.js';
import { setPath } from '../trigger/payload.js';
import { contractBreakRefusal } from './contract-break.js';
import { freedIdIssue, type FreedIdOptions } from './freed-ids.js';
import { refusalRetryCheck } from './sender-retries.js';
import { refusedOrderIssue } from './refused-order.js';
import { expectFromPartner } from './checks-arrivals.js';
import { assertContract, DELIVERY_STATUS_ANY_ORDER, eventBody, EXAMPLE_ORDER_ACCEPTED, SAME_ORDER_AFTER_CANCELLATION, SAME_ORDER_NEW_EVENT_ID, rawBytesAcceptance, signatureRefusal, timingCheck, unknownFieldsAcceptance, type SignedBody } from './checks-shared.js';
import { repeatDifference } from './repeat-answer.js';
import { unknownTypeCheck } from './unknown-type.js';
import { answered, Blocked, fail, pass, type CertifyContext, type Check, type CheckOutcome } from './context.js';
import { ownEvidence, sendBaseOnce, type SentBase } from './base-bodies.js';
import { describeEventsOrder } from './order-summary.js';
import { echoedIdIssue } from './partner-id.js';
import { retryBackoffIssue } from './retry-backoff.js';
import { holdNextSend } from './held-send.js';
import { everyAmountTaken } from './event-amounts.js';

type Json = Record<string, unknown>;

interface StreamOrder {
  readonly id: string;
  readonly locationId: string;
  readonly body: Json;
}

export function orderEvent(context: CertifyContext, name: string, sets: Json = {}): Json {
  const target = context.target(name);
  const body = eventBody(target, undefined, { event_id: randomUUID(), ...sets });
  assertContract(target, body);
  return body;
}

/**
 * The location certify's orders are at: one of the run's own, never the contract example's, so an
 * update that names the example's location instead of the order's is seen for what it is.
 */
function runLocation(context: CertifyContext): string {
  let id = context.learned.get('events-location');
  if (id === undefined) {
    id = `loc_cert_${randomBytes(4).toString('hex')}`;
    context.learned.set('events-location', id);
  }
  return id;
}

export function newOrder(context: CertifyContext): StreamOrder {
  const id = `ord_cert_${randomBytes(5).toString('hex')}`;
  const body = orderEvent(context, 'order.confirmed', { 'object.id': id, 'object.location_id': runLocation(context) });
  return { id, locationId: String((body.object as Json).location_id), body };
}

/** The order the later checks build on, sent once: EVT-ORD-01 judges this very send. */
function sentOrder(context: CertifyContext): Promise<SentBase<StreamOrder>> {
  return sendBaseOnce(context, {
    key: 'events-order-sent',
    build: async () => newOrder(context),
    send: (order) => context.call('send order.created (order.confirmed), the order later checks build on', { target: context.target('order.confirmed'), body: order.body }),
  });
}

/** The order the later checks refer to: confirmed once and accepted with a provider_id. */
export function acceptedOrder(context: CertifyContext): Promise<StreamOrder & { providerId: string; status: number; exchange: HttpExchange }> {
  return context.once('events-order', async () => {
    const { sent: order, exchange } = await sentOrder(context);
    const providerId = (exchange.json as { order?: { provider_id?: unknown } } | undefined)?.order?.provider_id;
    // An empty id names no order: the sends that would quote it are blocked by EVT-ORD-01, not failed on their own.
    if (typeof providerId !== 'string' || providerId === '') throw new Blocked(`the confirmed order was not accepted with a provider_id: ${answered(exchange)}`, 'EVT-ORD-01');
    await context.sandbox?.registerOrder({ id: order.id, audience: 'events', location_id: order.locationId, provider_id: providerId }).catch(() => undefined);
    return { ...order, providerId, status: exchange.status!, exchange };
  });
}

/** A new order sent for the repeats of an update or a cancellation: its id, whatever the provider answered (a refusal is EVT-ORD-01's finding). */
async function takenOrder(context: CertifyContext): Promise<string> {
  const order = newOrder(context);
  await context.call('send order.created (order.confirmed) for the repeats of an event about it', { target: context.target('order.confirmed'), body: order.body });
  return order.id;
}

function acknowledged(name: string, status: string): Check {
  return async (context) => {
    const accepted = name === 'order.updated' ? await acceptedOrder(context) : undefined;
    const target = context.target(name);
    // A cancellation for an order the provider never saw must be acknowledged too, so Stream stops sending it.
    const orderId = accepted?.id ?? `ord_cert_${randomBytes(5).toString('hex')}`;
    const body = orderEvent(context, name, { 'object.order_id': orderId, ...(accepted === undefined ? {} : { 'object.location_id': accepted.locationId }) });
    const exchange = await context.call(`send ${name}`, { target, body });
    const verdict = judge(target.operation, exchange, [status]);
    if (!verdict.ok) return fail(verdict.issues.join('; '), `${status} with no body`);
    // The same event in the states the contract names (x-stream-any-state): again under a new event_id, for an order the provider just took.
    const states = await anyStateIssues(context, {
      event: name,
      make: async (event) => orderEvent(context, event, { 'object.location_id': newOrder(context).locationId }),
      freshSubject: async () => undefined,
      openedSubject: () => takenOrder(context),
    });
    if (name === 'order.updated') {
      const back = await deliveryStatusBack(context);
      if (back !== undefined) states.push(back);
    }
    // A cancellation of an order the provider refused is one of an order it does not know.
    const refused = name === 'order.canceled' ? await refusedOrderIssue(context, { event: name, order: newOrder, about: orderEvent }) : undefined;
    if (refused !== undefined) states.push(refused);
    return states.length === 0 ? pass() : fail(states.join('; '), `${status} with no body whatever came before: the same event again under a new event_id, or an older one after a newer (out of order), is acknowledged too`);
  };
}

function deliveryCheck(kind: 'assign_driver' | 'delivery_status'): Check {
  return async (context) => {
    const order = await acceptedOrder(context);
    // One order's sends one at a time: the first answer is held while the send command runs.
    const held = await holdNextSend(context, { api: 'events', operationId: 'sendDeliveryUpdate' });
    try {
      const outcome = await deliveryArrival(context, kind, order);
      const overlap = outcome.passed ? await held?.overlapIssue({ subject: { order_id: order.id, location_id: order.locationId } }) : undefined;
      return overlap === undefined ? outcome : fail(overlap, `each send for order ${order.id} after the previous one got its 204: one order's events one at a time`);
    } finally {
      await held?.end();
    }
  };
}

function deliveryArrival(context: CertifyContext, kind: 'assign_driver' | 'delivery_status', order: StreamOrder & { providerId: string }): Promise<CheckOutcome> {
  return expectFromPartner(
    context,
    {
      event: kind,
      instruction: kind === 'assign_driver' ? `Assign a driver to order ${order.id} at location ${order.locationId}.` : `Send a delivery status for order ${order.id} at location ${order.locationId}.`,
      values: { order_id: order.id, location_id: order.locationId, provider_id: order.providerId },
      match: (exchange) => exchange.operation === 'events:sendDeliveryUpdate' && exchange.event === kind,
    },
    (exchange) => {
      const body = exchange.requestBody as { order_id?: unknown };
      return body.order_id === order.id ? pass() : fail(`the update names order ${String(body.order_id)}, not Stream's order ${order.id}`, "Stream's order id (object.id of order.created)");
    },
  );
}

/**
 * DeliveryStatus: any value may follow any other. A delivery order gets an update with a status later
 * in the contract's list (the happy sequence comes first), then one with an earlier status: both 204.
 */
async function deliveryStatusBack(context: CertifyContext): Promise<string | undefined> {
  const target = context.target('order.updated');
  const values = (effectiveSchema('events', { $ref: '#/components/schemas/DeliveryStatus' }, undefined).enum ?? []) as string[];
  if (values.length < 5) return undefined;
  const [later, earlier] = [values[4]!, values[3]!];
  const order = newOrder(context);
  await context.call('send order.created (order.confirmed) for a delivery whose status goes back', { target: context.target('order.confirmed'), body: order.body });
  const at = Date.now();
  const update = (status: string, objectStatus: string, shift: number) =>
    orderEvent(context, 'order.updated', { 'object.order_id': order.id, 'object.location_id': order.locationId, 'object.status': objectStatus, delivery_status: status, occurred_at: new Date(at + shift).toISOString().replace(/\.\d{3}Z$/, 'Z') });
  const first = await context.call(`send order.updated with delivery_status ${later}`, { target, body: update(later, 'ready_for_pickup', 0) });
  if (!judge(target.operation, first, ['204']).ok) return undefined;
  const second = await context.call(`send order.updated with delivery_status ${earlier}, earlier in the sequence, after ${later}`, { target, body: update(earlier, 'out_for_delivery', 1000) });
  if (judge(target.operation, second, ['204']).ok) return undefined;
  return `[${DELIVERY_STATUS_ANY_ORDER}] order.updated with delivery_status ${earlier} after one with ${later}, for the same order, ${answered(second)}`;
}

/**
 * Deduplicating by the order id holds in every state of the order: a fresh order confirmed, then closed
 * by each event the contract names (`closing` of `x-stream-any-state`: canceled, updated to completed),
 * then sent again under a new event_id gets the provider_id of the first answer, not a second order.
 */
async function sameOrderAfterClosing(context: CertifyContext): Promise<ReturnType<typeof fail> | undefined> {
  const target = context.target('order.confirmed');
  const named = anyState(target);
  const closings = named === undefined ? [{ event: 'order.canceled', set: {} }] : closedFirst(named, 'order.confirmed');
  for (const closing of closings) {
    const order = newOrder(context);
    const first = await context.call(`send order.created (order.confirmed) for an order to close (${describeClosing(closing)}) and send again`, { target, body: order.body });
    const providerId = (first.json as { order?: { provider_id?: unknown } } | undefined)?.order?.provider_id;
    // A refusal of the order is EVT-ORD-01's finding, as for the order every check builds on.
    if (first.status !== 201 || typeof providerId !== 'string') continue;
    const about = (event: string, body: Json, subject: string) => setPath(body, 'object.order_id', subject) as Json;
    await closeSubject(context, { closing, subject: order.id, make: async (event) => orderEvent(context, event, { 'object.location_id': order.locationId }), about });
    const again = await context.call(`send the same order again under a new event_id, after ${describeClosing(closing)}`, { target, body: { ...order.body, event_id: randomUUID() } });
    const againId = (again.json as { order?: { provider_id?: unknown } } | undefined)?.order?.provider_id;
    if (again.status === 201 && againId === providerId) continue;
    const rule = closing.event === 'order.canceled' ? SAME_ORDER_AFTER_CANCELLATION : ORDER_CLOSED_STILL_ANSWERED;
    return fail(
      `[${rule}] the same order (object.id ${order.id}), ${closing.event === 'order.canceled' ? 'canceled' : `closed by ${describeClosing(closing)}`} and then sent under a new event_id, ${answered(again)}; the first answer was 201 with provider_id ${providerId}`,
      'the first answer again: an order already recorded keeps its provider_id in every state, canceled and completed included',
    );
  }
  return undefined;
}

/** New orders and their cancellations, for the freed-id sequence. */
function eventsOrderSequence(context: CertifyContext): FreedIdOptions {
  return {
    create: async (what) => {
      const order = newOrder(context);
      const exchange = await context.call(what, { target: context.target('order.confirmed'), body: order.body });
      const cancel = orderEvent(context, 'order.canceled', { 'object.order_id': order.id, 'object.location_id': order.locationId });
      return {
        orderId: order.id,
        providerId: (exchange.json as { order?: { provider_id?: unknown } } | undefined)?.order?.provider_id,
        cancel: async () => void (await context.call(`send order.canceled for ${order.id}`, { target: context.target('order.canceled'), body: cancel })),
      };
    },
  };
}

/** A new order, for the signature checks: the customer's name is free text, so it can carry non-ASCII. */
function signedOrder(context: CertifyContext): SignedBody {
  return { make: async () => newOrder(context).body, textPath: 'object.customer.name' };
}

export const EVENTS_CHECKS: Readonly<Record<string, Check>> = {
  'EVT-SEC-01': async (context) => signatureRefusal(context, context.target('order.confirmed'), signedOrder(context), 'missing'),
  'EVT-SEC-02': async (context) => signatureRefusal(context, context.target('order.confirmed'), signedOrder(context), 'wrong'),
  'EVT-SEC-04': async (context) => rawBytesAcceptance(context, context.target('order.confirmed'), signedOrder(context)),
  // The refusal's entries as the contract writes them (x-stream-refusal-lists): one of order_error other that names what is wrong.
  'EVT-SEC-03': async (context) => contractBreakRefusal(context, { target: context.target('order.confirmed'), requirement: 'EVT-SEC-03', body: newOrder(context).body, remove: ['object.id', 'occurred_at'] }),
  'EVT-ORD-01': async (context) => {
    // The order every later order check builds on: refused here, they are blocked by this requirement.
    const base = await sentOrder(context);
    ownEvidence(context, base);
    const { exchange } = base;
    const operation = context.target('order.confirmed').operation;
    const verdict = judge(operation, exchange, ['201']);
    const providerId = (exchange.json as { order?: { provider_id?: unknown } } | undefined)?.order?.provider_id;
    if (verdict.ok && typeof providerId === 'string' && providerId !== '') {
      const echoed = echoedIdIssue({ sent: base.sent.body, answered: providerId });
      if (echoed !== undefined) return fail(`${echoed} (${describeEventsOrder(base.sent.body)})`, "201 with a provider_id the provider minted for the order, never one of Stream's ids");
      const freed = await freedIdIssue(eventsOrderSequence(context));
      if (freed !== undefined) return fail(freed, "201 with a provider_id of the order's own: never one an earlier order had, canceled or not");
      return (await everyAmountTaken({ context, order: newOrder(context).body })) ?? pass();
    }
    // A refusal the contract lists, but to the contract's own example, is what catalogue 1.11.0 tightened.
    const rule = exchange.status !== 201 && judge(operation, exchange).ok ? `[${EXAMPLE_ORDER_ACCEPTED}] ` : '';
    // `answered 400 (its body)` already says what came back: the issues add what the contract expects.
    const issues = verdict.ok ? ['its provider_id is empty'] : verdict.issues.map((issue) => issue.replace(/^answered \d+; /, ''));
    return fail(`${rule}the order certify builds every later order check on (${describeEventsOrder(base.sent.body)}) ${answered(exchange)}: ${issues.join('; ')}`, '201 with CreatedOrderEventResponse (order.provider_id) for every order the contract allows');
  },
  'EVT-ORD-02': acknowledged('order.updated', '204'),
  'EVT-ORD-03': acknowledged('order.canceled', '204'),
  'EVT-ORD-04': async (context) => {
    const order = await acceptedOrder(context);
    const again = await context.call('send the same order.created again (same event_id)', { target: context.target('order.confirmed'), body: order.body });
    const providerId = (again.json as { order?: { provider_id?: unknown } } | undefined)?.order?.provider_id;
    if (again.status !== order.status || providerId !== order.providerId) return fail(`the repeat ${answered(again)}; the first answer was ${order.status} with provider_id ${order.providerId}`, 'the same answer: the same status and provider_id');
    const differs = repeatDifference(context.target('order.confirmed'), order.exchange, again);
    if (differs !== undefined) return fail(differs, 'the same answer, whole: store the answer you gave with the event_id and give it again');
    // The same order may come again under a new event_id: it is deduplicated by its id too, as the contract says.
    const resent = await context.call('send the same order again under a new event_id', { target: context.target('order.confirmed'), body: { ...order.body, event_id: randomUUID() } });
    const resentId = (resent.json as { order?: { provider_id?: unknown } } | undefined)?.order?.provider_id;
    if (resent.status === order.status && resentId === order.providerId) {
      const closed = await sameOrderAfterClosing(context);
      return closed ?? pass(`a repeat and the same order under a new event_id both answered ${order.status} with ${order.providerId}, also after the order was canceled or completed`);
    }
    return fail(`[${SAME_ORDER_NEW_EVENT_ID}] the same order (object.id ${order.id}) under a new event_id ${answered(resent)}; the first answer was ${order.status} with provider_id ${order.providerId}`, 'the same answer: an order already recorded keeps its provider_id whatever event_id carries it');
  },
  'EVT-ORD-05': timingCheck(),
  'EVT-ORD-06': unknownTypeCheck({
    target: (context) => context.target('order.confirmed'),
    body: async (context) => ({ event_id: randomUUID(), type: 'order.refunded', occurred_at: new Date(context.config.now()).toISOString(), object: { id: 'ord_cert_unknown' } }),
    acknowledged: 204,
    typed: async (context) => newOrder(context).body,
  }),
  'EVT-ORD-07': async (context) => unknownFieldsAcceptance(context, context.target('order.confirmed'), signedOrder(context).make, 'object'),
  'EVT-ORD-08': async (context) => {
    // Stream retries anything but a 2xx for a day: an update about an order the provider does not know is acknowledged.
    const target = context.target('order.updated');
    const orderId = `ord_cert_unknown_${randomBytes(5).toString('hex')}`;
    const exchange = await context.call(`send order.updated for an order the provider never saw (${orderId})`, { target, body: orderEvent(context, 'order.updated', { 'object.order_id': orderId }) });
    const verdict = judge(target.operation, exchange, ['204']);
    if (!verdict.ok) return fail(`order.updated for an unknown order: ${verdict.issues.join('; ')}`, '204 with no body, even for an order you do not know, so Stream stops sending it');
    const refused = await refusedOrderIssue(context, { event: 'order.updated', order: newOrder, about: orderEvent });
    return refused === undefined ? pass() : fail(refused, '204 with no body, even for an order you refused: Stream stops sending it');
  },
  'EVT-SND-01': deliveryCheck('assign_driver'),
  'EVT-SND-02': deliveryCheck('delivery_status'),
  'EVT-SND-03': async (context) => {
    const refusal = await refusalRetryCheck(context, {
      api: 'events',
      operationId: 'sendDeliveryUpdate',
      event: 'delivery_status',
      instruction: (orderId) => `Send one delivery status for order ${orderId} at location ${runLocation(context)}, an order Stream does not know, and do not resend it when Stream answers 404.`,
      values: (orderId) => ({ order_id: orderId, location_id: runLocation(context), provider_id: 'unknown' }),
      orderIdOf: (exchange) => (exchange.requestBody as { order_id?: unknown } | undefined)?.order_id,
      sentBy: 'EVT-SND-02',
    });
    if (!refusal.passed) return refusal;
    // While Stream is down the sender's waits grow: an update for an order no one knows, so the send that gets through is refused and ends.
    const orderId = `ord_cert_outage_${randomBytes(5).toString('hex')}`;
    const backoff = await retryBackoffIssue(context, {
      api: 'events',
      operationId: 'sendDeliveryUpdate',
      event: 'delivery_status',
      values: { order_id: orderId, location_id: runLocation(context), provider_id: 'unknown' },
      subjectOf: (exchange) => (exchange.requestBody as { order_id?: unknown } | undefined)?.order_id,
      subject: orderId,
    });
    return backoff === undefined ? refusal : fail(backoff, 'retry a 5xx with exponential backoff: a first wait of a fraction of a second, each wait longer than the one before');
  },
};
