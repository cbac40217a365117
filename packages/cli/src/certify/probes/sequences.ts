// Sequences in time: one event delivered twice at the same moment (a retry racing the original),
// and several events arriving at once. Stream does both; a server that answers each call right on
// its own can still make two orders, or time out, when calls overlap.
import type { HttpExchange } from '../../http.js';
import { judge } from '../../judge.js';
import type { Audience, TriggerTarget } from '../../trigger/targets.js';
import { dspEvent } from '../checks-dsp.js';
import { newOrder as eventsOrder } from '../checks-events.js';
import { newOrder as posOrder } from '../checks-pos.js';
import { accessToken } from '../checks-shared.js';
import { fail, pass, type CertifyContext, type Check, type CheckOutcome } from '../context.js';

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
  return { target: context.target('location.order.accept'), body: await dspEvent(context, 'location.order.accept'), label: 'location.order.accept' };
}

function what(audience: Audience): string {
  return audience === 'dsp' ? 'the receipt\'s event_id' : 'provider_id';
}

async function concurrentDuplicate(context: CertifyContext): Promise<CheckOutcome> {
  const audience = context.config.audience;
  const one = await delivery(context);
  const [first, second] = await Promise.all([send(context, one, `send ${one.label}`), send(context, one, `send the same ${one.label} at the same moment`)]);
  const wrong = [first, second].flatMap((exchange, index) => judge(one.target.operation, exchange, success(one.target)).issues.map((issue) => `delivery ${index + 1}: ${issue}`));
  if (wrong.length > 0) return fail(`${one.label} delivered twice at the same moment: ${wrong.join('; ')}`, `${success(one.target).join(' or ')} to both`);
  const [a, b] = [identity(audience, first), identity(audience, second)];
  if (audience === 'dsp' && a === b && a !== undefined) {
    // The contract: a repeat is answered with duplicate: true and not processed again, so exactly one answer is the processing one.
    const processed = [first, second].filter((exchange) => (exchange.json as { duplicate?: unknown } | undefined)?.duplicate !== true).length;
    if (processed === 1) return pass(`both receipts name ${String(a)}, one with duplicate: true`);
    return fail(
      `${one.label} delivered twice at the same moment was ${processed === 2 ? 'processed twice: neither receipt says duplicate: true' : 'answered duplicate: true both times, so it was never processed'}`,
      'one receipt without duplicate (the event processed once) and one with duplicate: true: record the event_id and check it in one step, before any await',
    );
  }
  if (a === b && a !== undefined) return pass(`both answers name ${String(a)}`);
  return fail(`${one.label} delivered twice at the same moment got two answers naming different ${what(audience)}s: ${String(a)} and ${String(b)}; a retry that races the original made a second ${audience === 'dsp' ? 'processing of the event' : 'order'}`, `the same ${what(audience)} in both answers: look the ${audience === 'dsp' ? 'event_id' : 'idempotency key'} up and record it in one step (a unique constraint), not read-then-write`);
}

async function severalAtOnce(context: CertifyContext): Promise<CheckOutcome> {
  const audience = context.config.audience;
  const deliveries = await Promise.all(Array.from({ length: AT_ONCE }, () => delivery(context)));
  const timed = context.timings.length;
  const answers = await Promise.all(deliveries.map((item, index) => send(context, item, `send ${item.label} ${index + 1} of ${AT_ONCE} at once`)));
  // This requirement judges how long answers take when they overlap; the timing requirement judges answers on their own.
  context.timings.splice(timed);
  const limit = context.config.answerLimitMs;
  const wrong: string[] = [];
  answers.forEach((exchange, index) => {
    const verdict = judge(deliveries[index]!.target.operation, exchange, success(deliveries[index]!.target));
    if (!verdict.ok) wrong.push(`event ${index + 1}: ${verdict.issues.join('; ')}`);
    else if (exchange.ms > limit) wrong.push(`event ${index + 1} answered after ${exchange.ms} ms, over the ${limit} ms limit`);
  });
  const ids = answers.map((exchange) => identity(audience, exchange));
  if (wrong.length === 0 && new Set(ids).size !== ids.length) wrong.push(`${AT_ONCE} different events got answers naming only ${new Set(ids).size} different ${what(audience)}s (${ids.map(String).join(', ')})`);
  if (wrong.length === 0) return pass(`${AT_ONCE} events at once, the slowest answered in ${Math.max(...answers.map((exchange) => exchange.ms))} ms`);
  return fail(`${AT_ONCE} ${deliveries[0]!.label} events sent at once: ${wrong.slice(0, 4).join('; ')}`, `each answered as on its own (${success(deliveries[0]!.target).join(' or ')}, its own ${what(audience)}) within ${limit} ms`);
}

function success(target: TriggerTarget): string[] {
  return [...target.operation.responses.keys()].filter((status) => status.startsWith('2'));
}

/** `POS-SEQ-01` one event delivered twice at the same moment; `POS-SEQ-02` several events at once. */
export function sequenceChecks(audience: Audience): Record<string, Check> {
  const prefix = { pos: 'POS', dsp: 'DSP', events: 'EVT' }[audience];
  return { [`${prefix}-SEQ-01`]: concurrentDuplicate, [`${prefix}-SEQ-02`]: severalAtOnce };
}
