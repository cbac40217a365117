// An update and a cancellation that name an order of another location: the order id is real, the
// location is not the order's. A server that looks orders up by id alone changes the wrong
// location's order; the contracts say such an event is an order the partner does not know.
import { randomBytes, randomUUID } from 'node:crypto';
import { validate } from '@stream-partner/contracts';
import type { HttpExchange } from '../../http.js';
import { judge } from '../../judge.js';
import { accessToken } from '../checks-oauth.js';
import { firstLocation } from '../checks-pos.js';
import { eventBody } from '../checks-shared.js';
import type { Audience } from '../../trigger/targets.js';
import { answered, fail, pass, type CertifyContext, type Check, type CheckOutcome } from '../context.js';
import { freshOrder, ownedBy } from './repeats.js';

const EVENTS = ['order.updated', 'order.canceled'] as const;

/** Another location of the merchant's than `not` when the POS lists one, else one made up for the run. */
async function otherLocation(context: CertifyContext, not: string): Promise<string> {
  if (context.config.audience === 'pos') {
    const exchange = await context.call('list locations, to name another location than the order\'s', { target: context.target('listLocations'), token: await accessToken(context) });
    const locations = (exchange.json as { locations?: { provider_id?: unknown }[] } | undefined)?.locations;
    const other = Array.isArray(locations) ? locations.map((location) => location?.provider_id).find((id) => typeof id === 'string' && id !== not) : undefined;
    if (typeof other === 'string') return other;
  }
  return `certify-other-location-${randomBytes(4).toString('hex')}`;
}

function posIssue(exchange: HttpExchange): string | undefined {
  if (exchange.status !== 400) return answered(exchange);
  const result = validate('pos', 'PosValidationError', exchange.json);
  return result.valid ? undefined : `answered 400, but its body is not a PosValidationError: ${result.errors.map((issue) => issue.message).join('; ')}`;
}

/** `POS-SEQ-05`, `EVT-SEQ-06`: order.updated and order.canceled naming a real order with another location's id. */
export async function otherLocationsOrder(context: CertifyContext): Promise<CheckOutcome> {
  const audience = context.config.audience;
  const order = await freshOrder(context);
  const other = await otherLocation(context, order.locationId);
  const wrong: string[] = [];
  for (const type of EVENTS) {
    const target = context.target(type);
    const token = target.carrier.bearer ? await accessToken(context) : null;
    const sets = audience === 'pos' ? { 'object.order_id': order.orderId, 'object.location_id': other } : { event_id: randomUUID(), 'object.order_id': order.orderId, 'object.location_id': other };
    const exchange = await context.call(`send ${type} for order ${order.orderId} of ${order.locationId}, naming location ${other}`, { target, body: eventBody(target, undefined, sets), token });
    const issue = audience === 'pos' ? posIssue(exchange) : judge(target.operation, exchange, ['204']).ok ? undefined : answered(exchange);
    if (issue !== undefined) wrong.push(`${type}: ${issue}`);
  }
  if (wrong.length === 0) return pass(`both events for ${order.orderId} under location ${other} were answered as for an order the ${audience === 'pos' ? 'POS' : 'provider'} does not know`);
  const reason = `an event naming order ${order.orderId} (of location ${order.locationId}) with location ${other}: ${wrong.join('; ')}`;
  if (audience === 'pos') return fail(reason, "400 with a posValidation (orderValidation other): the order is not one of this location's, so change nothing");
  // A provider that answers every cancellation wrong already fails EVT-ORD-03, one that refuses unknown orders EVT-ORD-08: their finding, not this one.
  const canceledOwned = wrong.some((line) => line.startsWith('order.canceled')) && context.statusOf('EVT-ORD-03') !== 'passed';
  return ownedBy(context, canceledOwned ? 'EVT-ORD-03' : 'EVT-ORD-08', fail(reason, '204 and no change: to this location the order is unknown'));
}

/** `POS-ORD-10`: order.updated and order.canceled naming an order the POS never made: it cannot apply them, so it refuses them. */
export async function unknownPosOrder(context: CertifyContext): Promise<CheckOutcome> {
  const locationId = await firstLocation(context);
  const wrong: string[] = [];
  for (const type of EVENTS) {
    const target = context.target(type);
    const orderId = `certify-unknown-order-${randomBytes(4).toString('hex')}`;
    const exchange = await context.call(`send ${type} for an order the POS never made (${orderId})`, { target, body: eventBody(target, undefined, { 'object.order_id': orderId, 'object.location_id': locationId }), token: await accessToken(context) });
    const issue = posIssue(exchange);
    if (issue !== undefined) wrong.push(`${type} for ${orderId}: ${issue}`);
  }
  return wrong.length === 0 ? pass('both events for an order the POS never made were refused with a posValidation') : fail(wrong.join('; '), "400 with a posValidation whose orderValidation says the order is unknown: there is no order to change");
}

/** The audiences whose contracts say what an event naming another location's order gets: a DSP is sent no such update. */
export function otherLocationChecks(audience: Audience): Record<string, Check> {
  if (audience === 'pos') return { 'POS-SEQ-05': otherLocationsOrder, 'POS-ORD-10': unknownPosOrder };
  if (audience === 'events') return { 'EVT-SEQ-06': otherLocationsOrder };
  return {};
}
