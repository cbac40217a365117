// POS-ORD-04: order.updated is answered as the contract says, for the update certify builds from the
// contract and for delivery statuses in any order. DeliveryStatus says "no other transition is fixed:
// any value may follow any other, and the receiver (Stream, or the POS) keeps the latest one it
// receives": a POS that walks statuses through a courier state machine of its own refuses an update
// whose status comes earlier in the list than the one before, and Stream's update is lost.
import { judge } from '../judge.js';
import { accessToken } from './checks-oauth.js';
import { assertContract, DELIVERY_STATUS_ANY_ORDER, eventBody } from './checks-shared.js';
import { answered, fail, pass, type CertifyContext, type Check } from './context.js';
import { effectiveSchema } from './probes/schema.js';

export interface OrderUpdateOptions {
  /** The order every order check builds on: Stream's order id and location, and the POS's provider_id. */
  readonly acceptedOrder: (context: CertifyContext) => Promise<{ readonly order: { readonly locationId: string }; readonly providerId: string }>;
}

/** The success statuses the contract gives order.updated: an update Stream sends is one the POS applies. */
function successes(context: CertifyContext): string[] {
  return [...context.target('order.updated').operation.responses.keys()].filter((status) => status.startsWith('2'));
}

function expected(context: CertifyContext): string {
  return successes(context).join(' or ');
}

/** Sends order.updated for the accepted order, then two with delivery statuses going back in the contract's list; each is answered as the contract says. */
export function orderUpdateCheck(options: OrderUpdateOptions): Check {
  return async (context) => {
    const accepted = await options.acceptedOrder(context);
    const target = context.target('order.updated');
    const update = (fields: Record<string, unknown>) => {
      const body = eventBody(target, undefined, { 'object.order_id': accepted.providerId, 'object.location_id': accepted.order.locationId, ...fields });
      assertContract(target, body);
      return body;
    };
    const exchange = await context.call('send order.updated', { target, body: update({}), token: await accessToken(context) });
    const verdict = judge(target.operation, exchange);
    if (!verdict.ok) return fail(verdict.issues.join('; '), expected(context));
    // The happy sequence comes first in the contract's list: the fifth value, then the fourth, goes back.
    const values = (effectiveSchema('pos', { $ref: '#/components/schemas/DeliveryStatus' }, undefined).enum ?? []) as string[];
    if (values.length < 5) return pass(verdict.summary);
    const [later, earlier] = [values[4]!, values[3]!];
    const first = await context.call(`send order.updated with delivery_status ${later}`, { target, body: update({ delivery_status: later }), token: await accessToken(context) });
    const ahead = judge(target.operation, first, successes(context));
    if (!ahead.ok) return fail(`[${DELIVERY_STATUS_ANY_ORDER}] order.updated with delivery_status ${later}: ${ahead.issues.join('; ')}`, expected(context));
    const second = await context.call(`send order.updated with delivery_status ${earlier}, earlier in the list, after ${later}`, { target, body: update({ delivery_status: earlier }), token: await accessToken(context) });
    if (judge(target.operation, second, successes(context)).ok) return pass(`${verdict.summary}; delivery_status ${later} then ${earlier} both answered`);
    return fail(
      `[${DELIVERY_STATUS_ANY_ORDER}] order.updated with delivery_status ${earlier} after one with ${later}, for the same order, ${answered(second)}: any delivery status may follow any other, and the POS keeps the latest it receives`,
      `${expected(context)} to each update, in whatever order the statuses come`,
    );
  };
}
