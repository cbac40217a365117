// Every event in states a partner may not expect, as the receiving operation's contract names them
// (`x-stream-any-state`): before the event that opens its subject (a location.update for a location
// with no location.publish), repeated under a new event_id, and after an event that closed its subject
// (an order completed or canceled), and naming ids the partner cannot know (an object added after the
// menu it downloaded). Each must get the event's success answer: a partner's state is no reason to refuse a valid body, and Stream does not retry a 400.
// Events another requirement already sends so are named under `elsewhere` (a second cancellation).
import { randomBytes, randomUUID } from 'node:crypto';
import { CliError } from '../errors.js';
import { judge } from '../judge.js';
import { isObject, listOperations, type ApiName, type JsonObject } from '../openapi.js';
import { setPath } from '../trigger/payload.js';
import type { TriggerTarget } from '../trigger/targets.js';
import { accessToken } from './checks-oauth.js';
import { answered, type CertifyContext } from './context.js';
import { ORDER_CLOSED_STILL_ANSWERED, UNKNOWN_ID_ACCEPTED } from './rules-1-14.js';
import { withUnknownIds } from './unknown-ids.js';

export { heldMenuLocation } from './held-menu.js';

type Json = Record<string, unknown>;
type State = 'before-opening' | 'repeated' | 'out-of-order' | 'after-closing' | 'unknown-ids';
const STATES: readonly State[] = ['before-opening', 'repeated', 'out-of-order', 'after-closing', 'unknown-ids'];

/** An event that closes a subject (an update to `completed`, a cancellation), with the values it sets at JSON pointers. */
export interface Closing {
  readonly event: string;
  readonly set: Readonly<Record<string, unknown>>;
  /** The requirement that already sends the events that follow this one (a cancellation's), or undefined. */
  readonly elsewhere?: string;
}

export interface AnyState {
  readonly rule: string;
  /** Where an event of that type names its subject (a location, an order), as a JSON pointer. */
  readonly subject: (event: string) => string | undefined;
  readonly opens?: string;
  /** The requirement that already sends an event in these states (a second cancellation), or undefined. */
  readonly elsewhere: (event: string) => string | undefined;
  readonly states: readonly State[];
  /** Where an event carries the moment it happened, as a JSON pointer: out of order is an older one after a newer one. */
  readonly at?: string;
  /** The events that close a subject, for the state `after-closing`. */
  readonly closing: readonly Closing[];
  /** Where an event of that type names objects the receiver may not hold, as JSON pointers (`*` for every entry), for the state `unknown-ids`. */
  readonly unknown: (event: string) => readonly string[];
}

/** The states the operation that carries `target` names, or undefined when its contract names none. */
export function anyState(target: TriggerTarget): AnyState | undefined {
  const raw = (target.carrier.raw as JsonObject)['x-stream-any-state'];
  if (raw === undefined) return undefined;
  const fail = () => new CliError('spec_invalid', `The ${target.audience} contract's x-stream-any-state on ${target.carrier.operationId} needs a kebab-case rule, a subject pointer (or one per event), and states among ${STATES.join(', ')}. Fix the contract and run npm run specs:bundle.`);
  if (!isObject(raw) || typeof raw.rule !== 'string' || !/^[a-z]+(-[a-z]+)*$/.test(raw.rule) || !Array.isArray(raw.states) || !raw.states.every((state) => STATES.includes(state as State))) throw fail();
  const subject = raw.subject;
  const pointers = typeof subject === 'string' ? undefined : isObject(subject) ? (subject as Record<string, unknown>) : undefined;
  if (typeof subject !== 'string' && pointers === undefined) throw fail();
  if (raw.states.includes('out-of-order') && (typeof raw.at !== 'string' || !raw.at.startsWith('/'))) throw fail();
  const closing = raw.closing === undefined ? [] : raw.closing;
  const closes = (item: unknown) => isObject(item) && typeof item.event === 'string' && (item.elsewhere === undefined || typeof item.elsewhere === 'string') && (item.set === undefined || (isObject(item.set) && Object.keys(item.set).every((key) => key.startsWith('/'))));
  if (!Array.isArray(closing) || !closing.every(closes) || (raw.states.includes('after-closing') && closing.length === 0)) throw fail();
  const unknown = raw.unknown === undefined ? {} : raw.unknown;
  const pointerList = (value: unknown) => Array.isArray(value) && value.length > 0 && value.every((pointer) => typeof pointer === 'string' && pointer.startsWith('/'));
  if (!isObject(unknown) || !Object.values(unknown).every(pointerList) || (raw.states.includes('unknown-ids') && Object.keys(unknown).length === 0)) throw fail();
  const name = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    rule: raw.rule,
    subject: (event) => (typeof subject === 'string' ? subject : name(pointers?.[event])),
    ...(name(raw.opens) === undefined ? {} : { opens: name(raw.opens) }),
    states: raw.states as State[],
    ...(typeof raw.at === 'string' ? { at: raw.at } : {}),
    elsewhere: (event) => (isObject(raw.elsewhere) ? name((raw.elsewhere as Record<string, unknown>)[event]) : undefined),
    closing: closing.map((item) => ({ event: String(item.event), set: (item.set ?? {}) as Record<string, unknown>, ...(typeof item.elsewhere === 'string' ? { elsewhere: item.elsewhere } : {}) })),
    unknown: (event) => (Object.hasOwn(unknown, event) ? ((unknown as Record<string, unknown>)[event] as string[]) : []),
  };
}

