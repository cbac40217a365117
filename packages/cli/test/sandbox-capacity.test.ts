// Anyone on the machine with the sandbox's OAuth client can call its Partner API in a loop; what
// those calls add is bounded, so the state, its file and the console stay usable.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, RECORD_LIMIT, RETAINED_LIMIT } from '../src/sandbox/capacity.js';
import { findOperation } from '../src/openapi.js';
import { startSandbox } from '../src/sandbox/server.js';
import { loadState } from '../src/sandbox/state-load.js';
import { largeState } from './large-state.js';
import { accessToken, call, closeSandboxes, controlTokenHeader, openSandbox, sendSigned, tempDir, sentAt, START } from './support.js';

afterEach(closeSandboxes);

const NOW = Date.now();

/** A saved state holding `RECORD_LIMIT` of something already, as a long loop of calls would leave it. */
function fullStateFile(fill: (state: ReturnType<typeof largeState>) => void): string {
  const state = largeState({ bytes: 1, now: NOW });
  fill(state);
  const file = join(tempDir('capacity'), 'state.json');
  writeFileSync(file, JSON.stringify(state), { mode: 0o600 });
  return file;
}

describe('a sandbox at its record limit', () => {
  it('refuses one organization more with 507 sandbox_full, saying how to make room, and changes nothing', async () => {
    const stateFile = fullStateFile((state) => {
      for (let index = state.organizations.length; index < RECORD_LIMIT; index += 1) {
        state.organizations.push({ org_id: `org_${index}`, name: `Org ${index}`, provider_id: `provider-${index}`, user_id: `usr_${index}`, user_email: `owner${index}@example.com` });
      }
    });
    const sandbox = await startSandbox({ port: 0, stateFile });
    try {
      const token = await accessToken(sandbox, { scopes: ['legacy_onboarding'] });
      const body = { name: 'One Too Many', provider_id: 'one-too-many', user: { email: 'owner@one-too-many.example', first_name: 'Ada', last_name: 'Byte' } };
      const refused = await call(sandbox, 'POST', '/onboarding/org', { token, json: body });
      expect(refused.status).toBe(507);
      expect(refused.body.code).toBe('sandbox_full');
      expect(refused.body.message).toContain(`at most ${RECORD_LIMIT} organizations`);
      expect(refused.body.message).toContain('Reset the sandbox');
      const state = await call(sandbox, 'GET', '/_sandbox/state', { headers: controlTokenHeader(sandbox) });
      expect(state.status).toBe(200);
      expect(JSON.stringify(state.body)).not.toContain('one-too-many');
    } finally {
      await sandbox.close();
    }
    expect(readFileSync(stateFile, 'utf8')).not.toContain('one-too-many');
  });

  it('keeps at most its limit of live access tokens, dropping expired ones first and then the oldest', async () => {
    const stateFile = fullStateFile((state) => {
      for (const key of Object.keys(state.access_tokens)) delete state.access_tokens[key];
      state.access_tokens.at_expired = { client_id: 'sandbox-client', scopes: ['user'], expires_at: NOW - 1000 };
      for (let index = 0; index < RECORD_LIMIT; index += 1) {
        state.access_tokens[`at_live_${index}`] = { client_id: 'sandbox-client', scopes: ['user'], expires_at: NOW + 3_600_000 };
      }
    });
    const sandbox = await startSandbox({ port: 0, stateFile });
    try {
      const token = await accessToken(sandbox);
      const orgs = await call(sandbox, 'GET', '/onboarding/org/org_demo/locations', { token });
      expect(orgs.status, 'the new token works').toBe(200);
      const oldest = await call(sandbox, 'GET', '/onboarding/org/org_demo/locations', { token: 'at_live_0' });
      expect(oldest.status, 'the oldest live token made room').toBe(401);
      const second = await call(sandbox, 'GET', '/onboarding/org/org_demo/locations', { token: 'at_live_1' });
      expect(second.status, 'the next oldest still works').not.toBe(401);
    } finally {
      await sandbox.close();
    }
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as { access_tokens: Record<string, unknown> };
    expect(Object.keys(saved.access_tokens)).toHaveLength(RECORD_LIMIT);
    expect(saved.access_tokens).not.toHaveProperty('at_expired');
  });
});

