// Certify's EVT-SND-01 asks the sandbox to hold its next answer to a delivery update for a second
// (sends-one-at-a-time). A hold the partner's sender never used must not outlive the check, or the
// partner's next real update to a shared sandbox would wait for it.
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { runCertification } from '../src/certify/runner.js';
import { linkSandbox } from '../src/certify/sandbox-link.js';
import { startKit } from './kits.js';
import { closeSandboxes, openSandbox, sendSigned } from './support.js';

afterEach(closeSandboxes);

describe("certify's hold on a delivery update", () => {
  it('is ended by EVT-SND-01 when the send command sent nothing, so the next real update is answered at once', { timeout: 60_000 }, async () => {
    const kit = await startKit('events');
    try {
      const { sandbox } = await openSandbox();
      const now = () => Date.now();
      const sleep = (ms: number) => delay(ms).then(() => undefined);
      const link = await linkSandbox({ url: sandbox.url, consoleToken: sandbox.controlToken, webhookSecret: 'whsec_sandbox', partnerSlug: 'demo-partner', partnerId: 'demo-partner-id', now, sleep });
      const result = await runCertification({
        config: { audience: 'events', baseUrl: kit.url, webhookSecret: 'whsec_sandbox', clientId: 'stream-client', clientSecret: 'stream-secret', redirectUri: 'https://partners.stream.example/oauth/callback', timeoutMs: 5000, answerLimitMs: 5000, waitMs: 2000, now, sleep },
        only: ['EVT-SND-01'],
        sandbox: link,
        sendCommand: 'true',
      });
      expect(result.results.find((item) => item.requirement.id === 'EVT-SND-01')?.reason).toContain('nothing arrived at the sandbox');
      const begun = Date.now();
      const sent = await sendSigned(sandbox, '/event-provider/demo-partner/webhook', { order_id: 'ord_7d2f9a41', location_id: 'loc_51b0c3', delivery_status: 'enroute_to_pickup' });
      expect(sent.status, sent.text).toBe(204);
      expect(Date.now() - begun).toBeLessThan(800);
    } finally {
      await kit.close();
    }
  });
});
