// POS-SND-06, rule distinct-orders-distinct-ids: an id a partner mints names one object. Stream
// treats a repeated in-store `provider_id` for the same location as a retry, so a POS that sends a
// till's receipt number (R-0001 every morning, on every till) loses every order after the first.
// One order cannot show it: certify asks for two different orders and compares their ids.
import { randomBytes } from 'node:crypto';
import { isObject } from '../openapi.js';
import type { SandboxExchange } from '../sandbox/index.js';
import { expectFromPartner } from './checks-arrivals.js';
import { accessToken } from './checks-oauth.js';
import { eventBody } from './checks-shared.js';
import { fail, pass, type CertifyContext, type CheckOutcome } from './context.js';
import { DISTINCT_ORDERS_DISTINCT_IDS, freedIdIssue } from './freed-ids.js';
import { quoted } from '../visible.js';

export { DISTINCT_ORDERS_DISTINCT_IDS };

function providerIdOf(exchange: SandboxExchange): unknown {
  return isObject(exchange.requestBody) && isObject(exchange.requestBody.object) ? exchange.requestBody.object.provider_id : undefined;
}

/** Asks for a second in-store order, another order than the first one that arrived, and wants an id of its own. */
export async function distinctInStoreIds(options: { context: CertifyContext; first: SandboxExchange; firstOrderId: string; locationId: string }): Promise<CheckOutcome> {
  const { context, first, firstOrderId, locationId } = options;
  const firstId = providerIdOf(first);
  const secondOrderId = `instore_${randomBytes(3).toString('hex')}`;
  return expectFromPartner(
    context,
    {
      event: 'incoming.order.created',
      instruction: `Send a second in-store order (type order.created) for location ${locationId}: another order than the one just sent, so with an id of its own.`,
      values: { location_id: locationId, order_id: secondOrderId },
      match: (exchange) => exchange.operation === 'pos:sendWebhookEvent' && exchange.event === 'order.created',
    },
    (second) => {
      const secondId = providerIdOf(second);
      if (secondId !== firstId) return pass(`two in-store orders went out with ids of their own (${String(firstId)}, ${String(secondId)})`);
      return fail(
        `[${DISTINCT_ORDERS_DISTINCT_IDS}] two in-store orders asked for as different orders (order ids ${firstOrderId} and ${secondOrderId}) both went out with provider_id ${JSON.stringify(firstId)}: Stream treats a repeated provider_id for the same location as a retry, so it drops every order after the first`,
        "a provider_id of the order's own for each in-store order (the POS's order id, not a number that restarts such as a receipt number)",
      );
    },
  );
}

/**
 * POS-ORD-05: after a cancellation, the next new order gets an id of its own (freed-ids.ts); `newOrder`
 * is the POS checks' own order builder, passed in so this file does not import them.
 */
export async function posFreedIds(options: { context: CertifyContext; newOrder: (context: CertifyContext) => Promise<{ id: string; locationId: string; body: Record<string, unknown> }>; passed?: string }): Promise<CheckOutcome> {
  const { context } = options;
  const freed = await freedIdIssue({
    create: async (what) => {
      const order = await options.newOrder(context);
      const exchange = await context.call(what, { target: context.target('order.created'), body: order.body, token: await accessToken(context) });
      const providerId = (exchange.json as { order?: { provider_id?: unknown } } | undefined)?.order?.provider_id;
      const target = context.target('order.canceled');
      const body = eventBody(target, undefined, { 'object.order_id': providerId, 'object.location_id': order.locationId });
      return { orderId: order.id, providerId, cancel: async () => void (await context.call(`send order.canceled for ${quoted(providerId)}`, { target, body, token: await accessToken(context) })) };
    },
  });
  return freed === undefined ? pass(options.passed) : fail(freed, "a provider_id of the order's own for each new order: never one an earlier order had, canceled or not");
}
