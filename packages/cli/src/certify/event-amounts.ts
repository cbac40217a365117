// What an event provider makes of an order's amounts. The contract gives each amount a meaning a
// receiver can get wrong while every schema keyword holds: a modifier's quantity per one of its
// parent, an item's price without its modifiers, a subtotal before tax and fees, a total after
// discounts, all in the lowest currency unit. A provider that checks Stream's sums with a formula of
// its own refuses orders whose amounts are right.
import { randomBytes, randomUUID } from 'node:crypto';
import { judge } from '../judge.js';
import { isObject } from '../openapi.js';
import { assertContract, EVERY_AMOUNT_COUNTED } from './checks-shared.js';
import { answered, fail, type CertifyContext, type CheckOutcome } from './context.js';

type Json = Record<string, unknown>;

/** A discount the total takes away: the contract's total is "after discounts", and the order lists none of them. */
const DISCOUNT = 200;

/** An item's or modifier's own amount per one of its parent: its price and each of its modifiers, per unit, nested ones included. */
function unitAmount(line: Json): number {
  const modifiers = Array.isArray(line.modifiers) ? line.modifiers.filter(isObject) : [];
  return (line.price as number) + modifiers.reduce((sum, modifier) => sum + (modifier.quantity as number) * unitAmount(modifier), 0);
}

/**
 * The order `body` again as a new order: its first item twice, with a modifier taken twice per item
 * that has a nested modifier of its own, a second item of three, and a total after a discount.
 */
export function everyAmountEvent(body: Json): Json {
  const object = structuredClone(body.object) as Json;
  const [first, ...rest] = object.items as Json[];
  const nested = { id: 'mod_cert_dip', name: 'Garlic dip', quantity: 1, price: 50 };
  const modifier = { id: 'mod_cert_topping', name: 'Extra topping', quantity: 2, price: 125, modifiers: [nested] };
  const items = [{ ...first, quantity: 2, modifiers: [...(Array.isArray(first!.modifiers) ? first!.modifiers : []), modifier] }, ...rest, { id: 'itm_cert_soda', name: 'Sparkling water', quantity: 3, price: 250 }];
  const subtotal = items.reduce((sum, item) => sum + (item.quantity as number) * unitAmount(item), 0);
  const tax = typeof object.tax === 'number' ? object.tax : 0;
  const fee = typeof object.delivery_fee === 'number' ? object.delivery_fee : 0;
  const total = subtotal + tax + fee - DISCOUNT;
  return { ...body, event_id: randomUUID(), object: { ...object, id: `ord_cert_${randomBytes(5).toString('hex')}`, items, subtotal, total } };
}

function describe(object: Json): string {
  const items = (object.items as Json[]).map((item) => `${String(item.quantity)} x ${String(item.price)}${Array.isArray(item.modifiers) && item.modifiers.length > 0 ? ' with modifiers' : ''}`).join(', ');
  return `items ${items}, one modifier 2 per item at 125 with a nested one at 50; subtotal ${String(object.subtotal)}, tax ${String(object.tax)}, delivery_fee ${String(object.delivery_fee)}, total ${String(object.total)}`;
}

function refusalOf(json: unknown): Json | undefined {
  return isObject(json) && isObject(json.posValidation) ? json.posValidation : undefined;
}

const listed = (refusal: Json | undefined, key: string): Json[] => (Array.isArray(refusal?.[key]) ? (refusal[key] as unknown[]).filter(isObject) : []);

/** EVT-ORD-01 beyond the plain order: an order whose amounts add up as the contract says is taken; a refusal for stock is the provider's to make. */
export async function everyAmountTaken(options: { context: CertifyContext; order: Json }): Promise<CheckOutcome | undefined> {
  const { context, order } = options;
  const target = context.target('order.confirmed');
  const body = everyAmountEvent(order);
  assertContract(target, body);
  const shown = describe(body.object as Json);
  const exchange = await context.call(`send order.created (order.confirmed) with every amount (${shown})`, { target, body });
  const verdict = judge(target.operation, exchange, ['201']);
  if (verdict.ok) return undefined;
  const refusal = refusalOf(exchange.json);
  if (exchange.status === 400 && listed(refusal, 'stockValidation').length > 0 && listed(refusal, 'orderTotalsValidation').length === 0) return undefined;
  return fail(
    `[${EVERY_AMOUNT_COUNTED}] an order whose amounts add up as the contract says (${shown}: subtotal = each item's quantity × (price + each modifier's quantity per one of its parent × its own amount, nested modifiers included); total = subtotal + tax + delivery_fee, after a discount of ${DISCOUNT} the order does not list) ${answered(exchange)}`,
    "201: read the amounts as ConfirmedOrder says (a modifier's quantity is per one of its parent, an item's price excludes its modifiers, the total is after discounts), or take Stream's total as given",
  );
}
