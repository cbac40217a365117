import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signWebhook } from '@stream-partner/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { findOperation } from '../src/openapi.js';
import { startSandbox } from '../src/sandbox/index.js';
import { loadState } from '../src/sandbox/state-load.js';
import { deepJson, rawRequest } from './hostile.js';
import { accessToken, call, captureIo, closeSandboxes, consoleTokenHeader, openSandbox, sendSigned, tempDir, sentAt, START } from './support.js';

afterEach(closeSandboxes);

const POS_PATH = '/pos/demo-partner/webhook';
const DSP_PATH = '/order/demo-partner-id';

describe('a request either changes state and succeeds, or changes nothing', () => {
  it('refuses a menu for a location id with a lone surrogate with 400 and keeps GET /_sandbox/state working', async () => {
    const { sandbox } = await openSandbox();
    const before = sandbox.stateJson();
    const answer = await call(sandbox, 'POST', '/_sandbox/menus', { raw: '{"location_id":"\\ud800"}' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('location_id');
    expect(sandbox.stateJson()).toBe(before);
    expect((await call(sandbox, 'GET', '/_sandbox/state')).status).toBe(200);
  });

  it.each([
    ['9000000000000000', '9000000000000000'],
    ['1e309', 'Infinity'],
  ])('refuses a POS pause with paused_until %s with 400 naming the field and its range, and changes no location', async (raw) => {
    const { sandbox } = await openSandbox();
    const before = sandbox.stateJson();
    const body = `{"type":"location.status.updated","object":{"status":"inactive","location_id":"LOC-0001","paused_until":${raw}}}`;
    const answer = await sendSigned(sandbox, POS_PATH, body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toContain('paused_until');
    expect(answer.body.message).toContain('253402300799999');
    expect(sandbox.stateJson()).toBe(before);
    expect((await call(sandbox, 'GET', '/_sandbox/state')).status).toBe(200);
  });

  it.each(['end_time', 'start_time'])('refuses a DSP store status with an out-of-range %s with 400 and does not mark the event seen', async (field) => {
    const { sandbox } = await openSandbox();
    const before = sandbox.stateJson();
    const data: Record<string, unknown> = { status: 'paused', [field]: 9_000_000_000_000_000 };
    const event = { event_id: 'evt_range_1', type: 'store_status_update', location_id: 'LOC-0001', occurred_at_ms: START, data };
    const answer = await sendSigned(sandbox, DSP_PATH, event);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toContain(field);
    expect(sandbox.stateJson()).toBe(before);
    // The retry with a good time is processed, not answered as a duplicate.
    delete data[field];
    const retry = await sendSigned(sandbox, DSP_PATH, event);
    expect(retry.status).toBe(202);
    expect(retry.body.duplicate).toBeUndefined();
    expect((await call(sandbox, 'GET', '/_sandbox/state')).status).toBe(200);
  });

  it('does not spend a refresh token on a refresh that asks for a scope it does not hold', async () => {
    const { sandbox } = await openSandbox();
    const issued = await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret', scopes: ['billing'] } });
    const refresh = { grant_type: 'refresh_token', client_id: 'sandbox-client', client_secret: 'sandbox-secret', refresh_token: issued.body.refresh_token };
    const refused = await call(sandbox, 'POST', '/oauth/token', { json: { ...refresh, scopes: ['user'] } });
    expect(refused.status).toBe(403);
    const retried = await call(sandbox, 'POST', '/oauth/token', { json: refresh });
    expect(retried.status, retried.text).toBe(200);
  });
});

describe('only the hosts it listens on, only declared content types, no cross-origin changes', () => {
  it('refuses a Host header it does not serve with 403 that names --allowed-host, and accepts its own names', async () => {
    const { sandbox } = await openSandbox();
    const port = sandbox.port;
    const rebound = await rawRequest(sandbox.url, '/_sandbox/state', { headers: { host: `attacker.example:${port}` } });
    expect(rebound.status).toBe(403);
    expect(rebound.body.code).toBe('host_not_allowed');
    expect(rebound.body.message).toContain('--allowed-host');
    const wrongPort = await rawRequest(sandbox.url, '/_sandbox/state', { headers: { host: `127.0.0.1:${port + 1}` } });
    expect(wrongPort.status).toBe(403);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      expect((await rawRequest(sandbox.url, '/_sandbox/state', { headers: { host, ...consoleTokenHeader(sandbox) } })).status, host).toBe(200);
    }
  });

  it('still refuses a foreign Host sent right after its own name, though it remembers the name it last allowed', async () => {
    const { sandbox } = await openSandbox();
    const own = `127.0.0.1:${sandbox.port}`;
    expect((await rawRequest(sandbox.url, '/_sandbox/state', { headers: { host: own, ...consoleTokenHeader(sandbox) } })).status).toBe(200);
    for (const host of [`attacker.example:${sandbox.port}`, `127.0.0.1:${sandbox.port + 1}`, own.replace('127.0.0.1', '127.0.0.2')]) {
      const refused = await rawRequest(sandbox.url, '/_sandbox/state', { headers: { host, ...consoleTokenHeader(sandbox) } });
      expect(refused.status, host).toBe(403);
      expect(refused.body.code, host).toBe('host_not_allowed');
      expect((await rawRequest(sandbox.url, '/_sandbox/state', { headers: { host: own, ...consoleTokenHeader(sandbox) } })).status).toBe(200);
    }
  });

  it('accepts a host named with --allowed-host for the partner API, and keeps its own routes to loopback names', async () => {
    const { sandbox } = await openSandbox({ allowedHosts: ['sandbox.test'] });
    const body = JSON.stringify({ grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' });
    const issued = await rawRequest(sandbox.url, '/oauth/token', { method: 'POST', body, headers: { host: `sandbox.test:${sandbox.port}`, 'content-type': 'application/json' } });
    expect(issued.status).toBe(200);
    // A name given with --allowed-host is how a tunnel or a container reaches it: not this machine.
    const state = await rawRequest(sandbox.url, '/_sandbox/state', { headers: { host: `sandbox.test:${sandbox.port}`, ...consoleTokenHeader(sandbox) } });
    expect(state.status).toBe(403);
    expect(state.body.code).toBe('remote_console_refused');
    const other = await rawRequest(sandbox.url, '/oauth/token', { method: 'POST', body, headers: { host: `other.test:${sandbox.port}`, 'content-type': 'application/json' } });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('host_not_allowed');
  });

  it('refuses a text/plain body (a cross-site form needs no preflight) with 415 naming application/json, and changes nothing', async () => {
    const { sandbox } = await openSandbox();
    const before = sandbox.stateJson();
    const order = await call(sandbox, 'POST', '/_sandbox/orders', { raw: '{"id":"o1","audience":"pos","location_id":"loc-downtown"}', headers: { 'content-type': 'text/plain' } });
    expect(order.status).toBe(415);
    expect(order.body.message).toContain('application/json');
    const token = await call(sandbox, 'POST', '/oauth/token', {
      raw: JSON.stringify({ grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(token.status).toBe(415);
    expect(sandbox.stateJson()).toBe(before);
    // Bodyless reads need no content type.
    expect((await rawRequest(sandbox.url, '/_sandbox/state', { headers: consoleTokenHeader(sandbox) })).status).toBe(200);
    expect((await call(sandbox, 'POST', '/_sandbox/orders', { json: { id: 'o1', audience: 'pos', location_id: 'loc-downtown' }, headers: { 'content-type': 'application/json; charset=utf-8' } })).status).toBe(201);
  });

  it('refuses a state-changing /_sandbox call from another origin with 403 and accepts one from its own origin', async () => {
    const { sandbox } = await openSandbox();
    const before = sandbox.stateJson();
    const body = JSON.stringify({ location_id: 'store-9' });
    const headers = { 'content-type': 'application/json', ...consoleTokenHeader(sandbox) };
    const foreign = await rawRequest(sandbox.url, '/_sandbox/menus', { method: 'POST', body, headers: { ...headers, origin: 'https://attacker.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('origin_not_allowed');
    // The router decodes %5F to _, so the guard reads the path as the router does.
    const encoded = await rawRequest(sandbox.url, '/%5Fsandbox/menus', { method: 'POST', body, headers: { ...headers, origin: 'https://attacker.example' } });
    expect(encoded.status).toBe(403);
    expect(encoded.body.code).toBe('origin_not_allowed');
    const opaque = await rawRequest(sandbox.url, '/_sandbox/menus', { method: 'POST', body, headers: { ...headers, origin: 'null' } });
    expect(opaque.status).toBe(403);
    expect(sandbox.stateJson()).toBe(before);
    const own = await rawRequest(sandbox.url, '/_sandbox/menus', { method: 'POST', body, headers: { ...headers, origin: sandbox.url } });
    expect(own.status).toBe(201);
  });
});

describe('GET /_sandbox/exchanges', () => {
  it('shows no access token, refresh token, client_secret or sso_login_token', async () => {
    const { sandbox } = await openSandbox();
    const token = await accessToken(sandbox);
    const created = await call(sandbox, 'POST', '/tokens', { token, json: { org_id: 'org_demo', token_name: 'Leaky', scopes: ['sso'] } });
    expect(created.status).toBe(201);
    const sso = await call(sandbox, 'POST', '/white-label/generate-session', { token, json: { email: 'a@b.example', full_name: 'A B', phone_number: '+14155550123', role: 'manager', provider_org_id: 'demo-burger-group' } });
    expect(sso.status, sso.text).toBe(200);
    expect(sso.status).toBe(200);
    const text = (await call(sandbox, 'GET', '/_sandbox/exchanges')).text;
    expect(text).toContain('[redacted]');
    for (const secret of [token, 'sandbox-secret', created.body.client_secret, sso.body.sso_login_token]) expect(text).not.toContain(secret);
  });
});

describe('the in-memory exchange log is bounded', () => {
  it('keeps at most the last 500 exchanges', async () => {
    const { sandbox } = await openSandbox();
    await Promise.all(Array.from({ length: 520 }, (_, index) => call(sandbox, 'GET', `/nowhere/${index}`)));
    const kept = sandbox.exchanges();
    expect(kept.length).toBe(500);
    expect(kept.at(-1)!.seq).toBe(520);
    expect(kept[0]!.seq).toBe(21);
  });

  it('stores a body over the per-body cap truncated, with its size, and keeps the total under 8 MB', async () => {
    const { sandbox } = await openSandbox();
    const big = JSON.stringify({ client_secret: 'very-secret-value', filler: 'x'.repeat(4 * 1024 * 1024) });
    for (let index = 0; index < 6; index += 1) expect((await call(sandbox, 'POST', '/nowhere', { raw: big })).status).toBe(404);
    const stored = sandbox.exchanges().at(-1)!.requestBody as { truncated: true; bytes: number; text: string };
    expect(stored).toMatchObject({ truncated: true, bytes: Buffer.byteLength(big) });
    expect(stored.text.length).toBeLessThanOrEqual(64 * 1024);
    expect(stored.text).not.toContain('very-secret-value');
    const listed = await call(sandbox, 'GET', '/_sandbox/exchanges');
    expect(listed.text.length).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('sandbox --help', () => {
  it('says how much of the exchange log stays in memory, where secrets may come from, and what it accepts', async () => {
    const captured = captureIo();
    expect(await main(['sandbox', '--help'], { io: captured.io })).toBe(0);
    const help = captured.stdout().replace(/\s+/g, ' ');
    for (const phrase of ['last 500 exchanges', '8 MB of bodies', '64 KB', 'STREAM_SANDBOX_CLIENT_SECRET', 'STREAM_SANDBOX_WEBHOOK_SECRET', '--allowed-host', '--registered-host', '--agreed-source', '--rate-limit', '/_sandbox/throttle', 'FILE.lock']) expect(help).toContain(phrase);
  });

  it('refuses an --allowed-host value that is not a host name with exit code 2', async () => {
    const captured = captureIo();
    expect(await main(['sandbox', '--port', '0', '--allowed-host', 'http://evil/', '--log', join(tempDir('ah'), 'l.jsonl')], { io: captured.io })).toBe(2);
    expect(captured.stderr()).toContain('--allowed-host takes a host name');
  });

  it.each([
    [['--rate-limit', 'ten'], '--rate-limit takes requests per minute'],
    [['--registered-host', 'https://app.mypos.example/cb'], '--registered-host takes a host name without scheme or port'],
    [['--agreed-source', 'my pos'], '--agreed-source takes a slug'],
  ])('refuses %j with exit code 2 and says what it takes', async (flags, message) => {
    const captured = captureIo();
    expect(await main(['sandbox', '--port', '0', ...flags, '--log', join(tempDir('flags'), 'l.jsonl')], { io: captured.io })).toBe(2);
    expect(captured.stderr()).toContain(message);
  });
});

describe('deep JSON', () => {
  it('keeps /_sandbox/exchanges answering after a 100,000-level body', async () => {
    const { sandbox } = await openSandbox();
    const deep = await call(sandbox, 'POST', '/nowhere', { raw: deepJson(100_000) });
    expect(deep.status).toBe(404);
    const listed = await call(sandbox, 'GET', '/_sandbox/exchanges');
    expect(listed.status).toBe(200);
    expect(typeof listed.body.exchanges.at(-1).requestBody).toBe('object');
    expect(listed.body.exchanges.at(-1).requestBody.truncated).toBe(true);
  });

  it('answers 404, not 500, to a 100,000-level body with --verbose', async () => {
    const captured = captureIo();
    const dir = tempDir('deep');
    const before = new Set(process.listeners('SIGINT'));
    const exit = main(['sandbox', '--port', '0', '--log', join(dir, 'log.jsonl'), '--verbose'], { io: captured.io });
    await expect.poll(() => captured.stdout(), { timeout: 10_000 }).toContain('listening on');
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(captured.stdout())![1]!;
    const answer = await call({ url }, 'POST', '/nowhere', { raw: deepJson(100_000) });
    expect(answer.status).toBe(404);
    (process.listeners('SIGINT').find((listener) => !before.has(listener)) as () => void)();
    expect(await exit).toBe(0);
    expect(readFileSync(join(dir, 'log.jsonl'), 'utf8')).toContain('"truncated":true');
  });
});

describe('look-ups keyed by what a client sends never reach Object.prototype', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('answers Authorization: Bearer %s with 401 on every bearer route', async (name) => {
    const { sandbox } = await openSandbox();
    const routes = [
      ['GET', '/tokens?org_id=org_demo'],
      ['GET', '/onboarding/integrations/x'],
      ['DELETE', '/tokens/tok_sandbox'],
      ['GET', '/onboarding/org/org_demo/locations'],
    ];
    for (const [method, path] of routes) {
      const answer = await call(sandbox, method!, path!, { token: name });
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
  });

  it.each(['constructor', '__proto__', 'valueOf'])('answers a menu file request for location_id=%s with 404', async (name) => {
    const { sandbox } = await openSandbox();
    const answer = await call(sandbox, 'GET', `/stream-dsp/v1/menuFileS3Url?location_id=${name}`);
    expect(answer.status).toBe(404);
  });

  it('stores a menu for a location called __proto__ as an ordinary entry', async () => {
    const { sandbox } = await openSandbox();
    const published = await call(sandbox, 'POST', '/_sandbox/menus', { json: { location_id: '__proto__' } });
    expect(published.status).toBe(201);
    const menu = await fetch(published.body.url);
    expect(menu.status).toBe(200);
    expect(sandbox.state().menu_files.some((file: any) => file.location_id === '__proto__')).toBe(true);
  });
});

describe('the state file lock', () => {
  it('refuses a second sandbox on the same state file, naming the pid that holds it, and frees the file on close', async () => {
    const stateFile = join(tempDir('lock'), 'state.json');
    const first = await startSandbox({ port: 0, stateFile });
    const error = await startSandbox({ port: 0, stateFile }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'CliError', code: 'state_locked', exitCode: 2 });
    expect((error as Error).message).toContain(String(process.pid));
    expect(existsSync(`${stateFile}.lock`)).toBe(true);
    await first.close();
    expect(existsSync(`${stateFile}.lock`)).toBe(false);
    const second = await startSandbox({ port: 0, stateFile });
    await second.close();
  });

  it('exits 2 from the command line when another sandbox holds the state file', async () => {
    const stateFile = join(tempDir('lock-cli'), 'state.json');
    const first = await startSandbox({ port: 0, stateFile });
    try {
      const captured = captureIo();
      const code = await main(['sandbox', '--port', '0', '--state', stateFile, '--log', join(tempDir('lock-log'), 'l.jsonl')], { io: captured.io });
      expect(code).toBe(2);
      expect(captured.stderr()).toContain(`pid ${process.pid}`);
    } finally {
      await first.close();
    }
  });

  it('takes over a lock left by a process that is gone', async () => {
    const stateFile = join(tempDir('stale'), 'state.json');
    writeFileSync(`${stateFile}.lock`, '2147483646\n');
    const sandbox = await startSandbox({ port: 0, stateFile });
    expect(readFileSync(`${stateFile}.lock`, 'utf8').trim()).toBe(String(process.pid));
    await sandbox.close();
  });
});

describe('the state file is validated entry by entry on load', () => {
  const good = () => JSON.parse(readFileSync(seededFile, 'utf8'));
  let seededFile = '';

  it.each([
    ['partner_tokens', (s: any) => (s.partner_tokens = [null]), '/partner_tokens/0'],
    ['locations', (s: any) => (s.locations = [null]), '/locations/0'],
    ['menu_tokens', (s: any) => (s.menu_tokens = null), '/menu_tokens'],
    ['access_tokens', (s: any) => (s.access_tokens = 'x'), '/access_tokens'],
    ['access token entry', (s: any) => (s.access_tokens.tok = { client_id: 'c', scopes: ['user'], expires_at: 'soon' }), '/access_tokens/tok/expires_at'],
    ['location pause', (s: any) => (s.locations[0].paused_until = 9e15), '/locations/0/paused_until'],
    ['order history', (s: any) => (s.orders = [{ id: 'o', audience: 'pos', location_id: 'l', status: 's', history: 'none' }]), '/orders/0/history'],
  ])('refuses a bad %s with one message naming the file and the entry', async (_name, breakIt, path) => {
    if (seededFile === '') {
      seededFile = join(tempDir('seed'), 'state.json');
      await (await startSandbox({ port: 0, stateFile: seededFile })).close();
    }
    const state = good();
    breakIt(state);
    const file = join(tempDir('bad-state'), 'state.json');
    writeFileSync(file, JSON.stringify(state));
    expect(() => loadState(file)).toThrow(expect.objectContaining({ code: 'state_corrupt' }));
    const captured = captureIo();
    const code = await main(['sandbox', '--port', '0', '--state', file, '--log', join(tempDir('bad-log'), 'l.jsonl')], { io: captured.io });
    expect(code).toBe(2);
    const lines = captured.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(file);
    expect(lines[0]).toContain(path);
    expect(captured.stderr()).not.toContain('    at ');
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});

describe('DSP events are marked seen only once processed', () => {
  it('processes the retry of an event whose processing failed', async () => {
    const stateFile = join(tempDir('retry'), 'state.json');
    const { sandbox } = await openSandbox({ stateFile });
    // Make the save fail: a directory where the state journal goes.
    mkdirSync(`${stateFile}.journal`);
    const event = { ...sentAt({ api: 'dsp', operationId: 'sendOrderEvent', body: findOperation('dsp', 'sendOrderEvent').requestExamples.get('PickupOrder'), now: START }) as any, event_id: 'evt_retry_1' };
    const failed = await sendSigned(sandbox, DSP_PATH, event);
    expect(failed.status).toBe(500);
    rmSync(`${stateFile}.journal`, { recursive: true });
    const retry = await sendSigned(sandbox, DSP_PATH, event);
    expect(retry.status).toBe(202);
    expect(retry.body.duplicate).toBeUndefined();
    expect(sandbox.state().orders.filter((order: any) => order.id === String(event.data.id))).toHaveLength(1);
  });
});

describe('smaller things', () => {
  it.each(['/_sandbox/orders', '/_sandbox/menus'])('answers malformed JSON to %s with a 400 that says the JSON is invalid', async (path) => {
    const { sandbox } = await openSandbox();
    const answer = await call(sandbox, 'POST', path, { raw: '{"id": ' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('not valid JSON');
  });

  it('answers a 500 with a reference and no internal message, and logs the message under that reference', async () => {
    const stateFile = join(tempDir('five-hundred'), 'state.json');
    const { sandbox } = await openSandbox({ stateFile });
    mkdirSync(`${stateFile}.journal`);
    const answer = await call(sandbox, 'POST', '/_sandbox/orders', { json: { id: 'o9', audience: 'pos', location_id: 'loc-downtown' } });
    expect(answer.status).toBe(500);
    expect(answer.body.code).toBe('sandbox_error');
    expect(answer.text).not.toMatch(/EISDIR|rename|state\.json/);
    expect(answer.body.reference).toMatch(/^err_[0-9a-f]+$/);
    expect(answer.body.message).toContain(answer.body.reference);
    const logged = sandbox.exchanges().at(-1)!;
    expect(logged.note).toContain(answer.body.reference);
    expect(logged.note).toMatch(/EISDIR|directory/);
    rmSync(`${stateFile}.journal`, { recursive: true });
  });

  it('writes each change to the state journal as one compact JSON line and has it on disk when the answer arrives', async () => {
    const stateFile = join(tempDir('compact'), 'state.json');
    const { sandbox } = await openSandbox({ stateFile });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => call(sandbox, 'POST', '/_sandbox/orders', { json: { id: `bulk-${index}`, audience: 'pos', location_id: 'loc-downtown' } })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const lines = readFileSync(`${stateFile}.journal`, 'utf8').trimEnd().split('\n');
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    const saved = loadState(stateFile)!;
    for (let index = 0; index < 20; index += 1) expect(saved.orders.some((order: any) => order.id === `bulk-${index}`)).toBe(true);
  });

  /** Starts `stream-partner sandbox` with `env`, checks the client and webhook secret it took, and stops it. */
  async function sandboxFromEnv(env: Record<string, string>, clientId: string, secret: string, webhookSecret: string) {
    const captured = captureIo(env);
    const before = new Set(process.listeners('SIGINT'));
    const exit = main(['sandbox', '--port', '0', '--log', join(tempDir('env'), 'log.jsonl')], { io: captured.io });
    await expect.poll(() => captured.stdout(), { timeout: 10_000 }).toContain('listening on');
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(captured.stdout())![1]!;
    try {
      const issued = await call({ url }, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret } });
      expect(issued.status).toBe(200);
      const raw = JSON.stringify({ type: 'location.connection.offline', object: { location_id: 'LOC-0001' } });
      const signed = await call({ url }, 'POST', POS_PATH, { raw, headers: { 'stream-signature': signWebhook({ secret: webhookSecret, body: raw }) } });
      expect(signed.status).toBe(204);
      expect(captured.stdout()).not.toContain(secret);
    } finally {
      (process.listeners('SIGINT').find((listener) => !before.has(listener)) as () => void)();
      expect(await exit).toBe(0);
    }
    return captured;
  }

  it('takes the client id and secrets from STREAM_SANDBOX_CLIENT_ID, STREAM_SANDBOX_CLIENT_SECRET and STREAM_SANDBOX_WEBHOOK_SECRET, and ignores the partner\'s own STREAM_CLIENT_SECRET', async () => {
    const captured = await sandboxFromEnv(
      { STREAM_SANDBOX_CLIENT_ID: 'env-client', STREAM_SANDBOX_CLIENT_SECRET: 'env-secret-value', STREAM_SANDBOX_WEBHOOK_SECRET: 'whsec_env', STREAM_CLIENT_SECRET: 'partners-own-secret' },
      'env-client',
      'env-secret-value',
      'whsec_env',
    );
    expect(captured.stdout()).toContain('from $STREAM_SANDBOX_CLIENT_SECRET');
    expect(captured.stderr()).toBe('');
  });

  it('still reads the old STREAM_CLIENT_ID, STREAM_CLIENT_SECRET and STREAM_WEBHOOK_SECRET, warning on stderr that each should be renamed', async () => {
    const captured = await sandboxFromEnv({ STREAM_CLIENT_ID: 'env-client', STREAM_CLIENT_SECRET: 'env-secret-value', STREAM_WEBHOOK_SECRET: 'whsec_env' }, 'env-client', 'env-secret-value', 'whsec_env');
    expect(captured.stdout()).toContain('from $STREAM_CLIENT_SECRET');
    for (const name of ['CLIENT_ID', 'CLIENT_SECRET', 'WEBHOOK_SECRET']) expect(captured.stderr()).toContain(`Rename it STREAM_SANDBOX_${name}`);
  });
});
