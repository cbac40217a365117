// One order's sends one at a time (x-stream-one-at-a-time on events:sendDeliveryUpdate): the sandbox
// holds an answer on request (POST /_sandbox/outages with delay_ms) and notes a different send for the
// same order that arrives before that answer was written.
import { afterEach, describe, expect, it } from 'vitest';
import { oneAtATime } from '../src/one-at-a-time.js';
import { call, closeSandboxes, openSandbox, sendSigned } from './support.js';

afterEach(closeSandboxes);

const PATH = '/event-provider/demo-partner/webhook';
const ids = { order_id: 'ord_7d2f9a41', location_id: 'loc_51b0c3' };
const driver = { ...ids, driver: { name: 'Dana R.', phone: { number: '+14155550188' } } };
const status = { ...ids, delivery_status: 'enroute_to_pickup' };

describe('one order\'s sends one at a time, as the sandbox sees them', () => {
  it('reads the rule from the events contract, and finds none on the POS and DSP send routes, whose contracts do not say it', () => {
    expect(oneAtATime('events', 'sendDeliveryUpdate')).toMatchObject({ rule: 'sends-one-at-a-time', requirements: ['EVT-SND-01', 'EVT-SND-02'], subject: ['/location_id', '/order_id'] });
    expect(oneAtATime('pos', 'sendWebhookEvent')).toBeUndefined();
    expect(oneAtATime('dsp', 'sendOrderEvent')).toBeUndefined();
  });

  it('holds the next answer the time asked for, answers it as usual, and notes the status sent for the same order meanwhile', async () => {
    const { sandbox } = await openSandbox();
    const asked = await call(sandbox, 'POST', '/_sandbox/outages', { json: { operation: 'events:sendDeliveryUpdate', requests: 1, delay_ms: 600 } });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body).toEqual({ operation: 'events:sendDeliveryUpdate', requests: 1, delay_ms: 600 });
    const begun = Date.now();
    const first = sendSigned(sandbox, PATH, driver);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const second = await sendSigned(sandbox, PATH, status);
    expect(second.status, second.text).toBe(204);
    expect((await first).status).toBe(204);
    expect(Date.now() - begun).toBeGreaterThanOrEqual(550);
    const [held, overlapping] = sandbox.exchanges().filter((exchange) => exchange.operation === 'events:sendDeliveryUpdate').sort((a, b) => a.seq - b.seq).slice(-2).reverse();
    expect(held!.overlap).toBeUndefined();
    expect(overlapping!.overlap).toContain('sent while another send for the same order (/location_id, /order_id: loc_51b0c3 ord_7d2f9a41) was still unanswered');
    expect(overlapping!.note).toContain('(sends-one-at-a-time)');
  });

  it('notes nothing for sends one after the other, a resend of the same bytes during a hold, or another order', async () => {
    const { sandbox } = await openSandbox();
    expect((await sendSigned(sandbox, PATH, driver)).status).toBe(204);
    expect((await sendSigned(sandbox, PATH, status)).status).toBe(204);
    await call(sandbox, 'POST', '/_sandbox/outages', { json: { operation: 'events:sendDeliveryUpdate', requests: 1, delay_ms: 400 } });
    const held = sendSigned(sandbox, PATH, driver);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const resent = await sendSigned(sandbox, PATH, driver);
    const other = await sendSigned(sandbox, PATH, { ...status, order_id: 'ord_other_1' });
    expect([(await held).status, resent.status]).toEqual([204, 204]);
    expect(other.status).toBe(404);
    expect(sandbox.exchanges().filter((exchange) => exchange.overlap !== undefined)).toEqual([]);
  });

  it('refuses a hold past five seconds, below a millisecond, or given with a status, saying what to send, and ends one with requests 0', async () => {
    const { sandbox } = await openSandbox();
    for (const json of [
      { operation: 'events:sendDeliveryUpdate', delay_ms: 5001 },
      { operation: 'events:sendDeliveryUpdate', delay_ms: 0 },
      { operation: 'events:sendDeliveryUpdate', delay_ms: '1000' },
      { operation: 'events:sendDeliveryUpdate', delay_ms: 1.5 },
      { operation: 'events:sendDeliveryUpdate', delay_ms: 1000, status: 503 },
      { operation: 'events:sendDeliveryUpdate', delay_ms: 1000, requests: 11 },
    ]) {
      const answer = await call(sandbox, 'POST', '/_sandbox/outages', { json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body.message).toContain('"delay_ms": 1 to 5000');
    }
    await call(sandbox, 'POST', '/_sandbox/outages', { json: { operation: 'events:sendDeliveryUpdate', requests: 10, delay_ms: 5000 } });
    expect((await call(sandbox, 'POST', '/_sandbox/outages', { json: { operation: 'events:sendDeliveryUpdate', requests: 0 } })).status).toBe(200);
    const begun = Date.now();
    expect((await sendSigned(sandbox, PATH, driver)).status).toBe(204);
    expect(Date.now() - begun).toBeLessThan(2000);
  });

  it('holds only for the holder of the sandbox token', async () => {
    const { sandbox } = await openSandbox();
    const response = await fetch(`${sandbox.url}/_sandbox/outages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operation: 'events:sendDeliveryUpdate', delay_ms: 5000 }) });
    expect(response.status).toBe(401);
    const begun = Date.now();
    expect((await sendSigned(sandbox, PATH, driver)).status).toBe(204);
    expect(Date.now() - begun).toBeLessThan(2000);
  });
});
