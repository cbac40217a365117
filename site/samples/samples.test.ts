// Every server sample of the guides, in every language it is shown in, assembled from the page's
// own code blocks into a small server and certified: a sample that would fail certify fails here.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blocksOf, sampleBlocks, type SampleBlock } from './extract.js';
import { MANUAL_STATE } from '../../packages/cli/src/certify/checks-shared.js';
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

describe('the events guide signature check', () => {
  it('the Express route answers 401 with the vector\'s error code to every bad signature and passes every valid one on', { timeout: 60_000 }, async () => {
    const vectors = loadVectors();
    const server = await startSample('events-verify', 'ts', 'events', { env: { STREAM_WEBHOOK_SECRET: vectors[0]!.secret } });
    try {
      expect(server.blockCount).toBe(1);
      const wrong: string[] = [];
      for (const vector of vectors) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (vector.signature !== null) headers['stream-signature'] = vector.signature;
        const response = await fetch(`${server.url}/event`, { method: 'POST', headers, body: Buffer.from(vector.body_base64, 'base64') });
        const text = await response.text();
        // Past the check, the route hands on to the next handler (none here: Express answers 404).
        const outcome = response.status === 401 ? (JSON.parse(text) as { code: string }).code : response.status < 500 ? 'valid' : `${response.status} ${text}`;
        if (outcome !== vector.expected) wrong.push(`${vector.name}: ${outcome}, expected ${vector.expected}`);
      }
      expect(wrong, server.output()).toEqual([]);
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
