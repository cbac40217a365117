// Order events from Stream: create the order once per idempotency_key, refuse what the kitchen
// cannot make with a posValidation, and apply updates and cancellations to known orders.
import { validate, type Pos, type ValidationResult } from '@stream-partner/contracts';
import { CATALOG, LOCATIONS } from './catalog.js';
import type { Store } from './store.js';

type PosValidation = Pos.components['schemas']['PosValidation'];

export interface OrderAnswer {
  readonly status: 201 | 400;
  readonly body: unknown;
}

function refuse(validation: Partial<PosValidation>): OrderAnswer {
  return { status: 400, body: { posValidation: { stockValidation: [], orderTotalsValidation: [], orderValidation: [], ...validation } } };
}

function other(reason: string): OrderAnswer {
  return refuse({ orderValidation: [{ order_error: 'other', order_error_reason: reason }] });
}

/** What breaks the contract, in words; a field the contract does not name is ignored, not refused. */
function contractProblems(result: ValidationResult<unknown>): string[] {
  return result.valid ? [] : result.errors.filter((issue) => issue.rule !== 'additionalProperties').map((issue) => issue.message);
}

const sellable = (list: readonly { provider_id: string; is_active?: boolean }[]) => new Set(list.filter((object) => object.is_active !== false).map((object) => object.provider_id));

export function handleOrderEvent(store: Store, body: unknown): OrderAnswer {
  // A body that is not JSON breaks the contract: refused as such, not taken for an event type this POS does not know.
  if (body === undefined) return other('The body is not JSON.');
  const type = (body as { type?: unknown } | undefined)?.type;
  if (type === 'order.created') {
    const problems = contractProblems(validate('pos', 'NewOrderEvent', body));
    if (problems.length > 0) return other(problems.join('; '));
    const order = (body as Pos.components['schemas']['NewOrderEvent']).object;
    // Stream retries with the same idempotency_key: answer with the order already made.
    const existing = store.ordersByKey.get(order.idempotency_key);
    if (existing !== undefined) return { status: 201, body: { order: { provider_id: existing.providerId, prep_time_minutes: 15 } } };
    // Only this merchant's locations take orders: anything else is refused before an order is made.
    if (!LOCATIONS.some((location) => location.provider_id === order.location_id)) {
      return refuse({ orderValidation: [{ order_error: 'store_unavailable', order_error_reason: `Location ${order.location_id} is not one of this merchant's.` }] });
    }
    // An item the POS does not sell is out of stock as far as Stream is concerned: quantity 0.
    const items = sellable(CATALOG.item);
    const modifiers = sellable(CATALOG.modifier);
    const stockValidation = order.line_items.flatMap((line) => [
      ...(items.has(line.provider_id) ? [] : [{ type: 'item' as const, provider_id: line.provider_id, quantity: 0 }]),
      ...(line.modifiers ?? []).filter((modifier) => !modifiers.has(modifier.provider_id)).map((modifier) => ({ type: 'modifier' as const, provider_id: modifier.provider_id, quantity: 0 })),
    ]);
    if (stockValidation.length > 0) return refuse({ stockValidation });
    const created = { providerId: store.nextOrderId(), streamOrderId: order.id, locationId: order.location_id, status: 'open' as const };
    store.ordersByKey.set(order.idempotency_key, created);
    store.ordersById.set(created.providerId, created);
    return { status: 201, body: { order: { provider_id: created.providerId, prep_time_minutes: 15 } } };
  }
  if (type === 'order.updated' || type === 'order.canceled') {
    const problems = contractProblems(validate('pos', type === 'order.updated' ? 'UpdatedOrderEvent' : 'CanceledOrderEvent', body));
    if (problems.length > 0) return other(problems.join('; '));
    const { order_id: orderId, location_id: locationId } = (body as { object: { order_id: string; location_id: string } }).object;
    const known = store.ordersById.get(orderId);
    // An order of another location is not this event's order: changing it would touch the wrong store.
    if (known === undefined || known.locationId !== locationId) return other(`No order ${orderId} at location ${locationId}.`);
    if (type === 'order.canceled') known.status = 'canceled';
    return { status: 201, body: { order: { provider_id: known.providerId } } };
  }
  return other(`This POS does not handle events of type ${JSON.stringify(type)}.`);
}
