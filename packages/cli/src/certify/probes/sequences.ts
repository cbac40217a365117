// Sequences in time: one event delivered twice at the same moment (a retry racing the original),
// and several events arriving at once. Stream does both; a server that answers each call right on
// its own can still make two orders, or time out, when calls overlap.
import type { HttpExchange } from '../../http.js';
import type { Audience, TriggerTarget } from '../../trigger/targets.js';
import { newOrder as eventsOrder } from '../checks-events.js';
import { newOrder as posOrder } from '../checks-pos.js';
import { accessToken } from '../checks-oauth.js';
import { freshDspEvent } from './sources.js';
import { answered, Blocked, fail, pass, type CertifyContext, type Check, type CheckOutcome } from '../context.js';

/** Events sent at once by the several-at-once requirement: more than a browser's six connections per host. */
const AT_ONCE = 8;

interface Delivery {
  readonly target: TriggerTarget;
  readonly body: Record<string, unknown>;
  readonly label: string;
}

/** The provider_id an order answer names, or for a DSP receipt its event_id: what must agree between two deliveries. */
function identity(audience: Audience, exchange: HttpExchange): unknown {
  const body = exchange.json as { order?: { provider_id?: unknown }; event_id?: unknown } | undefined;
  return audience === 'dsp' ? body?.event_id : body?.order?.provider_id;
}

async function send(context: CertifyContext, delivery: Delivery, what: string): Promise<HttpExchange> {
  const token = delivery.target.carrier.bearer ? await accessToken(context) : null;
  return context.call(what, { target: delivery.target, body: delivery.body, token });
}

/** A fresh delivery of the audience's main event: a new order (POS, events) or an order accepted event (DSP). */
async function delivery(context: CertifyContext): Promise<Delivery> {
  const audience = context.config.audience;
  if (audience === 'pos') return { target: context.target('order.created'), body: (await posOrder(context)).body, label: 'order.created' };
  if (audience === 'events') return { target: context.target('order.confirmed'), body: eventsOrder(context).body, label: 'order.created (order.confirmed)' };
  return { target: context.target('location.order.accept'), body: await freshDspEvent(context, 'location.order.accept'), label: 'location.order.accept' };
}

function what(audience: Audience): string {
  return audience === 'dsp' ? 'the receipt\'s event_id' : 'provider_id';
}

/** Any 2xx: the exact success answer of each event is judged by that event's own requirement. */
function accepted(exchange: HttpExchange): boolean {
  return exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300;
}

/** The requirement that a retry sent after the answer is recognised: without that, a race cannot be told apart. */
const RETRY_REQUIREMENT: Readonly<Record<Audience, string>> = { pos: 'POS-ORD-02', dsp: 'DSP-EVT-09', events: 'EVT-ORD-04' };

/** The requirement about the main event itself: it owns a refusal of one delivery sent on its own. */
const EVENT_REQUIREMENT: Readonly<Record<Audience, string>> = { pos: 'POS-ORD-01', dsp: 'DSP-EVT-01', events: 'EVT-ORD-01' };

/** One fresh delivery on its own first: when even that is refused, overlapping ones say nothing about overlap. */
async function aloneFirst(context: CertifyContext): Promise<void> {
  const alone = await delivery(context);
  const exchange = await send(context, alone, `send ${alone.label} on its own, before the overlapping ones`);
  if (!accepted(exchange)) throw new Blocked(`${alone.label} on its own ${answered(exchange)}`, EVENT_REQUIREMENT[context.config.audience]);
}

