// Every location a POS event names is one of the POS's own list, as the POS contract's relations say
// (x-stream-relations with in: listLocations), and an in-store order never claims a DSP's courier.
import { afterEach, describe, expect, it } from 'vitest';
import { exampleValue } from '../src/openapi.js';
import { call, closeSandboxes, expectContractAnswer, openSandbox, sendSigned, sentAt, START } from './support.js';

afterEach(closeSandboxes);

const POS_WEBHOOK = '/pos/demo-partner/webhook';

function inStoreOrder(): any {
  const order = sentAt({ api: 'pos', operationId: 'sendWebhookEvent', body: exampleValue('pos', 'InStoreOrderCreated') as any, now: START });
  order.object.provider_id = `pos-ord-${Math.random().toString(16).slice(2)}`;
  return order;
}

const offline = (locationId: string) => ({ type: 'location.connection.offline', object: { location_id: locationId } });

describe('the sandbox checks every location a POS event names against the location list the POS served', () => {
  it('refuses a location.connection.offline naming the merchant account with unknown_location, naming the relation, and takes a listed location', async () => {
    const { sandbox } = await openSandbox();
    const registered = await call(sandbox, 'POST', '/_sandbox/locations', { json: { provider_ids: ['loc-downtown', 'loc-mission'] } });
    expect(registered.status, registered.text).toBe(201);
    const refused = await sendSigned(sandbox, POS_WEBHOOK, offline('merchant-4417'));
    expect(refused.status).toBe(400);
    expectContractAnswer('pos', 'sendWebhookEvent', refused);
    expect(refused.body).toMatchObject({ code: 'unknown_location' });
    expect(refused.body.message).toContain('POS-SND-05 [offline-names-a-listed-location]: object.location_id "merchant-4417" is not one your POS answered to listLocations');
    const taken = await sendSigned(sandbox, POS_WEBHOOK, offline('loc-mission'));
    expect(taken.status, taken.text).toBe(204);
  });

  it('refuses every other location event and an in-store order for an unlisted location, each under its own requirement', async () => {
    const { sandbox } = await openSandbox();
    await call(sandbox, 'POST', '/_sandbox/locations', { json: { provider_ids: ['loc-elsewhere'] } });
    const order = inStoreOrder();
    const sends: [unknown, string][] = [
      [exampleValue('pos', 'LocationCatalogUpdated'), 'POS-SND-03 [catalog-update-names-a-listed-location]'],
      [exampleValue('pos', 'LocationActive'), 'POS-SND-02 [status-names-a-listed-location]'],
      [order, 'POS-SND-06 [in-store-order-names-a-listed-location]'],
    ];
    for (const [body, named] of sends) {
      const answer = await sendSigned(sandbox, POS_WEBHOOK, body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.code).toBe('unknown_location');
      expect(answer.body.message).toContain(named);
    }
    expect(sandbox.state().orders.some((recorded) => (recorded as { id: string }).id === order.object.provider_id)).toBe(false);
  });

  it('takes any location until a location list is registered: it has nothing to judge by', async () => {
    const { sandbox } = await openSandbox();
    const answer = await sendSigned(sandbox, POS_WEBHOOK, offline('merchant-4417'));
    expect(answer.status, answer.text).toBe(204);
  });

  it('refuses a registration that is not a list of location ids, saying what to send', async () => {
    const { sandbox } = await openSandbox();
    for (const ids of ['loc-a', [], [7], Array.from({ length: 5001 }, (_, index) => `loc-${index}`)]) {
      const answer = await call(sandbox, 'POST', '/_sandbox/locations', { json: { provider_ids: ids } });
      expect(answer.status, JSON.stringify(ids).slice(0, 40)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'invalid_request' });
      expect(answer.body.message).toContain('provider_ids');
    }
  });
});

describe('the sandbox checks every object an in-store order names against the catalog the POS served', () => {
  it('refuses a line naming a till-only item with unknown_catalog_object, naming the line, and takes the catalog\'s own item', async () => {
    const { sandbox } = await openSandbox();
    const order = inStoreOrder();
    const ids = order.object.line_items.flatMap((line: { provider_id: string; modifiers?: { provider_id: string }[] }) => [line.provider_id, ...(line.modifiers ?? []).map((modifier) => modifier.provider_id)]);
    await call(sandbox, 'POST', '/_sandbox/catalogs', { json: { location_id: order.object.location_id, provider_ids: ids } });
    const unknown = structuredClone(order);
    unknown.object.line_items[0].provider_id = 'till-item-0042';
    const refused = await sendSigned(sandbox, POS_WEBHOOK, unknown);
    expect(refused.status).toBe(400);
    expectContractAnswer('pos', 'sendWebhookEvent', refused);
    expect(refused.body).toMatchObject({ code: 'unknown_catalog_object' });
    expect(refused.body.message).toContain(`POS-SND-06 [in-store-line-in-served-catalog]: object.line_items.0.provider_id "till-item-0042" is not one your POS answered to getCatalog for "${order.object.location_id}"`);
    const taken = await sendSigned(sandbox, POS_WEBHOOK, order);
    expect(taken.status, taken.text).toBe(204);
  });
});

describe('the sandbox reads an in-store order fulfillment type by what it means', () => {
  it("refuses an in-store order sent as delivery, a DSP's courier, with invalid_order naming the rule, and takes the staff's own delivery", async () => {
    const { sandbox } = await openSandbox();
    const order = inStoreOrder();
    order.object.fulfillment_type = 'delivery';
    order.object.delivery_address = { address_line_1: '200 Mission St', locality: 'San Francisco', administrative_district_level_1: 'CA', postal_code: '94105', country: 'US' };
    const refused = await sendSigned(sandbox, POS_WEBHOOK, order);
    expect(refused.status).toBe(400);
    expectContractAnswer('pos', 'sendWebhookEvent', refused);
    expect(refused.body).toMatchObject({ code: 'invalid_order' });
    expect(refused.body.message).toContain('[in-store-delivery-is-merchant-managed] the body: object/fulfillment_type is "delivery"');
    order.object.fulfillment_type = 'merchant_managed_delivery';
    const taken = await sendSigned(sandbox, POS_WEBHOOK, order);
    expect(taken.status, taken.text).toBe(204);
  });
});
