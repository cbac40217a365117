// Every answer of every Partner API route the sandbox serves, success and refusal, checked against
// the contract: a documented status, the documented content type, a body that validates and the
// required headers. So the sandbox can never answer what the contract forbids.
import { describe, expect, it } from 'vitest';
import { deref, streamHostedOperations } from '../src/openapi.js';
import { accessToken, call, closeSandboxes, expectContractAnswer, openSandbox, type Answer, type CallOptions } from './support.js';

const RETURN_URL = 'https://app.examplepos.example/stream/onboarding/callback';
const PARTNER = 'partner_id=demo-partner-id';

describe('the sandbox answers every Partner API route as the contract says', () => {
  it('gives, for each route, a success and its refusals, each with a documented status, content type, body and required headers', async () => {
    const { sandbox, clock } = await openSandbox({ rateLimit: 1000 });
    const answers: { operationId: string; label: string; answer: Answer }[] = [];
    const drive = async (operationId: string, label: string, method: string, path: string, options: CallOptions = {}) => {
      const answer = await call(sandbox, method, path, options);
      answers.push({ operationId, label, answer });
      return answer;
    };
    try {
      const admin = await accessToken(sandbox);
      const ssoOnly = await accessToken(sandbox, { scopes: ['sso'] });
      const onboardingOnly = await accessToken(sandbox, { scopes: ['onboarding'] });

      // Authentication.
      const client = { client_id: sandbox.credentials.clientId, client_secret: sandbox.credentials.clientSecret };
      const issued = await drive('requestOAuthToken', 'client credentials', 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', ...client, scopes: ['user'] } });
      await drive('requestOAuthToken', 'refresh', 'POST', '/oauth/token', { json: { grant_type: 'refresh_token', ...client, refresh_token: issued.body.refresh_token } });
      await drive('requestOAuthToken', 'used refresh token', 'POST', '/oauth/token', { json: { grant_type: 'refresh_token', ...client, refresh_token: issued.body.refresh_token } });
      await drive('requestOAuthToken', 'wrong secret', 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: client.client_id, client_secret: 'wrong' } });
      await drive('requestOAuthToken', 'exp too late', 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', ...client, exp: Math.floor(clock.now() / 1000) + 7200 } });

      // An organization of its own, and a client for it alone.
      const org = await drive('createOrganization', 'create', 'POST', '/onboarding/org', {
        token: admin,
        json: { name: 'Taco Loco Group', provider_id: 'taco-loco', user: { email: 'maria@tacoloco.example', first_name: 'Maria', last_name: 'Lopez' } },
      });
      await drive('createOrganization', 'same provider_id', 'POST', '/onboarding/org', { token: admin, json: { name: 'Again', provider_id: 'taco-loco', user: { email: 'a@b.example', first_name: 'A', last_name: 'B' } } });
      await drive('createOrganization', 'missing user', 'POST', '/onboarding/org', { token: admin, json: { name: 'No user', provider_id: 'nobody' } });
      await drive('createOrganization', 'no token', 'POST', '/onboarding/org', { json: { name: 'x', provider_id: 'y', user: { email: 'a@b.example', first_name: 'A', last_name: 'B' } } });
      await drive('createOrganization', 'sso-only token', 'POST', '/onboarding/org', { token: ssoOnly, json: { name: 'x', provider_id: 'z', user: { email: 'a@b.example', first_name: 'A', last_name: 'B' } } });
      const orgId = org.body.org_id as string;

      // Partner tokens.
      const created = await drive('createPartnerToken', 'create', 'POST', '/tokens', { token: admin, json: { org_id: orgId, token_name: 'Taco Loco backend', scopes: ['user', 'onboarding', 'sso'] } });
      await drive('createPartnerToken', 'no name', 'POST', '/tokens', { token: admin, json: { org_id: orgId, scopes: ['user'] } });
      await drive('createPartnerToken', 'unknown organization', 'POST', '/tokens', { token: admin, json: { org_id: 'org_none', token_name: 'x', scopes: ['user'] } });
      await drive('createPartnerToken', 'without user scope', 'POST', '/tokens', { token: onboardingOnly, json: { org_id: orgId, token_name: 'x', scopes: ['user'] } });
      const merchant = (await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: created.body.client_id, client_secret: created.body.client_secret } })).body.access_token as string;
      await drive('createPartnerToken', 'another organization', 'POST', '/tokens', { token: merchant, json: { org_id: 'org_demo', token_name: 'x', scopes: ['user'] } });
      await drive('listPartnerTokens', 'list', 'GET', '/tokens?org_id=org_demo', { token: admin });
      await drive('listPartnerTokens', 'no org_id', 'GET', '/tokens', { token: admin });
      await drive('listPartnerTokens', 'unknown organization', 'GET', '/tokens?org_id=org_none', { token: admin });
      await drive('listPartnerTokens', 'another organization', 'GET', '/tokens?org_id=org_demo', { token: merchant });
      await drive('listPartnerTokens', 'no token', 'GET', '/tokens?org_id=org_demo');
      await drive('renamePartnerToken', 'rename', 'PUT', `/tokens/${created.body._id}`, { token: admin, json: { token_name: 'Taco Loco backend (rotated)' } });
      await drive('renamePartnerToken', 'empty name', 'PUT', `/tokens/${created.body._id}`, { token: admin, json: { token_name: '' } });
      await drive('renamePartnerToken', 'unknown token', 'PUT', '/tokens/tok_none', { token: admin, json: { token_name: 'x' } });
      await drive('renamePartnerToken', 'another organization', 'PUT', '/tokens/tok_sandbox', { token: merchant, json: { token_name: 'x' } });
      await drive('deletePartnerToken', 'another organization', 'DELETE', '/tokens/tok_sandbox', { token: merchant });
      await drive('deletePartnerToken', 'unknown token', 'DELETE', '/tokens/tok_none', { token: admin });
      await drive('deletePartnerToken', 'without user scope', 'DELETE', `/tokens/${created.body._id}`, { token: onboardingOnly });

      // Single sign-on.
      const person = { email: 'sam@demo-burger.example', full_name: 'Sam Lee', phone_number: '+14155550100', role: 'manager' };
      await drive('generateSsoSession', 'session', 'POST', '/white-label/generate-session', { token: ssoOnly, json: { ...person, provider_org_id: 'demo-burger-group' } });
      await drive('generateSsoSession', 'bad phone', 'POST', '/white-label/generate-session', { token: ssoOnly, json: { ...person, phone_number: '4155550100' } });
      await drive('generateSsoSession', 'unknown provider_org_id', 'POST', '/white-label/generate-session', { token: ssoOnly, json: { ...person, provider_org_id: 'nobody' } });
      await drive('generateSsoSession', 'unknown partner_id', 'POST', '/white-label/generate-session?partner_id=ptr_none', { token: ssoOnly, json: person });
      await drive('generateSsoSession', 'without sso scope', 'POST', '/white-label/generate-session', { token: onboardingOnly, json: person });
      await drive('generateSsoSession', 'another organization', 'POST', '/white-label/generate-session', { token: merchant, json: { ...person, provider_org_id: 'demo-burger-group' } });

      // Onboarding: a POS one taken to active, a DSP one to bind with.
      const onboard = async (type: 'pos' | 'dsp', source: string) => {
        const made = await drive('createOnboardingIntegration', `create ${type}`, 'POST', '/onboarding/integrations', { token: admin, json: { org_id: 'org_demo', source, type, return_url: RETURN_URL } });
        const consent = await call(sandbox, 'GET', new URL(made.body.entry_url).pathname, { redirect: 'manual' });
        await drive('getOnboardingIntegration', `read ${type} waiting`, 'GET', `/onboarding/integrations/${made.body._id}`, { token: admin });
        const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
        await drive('completeOnboardingIntegration', `wrong code ${type}`, 'PUT', `/onboarding/integrations/${made.body._id}`, { token: admin, json: { code: 'nope' } });
        await drive('completeOnboardingIntegration', `complete ${type}`, 'PUT', `/onboarding/integrations/${made.body._id}`, { token: admin, json: { code } });
        return made.body._id as string;
      };
      const pos = await onboard('pos', 'example-pos');
      const dsp = await onboard('dsp', 'doordash');
      const create = (label: string, body: Record<string, unknown>, token = admin) =>
        drive('createOnboardingIntegration', label, 'POST', '/onboarding/integrations', { token, json: { org_id: 'org_demo', source: 'example-pos', type: 'pos', return_url: RETURN_URL, ...body } });
      await create('unknown type', { type: 'kiosk' });
      await create('unregistered host', { return_url: 'https://elsewhere.example/cb' });
      await create('source not agreed', { source: 'other-pos' });
      await create('unknown organization', { org_id: 'org_none' });
      await create('another organization', {}, merchant);
      await create('without onboarding scope', {}, ssoOnly);
      const pending = await create('pending to revoke', {});
      await drive('completeOnboardingIntegration', 'already active', 'PUT', `/onboarding/integrations/${pos}`, { token: admin, json: { code: 'x' } });
      await drive('completeOnboardingIntegration', 'unknown onboarding', 'PUT', '/onboarding/integrations/onb_none', { token: admin, json: { code: 'x' } });
      await drive('completeOnboardingIntegration', 'no code', 'PUT', `/onboarding/integrations/${pos}`, { token: admin, json: {} });
      await drive('completeOnboardingIntegration', 'another organization', 'PUT', `/onboarding/integrations/${pos}`, { token: merchant, json: { code: 'x' } });
      await drive('getOnboardingIntegration', 'unknown onboarding', 'GET', '/onboarding/integrations/onb_none', { token: admin });
      await drive('getOnboardingIntegration', 'another organization', 'GET', `/onboarding/integrations/${pos}`, { token: merchant });

      // Locations: list, ingest, bind, follow.
      await drive('listOnboardingLocations', 'list', 'GET', `/onboarding/locations?onboarding_id=${pos}`, { token: admin });
      await drive('listOnboardingLocations', 'no onboarding_id', 'GET', '/onboarding/locations', { token: admin });
      await drive('listOnboardingLocations', 'unknown onboarding', 'GET', '/onboarding/locations?onboarding_id=onb_none', { token: admin });
      await drive('listOnboardingLocations', 'not active', 'GET', `/onboarding/locations?onboarding_id=${pending.body._id}`, { token: admin });
      await drive('listOnboardingLocations', 'another organization', 'GET', `/onboarding/locations?onboarding_id=${pos}`, { token: merchant });
      const ingested = await drive('ingestOnboardingLocations', 'ingest', 'POST', '/onboarding/locations/ingest', { token: admin, json: { onboarding_id: pos, locations: [{ provider_id: 'LOC-1001' }] } });
      await drive('ingestOnboardingLocations', 'not offered', 'POST', '/onboarding/locations/ingest', { token: admin, json: { onboarding_id: pos, locations: [{ provider_id: 'LOC-NOPE' }] } });
      await drive('ingestOnboardingLocations', 'unknown onboarding', 'POST', '/onboarding/locations/ingest', { token: admin, json: { onboarding_id: 'onb_none', locations: [{ provider_id: 'LOC-1001' }] } });
      await drive('ingestOnboardingLocations', 'not active', 'POST', '/onboarding/locations/ingest', { token: admin, json: { onboarding_id: pending.body._id, locations: [{ provider_id: 'LOC-1001' }] } });
      await drive('ingestOnboardingLocations', 'another organization', 'POST', '/onboarding/locations/ingest', { token: merchant, json: { onboarding_id: pos, locations: [{ provider_id: 'LOC-1001' }] } });
      const locationId = ingested.body.locations[0]._id as string;
      const binding = { pos_location_id: locationId, dsp_provider_id: 'dd-store-1', dsp_store_name: 'Demo (Market St)' };
      await drive('bindOnboardingLocations', 'bind', 'POST', '/onboarding/locations/bind', { token: admin, json: { onboarding_id: dsp, locations: [binding] } });
      await drive('bindOnboardingLocations', 'pos onboarding', 'POST', '/onboarding/locations/bind', { token: admin, json: { onboarding_id: pos, locations: [binding] } });
      await drive('bindOnboardingLocations', 'empty list', 'POST', '/onboarding/locations/bind', { token: admin, json: { onboarding_id: dsp, locations: [] } });
      await drive('bindOnboardingLocations', 'unknown onboarding', 'POST', '/onboarding/locations/bind', { token: admin, json: { onboarding_id: 'onb_none', locations: [binding] } });
      await drive('bindOnboardingLocations', 'not active', 'POST', '/onboarding/locations/bind', { token: admin, json: { onboarding_id: pending.body._id, locations: [binding] } });
      await drive('bindOnboardingLocations', 'another organization', 'POST', '/onboarding/locations/bind', { token: merchant, json: { onboarding_id: dsp, locations: [binding] } });
      await drive('listOrganizationLocations', 'pending binding', 'GET', '/onboarding/org/org_demo/locations', { token: admin });
      clock.advance(5000);
      await drive('listOrganizationLocations', 'approved binding', 'GET', `/onboarding/org/org_demo/locations?location_id=${locationId}`, { token: admin });
      await drive('listOrganizationLocations', 'unknown location', 'GET', '/onboarding/org/org_demo/locations?location_id=loc_none', { token: admin });
      await drive('listOrganizationLocations', 'unknown organization', 'GET', '/onboarding/org/org_none/locations', { token: admin });
      await drive('listOrganizationLocations', 'another organization', 'GET', '/onboarding/org/org_demo/locations', { token: merchant });
      await drive('listOrganizationLocations', 'without onboarding scope', 'GET', '/onboarding/org/org_demo/locations', { token: ssoOnly });

      // Revoke, then revoke again.
      await drive('revokeOnboardingIntegration', 'another organization', 'DELETE', `/onboarding/integrations/${pos}`, { token: merchant });
      await drive('revokeOnboardingIntegration', 'revoke', 'DELETE', `/onboarding/integrations/${pending.body._id}`, { token: admin });
      await drive('revokeOnboardingIntegration', 'again', 'DELETE', `/onboarding/integrations/${pending.body._id}`, { token: admin });
      await drive('revokeOnboardingIntegration', 'unknown onboarding', 'DELETE', '/onboarding/integrations/onb_none', { token: admin });

      // Billing, which shows no security requirement.
      const reports = await drive('listBillingReports', 'list', 'GET', `/billing/reports?${PARTNER}`);
      await drive('listBillingReports', 'by bearer token', 'GET', '/billing/reports', { token: admin });
      await drive('listBillingReports', 'neither', 'GET', '/billing/reports');
      await drive('listBillingReports', 'unknown partner', 'GET', '/billing/reports?partner_id=ptr_none');
      const month = reports.body.reports[0].reportMonth as string;
      await drive('getRawBillingReport', 'download', 'GET', `/billing/reports/raw?${PARTNER}&file_name=billing-${month}.csv`);
      await drive('getRawBillingReport', 'no file_name', 'GET', `/billing/reports/raw?${PARTNER}`);
      await drive('getRawBillingReport', 'unknown month', 'GET', `/billing/reports/raw?${PARTNER}&file_name=billing-1999-01.csv`);
      await drive('getBillingInvoice', 'download', 'GET', `/billing/reports/invoice?${PARTNER}&file_name=invoice-${month}.pdf`);
      await drive('getBillingInvoice', 'no partner_id', 'GET', `/billing/reports/invoice?file_name=invoice-${month}.pdf`);
      await drive('getBillingInvoice', 'unknown file', 'GET', `/billing/reports/invoice?${PARTNER}&file_name=invoice.pdf`);

      // The token's deletion last: it revokes what was issued for it.
      await drive('deletePartnerToken', 'delete', 'DELETE', `/tokens/${created.body._id}`, { token: admin });
      await drive('listPartnerTokens', 'revoked token', 'GET', `/tokens?org_id=${orgId}`, { token: merchant });

      // A body in another media type, and one over the contract's size limit, on every route that takes a body.
      for (const op of streamHostedOperations().filter((candidate) => candidate.api === 'partner' && candidate.requestContentType !== undefined)) {
        const path = op.path.replace(/\{[^}]+\}/g, 'x');
        const plain = await drive(op.operationId, 'text/plain body', op.method, path, { token: admin, raw: '{}', headers: { 'content-type': 'text/plain' } });
        expect(plain.body, `${op.operationId} text/plain`).toMatchObject({ code: 'unsupported_media_type' });
        const limit = (deref('partner', (op.raw.responses as Record<string, unknown>)['413']) as { 'x-max-body-bytes'?: number } | undefined)?.['x-max-body-bytes'];
        expect(limit, `${op.operationId} states x-max-body-bytes on its 413`).toBeTypeOf('number');
        const large = await drive(op.operationId, 'body over the size limit', op.method, path, { token: admin, raw: ' '.repeat(limit! + 1) });
        expect(large.body, `${op.operationId} over the limit`).toMatchObject({ code: 'body_too_large' });
      }

      // 429 on every route, with Retry-After.
      const throttled = await call(sandbox, 'POST', '/_sandbox/throttle', { json: { requests: streamHostedOperations().filter((op) => op.api === 'partner').length, retry_after: 3 } });
      expect(throttled.status).toBe(200);
      for (const op of streamHostedOperations().filter((candidate) => candidate.api === 'partner')) {
        const path = op.path.replace(/\{[^}]+\}/g, 'x');
        await drive(op.operationId, 'throttled', op.method, path, op.requestContentType === undefined ? {} : { json: {} });
      }

      // 503 on every route, with Retry-After.
      const unavailable = await call(sandbox, 'POST', '/_sandbox/throttle', { json: { requests: streamHostedOperations().filter((op) => op.api === 'partner').length, retry_after: 5, status: 503 } });
      expect(unavailable.status).toBe(200);
      for (const op of streamHostedOperations().filter((candidate) => candidate.api === 'partner')) {
        const path = op.path.replace(/\{[^}]+\}/g, 'x');
        await drive(op.operationId, 'unavailable', op.method, path, op.requestContentType === undefined ? {} : { json: {} });
      }

      for (const { operationId, label, answer } of answers) {
        expect(answer.status === 503 || answer.status < 500, `${operationId} (${label}) answered ${answer.status}: ${answer.text}`).toBe(true);
        expectContractAnswer('partner', operationId, answer);
      }
      const partnerOps = streamHostedOperations().filter((op) => op.api === 'partner');
      for (const op of partnerOps) {
        const statuses = answers.filter((entry) => entry.operationId === op.operationId).map((entry) => entry.answer.status);
        expect(statuses.some((status) => status < 300), `${op.operationId} succeeded once`).toBe(true);
        expect(statuses.filter((status) => status >= 400 && status !== 429 && status !== 503).length, `${op.operationId} refused once`).toBeGreaterThan(0);
        expect(statuses, `${op.operationId} answered 429`).toContain(429);
        expect(statuses, `${op.operationId} answered 503`).toContain(503);
      }
    } finally {
      await closeSandboxes();
    }
  }, 60_000);
});
