import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/sandbox/index.js';
import { join } from 'node:path';
import { accessToken, call, closeSandboxes, expectContractAnswer, openSandbox, tempDir } from './support.js';

afterEach(closeSandboxes);

const RETURN_URL = 'https://app.examplepos.example/stream/onboarding/callback';

/** A merchant organization created by the sandbox's client, and a client of that merchant with every scope. */
async function merchantClient(sandbox: RunningSandbox): Promise<{ orgId: string; token: string }> {
  const admin = await accessToken(sandbox);
  const org = await call(sandbox, 'POST', '/onboarding/org', {
    token: admin,
    json: { name: 'Taco Loco Group', provider_id: 'taco-loco', user: { email: 'maria@tacoloco.example', first_name: 'Maria', last_name: 'Lopez' } },
  });
  expect(org.status, org.text).toBe(201);
  const orgId = org.body.org_id as string;
  const created = await call(sandbox, 'POST', '/tokens', { token: admin, json: { org_id: orgId, token_name: 'Taco Loco backend', scopes: ['user', 'onboarding', 'sso'] } });
  expect(created.status, created.text).toBe(201);
  const issued = await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: created.body.client_id, client_secret: created.body.client_secret } });
  expect(issued.status).toBe(200);
  return { orgId, token: issued.body.access_token as string };
}

async function activeOnboarding(sandbox: RunningSandbox, token: string, kind: { type: 'pos' | 'dsp'; source: string }): Promise<string> {
  const created = await call(sandbox, 'POST', '/onboarding/integrations', { token, json: { org_id: 'org_demo', ...kind, return_url: RETURN_URL } });
  expect(created.status, created.text).toBe(201);
  const consent = await call(sandbox, 'GET', new URL(created.body.entry_url).pathname, { redirect: 'manual' });
  const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code');
  const completed = await call(sandbox, 'PUT', `/onboarding/integrations/${created.body._id}`, { token, json: { code } });
  expect(completed.status).toBe(200);
  return created.body._id as string;
}

describe('organizations are a boundary', () => {
  it("refuses a merchant's client with 403 when it creates an onboarding for, or lists the tokens of, another organization", async () => {
    const { sandbox } = await openSandbox();
    const { orgId, token } = await merchantClient(sandbox);

    const onboarding = await call(sandbox, 'POST', '/onboarding/integrations', { token, json: { org_id: 'org_demo', source: 'example-pos', type: 'pos', return_url: RETURN_URL } });
    expect(onboarding.status).toBe(403);
    expectContractAnswer('partner', 'createOnboardingIntegration', onboarding);
    expect(onboarding.body.code).toBe('organization_forbidden');
    expect(onboarding.body.message).toContain(orgId);

    const tokens = await call(sandbox, 'GET', '/tokens?org_id=org_demo', { token });
    expect(tokens.status).toBe(403);
    expectContractAnswer('partner', 'listPartnerTokens', tokens);

    const locations = await call(sandbox, 'GET', '/onboarding/org/org_demo/locations', { token });
    expect(locations.status).toBe(403);
    expectContractAnswer('partner', 'listOrganizationLocations', locations);

    // Its own organization stays open to it.
    const own = await call(sandbox, 'POST', '/onboarding/integrations', { token, json: { org_id: orgId, source: 'example-pos', type: 'pos', return_url: RETURN_URL } });
    expect(own.status, own.text).toBe(201);
    expect((await call(sandbox, 'GET', `/tokens?org_id=${orgId}`, { token })).status).toBe(200);
  });

  it("refuses a merchant's client with 403 on another organization's onboarding and on a single sign-on into it", async () => {
    const { sandbox } = await openSandbox();
    const admin = await accessToken(sandbox);
    const demoOnboarding = await activeOnboarding(sandbox, admin, { type: 'pos', source: 'example-pos' });
    const { token } = await merchantClient(sandbox);
    for (const [method, path, json, operation] of [
      ['GET', `/onboarding/integrations/${demoOnboarding}`, undefined, 'getOnboardingIntegration'],
      ['GET', `/onboarding/locations?onboarding_id=${demoOnboarding}`, undefined, 'listOnboardingLocations'],
      ['DELETE', `/onboarding/integrations/${demoOnboarding}`, undefined, 'revokeOnboardingIntegration'],
      ['POST', '/onboarding/locations/ingest', { onboarding_id: demoOnboarding, locations: [{ provider_id: 'LOC-1001' }] }, 'ingestOnboardingLocations'],
      [
        'POST',
        '/white-label/generate-session',
        { email: 'sam@demo-burger.example', full_name: 'Sam Lee', phone_number: '+14155550100', role: 'manager', provider_org_id: 'demo-burger-group' },
        'generateSsoSession',
      ],
    ] as const) {
      const answer = await call(sandbox, method, path, { token, ...(json === undefined ? {} : { json }) });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expectContractAnswer('partner', operation, answer);
    }
    // Nothing changed: the onboarding is still active for its own organization.
    expect((await call(sandbox, 'GET', `/onboarding/integrations/${demoOnboarding}`, { token: admin })).body.status).toBe('active');
  });

  it('keeps which organization created which, and each binding id, across a restart with --state', async () => {
    const stateFile = join(tempDir('rules'), 'state.json');
    const first = await openSandbox({ stateFile });
    const { orgId } = await merchantClient(first.sandbox);
    await closeSandboxes();
    const { sandbox } = await openSandbox({ stateFile });
    const admin = await accessToken(sandbox);
    const onboarding = await call(sandbox, 'POST', '/onboarding/integrations', { token: admin, json: { org_id: orgId, source: 'example-pos', type: 'pos', return_url: RETURN_URL } });
    expect(onboarding.status, onboarding.text).toBe(201);
  });

  it('lets the client that created an organization act on it', async () => {
    const { sandbox } = await openSandbox();
    const { orgId } = await merchantClient(sandbox);
    const admin = await accessToken(sandbox);
    const onboarding = await call(sandbox, 'POST', '/onboarding/integrations', { token: admin, json: { org_id: orgId, source: 'example-dsp', type: 'dsp', return_url: RETURN_URL } });
    expect(onboarding.status, onboarding.text).toBe(201);
  });
});

