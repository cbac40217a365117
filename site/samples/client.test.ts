// The guides' client samples (a partner's code that calls Stream), in TypeScript and Python, run
// as the page shows them against a real sandbox: each must exit 0, make the calls its page says,
// and have every call accepted by the sandbox with a body the contract allows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../packages/cli/src/sandbox/index.js';
import { findOperation } from '../../packages/cli/src/openapi.js';
import { DEMO_ORG_ID } from '../../packages/cli/src/sandbox/state.js';
import { sentAt } from '../../packages/cli/test/sent-at.js';
import { codeBlocks, type SampleLanguage } from './extract.js';
import { clientProblems, contractExample, literal, runClientSample, type ClientRun, type ClientSampleOptions, type ExpectedCall } from './client.js';
import {
  activeOnboarding,
  createOnboarding,
  given,
  menuStateFixture,
  merchantBrowser,
  onboardingId,
  OWN_ORG,
  print,
  PYTHON_APP,
  PYTHON_MENUS_IMPORT,
  sandboxToken,
  tokenCacheModule,
  TS_APP,
  TS_MENUS_IMPORT,
  webAppPreamble,
} from './client-fixtures.js';

const LANGUAGES = ['ts', 'python'] as const;
const LABEL: Record<SampleLanguage, string> = { ts: 'TypeScript', python: 'Python' };

interface ClientSample {
  /** What the sample does, as the test name says it. */
  readonly does: string;
  readonly options: (language: SampleLanguage) => Omit<ClientSampleOptions, 'language'>;
  /** The calls the page says the code makes, in order (`run` gives the sandbox's ids). */
  readonly calls: (run: ClientRun) => ExpectedCall[];
  /** True for code that handles what Stream sends and must call nothing at Stream. */
  readonly callsNothing?: true;
  /** What the calls must have said or changed, as the page describes it. */
  readonly outcome?: (run: ClientRun) => void;
}

const bodies = (run: ClientRun) => run.exchanges.map((exchange) => exchange.requestBody as any);
const order = (run: ClientRun, match: (order: any) => boolean) => (run.state.orders as any[]).find(match);

const posWebhook = (credentials: RunningSandbox['credentials']): ExpectedCall => ({ method: 'POST', path: `/pos/${credentials.partnerSlug}/webhook` });
const dspOrder = (credentials: RunningSandbox['credentials']): ExpectedCall => ({ method: 'POST', path: `/order/${credentials.partnerId}` });
const eventsWebhook = (credentials: RunningSandbox['credentials']): ExpectedCall => ({ method: 'POST', path: `/event-provider/${credentials.partnerSlug}/webhook` });

/** Every example of a POS event a POS sends Stream, with a pause that ends in the future, as the page says. */
function posEventExamples(): unknown[] {
  // Sent now: an in-store order's placed_at is the moment it is reported, as the contract's rule asks.
  const examples = [...findOperation('pos', 'sendWebhookEvent').requestExamples.values()].map((value) => sentAt({ api: 'pos', operationId: 'sendWebhookEvent', body: value, now: Date.now() }) as { object: { paused_until?: number | null } });
  for (const example of examples) if (typeof example.object.paused_until === 'number') example.object.paused_until = Date.now() + 45 * 60_000;
  return examples;
}

/** The last line of the run's output that is a JSON object with `key`. */
function printed(run: ClientRun, key: string): any {
  const line = run.output.split('\n').filter((candidate) => candidate.startsWith(`{"${key}"`)).at(-1);
  expect(line, `the sample printed no ${key} line:\n${run.output}`).toBeDefined();
  return JSON.parse(line!)[key];
}

const partnerCall = (method: string, path: string): ExpectedCall => ({ method, path });

/** The contract's DSP order and its cancellation as a DSP sends them now: occurred_at_ms is the moment of sending, as the contract's rule asks. */
const DSP_PICKUP = sentAt({ api: 'dsp', operationId: 'sendOrderEvent', body: contractExample('dsp', 'PickupOrder'), now: Date.now() });
const DSP_CANCEL = sentAt({ api: 'dsp', operationId: 'sendOrderEvent', body: contractExample('dsp', 'CustomerCanceledOrder'), now: Date.now() });
/** The contract's in-store order as a POS reports it now: placed_at is the moment it is reported, as the contract's rule asks. */
const IN_STORE_ORDER = sentAt({ api: 'pos', operationId: 'sendWebhookEvent', body: contractExample('pos', 'InStoreOrderCreated') as { object: Record<string, unknown> }, now: Date.now() });

/** The id of the "POS sync" partner token each token-management run's preamble created, by sandbox URL. */
const posSyncTokens = new Map<string, string>();

function posSyncToken(url: string): string {
  const id = posSyncTokens.get(url);
  if (id === undefined) throw new Error('no "POS sync" partner token was created for this run; the preamble should have made one');
  return id;
}

