// Every family of checks builds on one base body (an order, an event) that one requirement owns:
// it sends that body and judges the answer. A check that sends a variant of the base body (other
// bytes, an unknown field, a duplicate, a burst, a sequence) and is refused asks whether the base
// body itself is refused: if so, the refusal is the owner's finding and the check is blocked by it.
import type { HttpExchange } from '../http.js';
import type { TriggerTarget } from '../trigger/targets.js';
import { loadCatalogue } from './catalogue.js';
import { accessToken } from './checks-oauth.js';
import { answered, Blocked, type CertifyContext, type Evidence } from './context.js';

/** The requirement about a body's own event or call, first in the catalogue (POS-ORD-01 for order.created, DSP-EVT-04 for location.order.cancel). */
export function baseOwner(context: CertifyContext, target: TriggerTarget): string | undefined {
  const name = target.name;
  return loadCatalogue(context.config.audience).requirements.find((requirement) => requirement.contract.event === name || requirement.contract.operationId === name)?.id;
}

/** The success statuses the contract lists for the body's operation: what its owner accepts as taken. */
function successStatuses(target: TriggerTarget): string[] {
  return [...target.operation.responses.keys()].filter((status) => status.startsWith('2'));
}

export interface BaseBody {
  readonly target: TriggerTarget;
  /** A fresh copy of the base body, built as the owner builds the one it sends. */
  readonly make: () => Promise<Record<string, unknown>>;
  /** How reports name it: `order.created`. */
  readonly label?: string;
}

/**
 * Sends the base body unchanged; throws Blocked by its owner when that is refused too (any answer
 * but a success status the contract lists), so a refused variant is only the variant's failure
 * when the partner takes the body it was made from.
 */
export async function blockIfBaseRefused(context: CertifyContext, base: BaseBody): Promise<void> {
  const owner = baseOwner(context, base.target);
  if (owner === undefined || owner === context.current) return;
  const label = base.label ?? base.target.name;
  const token = base.target.carrier.bearer ? await accessToken(context) : null;
  const exchange = await context.call(`send ${label} unchanged, as ${owner} sends it, to tell a refused variant from a refused base body`, { target: base.target, body: await base.make(), token });
  if (exchange.status !== undefined && successStatuses(base.target).includes(String(exchange.status))) return;
  throw new Blocked(`${label} as certify builds it, sent unchanged, ${answered(exchange)} too: the body the variant was made from is not taken either`, owner);
}

/** The base body's one send, shared: the owner judges it, and adds its call to its own evidence when another check made it first. */
export interface SentBase<T> {
  readonly sent: T;
  readonly exchange: HttpExchange;
  readonly evidence: readonly Evidence[];
}

export function sendBaseOnce<T>(context: CertifyContext, options: { key: string; build: () => Promise<T>; send: (sent: T) => Promise<HttpExchange> }): Promise<SentBase<T>> {
  return context.once(options.key, async () => {
    const sent = await options.build();
    const mark = context.evidence.length;
    const exchange = await options.send(sent);
    return { sent, exchange, evidence: context.evidence.slice(mark) };
  });
}

/** The owner's view of the shared send: its call in the owner's evidence, whichever check made it. */
export function ownEvidence(context: CertifyContext, base: SentBase<unknown>): void {
  for (const item of base.evidence) if (!context.evidence.includes(item)) context.evidence.push(item);
}
