// Anyone on the machine with the sandbox's OAuth client can call its Partner API in a loop; what
// those calls add is bounded, so the state, its file and the console stay usable.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORD_LIMIT } from '../src/sandbox/capacity.js';
import { startSandbox } from '../src/sandbox/server.js';
import { largeState } from './large-state.js';
import { accessToken, call, controlTokenHeader, tempDir } from './support.js';
import { writeFileSync } from 'node:fs';

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