export interface AnyStateOptions {
  /** The event whose requirement is checked. */
  readonly event: string;
  /** A fresh, valid body of an event type, as the audience's own checks build it. */
  readonly make: (event: string) => Promise<Json>;
  /** A subject no event of this run has named yet (a listed location certify sent nothing for), or undefined when there is none. */
  readonly freshSubject: () => Promise<string | undefined>;
  /** A subject the opening event has just opened (an order the partner took), for the repeats; undefined to keep the one `make` names. */
  readonly openedSubject?: () => Promise<string | undefined>;
  /** A subject whose state the partner holds (a location whose menu it downloaded), for the state `unknown-ids`; undefined to use `openedSubject`. */
  readonly heldSubject?: () => Promise<string | undefined>;
}

const dotted = (pointer: string) => pointer.slice(1).split('/').join('.');

/** A new event id in the style of the body's own (Stream's evt_ ids, or a UUID). */
const newEventId = (body: Json) => (typeof body.event_id === 'string' && body.event_id.startsWith('evt_') ? `evt_cert_${randomBytes(8).toString('hex')}` : randomUUID());

/** The findings of sending `event` in each state the contract names, each quoting the rule; empty when all got the event's success answer. */
export async function anyStateIssues(context: CertifyContext, options: AnyStateOptions): Promise<string[]> {
  const target = context.target(options.event);
  const named = anyState(target);
  if (named === undefined) return [];
  // Another requirement sends this event repeated and out of order; what follows a closing event is still this one's.
  const repeatsElsewhere = named.elsewhere(options.event) !== undefined;
  const token = target.carrier.bearer ? await accessToken(context) : null;
  const success = [...target.operation.responses.keys()].filter((status) => status.startsWith('2'));
  const found: string[] = [];
  const send = async (body: Json, what: string, rule = named.rule) => {
    const exchange = await context.call(what, { target, body, token });
    const verdict = judge(target.operation, exchange, success);
    if (!verdict.ok) found.push(`[${rule}] ${what} ${answered(exchange)}: ${verdict.issues.join('; ')}`);
  };
  const about = (name: string, body: Json, subject: string) => {
    const pointer = named.subject(name);
    return pointer === undefined ? body : (setPath(body, dotted(pointer), subject) as Json);
  };
  for (const state of named.states) {
    if (repeatsElsewhere && state !== 'after-closing') continue;
    if (state === 'after-closing') {
      // A closing event whose followers another requirement sends (updates after a cancellation) is left to it.
      for (const closing of closedFirst(named, options.event).filter((item) => item.elsewhere === undefined)) {
        const opened = await options.openedSubject?.();
        if (opened === undefined) continue;
        await closeSubject(context, { closing, subject: opened, make: options.make, about });
        await send(about(options.event, await options.make(options.event), opened), `send ${options.event} for ${opened}, after ${describeClosing(closing)} for it`, ORDER_CLOSED_STILL_ANSWERED);
      }
    } else if (state === 'repeated') {
      const made = await options.make(options.event);
      const opened = await options.openedSubject?.();
      const body = opened === undefined ? made : about(options.event, made, opened);
      await send(body, `send ${options.event}${opened === undefined ? '' : ` for ${opened}`}`);
      await send({ ...structuredClone(body), event_id: newEventId(body) }, `send the same ${options.event} again under a new event_id`);
    } else if (state === 'out-of-order' && named.at !== undefined) {
      const made = await options.make(options.event);
      const opened = await options.openedSubject?.();
      const body = opened === undefined ? made : about(options.event, made, opened);
      const raw = named.at.slice(1).split('/').reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), body);
      const given = String(raw ?? '');
      // A date-time string, or epoch milliseconds (a DSP event's occurred_at_ms), taken from now: the newer is a minute ahead of the receiver's clock.
      const moment = typeof raw === 'number' ? Date.now() : Date.parse(given);
      if (Number.isNaN(moment)) continue;
      // Written as the body wrote it: whole seconds stay whole, so only the order of the two events differs.
      const written = (ms: number): unknown => (typeof raw === 'number' ? ms : given.includes('.') ? new Date(ms).toISOString() : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));
      // The newer first, then one a minute older than it under its own event_id: Stream's retries deliver in any order.
      const at = (shift: number) => setPath({ ...structuredClone(body), event_id: newEventId(body) }, dotted(named.at!), written(moment + shift)) as Json;
      await send(at(60_000), `send ${options.event}${opened === undefined ? '' : ` for ${opened}`}`);
      await send(at(0), `send an older ${options.event} about the same subject after a newer one (out of order)`);
    } else if (state === 'unknown-ids') {
      // The subject the opening event opened (the location whose menu the partner downloaded), so the ids are unknown to a partner that holds its state.
      const made = await options.make(options.event);
      const opened = await (options.heldSubject ?? options.openedSubject)?.();
      const { body, ids } = withUnknownIds(opened === undefined ? made : about(options.event, made, opened), named.unknown(options.event));
      if (ids.length > 0) await send(body, `send ${options.event} naming ${ids.join(', ')}, which no menu or event of this run gave`, UNKNOWN_ID_ACCEPTED);
    } else if (state === 'before-opening' && named.opens !== undefined && options.event !== named.opens) {
      const subject = await options.freshSubject();
      if (subject === undefined) continue;
      await send(about(options.event, await options.make(options.event), subject), `send ${options.event} for ${subject}, which has had no ${named.opens}`);
    }
  }
  return found;
}

