// Sequences over time: a second cancellation of one order, and a delivery retried after a pause.
// Stream sends both (a customer and a merchant can both cancel; a retry comes after a backoff), and
// a server that answers each event right on its own can still refuse the repeat or forget the first.
import { randomUUID } from 'node:crypto';
import type { HttpExchange } from '../../http.js';
import { judge } from '../../judge.js';
import type { Audience } from '../../trigger/targets.js';
import { newOrder as eventsOrder } from '../checks-events.js';
import { newOrder as posOrder } from '../checks-pos.js';
import { accessToken } from '../checks-oauth.js';
import { eventBody } from '../checks-shared.js';
import { answered, Blocked, fail, pass, type CertifyContext, type Check, type CheckOutcome } from '../context.js';
import { repeatDifference } from '../repeat-answer.js';
import { lateRetryMoment, retryWindow, RETRY_WINDOW_HONOURED } from '../retry-window.js';
import { setPath } from '../../trigger/payload.js';
import { freshDspEvent } from './sources.js';

/**
 * The pause before a retry. Stream keeps retrying for 24 hours, which certify cannot wait; two
 * seconds outlasts any one request, so a server that only remembers events while they are in flight,
 * or for a moment, answers the retry as a new event.
 */
export const RETRY_PAUSE_MS = 2000;

function providerId(exchange: HttpExchange): unknown {
  return (exchange.json as { order?: { provider_id?: unknown } } | undefined)?.order?.provider_id;
}

function accepted(exchange: HttpExchange): boolean {
  return exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300;
}

/**
 * A repeat that gets the answer a single-call requirement already failed on (the same refusal, the
 * same forgotten event_id) is that requirement's finding: reported as blocked by it, not twice.
 */
export function ownedBy(context: CertifyContext, owner: string, outcome: CheckOutcome): CheckOutcome {
  const status = context.statusOf(owner);
  if (!outcome.passed && (status === 'failed' || status === 'warned' || status === 'blocked')) throw new Blocked(outcome.reason ?? 'the repeat failed as the first call did', owner);
  return outcome;
}

/** An order the partner accepted just now, with the id later events name it by. */
export async function freshOrder(context: CertifyContext): Promise<{ orderId: string; locationId: string }> {
  if (context.config.audience === 'pos') {
    const order = await posOrder(context);
    const exchange = await context.call('send order.created for an order to cancel twice', { target: context.target('order.created'), body: order.body, token: await accessToken(context) });
    const id = providerId(exchange);
    if (typeof id !== 'string') throw new Blocked(`order.created was not accepted with a provider_id: ${answered(exchange)}`, 'POS-ORD-01');
    return { orderId: id, locationId: order.locationId };
  }
  const order = eventsOrder(context);
  const exchange = await context.call('send order.created (order.confirmed) for an order to cancel twice', { target: context.target('order.confirmed'), body: order.body });
  if (!accepted(exchange)) throw new Blocked(`order.confirmed was not accepted: ${answered(exchange)}`, 'EVT-ORD-01');
  return { orderId: order.id, locationId: order.locationId };
}

/** `-SEQ-03`: the same order canceled twice, as two events; the second is answered as the first. */
async function secondCancellation(context: CertifyContext): Promise<CheckOutcome> {
  const audience = context.config.audience;
  const order = await freshOrder(context);
  const target = context.target('order.canceled');
  const token = target.carrier.bearer ? await accessToken(context) : null;
  // A POS event carries no event_id, so its second cancellation is the same bytes; an events one gets its own event_id.
  const body = () => eventBody(target, undefined, audience === 'pos' ? { 'object.order_id': order.orderId, 'object.location_id': order.locationId } : { event_id: randomUUID(), 'object.order_id': order.orderId, 'object.location_id': order.locationId });
  const first = await context.call('send order.canceled', { target, body: body(), token });
  const firstVerdict = judge(target.operation, first);
  if (!firstVerdict.ok) throw new Blocked(`the first order.canceled ${answered(first)}`, audience === 'pos' ? 'POS-ORD-05' : 'EVT-ORD-03');
  const again = await context.call('send order.canceled again for the same order', { target, body: body(), token });
  const verdict = judge(target.operation, again);
  const expected = `${first.status} again`;
  const owner = audience === 'pos' ? 'POS-ORD-05' : 'EVT-ORD-03';
  if (!verdict.ok || again.status !== first.status) return ownedBy(context, owner, fail(`a second cancellation of an order already canceled ${answered(again)}; the first was answered ${first.status}`, `${expected}: a repeated cancellation is a no-op`));
  // Which provider_id the answer names is the contract's relation (POS-REL-01), judged over every cancellation's answer, this one included.
  return pass(`both cancellations answered ${first.status}`);
}

