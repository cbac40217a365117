// Every server sample of the guides, in every language it is shown in, assembled from the page's
// own code blocks into a small server and certified: a sample that would fail certify fails here.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../../packages/contracts/src/validate.js';
import { blocksOf, sampleBlocks, type SampleBlock } from './extract.js';
import { startPostgres, type RunningPostgres } from './postgres.js';
import { MANUAL_STATE } from '../../packages/cli/src/certify/checks-oauth.js';
import { certify, CREDENTIALS, failures, partnerRequirementIds, ROOT, runDir, runProcess, startSample } from './run.js';

const LANGUAGES = ['ts', 'python'] as const;

/**
 * Approves the consent form the way a merchant does and returns the URL the browser lands on, with
 * the state certify asks a person to approve with (`--redirect-url` checks it).
 */
async function approve(url: string, path: string): Promise<string> {
  const form = new URLSearchParams({ client_id: CREDENTIALS.clientId, response_type: 'code', redirect_uri: CREDENTIALS.redirectUri, state: MANUAL_STATE });
  const response = await fetch(`${url}${path}`, { method: 'POST', body: form, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const location = response.headers.get('location');
  if (response.status !== 302 || location === null) throw new Error(`approving the consent form answered ${response.status} ${await response.text()}`);
  return location;
}

interface Vector {
  readonly name: string;
  readonly secret: string;
  readonly body_base64: string;
  readonly signature: string | null;
  readonly expected: string;
}

/** The published webhook test vectors: the same file partners download. */
function loadVectors(): Vector[] {
  const vectors = JSON.parse(readFileSync(join(ROOT, 'packages', 'contracts', 'test-vectors.json'), 'utf8')) as Vector[];
  expect(vectors.length).toBeGreaterThan(0);
  return vectors;
}

/** Runs a Python script (the sample's blocks plus a driver that prints one JSON line) and returns that line. */
async function runPython(python: string, dir: string, script: string): Promise<{ checked: number; wrong: string[] }> {
  writeFileSync(join(dir, 'driver.py'), script);
  copyFileSync(join(ROOT, 'packages', 'contracts', 'test-vectors.json'), join(dir, 'webhook-test-vectors.json'));
  const result = await runProcess(python, ['driver.py'], dir);
  expect(result.code, result.output).toBe(0);
  const line = result.output.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as { checked: number; wrong: string[] };
}

/** The first python3 that can import a module: the one on PATH, else Debian's (`.ci/run` installs the Debian packages there). */
function pythonWith(module: string, debianPackages: string): string {
  const python = ['python3', '/usr/bin/python3'].find((candidate) => spawnSync(candidate, ['-c', `import ${module}`], { stdio: 'ignore' }).status === 0);
  if (python === undefined) throw new Error(`No python3 can import ${module}. Install it with: apt-get install -y ${debianPackages}`);
  return python;
}

function codeOf(landed: string): string {
  const code = new URL(landed).searchParams.get('code');
  if (!code) throw new Error(`the redirect ${landed} has no code`);
  return code;
}

describe('the guides mark their server samples', () => {
  it('marks TypeScript and Python blocks with sample="<server>"', () => {
    const blocks = sampleBlocks();
    for (const language of LANGUAGES) expect(blocks.filter((block) => block.language === language).length).toBeGreaterThan(0);
  });
});

describe.each(LANGUAGES)('the POS guide samples in %s', (language) => {
  it('pass every POS requirement certify checks against the partner server', { timeout: 120_000 }, async () => {
    const server = await startSample('pos', language, 'pos');
    try {
      // Two approvals, as a person would give for a page that needs one: the redirect certify
      // verifies, and a second code for the check that needs an unused one.
      const landed = await approve(server.url, '/stream-pos/v1/authorize/approve');
      const second = codeOf(await approve(server.url, '/stream-pos/v1/authorize/approve'));
      const ids = partnerRequirementIds('pos');
      expect(ids.length).toBeGreaterThan(0);
      const result = await certify('pos', server.url, ids, { code: codeOf(landed), redirectUrl: landed, extraCodes: [second] });
      expect(failures(result), server.output()).toEqual([]);
      expect(result.counts.passed).toBe(ids.length);
    } finally {
      await server.close();
    }
  });
});

describe.each(LANGUAGES)('the OAuth guide example implementation in %s', (language) => {
  it('passes every POS OAuth requirement certify checks: redirect with state, exact redirect_uri, single-use codes, 201 tokens, refresh, 400 and 401', { timeout: 120_000 }, async () => {
    // The page's example is a POS (token answers 201); its merchant and consent page are the POS fixture's.
    const server = await startSample('oauth', language, 'pos');
    try {
      expect(server.blockCount).toBe(1);
      const landed = await approve(server.url, '/stream-pos/v1/authorize/approve');
      const second = codeOf(await approve(server.url, '/stream-pos/v1/authorize/approve'));
      const ids = partnerRequirementIds('pos').filter((id) => id.startsWith('POS-OAU-'));
      expect(ids.length).toBeGreaterThan(0);
      const result = await certify('pos', server.url, ids, { code: codeOf(landed), redirectUrl: landed, extraCodes: [second] });
      expect(failures(result), server.output()).toEqual([]);
      expect(result.counts.passed).toBe(ids.length);
      // The page also promises a 400 with an error body for a body that is not JSON, which certify does not send.
      const malformed = await fetch(`${server.url}/stream-pos/v1/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type": ' });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
    } finally {
      await server.close();
    }
  });
});

describe.each(LANGUAGES)('the OAuth guide example implementation changed for a DSP as the page says, in %s', (language) => {
  it('passes every DSP OAuth requirement certify checks, refresh token rotation included, with the /stream-dsp/v1 prefix and 200', { timeout: 120_000 }, async () => {
    const changes: [RegExp, string][] = [
      [/(BASE = ['"])\/stream-pos\/v1(['"])/, '$1/stream-dsp/v1$2'],
      [/(TOKEN_OK = )201\b/, '$1200'],
    ];
    const rewrite = (code: string) =>
      changes.reduce((text, [pattern, replacement]) => {
        if (!pattern.test(text)) throw new Error(`the OAuth example no longer has ${pattern}: update the DSP variant of this test with the page`);
        return text.replace(pattern, replacement);
      }, code);
    const server = await startSample('oauth', language, 'pos', { rewrite });
    try {
      const landed = await approve(server.url, '/stream-dsp/v1/authorize/approve');
      const second = codeOf(await approve(server.url, '/stream-dsp/v1/authorize/approve'));
      const ids = partnerRequirementIds('dsp').filter((id) => id.startsWith('DSP-OAU-'));
      expect(ids).toContain('DSP-OAU-11');
      const result = await certify('dsp', server.url, ids, { code: codeOf(landed), redirectUrl: landed, extraCodes: [second] });
      expect(failures(result), server.output()).toEqual([]);
      expect(result.counts.passed).toBe(ids.length);
    } finally {
      await server.close();
    }
  });
});

describe.each(LANGUAGES)('the DSP guide samples in %s', (language) => {
  it('pass every DSP requirement certify checks against the partner server', { timeout: 120_000 }, async () => {
    const server = await startSample('dsp', language, 'dsp');
    try {
      const ids = partnerRequirementIds('dsp');
      expect(ids.length).toBeGreaterThan(0);
      const result = await certify('dsp', server.url, ids);
      expect(failures(result), server.output()).toEqual([]);
      expect(result.counts.passed).toBe(ids.length);
    } finally {
      await server.close();
    }
  });
});

describe.each(LANGUAGES)('the POS and DSP guide token endpoints in %s', (language) => {
  it('answer a token request that is not JSON with 400 and a JSON invalid_request body, as the failure cases say, not an HTML page', { timeout: 120_000 }, async () => {
    for (const [server, path] of [['pos', '/stream-pos/v1/token'], ['dsp', '/stream-dsp/v1/token']] as const) {
      const sample = await startSample(server, language, server);
      try {
        const response = await fetch(`${sample.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type": ' });
        expect(response.status, `${server}: ${sample.output()}`).toBe(400);
        expect(response.headers.get('content-type'), server).toMatch(/^application\/json\b/);
        expect(await response.json(), server).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
      } finally {
        await sample.close();
      }
    }
  });
});

describe.each(LANGUAGES)('the events guide samples in %s', (language) => {
  it('pass every events requirement certify checks against the provider server', { timeout: 120_000 }, async () => {
    const server = await startSample('events', language, 'events');
    try {
      const ids = partnerRequirementIds('events');
      expect(ids.length).toBeGreaterThan(0);
      const result = await certify('events', server.url, ids);
      expect(failures(result), server.output()).toEqual([]);
      expect(result.counts.passed).toBe(ids.length);
    } finally {
      await server.close();
    }
  });
});

describe('the HMAC guide test-vector samples', () => {
  it('the node:crypto verification function accepts every valid vector and rejects every other one', async () => {
    const [block, ...rest] = blocksOf('hmac-verify', 'ts');
    expect(block).toBeDefined();
    expect(rest).toEqual([]);
    const dir = runDir('hmac-verify-ts');
    const file = join(dir, 'verify.mts');
    writeFileSync(file, block!.code);
    const { isValidStreamSignature } = (await import(pathToFileURL(file).href)) as { isValidStreamSignature: (body: Buffer, header: string | undefined, secret: string) => boolean };
    const vectors = JSON.parse(readFileSync(join(ROOT, 'packages', 'contracts', 'test-vectors.json'), 'utf8')) as { name: string; secret: string; body_base64: string; signature: string | null; expected: string }[];
    expect(vectors.length).toBeGreaterThan(0);
    const wrong = vectors.filter((v) => isValidStreamSignature(Buffer.from(v.body_base64, 'base64'), v.signature ?? undefined, v.secret) !== (v.expected === 'valid')).map((v) => v.name);
    expect(wrong).toEqual([]);
  });

  it('accept every valid vector and reject every other one, in TypeScript with node --test', { timeout: 120_000 }, async () => {
    const [block, ...rest] = blocksOf('hmac-vectors', 'ts');
    expect(block).toBeDefined();
    expect(rest).toEqual([]);
    const dir = runDir('hmac-vectors-ts');
    writeFileSync(join(dir, 'vectors.test.mts'), block!.code);
    const result = await runProcess(process.execPath, ['--conditions=source', '--import', 'tsx', '--test', join(dir, 'vectors.test.mts')], ROOT);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/# pass [1-9]\d*/);
    expect(result.output).toMatch(/# fail 0/);
  });

  it('accept every valid vector and reject every other one, in Python with unittest against the guide\'s verification function', { timeout: 60_000 }, async () => {
    const blocks = blocksOf('hmac-vectors', 'python');
    expect(blocks).toHaveLength(2);
    const [verify, vectors] = blocks as [SampleBlock, SampleBlock];
    const dir = runDir('hmac-vectors-python');
    mkdirSync(join(dir, 'myapp'));
    writeFileSync(join(dir, 'myapp', '__init__.py'), '');
    writeFileSync(join(dir, 'myapp', 'webhooks.py'), verify.code);
    writeFileSync(join(dir, 'test_vectors.py'), vectors.code);
    copyFileSync(join(ROOT, 'packages', 'contracts', 'test-vectors.json'), join(dir, 'webhook-test-vectors.json'));
    const result = await runProcess('python3', ['-m', 'unittest', '-v', 'test_vectors'], dir);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Ran 1 test/);
    expect(result.output).toMatch(/\nOK/);
  });
});

/**
 * Posts every test vector to a running receiver and returns the vectors it got wrong: a 401 must
 * carry the vector's error code, and a valid vector must get past the check without a 5xx.
 */
async function wrongVectorAnswers(url: string, path: string): Promise<string[]> {
  const wrong: string[] = [];
  for (const vector of loadVectors()) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (vector.signature !== null) headers['stream-signature'] = vector.signature;
    const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: Buffer.from(vector.body_base64, 'base64') });
    const text = await response.text();
    const outcome = response.status === 401 ? (JSON.parse(text) as { code: string }).code : response.status < 500 ? 'valid' : `${response.status} ${text}`;
    if (outcome !== vector.expected) wrong.push(`${vector.name}: ${outcome}, expected ${vector.expected}`);
  }
  return wrong;
}