describe('what Stream holds for the partner account', () => {
  it('refuses a return_url on a host that is not registered, and a source that was not agreed, with 400', async () => {
    const { sandbox } = await openSandbox();
    const token = await accessToken(sandbox);
    const create = (body: Record<string, unknown>) => call(sandbox, 'POST', '/onboarding/integrations', { token, json: { org_id: 'org_demo', source: 'example-pos', type: 'pos', return_url: RETURN_URL, ...body } });

    const host = await create({ return_url: 'https://evil.example/callback' });
    expect(host.status).toBe(400);
    expectContractAnswer('partner', 'createOnboardingIntegration', host);
    expect(host.body.code).toBe('return_url_not_registered');
    expect(host.body.message).toContain('app.examplepos.example');

    const source = await create({ source: 'unknown-pos' });
    expect(source.status).toBe(400);
    expectContractAnswer('partner', 'createOnboardingIntegration', source);
    expect(source.body.code).toBe('source_not_agreed');
    expect(sandbox.state().onboardings).toEqual([]);
  });

  it('accepts the hosts and sources it is started with instead of the defaults', async () => {
    const { sandbox } = await openSandbox({ registeredHosts: ['App.MyPos.example'], agreedSources: ['my-pos'] });
    const token = await accessToken(sandbox);
    const create = (source: string, returnUrl: string) => call(sandbox, 'POST', '/onboarding/integrations', { token, json: { org_id: 'org_demo', source, type: 'pos', return_url: returnUrl } });
    expect((await create('my-pos', 'https://app.mypos.example/cb')).status).toBe(201);
    expect((await create('example-pos', 'https://app.mypos.example/cb')).status).toBe(400);
    expect((await create('my-pos', RETURN_URL)).status).toBe(400);
  });

  it("refuses to bind DSP stores with a POS onboarding's id with 400, and gives each binding a dsb_ id of its own", async () => {
    const { sandbox } = await openSandbox();
    const token = await accessToken(sandbox);
    const pos = await activeOnboarding(sandbox, token, { type: 'pos', source: 'example-pos' });
    const binding = { pos_location_id: 'loc-downtown', dsp_provider_id: 'dd-store-1', dsp_store_name: 'Demo (Market St)' };
    const refused = await call(sandbox, 'POST', '/onboarding/locations/bind', { token, json: { onboarding_id: pos, locations: [binding] } });
    expect(refused.status).toBe(400);
    expectContractAnswer('partner', 'bindOnboardingLocations', refused);
    expect(refused.body.code).toBe('invalid_onboarding_type');
    expect((sandbox.state().locations as { dsps: unknown[] }[]).every((location) => location.dsps.length === 0)).toBe(true);

    const dsp = await activeOnboarding(sandbox, token, { type: 'dsp', source: 'doordash' });
    const bound = await call(sandbox, 'POST', '/onboarding/locations/bind', { token, json: { onboarding_id: dsp, locations: [binding] } });
    expect(bound.status).toBe(200);
    const again = await call(sandbox, 'POST', '/onboarding/locations/bind', { token, json: { onboarding_id: dsp, locations: [binding] } });
    expect(again.status).toBe(200);
    const listed = await call(sandbox, 'GET', '/onboarding/org/org_demo/locations?location_id=loc-downtown', { token });
    expectContractAnswer('partner', 'listOrganizationLocations', listed);
    expect(listed.body.locations[0].dsps).toHaveLength(1);
    expect(listed.body.locations[0].dsps[0]).toMatchObject({ _id: expect.stringMatching(/^dsb_/), source: 'doordash', name: 'Demo (Market St)' });
  });
});