describe('an order that gets status events in a loop', () => {
  it('keeps the latest entries of its history, with the newest last, rather than growing without end', async () => {
    const { sandbox } = await openSandbox();
    const ready = structuredClone(findOperation('pos', 'sendWebhookEvent').requestExamples.get('OrderReadyForPickup')) as { object: { provider_id: string; location_id: string } };
    expect((await call(sandbox, 'POST', '/_sandbox/orders', { json: { id: 'ord_loop', audience: 'pos', location_id: ready.object.location_id, provider_id: 'pos_loop' } })).status).toBe(201);
    ready.object.provider_id = 'pos_loop';
    for (let sent = 0; sent < HISTORY_LIMIT + 5; sent += 10) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => sendSigned(sandbox, '/pos/demo-partner/webhook', ready)));
      for (const answer of answers) expect(answer.status).toBe(204);
    }
    const order = sandbox.state().orders.find((candidate) => (candidate as { provider_id?: string }).provider_id === 'pos_loop') as { history: { status: string }[] };
    expect(order.history.length).toBeLessThanOrEqual(HISTORY_LIMIT);
    expect(order.history.length).toBeGreaterThanOrEqual(HISTORY_LIMIT / 2);
    expect(order.history.at(-1)?.status).toBe('ready_for_pickup');
  });
});

describe('a sandbox that has seen many DSP orders', () => {
  it('forgets the oldest tenth of the event ids it remembers once it holds its limit, and keeps taking orders', async () => {
    const stateFile = fullStateFile((state) => {
      state.dsp_event_ids = Array.from({ length: RETAINED_LIMIT }, (_, index) => `evt_old_${index}`);
    });
    const { sandbox } = await openSandbox({ stateFile });
    const pickup = sentAt({ api: 'dsp', operationId: 'sendOrderEvent', body: findOperation('dsp', 'sendOrderEvent').requestExamples.get('PickupOrder'), now: START }) as { event_id: string };
    const answer = await sendSigned(sandbox, '/order/demo-partner-id', { ...pickup, event_id: 'evt_after_the_limit' });
    expect(answer.status, answer.text).toBe(202);
    const ids = loadState(stateFile)!.dsp_event_ids;
    expect(ids).toHaveLength(RETAINED_LIMIT - RETAINED_LIMIT / 10);
    expect(ids.at(-1)).toBe('evt_after_the_limit');
    expect(ids).not.toContain('evt_old_0');
    expect(ids).toContain(`evt_old_${RETAINED_LIMIT - 1}`);
  });

  it('accepts each new DSP event while it remembers nearly its limit of event ids, and still knows the newest as a duplicate', async () => {
    const stateFile = fullStateFile((state) => {
      state.dsp_event_ids = Array.from({ length: RETAINED_LIMIT - 100 }, (_, index) => `evt_old_${index}`);
    });
    const { sandbox } = await openSandbox({ stateFile });
    const pickup = sentAt({ api: 'dsp', operationId: 'sendOrderEvent', body: findOperation('dsp', 'sendOrderEvent').requestExamples.get('PickupOrder'), now: START }) as { event_id: string };
    // How long each takes is npm run bench's (--only=state): a timed assertion here would fail on a busy machine.
    for (let sent = 0; sent < 7; sent += 1) {
      const answer = await sendSigned(sandbox, '/order/demo-partner-id', { ...pickup, event_id: `evt_timed_${sent}` });
      expect(answer.status, answer.text).toBe(202);
    }
    const repeat = await sendSigned(sandbox, '/order/demo-partner-id', { ...pickup, event_id: 'evt_timed_6' });
    expect(repeat.status, repeat.text).toBe(202);
    expect(JSON.parse(repeat.text)).toMatchObject({ duplicate: true });
  });
});
