// Sends a driver or delivery update to Stream, signed:
// `npm run send -w examples/events -- assign_driver|delivery_status [--order-id ID] [--location-id ID] [--status S]`.
import { parseArgs } from 'node:util';
import { assertValid, signWebhook, type Events } from '@stream-partner/contracts';
import { readConfig } from './config.js';

type Update = Events.components['schemas']['DeliveryUpdateEvent'];

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'order-id': { type: 'string' }, 'location-id': { type: 'string' }, status: { type: 'string' } },
});
const kind = positionals[0];
// Defaults name the order the sandbox knows from the contract's examples.
const ids = { order_id: values['order-id'] ?? 'ord_7d2f9a41', location_id: values['location-id'] ?? 'loc_51b0c3' };
let update: Update;
if (kind === 'assign_driver') update = { ...ids, driver: { name: 'Dana R.', phone: { number: '+14155550188', code: '4821' } } };
else if (kind === 'delivery_status') update = { ...ids, delivery_status: (values.status ?? 'enroute_to_pickup') as Events.components['schemas']['DeliveryStatus'] };
else {
  console.error('Usage: npm run send -w examples/events -- assign_driver|delivery_status [--order-id ID] [--location-id ID] [--status S]');
  process.exit(2);
}
assertValid('events', 'DeliveryUpdateEvent', update);
const config = readConfig();
const body = JSON.stringify(update);
const url = `${config.streamBaseUrl.replace(/\/$/, '')}/event-provider/${config.partnerSlug}/webhook`;
const response = await fetch(url, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'Stream-Signature': signWebhook({ secret: config.webhookSecret, body }) },
  body,
});
console.log(`${kind} → ${url}: ${response.status} ${await response.text()}`);
process.exit(response.ok ? 0 : 1);
