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

type CatalogObject = { provider_id: string; is_active?: boolean };
const ids = (list: readonly CatalogObject[]) => new Set(list.map((object) => object.provider_id));
const sellable = (list: readonly CatalogObject[]) => new Set(list.filter((object) => object.is_active !== false).map((object) => object.provider_id));

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
    // An id the catalog does not have means the cart cannot be built (invalid_cart); one the
    // catalog has but does not sell right now is out of stock (quantity 0). Every problem is listed.
    const inCatalog = { item: ids(CATALOG.item), modifier: ids(CATALOG.modifier) };
    const onSale = { item: sellable(CATALOG.item), modifier: sellable(CATALOG.modifier) };
    const asked = order.line_items.flatMap((line) => [
      { type: 'item' as const, provider_id: line.provider_id },
      ...(line.modifiers ?? []).map((modifier) => ({ type: 'modifier' as const, provider_id: modifier.provider_id })),
    ]);
    const orderValidation = asked
      .filter((object) => !inCatalog[object.type].has(object.provider_id))
      .map((object) => ({ order_error: 'invalid_cart' as const, order_error_reason: `The ${object.type} ${object.provider_id} is not in this location's catalog.` }));
    const stockValidation = asked
      .filter((object) => inCatalog[object.type].has(object.provider_id) && !onSale[object.type].has(object.provider_id))
      .map((object) => ({ ...object, quantity: 0 }));
    if (orderValidation.length > 0 || stockValidation.length > 0) return refuse({ orderValidation, stockValidation });
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
