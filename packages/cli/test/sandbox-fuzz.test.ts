// Property-based and hostile-input tests: random and hostile requests to every sandbox route, and
// random damage to a state file. Whatever arrives, the sandbox answers below 500, keeps serving,
// and a refused request changes nothing. Run counts are tuned so this file takes a few seconds.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signWebhook } from '@stream-partner/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from '../src/errors.js';
import { fillPath, streamHostedOperations } from '../src/openapi.js';
import { startSandbox, type RunningSandbox } from '../src/sandbox/index.js';
import { loadState } from '../src/sandbox/state-load.js';
import { deepJson, rawRequest } from './hostile.js';
import { accessToken, tempDir, testClock } from './support.js';

const PROTOTYPE_KEYS = ['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

interface Route {
  readonly method: string;
  readonly path: string;
  readonly signed: boolean;
  readonly examples: readonly unknown[];
}

const OPERATION_ROUTES: Route[] = streamHostedOperations().map((op) => ({
  method: op.method,
  path: op.path,
  signed: op.signed,
  examples: [...op.requestExamples.values()],
}));

const CONSOLE_ROUTES: Route[] = [
  { method: 'GET', path: '/_sandbox/state', signed: false, examples: [] },
  { method: 'GET', path: '/_sandbox/exchanges', signed: false, examples: [] },
  { method: 'POST', path: '/_sandbox/orders', signed: false, examples: [{ id: 'o1', audience: 'pos', location_id: 'loc-downtown' }] },
  { method: 'POST', path: '/_sandbox/menus', signed: false, examples: [{ location_id: 'store-1', menu_version: 'v2' }] },
  { method: 'GET', path: '/_sandbox/onboarding/{id}/start', signed: false, examples: [] },
];

const ROUTES = [...OPERATION_ROUTES, ...CONSOLE_ROUTES];

/** Characters that break naive code: lone surrogates, NUL, prototype names, path tricks. */
const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(...PROTOTYPE_KEYS, '\ud800', '\udfff', 'a\u0000b', '../../etc/passwd', '%00', '%ZZ', 'x'.repeat(5000), ''),
  fc.string({ unit: 'binary' }),
);

/** A JSON value with hostile leaves and prototype keys. */
const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 3 }),
    hostileString,
    fc.constantFrom(9_000_000_000_000_000, -1, 1.5, Number.MAX_SAFE_INTEGER, 0, null, true),
    fc.dictionary(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string()), tie('value'), { maxKeys: 4 }),
    fc.array(tie('value'), { maxLength: 3 }),
  ),
})).value;

/** Sets `value` at a random place in a copy of `example` (or at its top), so most of it stays valid. */
function mutate(example: unknown, pathChoice: number, value: unknown): unknown {
  const copy = structuredClone(example) as Record<string, unknown>;
  const places: [Record<string, unknown>, string][] = [];
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    for (const key of Object.keys(node)) {
      places.push([node as Record<string, unknown>, key]);
      walk((node as Record<string, unknown>)[key]);
    }
  };
  walk(copy);
  if (places.length === 0) return value;
  const [parent, key] = places[pathChoice % places.length]!;
  parent[key] = value;
  return copy;
}

const bodyArbitrary = (route: Route) =>
  fc.oneof(
    fc.constant<string | undefined>(undefined),
    hostileJson.map((value) => JSON.stringify(value) ?? 'null'),
    fc.string(),
    fc.constantFrom('{"a":', '{"paused_until":1e309}', deepJson(2000), '[]', 'null', '"\\ud800"'),
    ...(route.examples.length === 0
      ? []
      : [
          fc.tuple(fc.constantFrom(...route.examples), fc.nat(), hostileJson).map(([example, choice, value]) => JSON.stringify(mutate(example, choice, value)) ?? 'null'),
          // Numbers JSON.stringify cannot write: out of every range a time field has.
          fc.tuple(fc.constantFrom(...route.examples), fc.nat()).map(([example, choice]) => JSON.stringify(mutate(example, choice, 424242424242)).replace('424242424242', '1e309')),
        ]),
  );

