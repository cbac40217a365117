import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signWebhook } from '@stream-partner/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { findOperation, type ApiName } from '../src/openapi.js';
import { call, closeSandboxes, expectContractAnswer, openSandbox, sendSigned, sentAt, START } from './support.js';

afterEach(closeSandboxes);

interface Endpoint {
  readonly api: ApiName;
  readonly operationId: string;
  readonly path: string;
  readonly success: number;
  /** Removes a field every request of this endpoint needs, and names it as the contract does. */
  readonly breakBody: (body: any) => string;
}

const ENDPOINTS: readonly Endpoint[] = [
  {
    api: 'dsp',
    operationId: 'sendOrderEvent',
    path: '/order/demo-partner-id',
    success: 202,
    breakBody: (body) => {
      delete body.location_id;
      return 'location_id';
    },
  },
  {
    api: 'pos',
    operationId: 'sendWebhookEvent',
    path: '/pos/demo-partner/webhook',
    success: 204,
    breakBody: (body) => {
      delete body.object.location_id;
      return 'object.location_id';
    },
  },
  {
    api: 'events',
    operationId: 'sendDeliveryUpdate',
    path: '/event-provider/demo-partner/webhook',
    success: 204,
    breakBody: (body) => {
      delete body.order_id;
      return 'order_id';
    },
  },
];

function examples(endpoint: Endpoint): [string, any][] {
  const list = [...findOperation(endpoint.api, endpoint.operationId).requestExamples.entries()] as [string, any][];
  expect(list.length, `${endpoint.api}:${endpoint.operationId} has named examples`).toBeGreaterThan(0);
  // Sent as a partner sends them, at the sandbox's clock: a time of something that just happened must be near it.
  return list.map(([name, value]) => [name, sentAt({ api: endpoint.api, operationId: endpoint.operationId, body: value, now: START })]);
}

describe.each(ENDPOINTS)('signed calls to $api $path', (endpoint) => {
  it('accepts every named request example of the contract, signed, with the contract success status', async () => {
    const { sandbox } = await openSandbox();
    for (const [name, body] of examples(endpoint)) {
      const answer = await sendSigned(sandbox, endpoint.path, body);
      expect(answer.status, `${name}: ${answer.text}`).toBe(endpoint.success);
      expectContractAnswer(endpoint.api, endpoint.operationId, answer);
      expect(sandbox.exchanges().at(-1)).toMatchObject({ status: endpoint.success, verdict: 'accepted' });
    }
  });

  it('refuses a call without Stream-Signature with 401 signature_missing', async () => {
    const { sandbox } = await openSandbox();
    const [, body] = examples(endpoint)[0]!;
    const answer = await sendSigned(sandbox, endpoint.path, body, null);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('signature_missing');
    expectContractAnswer(endpoint.api, endpoint.operationId, answer);
  });

  it('refuses a signature that is not 64 lower-case hex characters with 401 signature_malformed', async () => {
    const { sandbox } = await openSandbox();
    const [, body] = examples(endpoint)[0]!;
    const raw = JSON.stringify(body);
    const good = signWebhook({ secret: sandbox.credentials.webhookSecret, body: raw });
    for (const bad of [`sha256=${good}`, good.toUpperCase(), good.slice(1)]) {
      const answer = await sendSigned(sandbox, endpoint.path, raw, bad);
      expect(answer.status, bad).toBe(401);
      expect(answer.body.code).toBe('signature_malformed');
      expectContractAnswer(endpoint.api, endpoint.operationId, answer);
    }
  });

  it('refuses a signature made with the wrong secret or over a re-serialised body with 401 signature_mismatch naming both causes', async () => {
    const { sandbox } = await openSandbox();
    const [, body] = examples(endpoint)[0]!;
    const compact = JSON.stringify(body);
    const wrongSecret = await sendSigned(sandbox, endpoint.path, compact, signWebhook({ secret: 'whsec_someone_else', body: compact }));
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.code).toBe('signature_mismatch');
    expect(wrongSecret.body.message).toContain('re-serialised');
    expect(wrongSecret.body.message).toContain('wrong secret');
    expectContractAnswer(endpoint.api, endpoint.operationId, wrongSecret);

    const signedCompact = signWebhook({ secret: sandbox.credentials.webhookSecret, body: compact });
    const reserialised = await sendSigned(sandbox, endpoint.path, JSON.stringify(body, null, 2), signedCompact);
    expect(reserialised.status).toBe(401);
    expect(reserialised.body.code).toBe('signature_mismatch');
    expect(sandbox.exchanges().at(-1)).toMatchObject({ status: 401, verdict: 'refused' });
  });

  it('refuses a signed body that breaks the contract with 400 in the Error shape naming the field', async () => {
    const { sandbox } = await openSandbox();
    for (const [name, body] of examples(endpoint)) {
      const field = endpoint.breakBody(body);
      const answer = await sendSigned(sandbox, endpoint.path, body);
      expect(answer.status, name).toBe(400);
      expectContractAnswer(endpoint.api, endpoint.operationId, answer);
      expect(answer.body.message, name).toContain(`${field} is required`);
    }
  });

  it('refuses a body that is not JSON with 400 in the Error shape', async () => {
    const { sandbox } = await openSandbox();
    const answer = await sendSigned(sandbox, endpoint.path, '{"type": ');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('not valid JSON');
    expectContractAnswer(endpoint.api, endpoint.operationId, answer);
  });
});

