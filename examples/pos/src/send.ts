// Sends one POS event to Stream, signed: `npm run send -w examples/pos -- <event> [--order-id ID] [--location-id ID]`.
// In a real POS these calls follow what happens in the kitchen and the back office.
import { parseArgs } from 'node:util';
import { assertValid, signWebhook, type Pos } from '@stream-partner/contracts';
import { readConfig } from './config.js';

type PosWebhookEvent = Pos.components['schemas']['PosWebhookEvent'];

const EVENTS: Record<string, (ids: { orderId: string; locationId: string }) => PosWebhookEvent> = {
  'order.status.updated': ({ orderId, locationId }) => ({ type: 'order.status.updated', object: { status: 'ready_for_pickup', provider_id: orderId, location_id: locationId } }),
  'location.status.updated': ({ locationId }) => ({ type: 'location.status.updated', object: { status: 'inactive', location_id: locationId, paused_until: Date.now() + 30 * 60 * 1000 } }),
  'location.catalog.updated': ({ locationId }) => ({ type: 'location.catalog.updated', object: { location_id: locationId } }),
  // The triple the kitchen stopped selling today: the catalog this POS serves lists it with is_active false too, as Stream's next read must find it.
  'location.catalog.object.updated': ({ locationId }) => ({
    type: 'location.catalog.object.updated',
    object: { location_id: locationId, object_id: 'item-classic-triple', object_type: 'item', object_update: { is_active: false } },
  }),
  'location.connection.offline': ({ locationId }) => ({ type: 'location.connection.offline', object: { location_id: locationId } }),
  'incoming.order.created': ({ orderId, locationId }) => ({
    type: 'order.created',
    object: {
      provider_id: orderId,
      location_id: locationId,
      fulfillment_type: 'pickup',
      placed_at: new Date().toISOString(),
      requested_for: new Date(Date.now() + 20 * 60 * 1000).toISOString(),
      is_future_order: false,
      customers: [{ name: 'Walk-in customer' }],
      line_items: [{ provider_id: 'item-classic-single', item_family_id: 'fam-classic-burger', name: 'Classic Burger – Single', quantity: 1, price_amount: 999 }],
      currency: 'USD',
      subtotal: 999,
      tax: 86,
      total: 1085,
    },
  }),
};

const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'order-id': { type: 'string' }, 'location-id': { type: 'string' } } });
const name = positionals[0];
const build = name === undefined ? undefined : EVENTS[name];
if (build === undefined) {
  console.error(`Usage: npm run send -w examples/pos -- <event> [--order-id ID] [--location-id ID]\nEvents: ${Object.keys(EVENTS).join(', ')}`);
  process.exit(2);
}
const config = readConfig();
const event = build({ orderId: values['order-id'] ?? 'pos-ord-1001', locationId: values['location-id'] ?? 'loc-downtown' });
// Check the event against the contract before it leaves: Stream would refuse it with a 400 anyway.
assertValid('pos', 'PosWebhookEvent', event);
const body = JSON.stringify(event);
const url = `${config.streamBaseUrl.replace(/\/$/, '')}/pos/${config.partnerSlug}/webhook`;
const response = await fetch(url, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'Stream-Signature': signWebhook({ secret: config.webhookSecret, body }) },
  body,
});
console.log(`${name} → ${url}: ${response.status} ${await response.text()}`);
process.exit(response.ok ? 0 : 1);