describe('error paths a partner must handle', () => {
  it('answers 429 with Retry-After once a client passes --rate-limit requests in a minute, and serves it again after the wait', async () => {
    const { sandbox, clock } = await openSandbox({ rateLimit: 3 });
    const token = await accessToken(sandbox);
    const list = () => call(sandbox, 'GET', '/tokens?org_id=org_demo', { token });
    expect((await list()).status).toBe(200);
    expect((await list()).status).toBe(200);
    clock.advance(20_000);
    const limited = await list();
    expect(limited.status).toBe(429);
    expectContractAnswer('partner', 'listPartnerTokens', limited);
    expect(limited.headers.get('retry-after')).toBe('40');
    clock.advance(40_000);
    expect((await list()).status).toBe(200);
  });

  it('makes the next Partner API calls answer 429 after POST /_sandbox/throttle, then answers normally', async () => {
    const { sandbox } = await openSandbox();
    const throttled = await call(sandbox, 'POST', '/_sandbox/throttle', { json: { requests: 2, retry_after: 7 } });
    expect(throttled.status).toBe(200);
    const body = { grant_type: 'client_credentials', client_id: sandbox.credentials.clientId, client_secret: sandbox.credentials.clientSecret };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await call(sandbox, 'POST', '/oauth/token', { json: body });
      expect(answer.status).toBe(429);
      expectContractAnswer('partner', 'requestOAuthToken', answer);
      expect(answer.headers.get('retry-after')).toBe('7');
    }
    expect((await call(sandbox, 'POST', '/oauth/token', { json: body })).status).toBe(200);
    expect((await call(sandbox, 'POST', '/_sandbox/throttle', { json: { requests: 0 } })).status).toBe(400);
  });

  it('makes the next Partner API calls answer 503 with Retry-After when the throttle asks for status 503, changing nothing, then answers normally', async () => {
    const { sandbox } = await openSandbox();
    const admin = await accessToken(sandbox);
    const throttled = await call(sandbox, 'POST', '/_sandbox/throttle', { json: { requests: 2, retry_after: 4, status: 503 } });
    expect(throttled.body).toEqual({ throttled: 2, retry_after: 4, status: 503 });
    const create = () => call(sandbox, 'POST', '/onboarding/org', { token: admin, json: { name: 'Retry Group', provider_id: 'retry-group', user: { email: 'r@retry.example', first_name: 'R', last_name: 'T' } } });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await create();
      expect(answer.status).toBe(503);
      expectContractAnswer('partner', 'createOrganization', answer);
      expect(answer.headers.get('retry-after')).toBe('4');
      expect(answer.body.code).toBe('service_unavailable');
    }
    // Nothing was done: the retry creates the organization once, and only then is it a duplicate.
    expect((await create()).status).toBe(201);
    expect((await create()).status).toBe(409);
    for (const status of [500, '503', 200]) {
      const refused = await call(sandbox, 'POST', '/_sandbox/throttle', { json: { requests: 1, status } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('429 or 503');
    }
  });
});