const requestArbitrary = (token: string) =>
  fc.constantFrom(...ROUTES).chain((route) =>
    fc.record({
      route: fc.constant(route),
      method: fc.oneof({ weight: 4, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH') }),
      param: fc.oneof(fc.constantFrom('demo-partner', 'demo-partner-id', 'org_demo', 'tok_sandbox'), hostileString),
      query: fc.oneof(
        fc.constant(''),
        fc.constantFrom('?org_id=org_demo', '?org_id=constructor', '?location_id=__proto__', '?location_id=loc-downtown&token=x', '?after=-1', '?after=1e400', '?partner_id=demo-partner-id&file_name=billing-2026-02.csv'),
        hostileString.map((value) => `?location_id=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}&onboarding_id=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}`),
      ),
      body: bodyArbitrary(route),
      contentType: fc.constantFrom<string | undefined>('application/json', 'application/json; charset=utf-8', undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'),
      authorization: fc.constantFrom<string | undefined>(undefined, `Bearer ${token}`, 'Bearer constructor', 'Bearer __proto__', 'Bearer ', 'Basic abc', 'Bearer toString'),
      signature: fc.constantFrom<'good' | 'bad' | 'none'>('good', 'good', 'bad', 'none'),
      host: fc.constantFrom<'own' | 'localhost' | 'hostile' | 'none'>('own', 'own', 'own', 'localhost', 'hostile'),
      origin: fc.constantFrom<string | undefined>(undefined, undefined, 'https://attacker.example', 'null'),
    }),
  );

describe('random and hostile requests to every sandbox route', () => {
  let sandbox: RunningSandbox;
  let token: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, now: testClock().now });
    token = await accessToken(sandbox);
  });
  afterAll(() => sandbox.close());

  it('covers every contract operation and every /_sandbox route', () => {
    expect(OPERATION_ROUTES.length).toBeGreaterThan(20);
    expect(ROUTES.length).toBe(OPERATION_ROUTES.length + CONSOLE_ROUTES.length);
  });

  it('never answers 5xx, keeps serving, and changes nothing when it refuses', async () => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary('placeholder'), async (request) => {
        // A URL cannot carry a lone surrogate: the client would fail before the sandbox sees it.
        const param = request.param.replace(/[\ud800-\udfff]/g, '\ufffd');
        const path = fillPath(request.route.path, { partner_id: param, partner_slug: param, token_id: param, id: param });
        const target = `${path.replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(char))}${request.query}`;
        const headers: Record<string, string> = {};
        if (request.contentType !== undefined) headers['content-type'] = request.contentType;
        if (request.authorization !== undefined) headers.authorization = request.authorization.replace('placeholder', token);
        if (request.route.signed && request.signature !== 'none') {
          headers['stream-signature'] = request.signature === 'good' ? signWebhook({ secret: sandbox.credentials.webhookSecret, body: request.body ?? '' }) : 'ab'.repeat(32);
        }
        if (request.host === 'localhost') headers.host = `localhost:${sandbox.port}`;
        if (request.host === 'hostile') headers.host = `attacker.example:${sandbox.port}`;
        if (request.origin !== undefined) headers.origin = request.origin;
        // The owner's token, so the /_sandbox handlers themselves meet the hostile input.
        if (path.startsWith('/_sandbox/')) headers['x-sandbox-console-token'] = sandbox.controlToken;
        const method = request.body !== undefined && (request.method === 'GET' || request.method === 'HEAD') ? 'POST' : request.method;
        const before = sandbox.stateJson();
        const answer = await rawRequest(sandbox.url, target, { method, headers, ...(request.body === undefined ? {} : { body: request.body }) });
        expect(answer.status, `${method} ${target}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
        if (answer.status >= 400) expect(sandbox.stateJson(), `${method} ${target} was refused with ${answer.status} but changed the state`).toBe(before);
        // 414: Fastify refuses an over-long path parameter before any hook runs.
        if (request.host === 'hostile') expect([403, 414]).toContain(answer.status);
      }),
      { numRuns: 400 },
    );
    for (const path of ['/_sandbox/state', '/_sandbox/exchanges']) expect((await rawRequest(sandbox.url, path, { headers: { 'x-sandbox-console-token': sandbox.controlToken } })).status, path).toBe(200);
  }, 60_000);
});

describe('a damaged state file', () => {
  let seeded: any;
  let places: string[][];

  beforeAll(async () => {
    const file = join(tempDir('fuzz-seed'), 'state.json');
    const sandbox = await startSandbox({ port: 0, stateFile: file, now: testClock().now });
    const token = await accessToken(sandbox);
    await rawRequest(sandbox.url, '/_sandbox/menus', { method: 'POST', headers: { 'content-type': 'application/json', 'x-sandbox-console-token': sandbox.controlToken }, body: '{"location_id":"store-9"}' });
    expect(token).not.toBe('');
    seeded = JSON.parse(sandbox.stateJson());
    await sandbox.close();
    places = [];
    const walk = (node: unknown, path: string[]) => {
      if (typeof node !== 'object' || node === null) return;
      for (const key of Object.keys(node)) {
        places.push([...path, key]);
        walk((node as Record<string, unknown>)[key], [...path, key]);
      }
    };
    walk(seeded, []);
  });

  const damage = () =>
    fc.tuple(fc.nat(), fc.oneof(hostileJson, fc.constant(undefined), fc.constantFrom(9e15, -5, 'x', [null], {}, null))).map(([choice, value]) => {
      const copy = structuredClone(seeded);
      const path = places[choice % places.length]!;
      let parent = copy;
      for (const key of path.slice(0, -1)) parent = parent[key];
      if (value === undefined) delete parent[path.at(-1)!];
      else parent[path.at(-1)!] = value;
      return { path: path.join('/'), state: copy };
    });

  it('is refused with state_corrupt naming the file, or loaded into a sandbox that answers below 500', async () => {
    expect(places.length).toBeGreaterThan(50);
    const dir = tempDir('fuzz-state');
    let started = 0;
    await fc.assert(
      fc.asyncProperty(damage(), async ({ state }) => {
        const file = join(dir, 'state.json');
        writeFileSync(file, JSON.stringify(state));
        let loaded = true;
        try {
          loadState(file);
        } catch (error) {
          loaded = false;
          expect(error).toBeInstanceOf(CliError);
          expect((error as CliError).code).toBe('state_corrupt');
          expect((error as CliError).message).toContain(file);
        }
        if (!loaded || started >= 25) return;
        started += 1;
        const sandbox = await startSandbox({ port: 0, stateFile: file, now: testClock().now });
        try {
          const token = await rawRequest(sandbox.url, '/oauth/token', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ grant_type: 'client_credentials', client_id: sandbox.credentials.clientId, client_secret: sandbox.credentials.clientSecret }),
          });
          expect(token.status).toBeLessThan(500);
          const bearer = { authorization: `Bearer ${token.body?.access_token ?? 'none'}` };
          for (const path of ['/_sandbox/state', '/_sandbox/exchanges', '/tokens?org_id=org_demo', '/onboarding/org/org_demo/locations', '/billing/reports?partner_id=demo-partner-id', '/stream-dsp/v1/menuFileS3Url?location_id=store-9']) {
            const answer = await rawRequest(sandbox.url, path, { headers: bearer });
            expect(answer.status, `${path}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
          }
          const raw = JSON.stringify({ type: 'location.status.updated', object: { status: 'inactive', location_id: 'loc-downtown', paused_until: 1768503600000 } });
          const pos = await rawRequest(sandbox.url, '/pos/demo-partner/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stream-signature': signWebhook({ secret: sandbox.credentials.webhookSecret, body: raw }) }, body: raw });
          expect(pos.status).toBeLessThan(500);
        } finally {
          await sandbox.close();
        }
      }),
      { numRuns: 300 },
    );
    expect(started).toBeGreaterThan(0);
  }, 60_000);
});
