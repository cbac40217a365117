import { afterEach, describe, expect, it } from 'vitest';
import { deref, loadContract } from '../src/openapi.js';
import type { RunningSandbox } from '../src/sandbox/index.js';
import { accessToken, call, closeSandboxes, expectContractAnswer, openSandbox, schemaProblems } from './support.js';

afterEach(closeSandboxes);

const RETURN_URL = 'https://app.examplepos.example/stream/onboarding/callback';

async function createOnboarding(sandbox: RunningSandbox, token: string, kind: { type: 'pos' | 'dsp'; source: string } = { type: 'pos', source: 'example-pos' }) {
  const created = await call(sandbox, 'POST', '/onboarding/integrations', {
    token,
    json: { org_id: 'org_demo', ...kind, return_url: RETURN_URL },
  });
  expect(created.status, created.text).toBe(201);
  return created;
}

/** Follows `entry_url` as the merchant's browser would and returns the code sent back to `return_url`. */
async function consent(sandbox: RunningSandbox, entryUrl: string): Promise<string> {
  const answer = await call(sandbox, 'GET', entryUrl.slice(sandbox.url.length), { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(RETURN_URL);
  return location.searchParams.get('code') ?? '';
}

async function activeOnboarding(sandbox: RunningSandbox, token: string, kind?: { type: 'pos' | 'dsp'; source: string }): Promise<string> {
  const created = await createOnboarding(sandbox, token, kind);
  const code = await consent(sandbox, created.body.entry_url);
  const completed = await call(sandbox, 'PUT', `/onboarding/integrations/${created.body._id}`, { token, json: { code } });
  expect(completed.status).toBe(200);
  return created.body._id as string;
}

describe('partner tokens', () => {
  it('creates, lists, renames and deletes a partner token, and deleting it revokes the access tokens issued for it', async () => {
    const { sandbox } = await openSandbox();
    const admin = await accessToken(sandbox);
    const created = await call(sandbox, 'POST', '/tokens', { token: admin, json: { org_id: 'org_demo', token_name: 'POS sync', scopes: ['onboarding'] } });
    expect(created.status).toBe(201);
    expectContractAnswer('partner', 'createPartnerToken', created);
    expect(created.body.client_secret).toMatch(/\S/);
    const id = created.body._id as string;

    const listed = await call(sandbox, 'GET', '/tokens?org_id=org_demo', { token: admin });
    expectContractAnswer('partner', 'listPartnerTokens', listed);
    expect(listed.body.tokens.find((token: { _id: string }) => token._id === id)).toMatchObject({ token_name: 'POS sync', scopes: ['onboarding'] });
    expect(listed.text).not.toContain(created.body.client_secret);

    const renamed = await call(sandbox, 'PUT', `/tokens/${id}`, { token: admin, json: { token_name: 'POS sync (rotated)' } });
    expect(renamed.status).toBe(200);
    expectContractAnswer('partner', 'renamePartnerToken', renamed);
    const afterRename = await call(sandbox, 'GET', '/tokens?org_id=org_demo', { token: admin });
    expect(afterRename.body.tokens.find((token: { _id: string }) => token._id === id).token_name).toBe('POS sync (rotated)');

    const issued = await call(sandbox, 'POST', '/oauth/token', {
      json: { grant_type: 'client_credentials', client_id: created.body.client_id, client_secret: created.body.client_secret },
    });
    expect(issued.status).toBe(200);
    const own = issued.body.access_token as string;
    expect((await call(sandbox, 'GET', '/onboarding/locations?onboarding_id=onb_none', { token: own })).status).toBe(404);

    const deleted = await call(sandbox, 'DELETE', `/tokens/${id}`, { token: admin });
    expect(deleted.status).toBe(204);
    expectContractAnswer('partner', 'deletePartnerToken', deleted);
    const afterDelete = await call(sandbox, 'GET', '/tokens?org_id=org_demo', { token: admin });
    expect(afterDelete.body.tokens.map((token: { _id: string }) => token._id)).not.toContain(id);
    expect((await call(sandbox, 'GET', '/onboarding/locations?onboarding_id=onb_none', { token: own })).status).toBe(401);
    const again = await call(sandbox, 'POST', '/oauth/token', {
      json: { grant_type: 'client_credentials', client_id: created.body.client_id, client_secret: created.body.client_secret },
    });
    expect(again.status).toBe(401);
    expect((await call(sandbox, 'DELETE', `/tokens/${id}`, { token: admin })).status).toBe(404);
  });

  it('refuses a token request that breaks the contract with 400 naming the field', async () => {
    const { sandbox } = await openSandbox();
    const admin = await accessToken(sandbox);
    const answer = await call(sandbox, 'POST', '/tokens', { token: admin, json: { org_id: 'org_demo', scopes: ['onboarding'] } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('token_name');
    expectContractAnswer('partner', 'createPartnerToken', answer);
  });
});

describe('onboarding integrations', () => {
  it('takes an integration from pending through the merchant consent to active, then deprovisioned', async () => {
    const { sandbox } = await openSandbox();
    const token = await accessToken(sandbox);
    const created = await createOnboarding(sandbox, token);
    expectContractAnswer('partner', 'createOnboardingIntegration', created);
    expect(created.body.status).toBe('pending');
    expect(created.body.entry_url).toBe(`${sandbox.url}/_sandbox/onboarding/${created.body._id}/start`);
    const id = created.body._id as string;

    const code = await consent(sandbox, created.body.entry_url);
    expect(code).toMatch(/\S/);
    const waiting = await call(sandbox, 'GET', `/onboarding/integrations/${id}`, { token });
    expectContractAnswer('partner', 'getOnboardingIntegration', waiting);
    expect(waiting.body.status).toBe('waiting_for_oauth');

    const badCode = await call(sandbox, 'PUT', `/onboarding/integrations/${id}`, { token, json: { code: 'ac_made_up' } });
    expect(badCode.status).toBe(400);
    expectContractAnswer('partner', 'completeOnboardingIntegration', badCode);

    const completed = await call(sandbox, 'PUT', `/onboarding/integrations/${id}`, { token, json: { code } });
    expect(completed.status).toBe(200);
    expectContractAnswer('partner', 'completeOnboardingIntegration', completed);
    expect(completed.body.status).toBe('active');

    const twice = await call(sandbox, 'PUT', `/onboarding/integrations/${id}`, { token, json: { code } });
    expect(twice.status).toBe(409);
    expectContractAnswer('partner', 'completeOnboardingIntegration', twice);

    const revoked = await call(sandbox, 'DELETE', `/onboarding/integrations/${id}`, { token });
    expect(revoked.status).toBe(200);
    expectContractAnswer('partner', 'revokeOnboardingIntegration', revoked);
    expect(revoked.body.status).toBe('deprovisioned');
    const revokedAgain = await call(sandbox, 'DELETE', `/onboarding/integrations/${id}`, { token });
    expect(revokedAgain.status).toBe(409);
    expectContractAnswer('partner', 'revokeOnboardingIntegration', revokedAgain);
  });

  it('sends a merchant who refuses consent back to return_url with error=access_denied and no code, keeps the onboarding waiting, and completes it after a second visit approved', async () => {
    const { sandbox } = await openSandbox();
    const token = await accessToken(sandbox);
    const created = await createOnboarding(sandbox, token);
    const id = created.body._id as string;
    const path = `${created.body.entry_url.slice(sandbox.url.length)}`;

    const refused = await call(sandbox, 'GET', `${path}?consent=deny`, { redirect: 'manual' });
    expect(refused.status).toBe(302);
    const landing = new URL(refused.headers.get('location') ?? '');
    expect(`${landing.origin}${landing.pathname}`).toBe(RETURN_URL);
    expect([...landing.searchParams]).toEqual([['error', 'access_denied']]);
    // The contract states what the partner's return_url receives; the sandbox sends exactly that.
    const described = String((deref('partner', (loadContract('partner').components as any).schemas.OnboardingIntegrationCreateRequest) as any).properties.return_url.description);
    expect(described).toContain('`error=access_denied`');
    expect(described).toContain('`waiting_for_oauth`');

    const waiting = await call(sandbox, 'GET', `/onboarding/integrations/${id}`, { token });
    expectContractAnswer('partner', 'getOnboardingIntegration', waiting);
    expect(waiting.body.status).toBe('waiting_for_oauth');
    expect((await call(sandbox, 'GET', `${path}?consent=deny&respond=json`)).body).toEqual({ error: 'access_denied', return_url: `${RETURN_URL}?error=access_denied` });
    const odd = await call(sandbox, 'GET', `${path}?consent=maybe`, { redirect: 'manual' });
    expect(odd.status).toBe(400);
    expect(odd.text).toContain('"deny"');

    const code = await consent(sandbox, created.body.entry_url);
    const completed = await call(sandbox, 'PUT', `/onboarding/integrations/${id}`, { token, json: { code } });
    expect(completed.status, completed.text).toBe(200);
    expect(completed.body.status).toBe('active');
  });

  it('refuses to list locations of an onboarding that is not active yet with 409', async () => {
    const { sandbox } = await openSandbox();
    const token = await accessToken(sandbox);
    const created = await createOnboarding(sandbox, token);
    const answer = await call(sandbox, 'GET', `/onboarding/locations?onboarding_id=${created.body._id}`, { token });
    expect(answer.status).toBe(409);
    expectContractAnswer('partner', 'listOnboardingLocations', answer);
  });

  it('lists the connected locations, ingests them and binds a DSP store that is approved five seconds later', async () => {
    const { sandbox, clock } = await openSandbox();
    const token = await accessToken(sandbox);
    const id = await activeOnboarding(sandbox, token);

    const offered = await call(sandbox, 'GET', `/onboarding/locations?onboarding_id=${id}`, { token });
    expect(offered.status).toBe(200);
    expectContractAnswer('partner', 'listOnboardingLocations', offered);
    expect(offered.body.locations.length).toBeGreaterThan(0);
    const providerId = offered.body.locations[0].provider_id as string;

    const ingested = await call(sandbox, 'POST', '/onboarding/locations/ingest', { token, json: { onboarding_id: id, locations: [{ provider_id: providerId }] } });
    expect(ingested.status).toBe(200);
    expectContractAnswer('partner', 'ingestOnboardingLocations', ingested);
    const locationId = ingested.body.locations[0]._id as string;
    expect(ingested.body.locations[0].provider_id).toBe(providerId);

    const unknown = await call(sandbox, 'POST', '/onboarding/locations/ingest', { token, json: { onboarding_id: id, locations: [{ provider_id: 'LOC-NOPE' }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('LOC-NOPE');

    const dspOnboarding = await activeOnboarding(sandbox, token, { type: 'dsp', source: 'doordash' });
    const bound = await call(sandbox, 'POST', '/onboarding/locations/bind', {
      token,
      json: { onboarding_id: dspOnboarding, locations: [{ pos_location_id: locationId, dsp_provider_id: 'dd-store-1', dsp_store_name: 'Demo (Market St)' }] },
    });
    expect(bound.status).toBe(200);
    expectContractAnswer('partner', 'bindOnboardingLocations', bound);
    expect(bound.body.locations[0].status).toBe('pending');

    const listLocation = () => call(sandbox, 'GET', `/onboarding/org/org_demo/locations?location_id=${locationId}`, { token });
    const soon = await listLocation();
    expectContractAnswer('partner', 'listOrganizationLocations', soon);
    expect(soon.body.locations[0].dsps).toMatchObject([{ _id: expect.stringMatching(/^dsb_/), source: 'doordash', status: 'pending' }]);
    clock.advance(5000);
    const later = await listLocation();
    expectContractAnswer('partner', 'listOrganizationLocations', later);
    expect(later.body.locations[0].dsps).toMatchObject([{ _id: soon.body.locations[0].dsps[0]._id, status: 'APPROVED' }]);
  });
});

describe('organizations', () => {
  it('creates an organization with 201, refuses a second one with the same provider_id with 409, and lists its locations', async () => {
    const { sandbox } = await openSandbox();
    const token = await accessToken(sandbox, { scopes: ['legacy_onboarding'] });
    const body = { name: 'Taco Loco Group', provider_id: 'taco-loco-group-4471', user: { email: 'maria.lopez@tacoloco.example', first_name: 'Maria', last_name: 'Lopez' } };
    const created = await call(sandbox, 'POST', '/onboarding/org', { token, json: body });
    expect(created.status).toBe(201);
    expectContractAnswer('partner', 'createOrganization', created);
    const duplicate = await call(sandbox, 'POST', '/onboarding/org', { token, json: { ...body, name: 'Another name' } });
    expect(duplicate.status).toBe(409);
    expectContractAnswer('partner', 'createOrganization', duplicate);

    const fresh = await call(sandbox, 'GET', `/onboarding/org/${created.body.org_id}/locations`, { token });
    expect(fresh.status).toBe(200);
    expectContractAnswer('partner', 'listOrganizationLocations', fresh);
    expect(fresh.body.locations).toEqual([]);
    const demo = await call(sandbox, 'GET', '/onboarding/org/org_demo/locations', { token });
    expectContractAnswer('partner', 'listOrganizationLocations', demo);
    expect(demo.body.locations.map((location: { _id: string }) => location._id)).toEqual(['loc-downtown', 'loc-mission']);
    const missing = await call(sandbox, 'GET', '/onboarding/org/org_nobody/locations', { token });
    expect(missing.status).toBe(404);
    expectContractAnswer('partner', 'listOrganizationLocations', missing);
  });

  it('issues a white-label single sign-on token for a linked organization', async () => {
    const { sandbox } = await openSandbox();
    const token = await accessToken(sandbox, { scopes: ['sso'] });
    const answer = await call(sandbox, 'POST', '/white-label/generate-session', {
      token,
      json: { email: 'owner@demo-burger.example', full_name: 'Demo Owner', phone_number: '+14155550123', role: 'manager', provider_org_id: 'demo-burger-group' },
    });
    expect(answer.status, answer.text).toBe(200);
    expectContractAnswer('partner', 'generateSsoSession', answer);
  });
});

describe('billing', () => {
  it('lists the last three months of reports for the partner', async () => {
    const { sandbox } = await openSandbox();
    const answer = await call(sandbox, 'GET', '/billing/reports?partner_id=demo-partner-id');
    expect(answer.status).toBe(200);
    expectContractAnswer('partner', 'listBillingReports', answer);
    expect(answer.body.reports.map((report: { reportMonth: string }) => report.reportMonth)).toEqual(['2026-02', '2026-01', '2025-12']);
  });

  it('serves the raw report as CSV and the invoice as a PDF', async () => {
    const { sandbox } = await openSandbox();
    const csv = await call(sandbox, 'GET', '/billing/reports/raw?file_name=billing-2026-02.csv&partner_id=demo-partner-id');
    expect(csv.status).toBe(200);
    expectContractAnswer('partner', 'getRawBillingReport', csv);
    const [head, ...rows] = csv.text.trim().split('\n');
    expect(head).toContain('reportMonth');
    expect(rows.length).toBe(2);
    expect(rows.every((row) => row.startsWith('2026-02,demo-partner-id,'))).toBe(true);

    const pdf = await call(sandbox, 'GET', '/billing/reports/invoice?file_name=invoice-2026-02.pdf&partner_id=demo-partner-id');
    expect(pdf.status).toBe(200);
    expectContractAnswer('partner', 'getBillingInvoice', pdf);
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    expect(pdf.text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('refuses billing calls missing their query parameters with 400', async () => {
    const { sandbox } = await openSandbox();
    const cases: [string, string][] = [
      ['listBillingReports', '/billing/reports'],
      ['getRawBillingReport', '/billing/reports/raw?partner_id=demo-partner-id'],
      ['getRawBillingReport', '/billing/reports/raw?file_name=billing-2026-02.csv'],
      ['getBillingInvoice', '/billing/reports/invoice?partner_id=demo-partner-id'],
      ['getBillingInvoice', '/billing/reports/invoice?file_name=invoice-2026-02.pdf'],
    ];
    for (const [operationId, path] of cases) {
      const answer = await call(sandbox, 'GET', path);
      expect(answer.status, path).toBe(400);
      expectContractAnswer('partner', operationId, answer);
    }
    const unknownMonth = await call(sandbox, 'GET', '/billing/reports/raw?file_name=billing-1999-01.csv&partner_id=demo-partner-id');
    expect(unknownMonth.status).toBe(404);
    expect(schemaProblems('partner', 'Error', unknownMonth.body)).toEqual([]);
  });
});

describe('entry_url opened again', () => {
  it('issues a new code that replaces the one the earlier visit issued, so repeated visits leave one code per onboarding', async () => {
    const { sandbox } = await openSandbox();
    const token = await accessToken(sandbox);
    const created = await createOnboarding(sandbox, token);
    const first = await consent(sandbox, created.body.entry_url);
    const second = await consent(sandbox, created.body.entry_url);
    expect(second).not.toBe(first);
    const stale = await call(sandbox, 'PUT', `/onboarding/integrations/${created.body._id}`, { token, json: { code: first } });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('invalid_grant');
    const completed = await call(sandbox, 'PUT', `/onboarding/integrations/${created.body._id}`, { token, json: { code: second } });
    expect(completed.status, completed.text).toBe(200);
  });
});
