// Sends an order or store status event to Stream, signed:
// `npm run send -w examples/dsp -- new_order|cancel_order|store_status_update [--order-id ID] [--location-id ID]`.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { assertValid, signWebhook, type Dsp } from '@stream-partner/contracts';
import { readConfig } from './config.js';

type DspEvent = Dsp.components['schemas']['DspToStreamEvent'];

const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'order-id': { type: 'string' }, 'location-id': { type: 'string' } } });
const kind = positionals[0];
const locationId = values['location-id'] ?? 'store-0042';
const orderId = values['order-id'] ?? `dsp-ord-${randomBytes(3).toString('hex')}`;
// Each event gets its own id; a retry of the same event must reuse it.
const envelope = { event_id: `evt_${randomBytes(8).toString('hex')}`, location_id: locationId, occurred_at_ms: Date.now() };

const EVENTS: Record<string, () => DspEvent> = {
  new_order: () => ({
    ...envelope,
    type: 'new_order',
    data: {
      id: orderId,
      customer: { name: 'Dana Whitfield', phone: '+12125550147' },
      items: [{ id: 'var_classic_single', item_id: 'item_classic_burger', category_id: 'cat_burgers', name: 'Classic burger', quantity: 1, price: 950, currency: 'usd' }],
      subtotal: 950,
      customer_facing_id: 'A-1042',
      fulfillment_type: 'pickup',
      tax: 84,
    },
  }),
  cancel_order: () => ({ ...envelope, type: 'cancel_order', data: { order_id: orderId, reason: 'Customer canceled before preparation started.' } }),
  store_status_update: () => ({ ...envelope, type: 'store_status_update', data: { status: 'paused', start_time: Date.now(), end_time: Date.now() + 60 * 60 * 1000 } }),
};

const build = kind === undefined ? undefined : EVENTS[kind];
if (build === undefined) {
  console.error(`Usage: npm run send -w examples/dsp -- <event> [--order-id ID] [--location-id ID]\nEvents: ${Object.keys(EVENTS).join(', ')}`);
  process.exit(2);
}
const event = build();
assertValid('dsp', 'DspToStreamEvent', event);
const config = readConfig();
const body = JSON.stringify(event);
const url = `${config.streamBaseUrl.replace(/\/$/, '')}/order/${config.partnerId}`;
const response = await fetch(url, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'Stream-Signature': signWebhook({ secret: config.webhookSecret, body }) },
  body,
});
console.log(`${kind} → ${url}: ${response.status} ${await response.text()}`);
process.exit(response.ok ? 0 : 1);