/** `EVT-SEQ-05`: an update after the order's cancellation is acknowledged as the contract says, and ignored. */
async function updateAfterCancellation(context: CertifyContext): Promise<CheckOutcome> {
  const order = await freshOrder(context);
  const canceled = context.target('order.canceled');
  const cancel = await context.call('send order.canceled', { target: canceled, body: eventBody(canceled, undefined, { event_id: randomUUID(), 'object.order_id': order.orderId, 'object.location_id': order.locationId }) });
  if (!judge(canceled.operation, cancel).ok) throw new Blocked(`order.canceled ${answered(cancel)}`, 'EVT-ORD-03');
  const target = context.target('order.updated');
  const update = await context.call('send order.updated for the order just canceled', { target, body: eventBody(target, undefined, { event_id: randomUUID(), 'object.order_id': order.orderId, 'object.location_id': order.locationId }) });
  const verdict = judge(target.operation, update);
  if (verdict.ok) return pass(`the update after the cancellation: ${verdict.summary}`);
  return ownedBy(context, 'EVT-ORD-02', fail(`order.updated for an order already canceled ${answered(update)}`, `${[...target.operation.responses.keys()].filter((status) => status.startsWith('2')).join(' or ')}: a cancellation is final, so acknowledge the update and ignore it`));
}

/** The main event of the audience, fresh, with how to read what a repeat must keep. */
async function mainEvent(context: CertifyContext) {
  const audience = context.config.audience;
  // `repeat` is the requirement that checks an immediate repeat of the same delivery.
  if (audience === 'pos') return { target: context.target('order.created'), body: (await posOrder(context)).body, label: 'order.created', owner: 'POS-ORD-01', repeat: 'POS-ORD-02' };
  if (audience === 'events') return { target: context.target('order.confirmed'), body: eventsOrder(context).body, label: 'order.created (order.confirmed)', owner: 'EVT-ORD-01', repeat: 'EVT-ORD-04' };
  return { target: context.target('location.order.accept'), body: await freshDspEvent(context, 'location.order.accept'), label: 'location.order.accept', owner: 'DSP-EVT-01', repeat: 'DSP-EVT-09' };
}

/** `-SEQ-04`: the same delivery (same bytes, same event_id) again after a pause, treated as a duplicate. */
async function retryAfterPause(context: CertifyContext): Promise<CheckOutcome> {
  const audience = context.config.audience;
  const event = await mainEvent(context);
  const token = event.target.carrier.bearer ? await accessToken(context) : null;
  // Where the contract gives Stream's retry window, the event is as old as a retry late in it: a replay guard narrower than the window refuses it.
  const window = retryWindow(event.target);
  const moment = window === undefined ? undefined : lateRetryMoment(window, context.config.now());
  const body = window === undefined || moment === undefined ? event.body : (setPath(event.body, window.at.slice(1).split('/').join('.'), moment) as Record<string, unknown>);
  const aged = window === undefined ? '' : ` first sent ${window.hours} hours ago (${window.at.slice(1)} ${moment}, ${window.hours} hours less 5 minutes before now)`;
  const first = await context.call(`send ${event.label}${aged}`, { target: event.target, body, token });
  if (!accepted(first) && window !== undefined) {
    return ownedBy(context, event.owner, fail(`[${RETRY_WINDOW_HONOURED}] ${event.label}${aged} ${answered(first)}`, `the answer a new event gets: Stream retries for ${window.hours} hours with the first ${window.at.slice(1)}, so an event that old is no replay`));
  }
  if (!accepted(first)) throw new Blocked(`${event.label} ${answered(first)}`, event.owner);
  await context.pause(RETRY_PAUSE_MS);
  const again = await context.call(`send the same ${event.label} again after ${RETRY_PAUSE_MS} ms, as a retry`, { target: event.target, body, token });
  const pause = `resent after a ${RETRY_PAUSE_MS} ms pause (Stream retries for 24 hours)`;
  if (!accepted(again)) return ownedBy(context, event.repeat, fail(`${event.label} ${pause} ${answered(again)}`, 'the same answer as the first delivery'));
  if (audience === 'dsp') {
    const duplicate = (again.json as { duplicate?: unknown } | undefined)?.duplicate;
    if (duplicate !== true) return ownedBy(context, event.repeat, fail(`${event.label} ${pause} was processed again: its receipt says duplicate: ${JSON.stringify(duplicate)}`, 'duplicate: true: keep every event_id for the 24 hours Stream retries'));
  } else if (providerId(again) !== providerId(first)) {
    return ownedBy(context, event.repeat, fail(`${event.label} ${pause} was answered as a new order: provider_id ${JSON.stringify(providerId(again))}, the first answer named ${JSON.stringify(providerId(first))}`, 'the same provider_id: keep what you answered for the 24 hours Stream retries'));
  }
  const differs = repeatDifference(event.target, first, again);
  if (differs === undefined) return pass(audience === 'dsp' ? 'the retry\'s receipt says duplicate: true, and is otherwise the first' : `both answers name ${String(providerId(first))}, the whole answer repeated`);
  return ownedBy(context, event.repeat, fail(`${event.label} ${pause}: ${differs}`, 'the same answer, whole: keep what you answered for the 24 hours Stream retries'));
}

/** The repeat requirements each audience's contract gives: a DSP gets no order.canceled from Stream, so no -SEQ-03. */
export function repeatChecks(audience: Audience): Record<string, Check> {
  const prefix = { pos: 'POS', dsp: 'DSP', events: 'EVT' }[audience];
  return {
    ...(audience === 'dsp' ? {} : { [`${prefix}-SEQ-03`]: secondCancellation }),
    [`${prefix}-SEQ-04`]: retryAfterPause,
    // Only the events guide says what an update after a cancellation gets; the POS and DSP contracts are silent.
    ...(audience === 'events' ? { 'EVT-SEQ-05': updateAfterCancellation } : {}),
  };
}
