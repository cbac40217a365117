import { afterEach, describe, expect, it } from 'vitest';
import { fillPath, streamHostedOperations } from '../src/openapi.js';
import { unhandledOperations } from '../src/sandbox/index.js';
import { accessToken, call, closeSandboxes, expectContractAnswer, openSandbox, schemaProblems } from './support.js';

afterEach(closeSandboxes);

const NOT_FOUND_PREFIX = 'Stream serves no';

describe('the sandbox serves every Stream-hosted operation', () => {
  it('has a handler for every x-host: stream operation of the four contracts', () => {
    const hosted = streamHostedOperations();
    expect(new Set(hosted.map((op) => op.api))).toEqual(new Set(['partner', 'dsp', 'pos', 'events']));
    expect(unhandledOperations().map((op) => `${op.api}:${op.operationId}`)).toEqual([]);
  });

  it('answers every Stream-hosted operation from its own route rather than the not-found handler', async () => {
    const { sandbox } = await openSandbox();
    for (const op of streamHostedOperations()) {
      const path = fillPath(op.path, { partner_id: 'someone', partner_slug: 'someone', token_id: 'tok_x', id: 'x' });
      const answer = await call(sandbox, op.method, path, op.method === 'GET' || op.method === 'DELETE' ? {} : { json: {} });
      expect(String(answer.body?.message ?? ''), `${op.method} ${op.path}`).not.toContain(NOT_FOUND_PREFIX);
      expect(sandbox.exchanges().at(-1)?.operation).toBe(`${op.api}:${op.operationId}`);
    }
    // The check above can fail: a path the contracts do not have gets the not-found body.
    const stray = await call(sandbox, 'GET', '/stream-pos/v1/nothing-here');
    expect(stray.status).toBe(404);
    expect(stray.body.message).toContain(NOT_FOUND_PREFIX);
  });

  it('refuses every bearer-protected operation without an Authorization header with 401', async () => {
    const { sandbox } = await openSandbox();
    const protectedOps = streamHostedOperations().filter((op) => op.bearer);
    expect(protectedOps.length).toBeGreaterThan(10);
    for (const op of protectedOps) {
      const path = fillPath(op.path, { token_id: 'tok_sandbox', id: 'org_demo' });
      const example = op.requestExamples.values().next().value;
      const answer = await call(sandbox, op.method, `${path}?org_id=org_demo`, example === undefined ? {} : { json: example });
      expect(answer.status, `${op.method} ${op.path}`).toBe(401);
      expect(answer.body.code).toBe('unauthorized');
      expectContractAnswer(op.api, op.operationId, answer);
    }
  });
});

describe('POST /oauth/token', () => {
  it('issues a bearer and a refresh token for the default credentials, shaped as the contract says, that open the partner API', async () => {
    const { sandbox } = await openSandbox();
    const answer = await call(sandbox, 'POST', '/oauth/token', {
      json: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' },
    });
    expect(answer.status).toBe(200);
    expect(schemaProblems('partner', 'OAuthTokenResponse', answer.body)).toEqual([]);
    expect(answer.body.token_type).toBe('bearer');
    expect(answer.body.expires_in).toBe(3600);
    expect(answer.body.scopes).toEqual(['user', 'onboarding', 'legacy_onboarding', 'sso', 'billing']);
    const tokens = await call(sandbox, 'GET', '/tokens?org_id=org_demo', { token: answer.body.access_token });
    expect(tokens.status).toBe(200);
    expectContractAnswer('partner', 'listPartnerTokens', tokens);
  });

  it('refuses a wrong client secret with 401 invalid_client', async () => {
    const { sandbox } = await openSandbox();
    const answer = await call(sandbox, 'POST', '/oauth/token', {
      json: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'not-the-secret' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('invalid_client');
    expectContractAnswer('partner', 'requestOAuthToken', answer);
  });

  it('refuses an exp more than one hour after issue with 400 invalid_request, and accepts exactly one hour', async () => {
    const { sandbox, clock } = await openSandbox();
    const issuedAt = Math.floor(clock.now() / 1000);
    const late = await call(sandbox, 'POST', '/oauth/token', {
      json: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret', exp: issuedAt + 3601 },
    });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('invalid_request');
    expect(late.body.message).toContain('exp');
    expectContractAnswer('partner', 'requestOAuthToken', late);
    const limit = await call(sandbox, 'POST', '/oauth/token', {
      json: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret', exp: issuedAt + 3600 },
    });
    expect(limit.status).toBe(200);
    expect(limit.body.expires_in).toBe(3600);
  });

  it('refuses a scope the partner token does not hold with 403 insufficient_scope', async () => {
    const { sandbox } = await openSandbox();
    const admin = await accessToken(sandbox);
    const created = await call(sandbox, 'POST', '/tokens', { token: admin, json: { org_id: 'org_demo', token_name: 'Billing only', scopes: ['billing'] } });
    expect(created.status).toBe(201);
    const answer = await call(sandbox, 'POST', '/oauth/token', {
      json: { grant_type: 'client_credentials', client_id: created.body.client_id, client_secret: created.body.client_secret, scopes: ['onboarding'] },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('insufficient_scope');
    expect(answer.body.message).toContain('onboarding');
    expectContractAnswer('partner', 'requestOAuthToken', answer);
  });

  it('renews with a refresh token once and refuses the same refresh token again with 400 invalid_grant', async () => {
    const { sandbox } = await openSandbox();
    const first = await call(sandbox, 'POST', '/oauth/token', {
      json: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret', scopes: ['onboarding'] },
    });
    const refresh = { grant_type: 'refresh_token', client_id: 'sandbox-client', client_secret: 'sandbox-secret', refresh_token: first.body.refresh_token };
    const renewed = await call(sandbox, 'POST', '/oauth/token', { json: refresh });
    expect(renewed.status).toBe(200);
    expectContractAnswer('partner', 'requestOAuthToken', renewed);
    expect(renewed.body.access_token).not.toBe(first.body.access_token);
    expect(renewed.body.refresh_token).not.toBe(first.body.refresh_token);
    expect(renewed.body.scopes).toEqual(['onboarding']);
    const reused = await call(sandbox, 'POST', '/oauth/token', { json: refresh });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('invalid_grant');
    expectContractAnswer('partner', 'requestOAuthToken', reused);
  });

  it('keeps an access token working for its hour and refuses it with 401 once the clock passes it', async () => {
    const { sandbox, clock } = await openSandbox();
    const token = await accessToken(sandbox);
    clock.advance(59 * 60 * 1000);
    expect((await call(sandbox, 'GET', '/tokens?org_id=org_demo', { token })).status).toBe(200);
    clock.advance(61 * 1000);
    const expired = await call(sandbox, 'GET', '/tokens?org_id=org_demo', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toContain('expired');
    expectContractAnswer('partner', 'listPartnerTokens', expired);
  });

  it('refuses a token without the scope an endpoint needs with 403', async () => {
    const { sandbox } = await openSandbox();
    const billingOnly = await accessToken(sandbox, { scopes: ['billing'] });
    const answer = await call(sandbox, 'GET', '/tokens?org_id=org_demo', { token: billingOnly });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('insufficient_scope');
    expect(answer.body.message).toContain('user');
    expectContractAnswer('partner', 'listPartnerTokens', answer);
  });

  it('refuses an unknown bearer token with 401', async () => {
    const { sandbox } = await openSandbox();
    const answer = await call(sandbox, 'GET', '/tokens?org_id=org_demo', { token: 'not-a-token' });
    expect(answer.status).toBe(401);
    expectContractAnswer('partner', 'listPartnerTokens', answer);
  });
});