describe('the single sign-on page', () => {
  async function ssoToken(sandbox: RunningSandbox): Promise<string> {
    const token = await accessToken(sandbox, { scopes: ['sso'] });
    const answer = await call(sandbox, 'POST', '/white-label/generate-session', {
      token,
      json: { email: 'sam@demo-burger.example', full_name: 'Sam <Lee>', phone_number: '+14155550100', role: 'manager', provider_org_id: 'demo-burger-group' },
    });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.sso_login_token as string;
  }

  it('serves the sign-in page and its refusal with a policy that loads nothing, runs no script and forbids framing', async () => {
    const { sandbox } = await openSandbox();
    const token = await ssoToken(sandbox);
    for (const path of [`/sso/login?sso_login_token=${encodeURIComponent(token)}`, '/sso/login', '/sso/login?sso_login_token=%3Cscript%3E']) {
      const page = await call(sandbox, 'GET', path);
      expect(page.contentType, path).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy'), path).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
      expect(page.headers.get('x-frame-options'), path).toBe('DENY');
      expect(page.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('signs the user in once with a fresh sso_login_token and shows who signed in to which organization', async () => {
    const { sandbox } = await openSandbox();
    const token = await ssoToken(sandbox);
    const page = await call(sandbox, 'GET', `/sso/login?sso_login_token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.contentType).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('Sam &#60;Lee&#62;');
    expect(page.text).toContain('sam@demo-burger.example');
    expect(page.text).toContain('org_demo');
    expect(page.text).toContain('manager');
    const again = await call(sandbox, 'GET', `/sso/login?sso_login_token=${encodeURIComponent(token)}`);
    expect(again.status).toBe(401);
    expect(again.text).toContain('already used');
    expect(JSON.stringify(sandbox.exchanges())).not.toContain(token);
  });

  it('refuses an sso_login_token after its 60 seconds, and a link without one', async () => {
    const { sandbox, clock } = await openSandbox();
    const token = await ssoToken(sandbox);
    clock.advance(60_000);
    const late = await call(sandbox, 'GET', `/sso/login?sso_login_token=${encodeURIComponent(token)}`);
    expect(late.status).toBe(401);
    expect(late.text).toContain('expired');
    expect((await call(sandbox, 'GET', '/sso/login')).status).toBe(401);
  });
});

describe('billing', () => {
  it('names each download with Content-Disposition, as the contract requires', async () => {
    const { sandbox } = await openSandbox();
    const month = (await call(sandbox, 'GET', '/billing/reports?partner_id=demo-partner-id')).body.reports[0].reportMonth as string;
    const raw = await call(sandbox, 'GET', `/billing/reports/raw?partner_id=demo-partner-id&file_name=billing-${month}.csv`);
    expect(raw.headers.get('content-disposition')).toBe(`attachment; filename="billing-${month}.csv"`);
    const invoice = await call(sandbox, 'GET', `/billing/reports/invoice?partner_id=demo-partner-id&file_name=invoice-${month}.pdf`);
    expect(invoice.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${month}.pdf"`);
  });

  it('leaves a location ingested today out of the earlier months it did not exist in', async () => {
    const { sandbox } = await openSandbox();
    const token = await accessToken(sandbox);
    const onboarding = await activeOnboarding(sandbox, token, { type: 'pos', source: 'example-pos' });
    const ingested = await call(sandbox, 'POST', '/onboarding/locations/ingest', { token, json: { onboarding_id: onboarding, locations: [{ provider_id: 'LOC-1001' }] } });
    const fresh = ingested.body.locations[0]._id as string;
    const reports = await call(sandbox, 'GET', '/billing/reports?partner_id=demo-partner-id');
    for (const report of reports.body.reports) {
      expect(report.locations).not.toContain(fresh);
      expect(report.metrics.activeLocations).toBe(report.locations.length);
    }
    const raw = await call(sandbox, 'GET', `/billing/reports/raw?partner_id=demo-partner-id&file_name=billing-${reports.body.reports[0].reportMonth}.csv`);
    expect(raw.text).not.toContain(fresh);
  });
});