describe('the HMAC guide\'s Express receiver with @stream-partner/contracts', () => {
  it('answers 401 with the vector\'s error code to every bad signature and 200 with the event_id to every valid one', { timeout: 60_000 }, async () => {
    const vectors = loadVectors();
    const server = await startSample('dsp-verify', 'ts', 'dsp', { env: { STREAM_WEBHOOK_SECRET: vectors[0]!.secret } });
    try {
      expect(server.blockCount).toBe(1);
      expect(await wrongVectorAnswers(server.url, '/stream-dsp/v1/event'), server.output()).toEqual([]);
      const valid = vectors.find((vector) => vector.name === 'valid')!;
      const body = Buffer.from(valid.body_base64, 'base64');
      const response = await fetch(`${server.url}/stream-dsp/v1/event`, { method: 'POST', headers: { 'content-type': 'application/json', 'stream-signature': valid.signature! }, body });
      expect(response.status).toBe(200);
      const receipt: unknown = await response.json();
      expect(receipt).toEqual({ event_id: (JSON.parse(body.toString('utf8')) as { event_id: string }).event_id });
      expect(validate('dsp', 'EventReceipt', receipt).valid).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('answers 500 receiver_misconfigured, not 401, when it was deployed without its webhook secret', { timeout: 60_000 }, async () => {
    const valid = loadVectors().find((vector) => vector.name === 'valid')!;
    const server = await startSample('dsp-verify', 'ts', 'dsp', { env: { STREAM_WEBHOOK_SECRET: '' } });
    try {
      const response = await fetch(`${server.url}/stream-dsp/v1/event`, { method: 'POST', headers: { 'content-type': 'application/json', 'stream-signature': valid.signature! }, body: Buffer.from(valid.body_base64, 'base64') });
      expect(response.status, server.output()).toBe(500);
      expect(await response.json()).toMatchObject({ code: 'receiver_misconfigured' });
    } finally {
      await server.close();
    }
  });
});

describe('the events guide signature check', () => {
  it('the Express route answers 401 with the vector\'s error code to every bad signature and passes every valid one on', { timeout: 60_000 }, async () => {
    const vectors = loadVectors();
    const server = await startSample('events-verify', 'ts', 'events', { env: { STREAM_WEBHOOK_SECRET: vectors[0]!.secret } });
    try {
      expect(server.blockCount).toBe(1);
      // Past the check, the route hands on to the next handler (none here: Express answers 404).
      expect(await wrongVectorAnswers(server.url, '/event'), server.output()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('the Python is_from_stream accepts every valid vector and rejects every other one', { timeout: 60_000 }, async () => {
    const blocks = blocksOf('events-verify', 'python');
    expect(blocks).toHaveLength(1);
    const dir = runDir('events-verify-python');
    writeFileSync(join(dir, 'verify.py'), blocks[0]!.code);
    const result = await runPython('python3', dir, PYTHON_VECTOR_DRIVER('is_from_stream(body, case["signature"])'));
    expect(result.checked).toBe(loadVectors().length);
    expect(result.wrong).toEqual([]);
  });
});

describe('the HMAC guide\'s FastAPI raw-body route', () => {
  it('answers 401 to every vector that is not valid and lets every valid one through, with the guide\'s verification function', { timeout: 60_000 }, async () => {
    const [route, ...rest] = blocksOf('fastapi-raw-body', 'python');
    expect(route).toBeDefined();
    expect(rest).toEqual([]);
    const [verify] = blocksOf('hmac-vectors', 'python');
    const dir = runDir('fastapi-raw-body');
    writeFileSync(join(dir, 'verify.py'), `${verify!.code}\n${route!.code}`);
    const result = await runPython(pythonWith('fastapi.testclient', 'python3-fastapi python3-httpx'), dir, frameworkDriver(FASTAPI_APP, 'content'));
    expect(result.checked).toBe(loadVectors().length);
    expect(result.wrong).toEqual([]);
  });
});

describe('the HMAC guide\'s Flask raw-body route', () => {
  it('answers 401 to every vector that is not valid and lets every valid one through, with the guide\'s verification function', { timeout: 60_000 }, async () => {
    const [route, ...rest] = blocksOf('flask-raw-body', 'python');
    expect(route).toBeDefined();
    expect(rest).toEqual([]);
    const [verify] = blocksOf('hmac-vectors', 'python');
    const dir = runDir('flask-raw-body');
    writeFileSync(join(dir, 'verify.py'), `${verify!.code}\n${route!.code}`);
    const result = await runPython(pythonWith('flask', 'python3-flask'), dir, frameworkDriver(FLASK_APP, 'data'));
    expect(result.checked).toBe(loadVectors().length);
    expect(result.wrong).toEqual([]);
  });
});

/** Posts each vector's exact bytes to `path` and returns the names of those whose bytes did not arrive intact, as `{ raw: <base64> }` answers show. */
async function alteredBodies(url: string, path: string): Promise<string[]> {
  const altered: string[] = [];
  for (const vector of loadVectors()) {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.from(vector.body_base64, 'base64') });
    const answer = (await response.json().catch(() => null)) as { raw?: string | null } | null;
    if (response.status !== 200 || answer?.raw !== vector.body_base64) altered.push(`${vector.name}: ${response.status} ${JSON.stringify(answer).slice(0, 120)}`);
  }
  return altered;
}

/** Writes `code` (a framework fragment of the page between a prelude and an epilogue) as a module, imports it and returns its `server`'s URL. */
async function loadFragment(name: string, code: string): Promise<{ url: string; close: () => Promise<void> }> {
  const dir = runDir(name);
  writeFileSync(join(dir, 'app.ts'), code);
  const { listen } = (await import(pathToFileURL(join(dir, 'app.ts')).href)) as { listen: () => Promise<{ url: string; close: () => Promise<void> }> };
  return listen();
}

describe('the HMAC guide\'s Express raw-body set-up', () => {
  it('hands the webhook route the exact bytes of every vector, and keeps a copy of them beside the global JSON parser', { timeout: 60_000 }, async () => {
    const [fragment, ...rest] = blocksOf('express-raw-body', 'ts');
    expect(fragment).toBeDefined();
    expect(rest).toEqual([]);
    // The page's `handler` answers with what it was given; a route registered after the global parser shows its copy.
    const app = await loadFragment(
      'express-raw-body',
      `import express from 'express';
const app = express();
const handler = (req: express.Request, res: express.Response) => void res.json({ raw: Buffer.isBuffer(req.body) ? req.body.toString('base64') : null });
${fragment!.code}
app.post('/parsed', (req, res) => void res.json({ raw: (req as typeof req & { rawBody?: Buffer }).rawBody?.toString('base64') ?? null, parsed: typeof req.body === 'object' && !Buffer.isBuffer(req.body) }));
export function listen(): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((done) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const address = server.address() as import('node:net').AddressInfo;
      done({ url: 'http://127.0.0.1:' + address.port, close: () => new Promise((closed) => server.close(() => closed())) });
    });
  });
}
`,
    );
    try {
      expect(await alteredBodies(app.url, '/event')).toEqual([]);
      expect(await alteredBodies(app.url, '/parsed')).toEqual([]);
      const parsed = await fetch(`${app.url}/parsed`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"event_id":"evt_1"}' });
      expect(await parsed.json()).toMatchObject({ parsed: true });
    } finally {
      await app.close();
    }
  });
});

describe('the HMAC guide\'s Fastify raw-body set-up', () => {
  it('hands the webhook route the exact bytes of every vector, while other routes keep Fastify\'s JSON parser', { timeout: 60_000 }, async () => {
    const [fragment, ...rest] = blocksOf('fastify-raw-body', 'ts');
    expect(fragment).toBeDefined();
    expect(rest).toEqual([]);
    // The page's route leaves the answer to the reader: a root preHandler hook (root hooks reach the
    // page's scope) answers with the body the route was given, before the route's own handler runs.
    const app = await loadFragment(
      'fastify-raw-body',
      `import Fastify from 'fastify';
const app = Fastify();
${fragment!.code}
app.addHook('preHandler', async (request, reply) => {
  if (request.url !== '/event') return;
  return reply.send({ raw: Buffer.isBuffer(request.body) ? request.body.toString('base64') : null });
});
app.post('/other', async (request) => ({ parsed: typeof request.body === 'object' && request.body !== null && !Buffer.isBuffer(request.body) }));
export async function listen(): Promise<{ url: string; close: () => Promise<void> }> {
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}
`,
    );
    try {
      expect(await alteredBodies(app.url, '/event')).toEqual([]);
      const other = await fetch(`${app.url}/other`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"event_id":"evt_1"}' });
      expect(await other.json()).toEqual({ parsed: true });
    } finally {
      await app.close();
    }
  });
});

/** Runs verify.py in one namespace with the vectors' secret in the environment, and checks `call` on every vector. */
function PYTHON_VECTOR_DRIVER(call: string): string {
  return `import base64, json, os
with open("webhook-test-vectors.json", encoding="utf-8") as f:
    vectors = json.load(f)
assert len({case["secret"] for case in vectors}) == 1, "the driver expects one secret for every vector"
os.environ["STREAM_WEBHOOK_SECRET"] = vectors[0]["secret"]
namespace = {"__name__": "verify"}
with open("verify.py", encoding="utf-8") as f:
    exec(compile(f.read(), "verify.py", "exec"), namespace)
wrong = []
for case in vectors:
    body = base64.b64decode(case["body_base64"])
    if eval(${JSON.stringify(call)}, namespace, {"body": body, "case": case}) != (case["expected"] == "valid"):
        wrong.append(case["name"])
print(json.dumps({"checked": len(vectors), "wrong": wrong}))
`;
}

/** The Flask app around the guide's route: its app and request, and a handle_event that answers 204. */
const FLASK_APP = `from flask import Flask, request
app = Flask(__name__)
def handle_event(event):
    return "", 204
from flask.testing import FlaskClient as TestClient`;

/** The FastAPI app around the guide's route, as FLASK_APP. */
const FASTAPI_APP = `from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse
from fastapi.testclient import TestClient
app = FastAPI()
def handle_event(event):
    return Response(status_code=204)`;

/** Runs verify.py (the guide's function and route) inside `framework`'s app and posts every vector to POST /event (the body as Werkzeug's `data` or httpx's `content`). */
function frameworkDriver(framework: string, bodyKeyword: 'data' | 'content'): string {
  return `import base64, json
${framework}
with open("webhook-test-vectors.json", encoding="utf-8") as f:
    vectors = json.load(f)
assert len({case["secret"] for case in vectors}) == 1, "the driver expects one secret for every vector"
WEBHOOK_SECRET = vectors[0]["secret"]
with open("verify.py", encoding="utf-8") as f:
    exec(compile(f.read(), "verify.py", "exec"))
client = TestClient(app)
wrong = []
for case in vectors:
    headers = {"Content-Type": "application/json"}
    if case["signature"] is not None:
        headers["Stream-Signature"] = case["signature"]
    status = client.post("/event", ${bodyKeyword}=base64.b64decode(case["body_base64"]), headers=headers).status_code
    if (status == 401) == (case["expected"] == "valid") or status >= 500:
        wrong.append(f"{case['name']}: {status}")
print(json.dumps({"checked": len(vectors), "wrong": wrong}))
`;
}

type Call = readonly unknown[];
type DspEvent = { type: string; location_id: string; occurred_at_ms: number; data: Record<string, any> };

/** The DSP contract's examples of every event Stream sends, by name. */
function dspEventExamples(): [string, DspEvent][] {
  const spec = JSON.parse(readFileSync(join(ROOT, 'specs', 'dist', 'dsp.json'), 'utf8')) as { components: { examples: Record<string, { value?: unknown }> } };
  return Object.entries(spec.components.examples)
    .map(([name, example]) => [name, example.value] as [string, DspEvent])
    .filter(([, value]) => typeof value === 'object' && value !== null && typeof value.type === 'string' && value.type.startsWith('location.'));
}

/** What the order-management page says the worker does with each event, as calls to your services. */
function expectedWorkerCalls(event: DspEvent): Call[] {
  const { order_id: orderId, reason, details } = event.data;
  switch (event.type) {
    case 'location.order.accept':
      return [['mark_accepted', orderId, event.occurred_at_ms], ['notify_customer', orderId, 'confirmed']];
    case 'location.order.fail':
      return [
        ...(reason === 'pos_missing_items' || reason === 'items_unavailable' ? [['stop_selling', event.location_id, details.invalid_item_ids]] : []),
        ['mark_failed', orderId, reason, details?.error_message ?? null],
        ['notify_customer', orderId, 'failed'],
      ];
    case 'location.order.notify_status_change':
      return [['mark_ready', orderId, event.occurred_at_ms], ['notify_customer', orderId, 'ready_for_pickup']];
    case 'location.order.cancel':
      return [['mark_canceled_by_store', orderId, reason ?? null], ['notify_customer', orderId, 'canceled']];
    default:
      return []; // location events belong to other pages
  }
}

describe('the DSP order-management worker samples', () => {
  // Not something Stream calls (Stream sees only the event endpoint's 200, certified with the DSP
  // samples above): run against every event example of the contract, they must read its fields.
  it('the TypeScript handleOrderEvent acts on every order event example of the contract as the page says', async () => {
    const [block, ...rest] = blocksOf('dsp-order-worker', 'ts');
    expect(block).toBeDefined();
    expect(rest).toEqual([]);
    const dir = runDir('dsp-order-worker-ts');
    const calls: Call[] = [];
    (globalThis as unknown as { orderWorkerCalls: Call[] }).orderWorkerCalls = calls;
    const record = (name: string) => `async (...args: unknown[]) => void (globalThis as any).orderWorkerCalls.push(['${name}', ...args.map((arg) => arg ?? null)])`;
    writeFileSync(join(dir, 'orders.ts'), `export const notifyCustomer = ${record('notify_customer')};\nexport const orders = { markAccepted: ${record('mark_accepted')}, markFailed: ${record('mark_failed')}, markReady: ${record('mark_ready')}, markCanceledByStore: ${record('mark_canceled_by_store')} };\n`);
    writeFileSync(join(dir, 'menus.ts'), `export const stopSelling = ${record('stop_selling')};\n`);
    writeFileSync(join(dir, 'worker.ts'), block!.code);
    const { handleOrderEvent } = (await import(pathToFileURL(join(dir, 'worker.ts')).href)) as { handleOrderEvent: (event: DspEvent) => Promise<void> };
    const examples = dspEventExamples();
    expect(examples.filter(([, event]) => event.type.startsWith('location.order.')).length).toBeGreaterThanOrEqual(4);
    for (const [name, event] of examples) {
      calls.length = 0;
      await handleOrderEvent(event);
      expect([...calls], name).toEqual(expectedWorkerCalls(event));
    }
  });

  it('the Python handle_order_event acts on every order event example of the contract as the page says', { timeout: 60_000 }, async () => {
    const [block, ...rest] = blocksOf('dsp-order-worker', 'python');
    expect(block).toBeDefined();
    expect(rest).toEqual([]);
    const dir = runDir('dsp-order-worker-python');
    const record = (name: string) => `lambda *args: CALLS.append(["${name}", *args])`;
    writeFileSync(join(dir, 'orders.py'), `from types import SimpleNamespace\nCALLS = []\nnotify_customer = ${record('notify_customer')}\norders = SimpleNamespace(mark_accepted=${record('mark_accepted')}, mark_failed=${record('mark_failed')}, mark_ready=${record('mark_ready')}, mark_canceled_by_store=${record('mark_canceled_by_store')})\n`);
    writeFileSync(join(dir, 'menus.py'), `from orders import CALLS\nstop_selling = ${record('stop_selling')}\n`);
    writeFileSync(join(dir, 'worker.py'), block!.code);
    const examples = dspEventExamples();
    expect(examples.length).toBeGreaterThan(0);
    writeFileSync(join(dir, 'examples.json'), JSON.stringify(examples));
    writeFileSync(join(dir, 'driver.py'), `import json\nfrom orders import CALLS\nfrom worker import handle_order_event\nresults = {}\nwith open("examples.json", encoding="utf-8") as f:\n    examples = json.load(f)\nfor name, event in examples:\n    CALLS.clear()\n    handle_order_event(event)\n    results[name] = list(CALLS)\nprint(json.dumps(results))\n`);
    const result = await runProcess('python3', ['driver.py'], dir);
    expect(result.code, result.output).toBe(0);
    const seen = JSON.parse(result.output.trim().split('\n').at(-1) ?? '{}') as Record<string, Call[]>;
    expect(Object.keys(seen)).toHaveLength(examples.length);
    for (const [name, event] of examples) expect(seen[name], name).toEqual(expectedWorkerCalls(event));
  });
});

/** What a deduplication helper did, driven through the same steps in either language. */
interface DedupObservation {
  first: unknown;
  repeat: unknown;
  /** The error the failing handler's call ended with, or null when it returned. */
  failure: string | null;
  /** Ids in processed_events, and the work the handlers recorded, just after the handler failed. */
  afterFailure: { processed: string[]; work: string[] };
  retry: unknown;
  /** The two answers to one event delivered twice at the same moment. */
  concurrent: unknown[];
  final: { processed: string[]; work: string[] };
}

const DEDUP_IDS = { first: 'evt_dedup_first', failing: 'evt_dedup_failing', concurrent: 'evt_dedup_concurrent' } as const;
const HANDLER_ERROR = 'kitchen printer offline';
const DEDUP_TABLES = [
  'CREATE TABLE processed_events (event_id text PRIMARY KEY, received_at timestamptz)',
  // "Your work": the handlers write here in the transaction they are given.
  'CREATE TABLE work_done (event_id text NOT NULL)',
];

/** Everything the page promises of processOnce / process_once that the observation breaks; empty when it keeps them all. */
function dedupProblems(seen: DedupObservation): string[] {
  const problems: string[] = [];
  const same = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) problems.push(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  };
  for (const [what, receipt] of [['first delivery', seen.first], ['repeat', seen.repeat], ['retry after the failure', seen.retry], ...seen.concurrent.map((r, i) => [`concurrent delivery ${i + 1}`, r] as const)] as const) {
    const result = validate('dsp', 'EventReceipt', receipt);
    if (!result.valid) problems.push(`${what}: the receipt breaks the contract's EventReceipt: ${result.errors.map((e) => e.message).join('; ')}`);
  }
  same('the first delivery', seen.first, { event_id: DEDUP_IDS.first });
  same('the repeat of the same event_id', seen.repeat, { event_id: DEDUP_IDS.first, duplicate: true });
  same('the failing handler\'s error', seen.failure, HANDLER_ERROR);
  same('what was recorded when the handler failed', seen.afterFailure, { processed: [DEDUP_IDS.first], work: [DEDUP_IDS.first] });
  same('the retry after the failure', seen.retry, { event_id: DEDUP_IDS.failing });
  const duplicates = seen.concurrent.filter((receipt) => (receipt as { duplicate?: boolean }).duplicate === true).length;
  if (seen.concurrent.length !== 2 || duplicates !== 1) problems.push(`two deliveries at once: expected one processed and one duplicate, got ${JSON.stringify(seen.concurrent)}`);
  same('what was recorded in the end', seen.final, { processed: Object.values(DEDUP_IDS).sort(), work: Object.values(DEDUP_IDS).sort() });
  return problems;
}

/** A DSP event of the contract's own examples, with the given event_id. */
function dedupEvent(eventId: string): Record<string, unknown> {
  const [, example] = dspEventExamples()[0]!;
  return { ...example, event_id: eventId };
}

/** Loads a TypeScript processOnce (the page's block, or a changed copy) against `database` and drives it through the steps. */
async function observeTypeScript(code: string, postgres: RunningPostgres, database: string): Promise<DedupObservation> {
  await postgres.createDatabase(database);
  const dir = runDir(`dedup-ts-${database}`);
  writeFileSync(join(dir, 'db.ts'), `import pg from 'pg';\nexport const pool = new pg.Pool({ connectionString: ${JSON.stringify(postgres.url(database))}, max: 4 });\n`);
  writeFileSync(join(dir, 'dedup.ts'), code);
  const { pool } = (await import(pathToFileURL(join(dir, 'db.ts')).href)) as { pool: import('pg').Pool };
  type Handle = (event: { event_id: string }, db: import('pg').PoolClient) => Promise<void>;
  const { processOnce } = (await import(pathToFileURL(join(dir, 'dedup.ts')).href)) as { processOnce: (event: unknown, handle: Handle) => Promise<unknown> };
  try {
    for (const statement of DEDUP_TABLES) await pool.query(statement);
    const recorded = async () => ({
      processed: (await pool.query<{ event_id: string }>('SELECT event_id FROM processed_events ORDER BY event_id')).rows.map((row) => row.event_id),
      work: (await pool.query<{ event_id: string }>('SELECT event_id FROM work_done ORDER BY event_id')).rows.map((row) => row.event_id),
    });
    const work: Handle = async (event, db) => void (await db.query('INSERT INTO work_done (event_id) VALUES ($1)', [event.event_id]));
    const first = await processOnce(dedupEvent(DEDUP_IDS.first), work);
    const repeat = await processOnce(dedupEvent(DEDUP_IDS.first), work);
    const failure = await processOnce(dedupEvent(DEDUP_IDS.failing), async (event, db) => {
      await work(event, db);
      throw new Error(HANDLER_ERROR);
    }).then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    const afterFailure = await recorded();
    const retry = await processOnce(dedupEvent(DEDUP_IDS.failing), work);
    const slowWork: Handle = async (event, db) => {
      await work(event, db);
      await delay(300);
    };
    const concurrent = await Promise.all([processOnce(dedupEvent(DEDUP_IDS.concurrent), slowWork), processOnce(dedupEvent(DEDUP_IDS.concurrent), slowWork)]);
    return { first, repeat, failure, afterFailure, retry, concurrent, final: await recorded() };
  } finally {
    await pool.end();
  }
}

/** Runs a Python process_once (the page's block, or a changed copy) with Debian's psycopg against `database`, through the same steps. */
async function observePython(code: string, postgres: RunningPostgres, database: string): Promise<DedupObservation> {
  await postgres.createDatabase(database);
  const dir = runDir(`dedup-python-${database}`);
  writeFileSync(join(dir, 'dedup.py'), code);
  writeFileSync(join(dir, 'events.json'), JSON.stringify(Object.fromEntries(Object.entries(DEDUP_IDS).map(([key, id]) => [key, dedupEvent(id)]))));
  writeFileSync(
    join(dir, 'driver.py'),
    `import json, sys, threading, time
import psycopg
from dedup import process_once

URL = sys.argv[1]
with open("events.json", encoding="utf-8") as f:
    EVENTS = json.load(f)
admin = psycopg.connect(URL, autocommit=True)
for statement in ${JSON.stringify(DEDUP_TABLES)}:
    admin.execute(statement)


def recorded():
    return {
        "processed": [row[0] for row in admin.execute("SELECT event_id FROM processed_events ORDER BY event_id")],
        "work": [row[0] for row in admin.execute("SELECT event_id FROM work_done ORDER BY event_id")],
    }


def work(event, conn):
    conn.execute("INSERT INTO work_done (event_id) VALUES (%s)", (event["event_id"],))


def failing(event, conn):
    work(event, conn)
    raise RuntimeError(${JSON.stringify(HANDLER_ERROR)})


def slow(event, conn):
    work(event, conn)
    time.sleep(0.3)


conn = psycopg.connect(URL, autocommit=True)
seen = {"first": process_once(conn, EVENTS["first"], work), "repeat": process_once(conn, EVENTS["first"], work)}
try:
    process_once(conn, EVENTS["failing"], failing)
    seen["failure"] = None
except Exception as error:
    seen["failure"] = str(error)
seen["afterFailure"] = recorded()
seen["retry"] = process_once(conn, EVENTS["failing"], work)
answers = [None, None]
start = threading.Barrier(2)


def deliver(slot):
    own = psycopg.connect(URL, autocommit=True)
    start.wait()
    answers[slot] = process_once(own, EVENTS["concurrent"], slow)
    own.close()


threads = [threading.Thread(target=deliver, args=(slot,)) for slot in (0, 1)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
seen["concurrent"] = answers
seen["final"] = recorded()
print(json.dumps(seen))
`,
  );
  const result = await runProcess(pythonWith('psycopg', 'python3-psycopg'), ['driver.py', postgres.url(database)], dir);
  expect(result.code, result.output).toBe(0);
  return JSON.parse(result.output.trim().split('\n').at(-1) ?? '{}') as DedupObservation;
}

/** Changes the page's code in one place, failing loudly when the page no longer has that place. */
function mutate(code: string, from: RegExp, to: string): string {
  if (!from.test(code)) throw new Error(`the deduplication sample no longer matches ${from}: update this test's mutant with the page`);
  return code.replace(from, to);
}

describe('the HMAC guide deduplication samples, against a real PostgreSQL', () => {
  let postgres: RunningPostgres;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await postgres?.stop();
  });

  it('the TypeScript processOnce does the work once per event_id, answers a repeat with duplicate: true, records nothing when the work fails, and lets one of two simultaneous deliveries through', { timeout: 60_000 }, async () => {
    const [block, ...rest] = blocksOf('dedup', 'ts');
    expect(block).toBeDefined();
    expect(rest).toEqual([]);
    expect(dedupProblems(await observeTypeScript(block!.code, postgres, 'dedup_ts'))).toEqual([]);
  });

  it('the Python process_once does the same with psycopg', { timeout: 60_000 }, async () => {
    const [block, ...rest] = blocksOf('dedup', 'python');
    expect(block).toBeDefined();
    expect(rest).toEqual([]);
    expect(dedupProblems(await observePython(block!.code, postgres, 'dedup_python'))).toEqual([]);
  });

  it('a TypeScript processOnce that commits the event_id before doing the work is caught: a failed event would never be retried', { timeout: 60_000 }, async () => {
    const [block] = blocksOf('dedup', 'ts');
    const mutant = mutate(block!.code, /(\s+)(await handle\(event, client\);[^\n]*)\n(\s+await client\.query\('COMMIT'\);)/, '\n$3$1$2');
    const problems = dedupProblems(await observeTypeScript(mutant, postgres, 'dedup_ts_commit_first'));
    expect(problems.join('\n')).toMatch(/what was recorded when the handler failed/);
  });

  it('a Python process_once that checks for the id before inserting it, outside a transaction, is caught: two deliveries at once both get through', { timeout: 60_000 }, async () => {
    const [block] = blocksOf('dedup', 'python');
    const racy = `def process_once(conn, event, handle):
    if conn.execute("SELECT 1 FROM processed_events WHERE event_id = %s", (event["event_id"],)).fetchone():
        return {"event_id": event["event_id"], "duplicate": True}
    handle(event, conn)
    conn.execute("INSERT INTO processed_events (event_id, received_at) VALUES (%s, now()) ON CONFLICT DO NOTHING", (event["event_id"],))
    return {"event_id": event["event_id"]}
`;
    const mutant = mutate(block!.code, /def process_once[\s\S]*$/, racy);
    const problems = dedupProblems(await observePython(mutant, postgres, 'dedup_python_racy'));
    expect(problems.join('\n')).toMatch(/two deliveries at once/);
  });
});