async function concurrentDuplicate(context: CertifyContext): Promise<CheckOutcome> {
  const audience = context.config.audience;
  await aloneFirst(context);
  const one = await delivery(context);
  const [first, second] = await Promise.all([send(context, one, `send ${one.label}`), send(context, one, `send the same ${one.label} at the same moment`)]);
  const refused = [first, second].filter((exchange) => !accepted(exchange));
  if (refused.length > 0) return fail(`${one.label} delivered twice at the same moment: ${refused.map(answered).join('; ')}`, 'a 2xx to both, as to one delivery');
  if (audience === 'dsp') {
    // The contract: a repeat is answered with duplicate: true and not processed again, so exactly one answer is the processing one.
    const processed = (list: HttpExchange[]) => list.filter((exchange) => (exchange.json as { duplicate?: unknown } | undefined)?.duplicate !== true).length;
    if (processed([first, second]) === 1) return pass('one receipt processed it, the other says duplicate: true');
    const message = `${one.label} delivered twice at the same moment was ${processed([first, second]) === 2 ? 'processed twice: neither receipt says duplicate: true' : 'answered duplicate: true both times, so it was never processed'}`;
    const later = await send(context, one, `send the same ${one.label} a third time, after both answers`);
    if (processed([later]) === 1) throw new Blocked(`${message}, and a third delivery after both answers was not flagged either`, RETRY_REQUIREMENT.dsp);
    return fail(message, 'one receipt without duplicate (the event processed once) and one with duplicate: true: record the event_id and check it in one step, before any await');
  }
  const [a, b] = [identity(audience, first), identity(audience, second)];
  if (a === undefined || b === undefined) throw new Blocked(`an answer to ${one.label} names no provider_id`, audience === 'pos' ? 'POS-ORD-01' : 'EVT-ORD-01');
  if (a === b) return pass(`both answers name ${String(a)}`);
  const message = `${one.label} delivered twice at the same moment got two answers naming different ${what(audience)}s: ${String(a)} and ${String(b)}`;
  const later = identity(audience, await send(context, one, `send the same ${one.label} a third time, after both answers`));
  // A third answer that matches neither means retries are never recognised: the retry requirement's finding, not a race.
  if (later !== a && later !== b) throw new Blocked(`${message}, and a third delivery after both answers named ${String(later)}`, RETRY_REQUIREMENT[audience]);
  return fail(`${message}; a retry that races the original made a second order`, 'the same provider_id in both answers: look the idempotency key up and record it in one step (a unique constraint), not read-then-write');
}

async function severalAtOnce(context: CertifyContext): Promise<CheckOutcome> {
  const audience = context.config.audience;
  await aloneFirst(context);
  const deliveries = await Promise.all(Array.from({ length: AT_ONCE }, () => delivery(context)));
  const timed = context.timings.length;
  const answers = await Promise.all(deliveries.map((item, index) => send(context, item, `send ${item.label} ${index + 1} of ${AT_ONCE} at once`)));
  // This requirement judges how long answers take when they overlap; the timing requirement judges answers on their own.
  context.timings.splice(timed);
  const limit = context.config.answerLimitMs;
  const wrong: string[] = [];
  answers.forEach((exchange, index) => {
    if (!accepted(exchange)) wrong.push(`event ${index + 1} ${answered(exchange)}`);
    else if (exchange.ms > limit) wrong.push(`event ${index + 1} answered after ${exchange.ms} ms, over the ${limit} ms limit`);
  });
  const ids = answers.map((exchange) => identity(audience, exchange));
  if (wrong.length === 0 && audience !== 'dsp' && ids.every((id) => id !== undefined) && new Set(ids).size !== ids.length) wrong.push(`${AT_ONCE} different events got answers naming only ${new Set(ids).size} different ${what(audience)}s (${ids.map(String).join(', ')})`);
  if (wrong.length === 0) return pass(`${AT_ONCE} events at once, the slowest answered in ${Math.max(...answers.map((exchange) => exchange.ms))} ms`);
  return fail(`${AT_ONCE} ${deliveries[0]!.label} events sent at once: ${wrong.slice(0, 4).join('; ')}`, `each answered as on its own (a 2xx, its own ${what(audience)}) within ${limit} ms`);
}

/** `POS-SEQ-01` one event delivered twice at the same moment; `POS-SEQ-02` several events at once. */
export function sequenceChecks(audience: Audience): Record<string, Check> {
  const prefix = { pos: 'POS', dsp: 'DSP', events: 'EVT' }[audience];
  return { [`${prefix}-SEQ-01`]: concurrentDuplicate, [`${prefix}-SEQ-02`]: severalAtOnce };
}
