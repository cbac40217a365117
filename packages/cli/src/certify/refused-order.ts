// The events contract acknowledges an update or a cancellation with 204 "even for an order you do
// not know (one you refused, for example)". Certify's other unknown-order checks use an id the
// provider never saw; this one has the provider refuse an order first (a contract break that keeps
// the order's id), then names that id, so a provider that remembers its refusals and turns the
// later events away fails as one that answers 404 for an order it never saw would.
import { judge } from '../judge.js';
import { answered, type CertifyContext } from './context.js';

type Json = Record<string, unknown>;

/** A rule of certify's on EVT-ORD-03 and EVT-ORD-08: an event about an order the provider refused is acknowledged. */
export const REFUSED_ORDER_ACKNOWLEDGED = 'refused-order-acknowledged';

export interface RefusedOrderOptions {
  readonly event: 'order.updated' | 'order.canceled';
  /** A new, valid order (the events checks' own builder, passed in to keep the modules acyclic). */
  readonly order: (context: CertifyContext) => { readonly id: string; readonly locationId: string; readonly body: Json };
  /** A valid event of `event`'s type with `sets` applied. */
  readonly about: (context: CertifyContext, event: string, sets: Json) => Json;
}

/** The order the provider refused in this run, or undefined when it took the broken body (EVT-SEC-03's finding, not this one's). */
function refusedOrder(context: CertifyContext, options: RefusedOrderOptions): Promise<{ id: string; locationId: string } | undefined> {
  return context.once('events-refused-order', async () => {
    const order = options.order(context);
    const broken: Json = structuredClone(order.body);
    delete broken.occurred_at;
    const exchange = await context.call(`send order.created without occurred_at, an order (${order.id}) the provider refuses`, { target: context.target('order.confirmed'), body: broken });
    return exchange.status === 400 ? { id: order.id, locationId: order.locationId } : undefined;
  });
}

/** Why `event` about an order the provider refused was not acknowledged with 204, or undefined when it was (or no order was refused). */
export async function refusedOrderIssue(context: CertifyContext, options: RefusedOrderOptions): Promise<string | undefined> {
  const order = await refusedOrder(context, options);
  if (order === undefined) return undefined;
  const target = context.target(options.event);
  const body = options.about(context, options.event, { 'object.order_id': order.id, 'object.location_id': order.locationId });
  const exchange = await context.call(`send ${options.event} for ${order.id}, the order the provider refused`, { target, body });
  const verdict = judge(target.operation, exchange, ['204']);
  return verdict.ok ? undefined : `[${REFUSED_ORDER_ACKNOWLEDGED}] ${options.event} for ${order.id}, an order the provider refused, ${answered(exchange)}: ${verdict.issues.join('; ')}`;
}
