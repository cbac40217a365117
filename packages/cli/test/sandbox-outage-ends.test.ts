// An outage asked for at POST /_sandbox/outages answered the partner's next real send 503 however
// long after: the console's Reset kept it, and certify's DSP-SND-04 left its own pending when
// nothing took it (no send, a refused command, the run's time limit).
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { runCertification } from '../src/certify/runner.js';
import { linkSandbox } from '../src/certify/sandbox-link.js';
import { exampleValue } from '../src/openapi.js';
import { call, closeSandboxes, openSandbox, sendSigned, START } from './support.js';

afterEach(closeSandboxes);

const PATH = '/order/demo-partner-id';

function pickupOrder(): Record<string, unknown> {
  const order = structuredClone(exampleValue('dsp', 'PickupOrder')) as Record<string, unknown> & { data: Record<string, unknown> };
  order.event_id = `evt_outage_${Math.random().toString(16).slice(2)}`;
  order.occurred_at_ms = START;
  delete order.data.estimated_ready_at_ms;
  return order;
}

describe('an outage asked of the sandbox', () => {
  it('ends when asked for again with requests 0, so the next send is processed', async () => {
    const { sandbox } = await openSandbox();
    expect((await call(sandbox, 'POST', '/_sandbox/outages', { json: { operation: 'dsp:sendOrderEvent', requests: 10 } })).status).toBe(200);
    const ended = await call(sandbox, 'POST', '/_sandbox/outages', { json: { operation: 'dsp:sendOrderEvent', requests: 0 } });
    expect(ended.status, ended.text).toBe(200);
    const sent = await sendSigned(sandbox, PATH, pickupOrder());
    expect(sent.status, sent.text).toBe(202);
  });

  it("ends with the console's Reset, as does a throttle, so a reset sandbox answers every send as Stream does", async () => {
    const { sandbox } = await openSandbox();
    expect((await call(sandbox, 'POST', '/_sandbox/outages', { json: { operation: 'dsp:sendOrderEvent', requests: 10 } })).status).toBe(200);
    expect((await call(sandbox, 'POST', '/_sandbox/throttle', { json: { requests: 10 } })).status).toBe(200);
    await sandbox.reset();
    const sent = await sendSigned(sandbox, PATH, pickupOrder());
    expect(sent.status, sent.text).toBe(202);
    const token = await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: sandbox.credentials.clientId, client_secret: sandbox.credentials.clientSecret } });
    expect(token.status, token.text).toBe(200);
  });

  it("is ended by certify's DSP-SND-04 when nothing took it, so the partner's next real send to a shared sandbox is not answered 503", { timeout: 60_000 }, async () => {
    const { sandbox } = await openSandbox();
    const now = () => Date.now();
    const sleep = (ms: number) => delay(ms).then(() => undefined);
    const link = await linkSandbox({ url: sandbox.url, consoleToken: sandbox.controlToken, webhookSecret: 'whsec_sandbox', partnerSlug: 'demo-partner', partnerId: 'demo-partner-id', now, sleep });
    const result = await runCertification({
      config: { audience: 'dsp', baseUrl: 'http://127.0.0.1:9', webhookSecret: 'whsec_sandbox', clientId: 'stream-client', clientSecret: 'stream-secret', redirectUri: 'https://partners.stream.example/oauth/callback', timeoutMs: 2000, answerLimitMs: 2000, waitMs: 2000, now, sleep },
      only: ['DSP-SND-04'],
      sandbox: link,
      // A send command that sends nothing: the outage certify asked for is never taken.
      sendCommand: 'true',
    });
    expect(result.results.find((item) => item.requirement.id === 'DSP-SND-04')?.reason).toContain('arrived at the sandbox');
    const sent = await sendSigned(sandbox, PATH, pickupOrder());
    expect(sent.status, sent.text).toBe(202);
  });
});