/** The closing events to send before `event`: not the same event unchanged, which is the state `repeated`. */
export function closedFirst(named: AnyState, event: string): readonly Closing[] {
  return named.closing.filter((closing) => closing.event !== event || Object.keys(closing.set).length > 0);
}

export function describeClosing(closing: Closing): string {
  const values = Object.entries(closing.set).map(([pointer, value]) => `${pointer} ${JSON.stringify(value)}`);
  return `${closing.event}${values.length === 0 ? '' : ` with ${values.join(', ')}`}`;
}

interface CloseOptions {
  readonly closing: Closing;
  readonly subject: string;
  readonly make: (event: string) => Promise<Json>;
  readonly about: (name: string, body: Json, subject: string) => Json;
}

/** Sends the closing event about `subject`; its own answer is its own requirement's finding, so it is not judged here. */
export async function closeSubject(context: CertifyContext, { closing, subject, make, about }: CloseOptions): Promise<void> {
  const target = context.target(closing.event);
  const token = target.carrier.bearer ? await accessToken(context) : null;
  let body = about(closing.event, await make(closing.event), subject);
  for (const [pointer, value] of Object.entries(closing.set)) body = setPath(body, dotted(pointer), value) as Json;
  await context.call(`send ${describeClosing(closing)} for ${subject}, which closes it`, { target, body, token });
}

/** The rule names one contract's operations give their states (`x-stream-any-state`), for the catalogue to scope a notice to. */
export function anyStateRules(api: ApiName): readonly string[] {
  return listOperations(api).flatMap((operation) => {
    const raw = operation.raw['x-stream-any-state'];
    return isObject(raw) && typeof raw.rule === 'string' ? [raw.rule] : [];
  });
}
