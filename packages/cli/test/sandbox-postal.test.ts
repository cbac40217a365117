// The sandbox refuses a delivery address whose state is not written as the postal service writes it,
// with the contract's error shape and a message that names the code to send, and records nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { exampleValue } from '../src/openapi.js';
import { closeSandboxes, expectContractAnswer, openSandbox, sendSigned, sentAt, START } from './support.js';

afterEach(closeSandboxes);

function dspDelivery(state: string): any {
  const order = structuredClone(exampleValue('dsp', 'MerchantDeliveryOrder')) as any;
  order.event_id = `evt_postal_${Math.random().toString(16).slice(2)}`;
  order.occurred_at_ms = START;
  delete order.data.estimated_ready_at_ms;
  order.data.delivery_address.state = state;
  return order;
}

function montrealDelivery(state: string): any {
  const order = sentAt({ api: 'pos', operationId: 'sendWebhookEvent', body: exampleValue('pos', 'InStoreOrderCreated') as any, now: START });
  order.object.provider_id = `pos-ord-${Math.random().toString(16).slice(2)}`;
  order.object.fulfillment_type = 'merchant_managed_delivery';
  order.object.delivery_address = { address_line_1: '1 Rue Sainte-Catherine', locality: 'Montréal', administrative_district_level_1: state, country: 'CA', latitude: 45.5, longitude: -73.57 };
  return order;
}

describe("the sandbox holds a delivery address's state to the postal service's form", () => {
  it('takes a DSP new order whose delivery state is the postal code NY', async () => {
    const { sandbox } = await openSandbox();
    const answer = await sendSigned(sandbox, '/order/demo-partner-id', dspDelivery('NY'));
    expect(answer.status, answer.text).toBe(202);
  });

  for (const written of ['New York', 'ny', 'N.Y.']) {
    it(`refuses a DSP new order whose delivery state is ${written} with invalid_order, naming NY`, async () => {
      const { sandbox } = await openSandbox();
      const answer = await sendSigned(sandbox, '/order/demo-partner-id', dspDelivery(written));
      expect(answer.status, answer.text).toBe(400);
      expectContractAnswer('dsp', 'sendOrderEvent', answer);
      expect(answer.body).toMatchObject({ code: 'invalid_order' });
      expect(answer.body.message).toContain(`[delivery-state-postal] the body: data/delivery_address/state is ${JSON.stringify(written)}: the US postal service writes a state as its two-letter upper-case code: send "NY"`);
    });
  }

  it("refuses a POS in-store delivery to a Canadian address under Quebec's retired code PQ, and takes QC", async () => {
    const { sandbox } = await openSandbox();
    const refused = await sendSigned(sandbox, '/pos/demo-partner/webhook', montrealDelivery('PQ'));
    expect(refused.status, refused.text).toBe(400);
    expectContractAnswer('pos', 'sendWebhookEvent', refused);
    expect(refused.body.message).toContain('[in-store-delivery-state-postal] the body: object/delivery_address/administrative_district_level_1 is "PQ"');
    const taken = await sendSigned(sandbox, '/pos/demo-partner/webhook', montrealDelivery('QC'));
    expect(taken.status, taken.text).toBe(204);
  });
});