describe('what accepted partner calls change', () => {
  it('answers a repeated DSP event_id with 202 and duplicate: true, storing the order once', async () => {
    const { sandbox } = await openSandbox();
    const order = sentAt({ api: 'dsp', operationId: 'sendOrderEvent', body: findOperation('dsp', 'sendOrderEvent').requestExamples.get('PickupOrder'), now: START }) as { event_id: string; data: { id: string } };
    const first = await sendSigned(sandbox, '/order/demo-partner-id', order);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ event_id: order.event_id });
    const repeat = await sendSigned(sandbox, '/order/demo-partner-id', order);
    expect(repeat.status).toBe(202);
    expect(repeat.body).toEqual({ event_id: order.event_id, duplicate: true });
    expectContractAnswer('dsp', 'sendOrderEvent', repeat);
    expect(sandbox.state().orders.filter((stored) => (stored as { id: string }).id === order.data.id)).toHaveLength(1);
  });

  it('refuses a DSP order sent to another partner id with 401', async () => {
    const { sandbox } = await openSandbox();
    const order = sentAt({ api: 'dsp', operationId: 'sendOrderEvent', body: findOperation('dsp', 'sendOrderEvent').requestExamples.get('PickupOrder'), now: START });
    const answer = await sendSigned(sandbox, '/order/someone-else', order);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toContain('/order/demo-partner-id');
    expectContractAnswer('dsp', 'sendOrderEvent', answer);
  });

  it('pauses a location until the POS paused_until (in milliseconds) and shows it open again once the clock passes it', async () => {
    const { sandbox, clock } = await openSandbox();
    const pausedUntil = clock.now() + 30 * 60 * 1000;
    const event = { type: 'location.status.updated', object: { status: 'inactive', location_id: 'loc-downtown', paused_until: pausedUntil } };
    const answer = await sendSigned(sandbox, '/pos/demo-partner/webhook', event);
    expect(answer.status).toBe(204);
    const downtown = async () => ((await call(sandbox, 'GET', '/_sandbox/state')).body.locations as { _id: string }[]).find((location) => location._id === 'loc-downtown');
    expect(await downtown()).toMatchObject({ availability: 'paused', paused_until: new Date(pausedUntil).toISOString() });
    clock.advance(29 * 60 * 1000);
    expect(await downtown()).toMatchObject({ availability: 'paused' });
    clock.advance(60 * 1000);
    expect(await downtown()).toMatchObject({ availability: 'open', paused_until: null });
  });

  it('refuses a pause until 0 with the way to pause until further notice (null or no paused_until), never "send 0", and takes that pause', async () => {
    const { sandbox } = await openSandbox();
    const event = { type: 'location.status.updated', object: { status: 'inactive', location_id: 'loc-downtown', paused_until: 0 as number | null } };
    const zero = await sendSigned(sandbox, '/pos/demo-partner/webhook', event);
    expect(zero.status).toBe(400);
    expect(zero.body.code).toBe('invalid_time');
    expect(zero.body.message).toContain('send null or leave object.paused_until out');
    expect(zero.body.message).not.toMatch(/send 0\b/);
    event.object.paused_until = null;
    expect((await sendSigned(sandbox, '/pos/demo-partner/webhook', event)).status).toBe(204);
  });

  it('moves the contract example orders along with POS status and event-provider delivery updates', async () => {
    const { sandbox } = await openSandbox();
    const ready = findOperation('pos', 'sendWebhookEvent').requestExamples.get('OrderReadyForPickup') as { object: { provider_id: string } };
    expect((await sendSigned(sandbox, '/pos/demo-partner/webhook', ready)).status).toBe(204);
    const posOrder = sandbox.state().orders.find((order) => (order as { provider_id?: string }).provider_id === ready.object.provider_id);
    expect(posOrder).toMatchObject({ status: 'ready_for_pickup' });

    const completed = findOperation('events', 'sendDeliveryUpdate').requestExamples.get('DeliveryStatusCompleted') as { order_id: string };
    expect((await sendSigned(sandbox, '/event-provider/demo-partner/webhook', completed)).status).toBe(204);
    const delivered = (await call(sandbox, 'GET', '/_sandbox/state')).body.orders.find((order: { id: string }) => order.id === completed.order_id);
    expect(delivered).toMatchObject({ delivery_status: 'completed', status: 'completed' });
  });

  it('keeps the first in-store order when a second arrives with the same provider_id at the same location, as the contract treats it as a retry', async () => {
    const { sandbox } = await openSandbox();
    const first = sentAt({ api: 'pos', operationId: 'sendWebhookEvent', body: findOperation('pos', 'sendWebhookEvent').requestExamples.get('InStoreOrderCreated'), now: START }) as { object: { provider_id: string; customers: { name: string }[] } };
    // Another customer's order, sent with the first one's id (a receipt number that restarts).
    const second = structuredClone(first);
    second.object.customers[0]!.name = 'Another Customer';
    expect((await sendSigned(sandbox, '/pos/demo-partner/webhook', first)).status).toBe(204);
    expect((await sendSigned(sandbox, '/pos/demo-partner/webhook', second)).status).toBe(204);
    const recorded = sandbox.state().orders.filter((order) => (order as { provider_id?: string }).provider_id === first.object.provider_id);
    expect(recorded).toHaveLength(1);
    const other = structuredClone(first);
    other.object.provider_id = `${first.object.provider_id}-2`;
    expect((await sendSigned(sandbox, '/pos/demo-partner/webhook', other)).status).toBe(204);
    expect(sandbox.state().orders.filter((order) => (order as { provider_id?: string }).provider_id === other.object.provider_id)).toHaveLength(1);
  });

  it('refuses order.status.updated for an order the POS never answered for with 400 unknown_order, naming POS-SND-01, and accepts it once the order is registered', async () => {
    const { sandbox } = await openSandbox();
    const ready = structuredClone(findOperation('pos', 'sendWebhookEvent').requestExamples.get('OrderReadyForPickup')) as { object: { provider_id: string; location_id: string } };
    ready.object.provider_id = 'pos_never_answered';
    const refused = await sendSigned(sandbox, '/pos/demo-partner/webhook', ready);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('unknown_order');
    expect(refused.body.message).toContain('POS-SND-01: object.provider_id "pos_never_answered" is not one your POS answered to order.created');
    expectContractAnswer('pos', 'sendWebhookEvent', refused);
    expect(sandbox.state().orders.some((order) => (order as { status?: string; provider_id?: string }).provider_id === 'pos_never_answered')).toBe(false);

    const registered = await call(sandbox, 'POST', '/_sandbox/orders', { json: { id: 'ord_cert_1', audience: 'pos', location_id: ready.object.location_id, provider_id: 'pos_never_answered' } });
    expect(registered.status).toBe(201);
    expect((await sendSigned(sandbox, '/pos/demo-partner/webhook', ready)).status).toBe(204);
    expect(sandbox.state().orders.find((order) => (order as { provider_id?: string }).provider_id === 'pos_never_answered')).toMatchObject({ status: 'ready_for_pickup' });
  });

  it('refuses order.status.updated that names an order of another location with 400 unknown_order, naming both locations, and leaves the order as it was', async () => {
    const { sandbox } = await openSandbox();
    const ready = structuredClone(findOperation('pos', 'sendWebhookEvent').requestExamples.get('OrderReadyForPickup')) as { object: { provider_id: string; location_id: string } };
    expect((await call(sandbox, 'POST', '/_sandbox/orders', { json: { id: 'ord_cert_2', audience: 'pos', location_id: 'loc_elsewhere', provider_id: 'pos_at_elsewhere' } })).status).toBe(201);
    ready.object.provider_id = 'pos_at_elsewhere';
    const refused = await sendSigned(sandbox, '/pos/demo-partner/webhook', ready);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('unknown_order');
    expect(refused.body.message).toContain(`POS-SND-01: object.provider_id "pos_at_elsewhere" is an order of loc_elsewhere, not of "${ready.object.location_id}"`);
    expectContractAnswer('pos', 'sendWebhookEvent', refused);
    expect(sandbox.state().orders.find((order) => (order as { provider_id?: string }).provider_id === 'pos_at_elsewhere')).toMatchObject({ status: 'sent' });
  });

  it('answers a delivery update for an order Stream never sent with 404', async () => {
    const { sandbox } = await openSandbox();
    const update = { delivery_status: 'completed', location_id: 'loc_51b0c3', order_id: 'ord_never_sent' };
    const answer = await sendSigned(sandbox, '/event-provider/demo-partner/webhook', update);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toContain('ord_never_sent');
    expectContractAnswer('events', 'sendDeliveryUpdate', answer);
  });

  it('answers a delivery update to an unknown partner slug with 404 unknown_partner, not order_not_found, naming the slug to use', async () => {
    const { sandbox } = await openSandbox();
    const completed = findOperation('events', 'sendDeliveryUpdate').requestExamples.get('DeliveryStatusCompleted') as { order_id: string };
    const answer = await sendSigned(sandbox, '/event-provider/acme-couriers/webhook', completed);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('unknown_partner');
    expect(answer.body.message).toContain('/event-provider/demo-partner/webhook');
    expectContractAnswer('events', 'sendDeliveryUpdate', answer);
  });

  it('starts with exactly the orders the sandbox guide lists, each at its location', async () => {
    const { sandbox } = await openSandbox();
    const guide = readFileSync(join(import.meta.dirname, '..', '..', '..', 'site', 'docs', 'become-a-stream-integration', 'test-locally-with-the-sandbox.mdx'), 'utf8');
    const section = guide.split('{#seeded-orders}')[1]!.split('\n## ')[0]!;
    const listed = [...section.matchAll(/^\| `([^`]+)` \| `([^`]+)` \|/gm)].map((row) => `${row[1]}@${row[2]}`);
    const seeded = sandbox.state().orders.map((order) => `${(order as { id: string }).id}@${(order as { location_id: string }).location_id}`);
    expect(listed.sort()).toEqual(seeded.sort());
  });

  it('recognises an order registered through the sandbox for delivery updates', async () => {
    const { sandbox } = await openSandbox();
    sandbox.registerOrder({ id: 'ord_registered', audience: 'events', locationId: 'loc-mission' });
    const answer = await sendSigned(sandbox, '/event-provider/demo-partner/webhook', { delivery_status: 'enroute_to_pickup', location_id: 'loc-mission', order_id: 'ord_registered' });
    expect(answer.status).toBe(204);
    expect(sandbox.state().orders.find((order) => (order as { id: string }).id === 'ord_registered')).toMatchObject({ delivery_status: 'enroute_to_pickup' });
  });
});

