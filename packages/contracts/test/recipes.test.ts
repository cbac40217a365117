// Runs each framework recipe in the real framework on 127.0.0.1 and sends it signed, tampered
// and unsigned requests, as Stream would. The recipes import '@stream-partner/contracts' like
// partner code does, which resolves to the built package, so dist/ is built first.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example } from './support.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(packageDir, '..', '..');
const nextAppDir = join(packageDir, 'test', 'fixtures', 'next-app');
const secret = 'whsec_recipe_test_3b9f0c';

const sign = (body: string, key = secret) => createHmac('sha256', key).update(Buffer.from(body, 'utf8')).digest('hex');

function runOrThrow(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const result = spawnSync(command, args, { ...options, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

beforeAll(() => {
  runOrThrow(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: packageDir });
});

interface Bodies {
  created: string;
  canceled: string;
}

/** Pretty-printed, non-ASCII bodies: any receiver that re-serialises or re-encodes them fails. */
async function bodies(): Promise<Bodies> {
  const created = await example('events', 'OrderConfirmedDelivery');
  created.object.customer.name = 'Zoë Ångström';
  created.object.items[0].name = `${created.object.items[0].name} — jalapeño 🌶`;
  const canceled = await example('events', 'OrderCanceledByMerchant');
  return { created: `${JSON.stringify(created, null, 2)}\n`, canceled: JSON.stringify(canceled, null, 4) };
}

function post(baseUrl: string, body: string, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['Stream-Signature'] = signature;
  return fetch(`${baseUrl}/event`, { method: 'POST', headers, body });
}

/**
 * A started recipe. `recorded` is what its order store received, for recipes the test runs in
 * this process; a recipe in another process (Next.js) shows what it parsed only in its answer.
 */
interface StartedRecipe {
  baseUrl: string;
  recorded?: unknown[];
}

/** The behaviour every recipe must have, whatever the framework. */
function behavesLikeAStreamReceiver(name: string, start: () => Promise<StartedRecipe>, options: { storeWatched: boolean }) {
  describe(`the ${name} recipe`, () => {
    let baseUrl = '';
    let recorded: unknown[] | undefined;
    let payloads: Bodies;

    beforeAll(async () => {
      payloads = await bodies();
      ({ baseUrl, recorded } = await start());
    });

    it('answers 201 with a provider_id to a correctly signed order.created event, having read the exact bytes', async () => {
      const response = await post(baseUrl, payloads.created, sign(payloads.created));
      expect(response.status).toBe(201);
      const answer = (await response.json()) as { order: { provider_id: string } };
      const sent = JSON.parse(payloads.created);
      expect(answer.order.provider_id).toContain(sent.object.id);
    });

    // Registered only where the test holds the store, so no recipe passes it with nothing to check.
    if (options.storeWatched) it('hands its order store the event exactly as Stream sent it', async () => {
      if (recorded === undefined) throw new Error(`the ${name} recipe did not hand the test its order store`);
      const before = recorded.length;
      const response = await post(baseUrl, payloads.created, sign(payloads.created));
      expect(response.status).toBe(201);
      expect(recorded).toHaveLength(before + 1);
      expect(recorded.at(-1)).toEqual(JSON.parse(payloads.created));
    });

    it('answers 204 to a correctly signed order.canceled event', async () => {
      const response = await post(baseUrl, payloads.canceled, sign(payloads.canceled));
      expect(response.status).toBe(204);
    });

    it('answers 401 with signature_mismatch to a tampered body', async () => {
      const tampered = payloads.created.replace('Zoë', 'Zoe');
      const response = await post(baseUrl, tampered, sign(payloads.created));
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'signature_mismatch', message: expect.any(String) });
    });

    it('answers 401 with signature_mismatch to a body signed with another secret', async () => {
      const response = await post(baseUrl, payloads.created, sign(payloads.created, 'someone else'));
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'signature_mismatch' });
    });

    it('answers 401 with signature_missing when the header is missing', async () => {
      const response = await post(baseUrl, payloads.created);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'signature_missing' });
    });

    it('answers 401 with signature_malformed to a signature of the wrong length', async () => {
      const response = await post(baseUrl, payloads.created, sign(payloads.created).slice(2));
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'signature_malformed' });
    });
  });
}

describe('the built package', () => {
  it('exports the public API from dist, as installed partners get it', async () => {
    const built = await import('@stream-partner/contracts');
    const body = '{"type":"order.canceled"}';
    expect(() => built.verifyWebhook({ secret, body, signature: sign(body) })).not.toThrow();
    const event = await example('events', 'OrderConfirmedDelivery');
    expect(built.validators.events.OrderEvent(event)).toBe(true);
    event.object.items[0].price = 12.5;
    const result = built.validate('events', 'OrderEvent', event);
    expect(result.valid ? [] : result.errors.map((e) => e.message)).toEqual([expect.stringContaining('object.items[0].price must be an integer number of cents')]);
    expect(Object.keys(built).sort()).toEqual(
      [
        'API_NAMES',
        'STREAM_SIGNATURE_HEADER',
        'StreamContractsError',
        'assertValid',
        'contractInfo',
        'getSignatureHeader',
        'isSignatureError',
        'isValid',
        'listSchemas',
        'signWebhook',
        'validate',
        'validators',
        'verifyWebhook',
      ].sort(),
    );
    const require = createRequire(import.meta.url);
    expect(require.resolve('@stream-partner/contracts/test-vectors.json')).toBe(join(packageDir, 'test-vectors.json'));
  });
});

const closers: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

behavesLikeAStreamReceiver('Express', async () => {
  const { createApp } = await import('../recipes/express.js');
  const recorded: unknown[] = [];
  const app = createApp({
    secret,
    recordOrder: (event) => {
      recorded.push(event);
      return `pos-${event.object.id}`;
    },
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, recorded };
}, { storeWatched: true });

behavesLikeAStreamReceiver('Fastify', async () => {
  const { buildServer } = await import('../recipes/fastify.js');
  const recorded: unknown[] = [];
  const app = buildServer({
    secret,
    recordOrder: (event) => {
      recorded.push(event);
      return `pos-${event.object.id}`;
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  return { baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, recorded };
}, { storeWatched: true });

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${log()}`);
    try {
      await fetch(url, { method: 'GET' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`next start did not answer within 30 s:\n${log()}`);
}

behavesLikeAStreamReceiver('Next.js route handler', async () => {
  const nextBin = join(repoRoot, 'node_modules', 'next', 'dist', 'bin', 'next');
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', STREAM_WEBHOOK_SECRET: secret, NODE_ENV: 'production' };
  runOrThrow(process.execPath, [nextBin, 'build', '.'], { cwd: nextAppDir, env });
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [nextBin, 'start', '.', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: nextAppDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(baseUrl, child, () => output);
  // The handler's own recordOrder is a placeholder for the partner's storage; the 201 answer
  // carries the order id it derived from the parsed event.
  return { baseUrl };
}, { storeWatched: false });
