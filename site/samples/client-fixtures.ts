// What the client samples leave to the reader, for client.test.ts: in-memory stand-ins for "your"
// database, queue, menu storage and web app, in both languages, and the sandbox set-up a step needs
// (a token, an active onboarding), made through the sandbox's own HTTP routes.
import type { RunningSandbox } from '../../packages/cli/src/sandbox/index.js';
import { DEMO_ORG_ID } from '../../packages/cli/src/sandbox/state.js';
import type { SampleLanguage } from './extract.js';
import { contractExample, literal } from './client.js';

/** "Your database and background queue" that the delivery-status page imports from ./app.js, in memory. */
export const TS_APP = `type Statuses = { locationId: string; latest?: string; sent?: string };
const rows = new Map<string, Statuses>();

export const db = {
  async setLatestStatus(orderId: string, update: { locationId: string; status: string }): Promise<void> {
    rows.set(orderId, { ...rows.get(orderId), locationId: update.locationId, latest: update.status });
  },
  async getStatuses(orderId: string): Promise<Statuses> {
    const row = rows.get(orderId);
    if (row === undefined) throw new Error(\`no statuses for \${orderId}\`);
    return { ...row };
  },
  async setSentStatus(orderId: string, status: string): Promise<void> {
    rows.set(orderId, { ...rows.get(orderId)!, sent: status });
  },
};

export const jobs = {
  queued: [] as { name: string; payload: { orderId: string }; options: { key: string } }[],
  async enqueue(name: string, payload: { orderId: string }, options: { key: string }): Promise<void> {
    this.queued.push({ name, payload, options });
  },
};
`;

export const PYTHON_APP = `class _Statuses:
    def __init__(self, location_id, latest=None, sent=None):
        self.location_id = location_id
        self.latest = latest
        self.sent = sent


class _Db:
    def __init__(self):
        self.rows = {}

    def set_latest_status(self, order_id, location_id, status):
        row = self.rows.setdefault(order_id, _Statuses(location_id))
        row.location_id = location_id
        row.latest = status

    def get_statuses(self, order_id):
        row = self.rows[order_id]
        return _Statuses(row.location_id, row.latest, row.sent)

    def set_sent_status(self, order_id, status):
        self.rows[order_id].sent = status


class _Jobs:
    def __init__(self):
        self.queued = []

    def enqueue(self, name, key, **payload):
        self.queued.append((name, key, payload))


db = _Db()
jobs = _Jobs()
`;

/** The reader's menu storage the menu-ingestion page imports from ./menus: prints what it is given. */
export const TS_MENUS_IMPORT = `export async function replaceMenu(menu: { locationId: string; version: string; file: unknown; publishedAtMs: number }): Promise<void> {
  console.log(JSON.stringify({ replaced: menu }));
}
`;

export const PYTHON_MENUS_IMPORT = `import json


def replace_menu(location_id, version, file, published_at_ms):
    print(json.dumps({"replaced": {"locationId": location_id, "version": version, "file": file, "publishedAtMs": published_at_ms}}))
`;

/** The last published menu of the store the DSP examples use: the objects MenuObjectsUpdated names, and a publish time before it. */
export function menuStateFixture(language: SampleLanguage): string {
  const published = contractExample('dsp', 'MenuPublished').occurred_at_ms - 60_000;
  const objects = { item_lager: 'item', var_lemonade_large: 'variation', mod_bacon: 'modifier', item_classic_burger: 'item' };
  // The large lemonade was published inactive; the lager and bacon active.
  const availability = { item_lager: true, var_lemonade_large: false, mod_bacon: true, item_classic_burger: true };
  if (language === 'ts') {
    return `const published = ${published};
export async function loadMenuState(locationId: string) {
  if (locationId !== 'store-0042') throw new Error(\`no menu for \${locationId}\`);
  return {
    publishedAtMs: published,
    objects: new Map(Object.entries(${JSON.stringify(objects)})),
    availability: new Map(Object.entries(${JSON.stringify(availability)}).map(([id, isActive]) => [id, { isActive, changedAtMs: published }])),
  } as any;
}
export async function saveMenuState(locationId: string, state: { availability: Map<string, { isActive: boolean }> }): Promise<void> {
  console.log(JSON.stringify({ saved: { locationId, availability: Object.fromEntries([...state.availability].map(([id, value]) => [id, value.isActive])) } }));
}
`;
  }
  return `import json

PUBLISHED = ${published}


def load_menu_state(location_id):
    if location_id != "store-0042":
        raise KeyError(location_id)
    return {
        "published_at_ms": PUBLISHED,
        "objects": json.loads(${JSON.stringify(JSON.stringify(objects))}),
        "availability": {key: {"is_active": value, "changed_at_ms": PUBLISHED} for key, value in json.loads(${JSON.stringify(JSON.stringify(availability))}).items()},
    }


def save_menu_state(location_id, state):
    print(json.dumps({"saved": {"locationId": location_id, "availability": {key: value["is_active"] for key, value in state["availability"].items()}}}))
`;
}