describe('the exchange log', () => {
  it('records every exchange with method, path, status and verdict, in exchanges() and GET /_sandbox/exchanges', async () => {
    const { sandbox } = await openSandbox();
    const seen: number[] = [];
    sandbox.onExchange((exchange) => seen.push(exchange.seq));
    const order = sentAt({ api: 'dsp', operationId: 'sendOrderEvent', body: findOperation('dsp', 'sendOrderEvent').requestExamples.get('PickupOrder'), now: START });
    await sendSigned(sandbox, '/order/demo-partner-id', order);
    await sendSigned(sandbox, '/order/demo-partner-id', order, null);
    await call(sandbox, 'GET', '/not/a/stream/route');
    const expected = [
      { seq: 1, method: 'POST', path: '/order/demo-partner-id', operation: 'dsp:sendOrderEvent', status: 202, verdict: 'accepted', event: 'new_order' },
      { seq: 2, method: 'POST', path: '/order/demo-partner-id', operation: 'dsp:sendOrderEvent', status: 401, verdict: 'refused' },
      { seq: 3, method: 'GET', path: '/not/a/stream/route', status: 404, verdict: 'refused' },
    ];
    expect(sandbox.exchanges()).toMatchObject(expected);
    expect(seen).toEqual([1, 2, 3]);
    const listed = await call(sandbox, 'GET', '/_sandbox/exchanges');
    expect(listed.body.exchanges).toMatchObject(expected);
    const after = await call(sandbox, 'GET', '/_sandbox/exchanges?after=2');
    expect(after.body.exchanges.map((exchange: { seq: number }) => exchange.seq)).toEqual([3]);
  });
});