const SAMPLES: readonly ClientSample[] = [
  {
    does: 'creates the merchant\'s organization and records its org_id',
    options: (language) => ({
      name: 'onboarding-org',
      sampleModules: tokenCacheModule(language),
      // `db` stands for the reader's database.
      preamble: () =>
        language === 'ts'
          ? 'const db = { merchants: { async update(id: string, change: object) { console.log(JSON.stringify({ merchant: { id, change } })); } } };'
          : 'class _Merchants:\n    def update(self, merchant_id, **change):\n        print(__import__("json").dumps({"merchant": {"id": merchant_id, "change": change}}))\n\n\nclass _Db:\n    merchants = _Merchants()\n\n\ndb = _Db()',
    }),
    calls: () => [partnerCall('POST', '/oauth/token'), partnerCall('POST', '/onboarding/org')],
    outcome: (run) => {
      const org = (run.state.organizations as { org_id: string; provider_id: string }[]).find((candidate) => candidate.provider_id === 'taco-loco-group-4471');
      expect(org).toBeDefined();
      const merchant = printed(run, 'merchant');
      expect(merchant.id).toBe('taco-loco-group-4471');
      expect(Object.values(merchant.change)).toEqual([org!.org_id]);
    },
  },
  {
    does: 'connects a merchant\'s POS through the web app\'s connect and callback routes, leaving the onboarding active',
    options: (language) => ({
      name: 'onboarding-connect',
      sampleModules: tokenCacheModule(language),
      preamble: () => webAppPreamble(language, DEMO_ORG_ID),
      driver: () => merchantBrowser(language, DEMO_ORG_ID),
    }),
    calls: (run) => {
      const onboarding = run.state.onboardings[0] as { _id: string } | undefined;
      return [partnerCall('POST', '/oauth/token'), partnerCall('POST', '/onboarding/integrations'), partnerCall('PUT', `/onboarding/integrations/${onboarding?._id}`)];
    },
    outcome: (run) => {
      expect(bodies(run)[1]).toEqual({ ...contractExample('partner', 'CreateOnboardingIntegrationRequest'), org_id: DEMO_ORG_ID });
      expect(run.state.onboardings).toHaveLength(1);
      expect((run.state.onboardings[0] as { status: string }).status).toBe('active');
      expect(printed(run, 'callback')).toEqual({ status: 303, location: '/onboarding/choose-locations' });
    },
  },
  {
    does: 'lists the locations an active onboarding offers',
    options: (language) => ({
      name: 'onboarding-locations',
      sampleModules: tokenCacheModule(language),
      preamble: async (sandbox) => given(language, 'onboardingId', 'onboarding_id', (await activeOnboarding(sandbox)).onboardingId),
      driver: () => print(language, 'locations', 'locations', 'locations'),
    }),
    calls: () => [partnerCall('POST', '/oauth/token'), partnerCall('GET', '/onboarding/locations')],
    outcome: (run) => {
      expect(run.exchanges[1]?.path).toMatch(/^\/onboarding\/locations\?onboarding_id=onb_/);
      expect(printed(run, 'locations')).toEqual(run.exchanges[1]?.responseBody && (run.exchanges[1].responseBody as { locations: unknown[] }).locations);
      expect(printed(run, 'locations').length).toBeGreaterThan(0);
    },
  },
  {
    does: 'ingests the chosen locations and keeps Stream\'s id for each',
    options: (language) => ({
      name: 'onboarding-ingest',
      sampleModules: tokenCacheModule(language),
      preamble: async (sandbox) => {
        const { onboardingId } = await activeOnboarding(sandbox);
        const token = await sandboxToken(sandbox, ['onboarding']);
        const listed = (await (await fetch(`${sandbox.url}/onboarding/locations?onboarding_id=${onboardingId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { locations: unknown[] };
        const db =
          language === 'ts'
            ? 'const db = { locations: { async upsert(row: object) { console.log(JSON.stringify({ upsert: row })); } } };'
            : 'class _Locations:\n    def upsert(self, **row):\n        print(__import__("json").dumps({"upsert": row}))\n\n\nclass _Db:\n    locations = _Locations()\n\n\ndb = _Db()';
        return [given(language, 'onboardingId', 'onboarding_id', onboardingId), given(language, 'chosen', 'chosen', listed.locations), db].join('\n');
      },
    }),
    calls: () => [partnerCall('POST', '/oauth/token'), partnerCall('POST', '/onboarding/locations/ingest')],
    outcome: (run) => {
      const upserts = run.output.split('\n').filter((line) => line.startsWith('{"upsert"')).map((line) => Object.values(JSON.parse(line).upsert as Record<string, string>));
      const made = (run.state.locations as { _id: string; provider_id: string }[]).filter((location) => /^LOC-1\d{3}$/.test(location.provider_id));
      expect(made.length).toBeGreaterThan(0);
      expect(upserts).toEqual(made.map((location) => [location.provider_id, location._id]));
    },
  },
  {
    does: 'binds a DSP store to one of the organization\'s locations, pending until the DSP approves',
    options: (language) => ({
      name: 'onboarding-bind',
      sampleModules: tokenCacheModule(language),
      // The page's location id stands for one the reader ingested in step 5: here, one of the sandbox organization's.
      rewrite: (code) => code.replaceAll('loc_01HZX6D3F5G7H9J1K3M5N7P9QR', 'loc-downtown'),
      preamble: async (sandbox) => given(language, 'dspOnboardingId', 'dsp_onboarding_id', (await activeOnboarding(sandbox, { type: 'dsp', source: 'doordash' })).onboardingId),
      driver: () => print(language, 'bound', 'bound.locations', 'bound["locations"]'),
    }),
    calls: () => [partnerCall('POST', '/oauth/token'), partnerCall('POST', '/onboarding/locations/bind')],
    outcome: (run) => {
      expect(printed(run, 'bound')).toEqual([{ pos_location_id: 'loc-downtown', dsp_provider_id: 'dd-store-311874', dsp_store_name: 'Taco Loco (Mission St)', status: 'pending' }]);
      const location = (run.state.locations as { _id: string; dsps: { _id: string; dsp_provider_id: string; source: string; status: string }[] }[]).find((candidate) => candidate._id === 'loc-downtown');
      // The binding has an id of its own (dsb_…) and records the DSP's store id and the DSP as its source.
      expect(location?.dsps.map((dsp) => [dsp.dsp_provider_id, dsp.source, dsp.status])).toEqual([['dd-store-311874', 'doordash', 'pending']]);
      expect(location?.dsps[0]?._id).toMatch(/^dsb_/);
    },
  },
  {
    does: 'reads the organization\'s locations and finds the DSP stores that need reconnecting',
    options: (language) => ({
      name: 'onboarding-follow',
      sampleModules: tokenCacheModule(language),
      preamble: () => given(language, 'orgId', 'org_id', DEMO_ORG_ID),
      driver: () => print(language, 'followed', '{ locations: locations.length, broken: broken.length }', '{"locations": len(locations), "broken": len(broken)}'),
    }),
    calls: () => [partnerCall('POST', '/oauth/token'), partnerCall('GET', `/onboarding/org/${DEMO_ORG_ID}/locations`)],
    outcome: (run) => {
      expect(printed(run, 'followed')).toEqual({ locations: (run.state.locations as { org_id: string }[]).filter((location) => location.org_id === DEMO_ORG_ID).length, broken: 0 });
    },
  },
  {
    does: 'revokes an onboarding integration, which ends deprovisioned',
    options: (language) => ({
      name: 'onboarding-revoke',
      sampleModules: tokenCacheModule(language),
      preamble: async (sandbox) => given(language, 'onboardingId', 'onboarding_id', (await activeOnboarding(sandbox)).onboardingId),
      driver: () => print(language, 'revoked', 'revoked.status', 'revoked["status"]'),
    }),
    calls: (run) => [partnerCall('POST', '/oauth/token'), partnerCall('DELETE', `/onboarding/integrations/${(run.state.onboardings[0] as { _id: string })._id}`)],
    outcome: (run) => {
      expect(printed(run, 'revoked')).toBe('deprovisioned');
      expect((run.state.onboardings[0] as { status: string }).status).toBe('deprovisioned');
    },
  },
  {
    does: 'lists, renames and deletes partner tokens through the token cache',
    options: (language) => ({
      name: 'partner-token-admin',
      // TypeScript imports the cache; the Python block uses the helper above it on the page, so both run together.
      sampleModules: language === 'ts' ? { 'stream-token-cache': 'partner-token-cache' } : {},
      preamble: async (sandbox) => {
        const token = await sandboxToken(sandbox, ['user']);
        const response = await fetch(`${sandbox.url}/tokens`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ org_id: DEMO_ORG_ID, token_name: 'POS sync', scopes: ['onboarding'] }),
        });
        if (response.status !== 201) throw new Error(`setting up the sandbox: POST /tokens answered ${response.status} ${await response.text()}`);
        posSyncTokens.set(sandbox.url, ((await response.json()) as { _id: string })._id);
        return '';
      },
      // As the page says: the cache built with the user scope, and the reader's own organization and token ids.
      rewrite: (code, sandbox) =>
        OWN_ORG(code)
          .replace(/\[(['"])onboarding\1, \1legacy_onboarding\1\]/, '[$1user$1]')
          .replaceAll('tok_01HZX4A7PRT5M2C9V8D3E6F1GH', posSyncToken(sandbox.url)),
      driver: () => print(language, 'listed', 'list.tokens.map((t) => t.token_name)', '[t["token_name"] for t in tokens]'),
    }),
    calls: (run) => [
      partnerCall('POST', '/oauth/token'),
      partnerCall('GET', '/tokens'),
      partnerCall('PUT', `/tokens/${posSyncToken(run.url)}`),
      partnerCall('DELETE', `/tokens/${posSyncToken(run.url)}`),
    ],
    outcome: (run) => {
      expect(bodies(run)[0]).toMatchObject({ grant_type: 'client_credentials', scopes: ['user'] });
      expect(run.exchanges[1]?.path).toBe(`/tokens?org_id=${DEMO_ORG_ID}`);
      expect(printed(run, 'listed')).toContain('POS sync');
      expect(run.exchanges[2]?.responseBody).toMatchObject({ token_name: 'POS sync (rotated June 2025)' });
      expect((run.state.partner_tokens as { _id: string }[]).map((token) => token._id)).not.toContain(posSyncToken(run.url));
    },
  },
  {
    does: 'creates an API client with an administrator\'s token and stores its secret',
    options: (language) => ({
      name: 'partner-api-client',
      rewrite: OWN_ORG,
      // saveSecret / save_secret stand for the reader's secret store.
      preamble: () =>
        language === 'ts'
          ? 'async function saveSecret(name: string, pair: { client_id: string; client_secret: string }): Promise<void> {\n  console.log(JSON.stringify({ saved: { name, client_id: pair.client_id, secret: pair.client_secret.length > 0 } }));\n}'
          : 'def save_secret(name, client_id, client_secret):\n    print(__import__("json").dumps({"saved": {"name": name, "client_id": client_id, "secret": len(client_secret) > 0}}))',
    }),
    calls: () => [{ method: 'POST', path: '/oauth/token' }, { method: 'POST', path: '/tokens' }],
    outcome: (run) => {
      expect(bodies(run)[0]).toMatchObject({ grant_type: 'client_credentials', scopes: ['user'] });
      expect(bodies(run)[1]).toEqual({ org_id: DEMO_ORG_ID, token_name: 'Production POS sync', scopes: ['onboarding', 'legacy_onboarding'] });
      const created = (run.state.partner_tokens as { _id: string; client_id: string; token_name: string }[]).find((token) => token.token_name === 'Production POS sync');
      expect(printed(run, 'saved')).toEqual({ name: `stream/${created?._id}`, client_id: created?.client_id, secret: true });
    },
  },
  {
    does: 'downloads every billing report\'s CSV and invoice PDF to files',
    options: (language) => ({
      name: 'partner-billing',
      // The page's accessToken / access_token is one the reader already holds.
      preamble: async (sandbox) => `${language === 'ts' ? 'const accessToken' : 'access_token'} = ${JSON.stringify(await sandboxToken(sandbox, ['user']))};`,
    }),
    calls: (run) => {
      const reports = ((run.exchanges[0]?.responseBody as { reports?: { reportMonth: string }[] } | undefined)?.reports ?? []);
      expect(reports.length).toBeGreaterThan(0);
      return [{ method: 'GET', path: '/billing/reports' }, ...reports.flatMap(() => [{ method: 'GET', path: '/billing/reports/raw' }, { method: 'GET', path: '/billing/reports/invoice' }])];
    },
    outcome: (run) => {
      const reports = (run.exchanges[0]?.responseBody as { reports: { reportMonth: string }[] }).reports;
      for (const { reportMonth } of reports) {
        expect(readFileSync(join(run.dir, `billing-${reportMonth}.csv`), 'utf8').split('\n').length).toBeGreaterThan(1);
        expect(readFileSync(join(run.dir, `invoice-${reportMonth}.pdf`)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
    },
  },
  {
    does: 'requests a Partner API access token with the client credentials',
    options: (language) => ({
      name: 'partner-token',
      driver: () => (language === 'ts' ? 'console.log(JSON.stringify({ scopes: token.scopes }));' : 'print(__import__("json").dumps({"scopes": token["scopes"]}))'),
    }),
    calls: () => [{ method: 'POST', path: '/oauth/token' }],
    outcome: (run) => {
      expect(bodies(run)[0]).toMatchObject({ grant_type: 'client_credentials', client_id: run.credentials.clientId, scopes: ['onboarding'] });
      expect(printed(run, 'scopes')).toEqual(['onboarding']);
    },
  },
  {
    does: 'calls the Partner API with the access token from the token request',
    options: (language) => ({
      name: 'partner-call-api',
      // What the token request above left: the base URL and the token (and, in Python, requests).
      preamble: async (sandbox) => {
        await createOnboarding(sandbox);
        const token = { access_token: await sandboxToken(sandbox, ['onboarding']) };
        return language === 'ts'
          ? `const STREAM_BASE_URL = process.env.STREAM_BASE_URL!;\nconst token = ${literal(language, token)};`
          : `import os\nimport requests\nSTREAM_BASE_URL = os.environ["STREAM_BASE_URL"]\ntoken = ${literal(language, token)}`;
      },
      // The page's onboarding id stands for the reader's own.
      rewrite: (code, sandbox) => code.replaceAll('onb_01HZX5C2D4E6F8G0H1J3K5M7NP', onboardingId(sandbox)),
      driver: () => print(language, 'answered', 'res.status', 'res.status_code'),
    }),
    calls: (run) => [partnerCall('GET', `/onboarding/integrations/${(run.state.onboardings[0] as { _id: string })._id}`)],
    outcome: (run) => {
      expect(printed(run, 'answered')).toBe(200);
    },
  },
  {
    does: 'shares one token request between two callers, refreshes after invalidate and calls the Partner API with the token',
    options: (language) => ({
      name: 'partner-token-cache',
      prepare: createOnboarding,
      driver: (sandbox) =>
        language === 'ts'
          ? `const driverTokens = await Promise.all([streamTokens.accessToken(), streamTokens.accessToken()]);
if (driverTokens[0] !== driverTokens[1]) throw new Error('two callers got two tokens');
streamTokens.invalidate();
const driverAnswer = await streamFetch(${literal(language, `/onboarding/integrations/${onboardingId(sandbox)}`)});
if (driverAnswer.status !== 200) throw new Error(\`GET /onboarding/integrations answered \${driverAnswer.status}: \${await driverAnswer.text()}\`);`
          : `import threading as _driver_threading
driver_tokens = []
driver_threads = [_driver_threading.Thread(target=lambda: driver_tokens.append(stream_tokens.access_token())) for _ in range(2)]
for driver_thread in driver_threads:
    driver_thread.start()
for driver_thread in driver_threads:
    driver_thread.join()
assert len(driver_tokens) == 2 and driver_tokens[0] == driver_tokens[1], "two callers got two tokens"
stream_tokens.invalidate()
driver_answer = stream_request("GET", ${literal(language, `/onboarding/integrations/${onboardingId(sandbox)}`)})
assert driver_answer.status_code == 200, f"GET /onboarding/integrations answered {driver_answer.status_code}: {driver_answer.text}"`,
    }),
    calls: (run) => [{ method: 'POST', path: '/oauth/token' }, { method: 'POST', path: '/oauth/token' }, { method: 'GET', path: `/onboarding/integrations/${(run.state.onboardings[0] as { _id: string })._id}` }],
    outcome: (run) => {
      expect(bodies(run).slice(0, 2).map((body) => body.grant_type)).toEqual(['client_credentials', 'refresh_token']);
    },
  },
  {
    does: 'signs the exact bytes of an order status event and sends them, as the HMAC guide shows',
    options: () => ({ name: 'hmac-send' }),
    calls: ({ credentials }) => [posWebhook(credentials)],
    outcome: (run) => {
      expect(bodies(run)).toEqual([contractExample('pos', 'OrderReadyForPickup')]);
    },
  },
  {
    does: 'pauses a POS location for 45 minutes and resumes it early',
    options: () => ({ name: 'pos-location-status' }),
    calls: ({ credentials }) => [posWebhook(credentials), posWebhook(credentials)],
    outcome: (run) => {
      const [pause, resume] = bodies(run);
      expect(pause.object).toMatchObject({ status: 'inactive', location_id: 'loc-downtown' });
      expect(pause.object.paused_until - Date.now()).toBeGreaterThan(40 * 60_000);
      expect(resume.object).toEqual({ status: 'active', location_id: 'loc-downtown' });
    },
  },
  {
    does: 'sends Stream every POS event example with one signed sender',
    options: (language) => ({
      name: 'pos-send',
      driver: () =>
        language === 'ts'
          ? `for (const driverEvent of ${literal(language, posEventExamples())}) await sendToStream(driverEvent as any);`
          : `for driver_event in ${literal(language, posEventExamples())}:\n    send_to_stream(driver_event)`,
    }),
    calls: ({ credentials }) => posEventExamples().map(() => posWebhook(credentials)),
    outcome: (run) => {
      expect(bodies(run).map((body) => body.type)).toEqual(posEventExamples().map((example) => (example as { type: string }).type));
    },
  },
  {
    does: 'reports an in-store order',
    options: (language) => {
      const order = IN_STORE_ORDER.object;
      return { name: 'pos-in-store-order', driver: () => (language === 'ts' ? `await reportInStoreOrder(${literal(language, order)});` : `report_in_store_order(${literal(language, order)})`) };
    },
    calls: ({ credentials }) => [posWebhook(credentials)],
    outcome: (run) => {
      expect(bodies(run)[0]).toEqual(IN_STORE_ORDER);
      expect(order(run, (candidate) => candidate.provider_id === 'pos-ord-88415')?.status).toBe('received');
    },
  },
  {
    does: 'tells Stream a location\'s catalog changed',
    options: () => ({ name: 'pos-catalog-updated' }),
    calls: ({ credentials }) => [posWebhook(credentials)],
    outcome: (run) => {
      expect(bodies(run)).toEqual([contractExample('pos', 'LocationCatalogUpdated')]);
    },
  },
  {
    does: 'reports an order ready for pickup',
    options: () => ({ name: 'pos-order-status' }),
    calls: ({ credentials }) => [posWebhook(credentials)],
    outcome: (run) => {
      expect(bodies(run)).toEqual([contractExample('pos', 'OrderReadyForPickup')]);
      expect(order(run, (candidate) => candidate.provider_id === 'pos-ord-88412')?.status).toBe('ready_for_pickup');
    },
  },
  {
    does: 'sends Stream a delivery status and a driver assignment, signed',
    options: (language) => {
      const updates = [contractExample('events', 'DeliveryStatusEnrouteToPickup'), contractExample('events', 'DriverAssignedWithVehicle')];
      return {
        name: 'events-send',
        driver: () =>
          language === 'ts'
            ? `for (const driverUpdate of ${literal(language, updates)}) await sendToStream(driverUpdate as any);`
            : `for driver_update in ${literal(language, updates)}:\n    send_to_stream(driver_update)`,
      };
    },
    calls: ({ credentials }) => [eventsWebhook(credentials), eventsWebhook(credentials)],
    outcome: (run) => {
      expect(bodies(run)).toEqual([contractExample('events', 'DeliveryStatusEnrouteToPickup'), contractExample('events', 'DriverAssignedWithVehicle')]);
      const delivered = order(run, (candidate) => candidate.id === 'ord_7d2f9a41');
      expect(delivered?.delivery_status).toBe('enroute_to_pickup');
      expect(delivered?.driver).toEqual(contractExample('events', 'DriverAssignedWithVehicle').driver);
    },
  },
  {
    does: 'assigns a driver with a shared relay number and its code',
    options: (language) => {
      const { order_id, location_id, driver } = contractExample('events', 'DriverAssigned');
      return {
        name: 'events-assign-driver',
        sampleModules: { stream: 'events-send' },
        driver: () =>
          language === 'ts'
            ? `await assignDriver({ orderId: ${literal(language, order_id)}, locationId: ${literal(language, location_id)} }, { displayName: ${literal(language, driver.name)}, relayNumber: ${literal(language, driver.phone.number)}, relayCode: ${literal(language, driver.phone.code)} });`
            : `assign_driver(${literal(language, order_id)}, ${literal(language, location_id)}, ${literal(language, driver.name)}, ${literal(language, driver.phone.number)}, ${literal(language, driver.phone.code)})`,
      };
    },
    calls: ({ credentials }) => [eventsWebhook(credentials)],
    outcome: (run) => {
      expect(bodies(run)).toEqual([contractExample('events', 'DriverAssigned')]);
      expect(order(run, (candidate) => candidate.id === 'ord_7d2f9a41')?.driver).toEqual(contractExample('events', 'DriverAssigned').driver);
    },
  },
  {
    does: 'sends each new delivery status once, from the queued job',
    options: (language) => {
      const enroute = contractExample('events', 'DeliveryStatusEnrouteToPickup');
      const completed = contractExample('events', 'DeliveryStatusCompleted');
      const report = (update: { order_id: string; location_id: string; delivery_status: string }) =>
        language === 'ts'
          ? `await reportStatus(${literal(language, update.order_id)}, ${literal(language, update.location_id)}, ${literal(language, update.delivery_status)});`
          : `report_status(${literal(language, update.order_id)}, ${literal(language, update.location_id)}, ${literal(language, update.delivery_status)})`;
      // The queue runs each job it holds; running it twice after one status sends that status once.
      const runJobs =
        language === 'ts'
          ? 'for (const driverJob of jobs.queued.splice(0)) { if (driverJob.name !== "sync-delivery-status" || driverJob.options.key !== driverJob.payload.orderId) throw new Error(`unexpected job ${JSON.stringify(driverJob)}`); await syncDeliveryStatus(driverJob.payload); }'
          : 'for driver_name, driver_key, driver_payload in [jobs.queued.pop(0) for _ in list(jobs.queued)]:\n    assert driver_name == "sync-delivery-status" and driver_key == driver_payload["order_id"], (driver_name, driver_key, driver_payload)\n    sync_delivery_status(**driver_payload)';
      return {
        name: 'events-delivery-status',
        sampleModules: { stream: 'events-send' },
        fixtures: { app: language === 'ts' ? TS_APP : PYTHON_APP },
        driver: () => [report(enroute), runJobs, report(enroute), runJobs, report(completed), runJobs].join('\n'),
      };
    },
    calls: ({ credentials }) => [eventsWebhook(credentials), eventsWebhook(credentials)],
    outcome: (run) => {
      expect(bodies(run)).toEqual([contractExample('events', 'DeliveryStatusEnrouteToPickup'), contractExample('events', 'DeliveryStatusCompleted')]);
      expect(order(run, (candidate) => candidate.id === 'ord_7d2f9a41')?.delivery_status).toBe('completed');
    },
  },
  {
    does: 'sends a DSP order, its retry and its cancellation, each once',
    options: (language) => {
      const events = [DSP_PICKUP, DSP_PICKUP, DSP_CANCEL];
      return {
        name: 'dsp-send',
        driver: () =>
          language === 'ts'
            ? `for (const driverEvent of ${literal(language, events)}) console.log(JSON.stringify({ receipt: await sendToStream(driverEvent as any) }));`
            : `for driver_event in ${literal(language, events)}:\n    print(__import__("json").dumps({"receipt": send_to_stream(driver_event)}))`,
      };
    },
    calls: ({ credentials }) => [dspOrder(credentials), dspOrder(credentials), dspOrder(credentials)],
    outcome: (run) => {
      const pickup = DSP_PICKUP;
      expect(bodies(run)).toEqual([pickup, pickup, DSP_CANCEL]);
      expect(run.exchanges.map((exchange) => exchange.responseBody)).toEqual([{ event_id: pickup.event_id }, { event_id: pickup.event_id, duplicate: true }, { event_id: DSP_CANCEL.event_id }]);
      expect(printed(run, 'receipt')).toEqual({ event_id: DSP_CANCEL.event_id });
      expect(order(run, (candidate) => candidate.id === pickup.data.id)?.status).toBe('canceled');
    },
  },
  {
    does: 'pauses a DSP store for two hours, then until further notice',
    options: (language) => ({
      name: 'dsp-pause-store',
      driver: () => (language === 'ts' ? "await pauseStore('store-0042', 120);\nawait pauseStore('store-0042');" : 'pause_store("store-0042", 120)\npause_store("store-0042")'),
    }),
    calls: ({ credentials }) => [dspOrder(credentials), dspOrder(credentials)],
    outcome: (run) => {
      const [timed, indefinite] = bodies(run);
      for (const body of [timed, indefinite]) {
        expect(body).toMatchObject({ type: 'store_status_update', location_id: 'store-0042', data: { status: 'paused' } });
        expect(body.event_id).toMatch(/^evt_/);
        expect(Math.abs(body.occurred_at_ms - Date.now())).toBeLessThan(60_000);
        expect(body.data.start_time).toBe(body.occurred_at_ms);
      }
      expect(timed.data.end_time - timed.data.start_time).toBe(120 * 60_000);
      expect(indefinite.data).not.toHaveProperty('end_time');
      expect(timed.event_id).not.toBe(indefinite.event_id);
    },
  },
  {
    does: 'downloads the menu a location.publish event links to and replaces the store\'s menu with it',
    options: (language) => ({
      name: 'dsp-import-menu',
      fixtures: { menus: language === 'ts' ? TS_MENUS_IMPORT : PYTHON_MENUS_IMPORT },
      // The event as Stream sends it, with the link pointing at the sandbox rather than production.
      driver: (sandbox) => {
        const event = contractExample('dsp', 'MenuPublished');
        const link = new URL(event.data.menu_file_url);
        event.data.menu_file_url = `${sandbox.url}${link.pathname}${link.search}`;
        return language === 'ts' ? `await importMenu(${literal(language, event)});` : `import_menu(${literal(language, event)})`;
      },
    }),
    calls: () => [{ method: 'GET', path: '/stream-dsp/v1/menuFileS3Url' }],
    outcome: (run) => {
      const published = contractExample('dsp', 'MenuPublished');
      expect(run.exchanges[0]?.path).toBe(`/stream-dsp/v1/menuFileS3Url${new URL(published.data.menu_file_url).search}`);
      expect(printed(run, 'replaced')).toEqual({ locationId: 'store-0042', version: 'v1', file: contractExample('dsp', 'BurgerMenuV1'), publishedAtMs: published.occurred_at_ms });
    },
  },
  {
    // This page's code receives an event from Stream and calls nothing at Stream: it must make no call.
    does: 'applies a location.update to the stored menu without calling Stream, and ignores an older copy',
    options: (language) => {
      const update = contractExample('dsp', 'MenuObjectsUpdated');
      // Sent before the last publish and saying the opposite: applying it would change every object back.
      const older = { ...structuredClone(update), occurred_at_ms: update.occurred_at_ms - 120_000 };
      for (const change of older.data.updates) change.is_active = !change.is_active;
      return {
        name: 'dsp-menu-updates',
        fixtures: { menus: menuStateFixture(language) },
        driver: () => (language === 'ts' ? `await applyMenuUpdates(${literal(language, update)});\nawait applyMenuUpdates(${literal(language, older)});` : `apply_menu_updates(${literal(language, update)})\napply_menu_updates(${literal(language, older)})`),
      };
    },
    calls: () => [],
    callsNothing: true,
    outcome: (run) => {
      expect(printed(run, 'saved')).toEqual({ locationId: 'store-0042', availability: { item_lager: false, var_lemonade_large: true, mod_bacon: false, item_classic_burger: true } });
    },
  },
  {
    does: 'opens Stream for a signed-in user: a generated SSO session for their organization, and a 303 to the sign-in URL',
    options: (language) => ({
      name: 'sso-open-stream',
      sampleModules: { ...tokenCacheModule(language), [language === 'ts' ? 'stream-client' : 'stream_client']: 'stream-client' },
      // As the page says: the onboarding guide's helper, with its token cache built for the sso scope.
      rewrite: (code) => code.replace(/\[(['"])onboarding\1, \1legacy_onboarding\1\]/, '[$1sso$1]'),
      // The reader's web app and sign-in stand-ins: a user whose merchant is the sandbox's organization.
      preamble: (sandbox) => {
        const providerId = (sandbox.state().organizations[0] as { provider_id: string }).provider_id;
        return language === 'ts'
          ? `${webAppPreamble(language, DEMO_ORG_ID)}
const SIGNED_IN = { email: 'sam.rivera@example.com', fullName: 'Sam Rivera', phone: '(415) 555-0123', countryCode: 'US', role: 'store-manager', merchant: { providerId: ${JSON.stringify(providerId)} } };
const requireSignedIn = (req: any, _res: unknown, next: () => void) => {
  req.user = SIGNED_IN;
  next();
};`
          : `${webAppPreamble(language, DEMO_ORG_ID)}
from types import SimpleNamespace

current_user = SimpleNamespace(email="sam.rivera@example.com", full_name="Sam Rivera", phone="(415) 555-0123", country_code="US", role="store-manager", merchant=SimpleNamespace(provider_id=${JSON.stringify(providerId)}))


def login_required(view):
    return view`;
      },
      driver: () =>
        language === 'ts'
          ? `const ssoServer = app.listen(0, '127.0.0.1');
await new Promise((resolve) => ssoServer.once('listening', resolve));
const opened = await fetch(\`http://127.0.0.1:\${(ssoServer.address() as { port: number }).port}/open-stream\`, { method: 'POST', redirect: 'manual' });
console.log(JSON.stringify({ opened: { status: opened.status, location: opened.headers.get('location'), cacheControl: opened.headers.get('cache-control') } }));
ssoServer.close();`
          : `sso_opened = app.test_client().post("/open-stream")
print(__import__("json").dumps({"opened": {"status": sso_opened.status_code, "location": sso_opened.headers.get("Location"), "cacheControl": sso_opened.headers.get("Cache-Control")}}))`,
    }),
    calls: () => [partnerCall('POST', '/oauth/token'), partnerCall('POST', '/white-label/generate-session')],
    outcome: (run) => {
      expect(bodies(run)[0]).toMatchObject({ grant_type: 'client_credentials', scopes: ['sso'] });
      const providerId = (run.state.organizations[0] as { provider_id: string }).provider_id;
      expect(bodies(run)[1]).toEqual({ email: 'sam.rivera@example.com', full_name: 'Sam Rivera', phone_number: '+14155550123', role: 'manager', provider_org_id: providerId });
      const opened = printed(run, 'opened') as { status: number; location: string; cacheControl: string };
      expect(opened.status).toBe(303);
      expect(opened.cacheControl).toBe('no-store');
      expect(opened.location).toMatch(/^https:\/\/app\.sandbox\.stream\.example\/sso\/login\?sso_login_token=[^&]+$/);
    },
  },
];

for (const language of LANGUAGES) {
  describe(`the guides' client samples in ${LABEL[language]}`, () => {
    it('include at least one sample to run', () => {
      expect(SAMPLES.length).toBeGreaterThan(0);
    });

    for (const sample of SAMPLES) {
      it(sample.callsNothing !== true ? `${sample.does}, and the sandbox accepts every call it makes` : sample.does, { timeout: 90_000 }, async () => {
        const run = await runClientSample({ ...sample.options(language), language });
        expect(clientProblems(run, sample.calls(run))).toEqual([]);
        sample.outcome?.(run);
      });
    }
  });
}

/** Replaces `from` in a block, failing loudly when the page no longer has it (the change would test nothing). */
function replacing(from: string | RegExp, to: string): (code: string) => string {
  return (code) => {
    const changed = code.replace(from, to);
    if (changed === code) throw new Error(`the sample no longer contains ${String(from)}; update the changed copy`);
    return changed;
  };
}

describe('the client samples check catches a broken sample', () => {
  const SIGNED_OTHER_BYTES: Record<SampleLanguage, (code: string) => string> = {
    ts: replacing('signWebhook({ secret: process.env.STREAM_WEBHOOK_SECRET!, body })', "signWebhook({ secret: process.env.STREAM_WEBHOOK_SECRET!, body: `${body}\\n` })"),
    python: replacing('body, hashlib.sha256)', 'body + b"\\n", hashlib.sha256)'),
  };
  const WRONG_PATH: Record<SampleLanguage, (code: string) => string> = {
    ts: replacing('}/pos/${process.env.PARTNER_SLUG}/webhook', '}/pos/${process.env.PARTNER_SLUG}/webhooks'),
    python: replacing("}/pos/{os.environ['PARTNER_SLUG']}/webhook", "}/pos/{os.environ['PARTNER_SLUG']}/webhooks"),
  };

  for (const language of LANGUAGES) {
    it(`reports a ${LABEL[language]} sample that signs other bytes than it sends: the sandbox answers 401`, { timeout: 90_000 }, async () => {
      const run = await runClientSample({ name: 'pos-catalog-updated', language, rewrite: SIGNED_OTHER_BYTES[language] });
      const problems = clientProblems(run, [posWebhook(run.credentials)]);
      expect(problems.join('\n')).toMatch(/exited with 1/);
      expect(problems.join('\n')).toMatch(/answered 401 \(refused\): signature_mismatch/);
    });

    it(`reports a ${LABEL[language]} sample that posts to a path Stream does not serve`, { timeout: 90_000 }, async () => {
      const run = await runClientSample({ name: 'pos-order-status', language, rewrite: WRONG_PATH[language] });
      const problems = clientProblems(run, [posWebhook(run.credentials)]).join('\n');
      expect(problems).toContain(`made the calls [POST /pos/${run.credentials.partnerSlug}/webhooks]`);
      expect(problems).toMatch(/answered 404/);
      expect(problems).toMatch(/is no operation of the contracts/);
    });
  }

  const WRONG_STATUS: Record<SampleLanguage, (code: string) => string> = {
    ts: replacing("'ready_for_pickup');", "'ready' as any);"),
    python: replacing('"loc-downtown", "ready_for_pickup")', '"loc-downtown", "ready")'),
  };
  for (const language of LANGUAGES) {
    it(`reports a ${LABEL[language]} sample that sends a status the contract does not have: the sandbox answers 400`, { timeout: 90_000 }, async () => {
      const run = await runClientSample({ name: 'pos-order-status', language, rewrite: WRONG_STATUS[language] });
      const problems = clientProblems(run, [posWebhook(run.credentials)]).join('\n');
      expect(problems).toMatch(/answered 400 \(refused\)/);
      expect(problems).toMatch(/breaks the pos contract's PosWebhookEvent/);
    });
  }

  it('reports a location.update handler that applies an update older than the last publish', { timeout: 90_000 }, async () => {
    const sample = SAMPLES.find((candidate) => candidate.options('ts').name === 'dsp-menu-updates')!;
    const withoutOrder = (code: string) =>
      replacing('if (current && current.changedAtMs > event.occurred_at_ms) continue;', '')(replacing('if (event.occurred_at_ms < state.publishedAtMs) return;', '')(code));
    const run = await runClientSample({ ...sample.options('ts'), language: 'ts', rewrite: withoutOrder });
    expect(clientProblems(run, [])).toEqual([]);
    expect(() => sample.outcome!(run)).toThrow();
  });

  it('reports a body that breaks the contract even when the sandbox accepted it', async () => {
    const run = await runClientSample({ name: 'pos-catalog-updated', language: 'python' });
    const broken = { ...run, exchanges: run.exchanges.map((exchange) => ({ ...exchange, requestBody: { type: 'location.catalog.updated', object: {} } })) };
    expect(clientProblems(broken, [posWebhook(run.credentials)]).join('\n')).toMatch(/breaks the pos contract's/);
  });
});

/** Guide blocks that call an HTTP API but are not run here, each with the reason. */
const NOT_RUN: Readonly<Record<string, string>> = {
  'catalog-standard/the-schema.mdx': 'it reads the POS\'s own catalog endpoint, not Stream',
};

describe('the guides\' client samples are all run', () => {
  it('marks every TypeScript and Python block that calls an HTTP API, unless it is listed with a reason it does not run', () => {
    const unmarked: string[] = [];
    let calling = 0;
    for (const block of codeBlocks()) {
      if (!['ts', 'typescript', 'python', 'py'].includes(block.language)) continue;
      if (!/\bfetch\(|\brequests\.(get|post|put|delete|request)\(|\bstream(?:<[^>]*>)?\(|\bstreamFetch\(|\bstream_request\(/.test(block.code)) continue;
      calling += 1;
      const page = block.where.replace(/^docs\//, '').replace(/:\d+$/, '');
      if (/\bsample="/.test(block.meta) || NOT_RUN[page] !== undefined) continue;
      unmarked.push(block.where);
    }
    expect(calling).toBeGreaterThan(0);
    expect(unmarked, 'mark these blocks with sample="<name>" and run them in client.test.ts, or list the page in NOT_RUN with why').toEqual([]);
  });
});