/** An onboarding to read, created through the sandbox's own routes the way a partner would. */
export async function createOnboarding(sandbox: RunningSandbox): Promise<void> {
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`setting up the sandbox: POST ${path} answered ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, any>;
  };
  const { access_token } = await post('/oauth/token', { grant_type: 'client_credentials', client_id: sandbox.credentials.clientId, client_secret: sandbox.credentials.clientSecret, scopes: ['onboarding'] });
  const org = (sandbox.state().organizations[0] as { org_id: string }).org_id;
  await post('/onboarding/integrations', { ...contractExample<Record<string, unknown>>('partner', 'CreateOnboardingIntegrationRequest'), org_id: org }, access_token);
}

export const onboardingId = (sandbox: RunningSandbox) => (sandbox.state().onboardings[0] as { _id: string })._id;

/** An access token for the sandbox's own API client, got through POST /oauth/token. */
export async function sandboxToken(sandbox: RunningSandbox, scopes: string[]): Promise<string> {
  const response = await fetch(`${sandbox.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: sandbox.credentials.clientId, client_secret: sandbox.credentials.clientSecret, scopes }),
  });
  if (response.status !== 200) throw new Error(`setting up the sandbox: POST /oauth/token answered ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The page's example organization id, changed to the sandbox's organization as a reader puts in their own. */
export const OWN_ORG = (code: string) => code.replaceAll('org_01HZX3K8J9Q2W7V5N4M6B1C0DE', DEMO_ORG_ID);

/** An onboarding of the sandbox's organization made `active` the way a merchant's consent does: created, its entry_url followed, completed with the code. */
export async function activeOnboarding(sandbox: RunningSandbox, kind: { type: 'pos' | 'dsp'; source: string } = { type: 'pos', source: 'example-pos' }): Promise<{ onboardingId: string; orgId: string }> {
  const token = await sandboxToken(sandbox, ['onboarding']);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${sandbox.url}${path}`, {
      method,
      redirect: 'manual',
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 400) throw new Error(`setting up the sandbox: ${method} ${path} answered ${response.status} ${await response.text()}`);
    return response;
  };
  const orgId = DEMO_ORG_ID;
  const onboarding = (await (await call('POST', '/onboarding/integrations', { ...contractExample<Record<string, unknown>>('partner', 'CreateOnboardingIntegrationRequest'), ...kind, org_id: orgId })).json()) as { _id: string; entry_url: string };
  const landed = (await call('GET', new URL(onboarding.entry_url).pathname)).headers.get('location') ?? '';
  const code = new URL(landed).searchParams.get('code');
  if (code === null) throw new Error(`setting up the sandbox: the entry_url sent the browser to ${landed}, with no code`);
  await call('PUT', `/onboarding/integrations/${onboarding._id}`, { code });
  return { onboardingId: onboarding._id, orgId };
}

/** The onboarding guide's steps each run with its `stream` helper, which imports the token guide's cache. */
export const tokenCacheModule = (language: SampleLanguage) => ({ [language === 'ts' ? 'stream-token-cache' : 'stream_token_cache']: 'partner-token-cache' });

/** A variable the page's step reads from an earlier step, in the sample's language. */
export const given = (language: SampleLanguage, ts: string, python: string, value: unknown) => `${language === 'ts' ? `const ${ts}` : python} = ${literal(language, value)};`;
export const print = (language: SampleLanguage, key: string, ts: string, python: string) =>
  language === 'ts' ? `console.log(JSON.stringify({ ${key}: ${ts} }));` : `print(__import__("json").dumps({"${key}": ${python}}))`;

/**
 * The reader's web app around the connect and callback routes: Express with a small cookie session
 * (TypeScript), Flask with its own session (Python), each knowing the merchant's org_id from step 1.
 */
export function webAppPreamble(language: SampleLanguage, orgId: string): string {
  return language === 'ts'
    ? `import express from 'express';
const app = express();
const sessions = new Map<string, Record<string, string>>();
app.use((req: any, res: any, next: () => void) => {
  const id = /sid=(\\w+)/.exec(req.headers.cookie ?? '')?.[1] ?? Math.random().toString(36).slice(2);
  if (!sessions.has(id)) sessions.set(id, { streamOrgId: ${JSON.stringify(orgId)} });
  req.session = sessions.get(id);
  res.setHeader('Set-Cookie', \`sid=\${id}; HttpOnly\`);
  next();
});`
    : `from flask import Flask, redirect, request, session

app = Flask(__name__)
app.secret_key = "client-sample-session-key"`;
}

/**
 * The merchant's browser: clicks "Connect my POS", approves at the provider (the sandbox's
 * entry_url sends it back to return_url with a code), and lands on the app's callback.
 */
export function merchantBrowser(language: SampleLanguage, orgId: string): string {
  return language === 'ts'
    ? `const driverServer = app.listen(0, '127.0.0.1');
await new Promise((resolve) => driverServer.once('listening', resolve));
const driverApp = \`http://127.0.0.1:\${(driverServer.address() as { port: number }).port}\`;
const driverConnect = await fetch(\`\${driverApp}/connect-pos\`, { method: 'POST', redirect: 'manual' });
if (driverConnect.status !== 303) throw new Error(\`POST /connect-pos answered \${driverConnect.status}: \${await driverConnect.text()}\`);
const driverCookie = driverConnect.headers.get('set-cookie')!.split(';')[0]!;
const driverLanded = new URL((await fetch(driverConnect.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);
const driverBack = await fetch(\`\${driverApp}\${driverLanded.pathname}\${driverLanded.search}\`, { redirect: 'manual', headers: { cookie: driverCookie } });
console.log(JSON.stringify({ callback: { status: driverBack.status, location: driverBack.headers.get('location') } }));
driverServer.close();`
    : `import urllib.parse as _driver_parse

driver_client = app.test_client()
with driver_client.session_transaction() as driver_session:
    driver_session["stream_org_id"] = ${JSON.stringify(orgId)}
driver_connect = driver_client.post("/connect-pos")
assert driver_connect.status_code == 303, (driver_connect.status_code, driver_connect.get_data(as_text=True))
driver_landed = _driver_parse.urlsplit(requests.get(driver_connect.headers["Location"], allow_redirects=False, timeout=10).headers["Location"])
driver_back = driver_client.get(f"{driver_landed.path}?{driver_landed.query}")
print(__import__("json").dumps({"callback": {"status": driver_back.status_code, "location": driver_back.headers.get("Location")}}))`;
}
