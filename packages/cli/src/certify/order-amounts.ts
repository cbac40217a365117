// POS-ORD-01 beyond the plain order: an order that uses every amount the contract adds up (two units
// of a line with its modifiers, a tip, a delivery fee, a service charge and a discount) is taken as the
// plain one is. A POS that checks Stream's sums with a formula of its own (a modifier counted once per
// line, a service charge left out) refuses orders whose amounts are right.
import { randomBytes, randomUUID } from 'node:crypto';
import { judge } from '../judge.js';
import { isObject } from '../openapi.js';
import { accessToken } from './checks-oauth.js';
import { assertContract, EVERY_AMOUNT_COUNTED } from './checks-shared.js';
import { answered, fail, pass, type CertifyContext, type CheckOutcome } from './context.js';
import { unlimitedGroupFinding } from './unlimited-group.js';

type Json = Record<string, unknown>;

/** A line's or modifier's own amount, per unit of its parent: its price and each of its modifiers per unit, nested ones included. */
function unitAmount(line: Json): number {
  const modifiers = Array.isArray(line.modifiers) ? line.modifiers.filter(isObject) : [];
  return (line.price_amount as number) + modifiers.reduce((sum, modifier) => sum + (modifier.quantity as number) * unitAmount(modifier), 0);
}

/** The order `body` again, as a new order: its first line twice over, and every amount the total adds or takes away, the sums kept right. */
export function everyAmountOrder(body: Json): Json {
  const object = structuredClone(body.object) as Json;
  const lines = (object.line_items as Json[]).map((line, index) => (index === 0 ? { ...line, quantity: 2 } : line));
  const subtotal = lines.reduce((sum, line) => sum + (line.quantity as number) * unitAmount(line), 0);
  // A fee for the courier only where someone delivers: a pickup order with a delivery fee is odd enough to be refused for it.
  const delivered = object.fulfillment_type !== 'pickup' && object.fulfillment_type !== 'dine_in';
  const amounts = { tip: 150, service_charge: 100, discount_total: 50, ...(delivered ? { delivery_fee: 299 } : {}) };
  const tax = typeof object.tax === 'number' ? object.tax : 0;
  const total = subtotal + tax + amounts.tip + amounts.service_charge + (amounts.delivery_fee ?? 0) - amounts.discount_total;
  const order = { ...object, id: `ord_cert_${randomBytes(5).toString('hex')}`, idempotency_key: randomUUID(), line_items: lines, subtotal, ...amounts, total };
  return { ...body, object: order };
}

/** Sends the every-amount order built from `order` (an order the POS just took) and judges the answer; `passed` is the pass reason so far; with the `catalog` served, a group without a limit is tried too. */
export async function everyAmountCounted(options: { context: CertifyContext; order: Json; passed: string; catalog?: Json }): Promise<CheckOutcome> {
  const { context, order } = options;
  const counted = await amountsOutcome(options);
  if (!counted.passed || options.catalog === undefined) return counted;
  const target = context.target('order.created');
  const send = async (body: Json, what: string) => {
    assertContract(target, body);
    const exchange = await context.call(what, { target, body, token: await accessToken(context) });
    return { status: exchange.status, json: exchange.json, summary: answered(exchange) };
  };
  const unlimited = await unlimitedGroupFinding({ catalog: options.catalog, order, send });
  return unlimited === undefined ? counted : fail(unlimited, '201: a multiple group without max_selections takes any number of its modifiers');
}

async function amountsOutcome(options: { context: CertifyContext; order: Json; passed: string }): Promise<CheckOutcome> {
  const { context, order, passed } = options;
  const target = context.target('order.created');
  const body = everyAmountOrder(order);
  assertContract(target, body);
  const object = body.object as Json;
  const shown = `quantity 2, subtotal ${String(object.subtotal)}, tip ${String(object.tip)}, service_charge ${String(object.service_charge)}, discount_total ${String(object.discount_total)}${object.delivery_fee === undefined ? '' : `, delivery_fee ${String(object.delivery_fee)}`}, total ${String(object.total)}`;
  const exchange = await context.call(`send order.created with every amount (${shown})`, { target, body, token: await accessToken(context) });
  const verdict = judge(target.operation, exchange, ['201']);
  if (verdict.ok) return pass(`${passed}; an order with every amount (${shown}) too`);
  // Two units may be more than the POS has left: a refusal for stock is the POS's to make.
  const refusal = isObject(exchange.json) && isObject(exchange.json.posValidation) ? exchange.json.posValidation : undefined;
  const stock = Array.isArray(refusal?.stockValidation) && refusal.stockValidation.length > 0;
  const totals = Array.isArray(refusal?.orderTotalsValidation) && refusal.orderTotalsValidation.length > 0;
  if (exchange.status === 400 && stock && !totals) return pass(`${passed}; an order for two units was refused for stock`);
  return fail(
    `[${EVERY_AMOUNT_COUNTED}] an order whose amounts add up as the contract says (${shown}: subtotal = quantity × (price_amount + each modifier's quantity × price_amount), total = subtotal + tax + tip + delivery_fee + service_charge − discount_total): ${verdict.issues.join('; ')}`,
    "201: add Stream's amounts as OrderEventData.subtotal and total say, every modifier per unit and every amount counted",
  );
}
