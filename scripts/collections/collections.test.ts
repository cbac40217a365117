// The published collections work the first time: Newman runs every Postman collection and
// Bruno's CLI runs the Bruno collection, the operations Stream hosts against a fresh sandbox and
// the ones a partner hosts against the matching starter kit, and every request passes its
// status and schema tests. The downloads the build wrote must be what the contracts give now.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import zlib from 'node:zlib';
import newman from 'newman';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_NAMES, listOperations, type ApiName } from '../../packages/cli/src/openapi.js';
import type { RunningSandbox } from '../../packages/cli/src/sandbox/index.js';
import { closeSandboxes, openSandbox } from '../../packages/cli/test/support.js';
import { ROOT, startKit } from '../../packages/cli/test/kits.js';
import { BRUNO_ZIP, brunoTree, generateCollections } from './generate.js';
import { contractOperations, PAGES } from './model.js';

const require = createRequire(import.meta.url);
const BRU = join(dirname(require.resolve('@usebruno/cli/package.json')), 'bin', 'bru.js');
const KITS = ['pos', 'dsp', 'events'] as const;

const generated = generateCollections();
const collection = (api: ApiName) => JSON.parse(String(generated.get(`${PAGES[api].slug}.postman_collection.json`))) as { item: { item: { id: string }[] }[] };
const localEnvironment = () => JSON.parse(String(generated.get('local-sandbox.postman_environment.json'))) as { values: { key: string; value: string; type: string }[] };

describe('the generated collections', () => {
  it('hold every operation of the four contracts, in Postman and in Bruno, and nothing else', () => {
    const operations = contractOperations();
    expect(operations.length).toBeGreaterThan(30);
    const postman = API_NAMES.flatMap((api) => collection(api).item.flatMap((folder) => folder.item.map((item) => item.id.replace(/^([a-z]+)-/, '$1:'))));
    expect(postman.sort()).toEqual([...operations].sort());
    const bruno = [...brunoTree('c').keys()].filter((path) => path.endsWith('.bru') && !path.endsWith('folder.bru') && !path.includes('/environments/') && path !== 'c/collection.bru');
    expect(bruno).toHaveLength(operations.length);
    for (const api of API_NAMES) {
      for (const op of listOperations(api)) expect(bruno.some((path) => path.startsWith(`c/${PAGES[api].title}/`) && path.endsWith(`/${op.operationId}.bru`)), `${api}:${op.operationId} in Bruno`).toBe(true);
    }
  });

  it('are what the build published: a contract change without npm run collections fails here', () => {
    const dir = join(ROOT, 'dist', 'collections');
    expect(existsSync(dir), `${dir} is missing: run npm run collections (part of npm run build)`).toBe(true);
    expect(generated.size).toBeGreaterThan(0);
    for (const [name, content] of generated) {
      const file = join(dir, name);
      expect(existsSync(file), `${name} was not built: run npm run collections`).toBe(true);
      expect(Buffer.compare(readFileSync(file), Buffer.from(content)), `${name} is stale: run npm run collections`).toBe(0);
    }
  });

  it('mark every credential of every environment as a secret, and leave it empty outside the local sandbox', () => {
    const secrets = ['client_id', 'client_secret', 'webhook_secret', 'stream_client_secret'];
    for (const file of ['local-sandbox', 'stream-sandbox', 'your-server']) {
      const env = JSON.parse(String(generated.get(`${file}.postman_environment.json`))) as { values: { key: string; value: string; type: string }[] };
      for (const key of secrets) {
        const entry = env.values.find((value) => value.key === key);
        expect(entry?.type, `${file}: ${key}`).toBe('secret');
        if (file !== 'local-sandbox') expect(entry?.value, `${file}: ${key}`).toBe('');
        else expect(entry?.value, `${file}: ${key}`).not.toBe('');
      }
    }
  });
});

describe('the tests each request carries', () => {
  /** Runs one request of the Partner API collection against a server that answers `status` and `body`. */
  async function failuresAgainst(status: number, body: string): Promise<string[]> {
    const server = createServer((_request, response) => response.writeHead(status, { 'content-type': 'application/json' }).end(body));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const partner = collection('partner') as unknown as { item: { item: { id: string }[] }[] };
      const only = { ...partner, item: partner.item.map((folder) => ({ ...folder, item: folder.item.filter((item) => item.id === 'partner-listBillingReports') })).filter((folder) => folder.item.length > 0) };
      expect(only.item).toHaveLength(1);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const summary = await new Promise<any>((done, fail) =>
        newman.run({ collection: only, environment: localEnvironment(), envVar: [{ key: 'stream_base_url', value: url }], reporters: [] }, (error, result) => (error ? fail(error) : done(result))),
      );
      return (summary.run.failures as { error: { test?: string; message: string } }[]).map((failure) => failure.error.test ?? failure.error.message);
    } finally {
      await new Promise((done) => server.close(done));
    }
  }

  it('fail when the answer has a status the contract does not promise, or a body that breaks the schema', async () => {
    expect(await failuresAgainst(200, JSON.stringify({ reports: [{ reportMonth: 'May 2025' }] }))).toEqual(['the body matches the contract schema']);
    expect(await failuresAgainst(500, JSON.stringify({ code: 'oops', message: 'down' }))).toEqual(['answers 200, as the contract promises']);
  }, 30_000);
});

describe('running the collections against the sandbox and the starter kits', () => {
  let sandbox: RunningSandbox;
  const kits = new Map<string, { url: string; close(): Promise<void> }>();

  beforeAll(async () => {
    // The real clock: the collections send event times as the moment of sending (now_ms), as a partner's do.
    ({ sandbox } = await openSandbox({ now: Date.now }));
    for (const kit of KITS) kits.set(kit, await startKit(kit));
  });
  afterAll(async () => {
    await closeSandboxes();
    await Promise.all([...kits.values()].map((kit) => kit.close()));
  });

  /** The local environment pointed at this test's sandbox and kits. */
  async function overrides(): Promise<Record<string, string>> {
    // Only where the servers listen: the collection finds the merchant's consent code itself.
    return {
      stream_base_url: sandbox.url,
      ...Object.fromEntries([...kits].map(([kit, running]) => [`${kit}_base_url`, running.url])),
    };
  }

  it.each(API_NAMES.map((api) => [api]))('Newman runs every request of the %s collection, and each answers as the contract promises', async (api) => {
    const values = await overrides();
    const summary = await new Promise<any>((done, fail) => {
      newman.run(
        { collection: collection(api), environment: localEnvironment(), envVar: Object.entries(values).map(([key, value]) => ({ key, value })), reporters: [] },
        (error: Error | null, result: unknown) => (error ? fail(error) : done(result)),
      );
    });
    const failures = (summary.run.failures as { source?: { name?: string }; error: { message: string } }[]).map((failure) => `${failure.source?.name}: ${failure.error.message}`);
    expect(failures).toEqual([]);
    const operations = listOperations(api).map((op) => `${api}-${op.operationId}`);
    expect(operations.length).toBeGreaterThan(0);
    expect(summary.run.stats.items.total).toBe(operations.length);
    const executed = summary.run.executions as { item: { id: string }; assertions?: { error?: unknown }[] }[];
    expect([...new Set(executed.map((execution) => execution.item.id))].sort()).toEqual([...operations].sort());
    // Each request checked at least its status.
    for (const id of operations) expect(executed.filter((execution) => execution.item.id === id).flatMap((execution) => execution.assertions ?? []).length, id).toBeGreaterThan(0);
  }, 60_000);

  it("Bruno's CLI runs every request of the Bruno collection, and each answers as the contract promises", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stream-bruno-'));
    try {
      for (const [path, text] of brunoTree('collection')) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      const values = await overrides();
      const report = join(dir, 'report.json');
      // Bruno's default (safe) sandbox, the one a partner's Bruno runs the scripts in.
      const args = [BRU, 'run', '-r', '--env', 'local-sandbox', '--reporter-json', report, ...Object.entries(values).flatMap(([key, value]) => ['--env-var', `${key}=${value}`])];
      const { code, output } = await new Promise<{ code: number | null; output: string }>((done) => {
        let output = '';
        const child = spawn(process.execPath, args, { cwd: join(dir, 'collection'), env: { ...process.env, NO_COLOR: '1' } });
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (exit) => done({ code: exit, output }));
      });
      expect(existsSync(report), output.slice(-3000)).toBe(true);
      const parsed = JSON.parse(readFileSync(report, 'utf8')) as unknown;
      const results = ((Array.isArray(parsed) ? parsed[0] : parsed) as { results: { test: { filename: string }; error?: string; testResults?: { status: string; description: string; error?: string }[] }[] }).results;
      const problems = results.flatMap((result) => [
        ...(result.error ? [`${result.test.filename}: ${result.error}`] : []),
        ...(result.testResults ?? []).filter((test) => test.status !== 'pass').map((test) => `${result.test.filename}: ${test.description}: ${test.error}`),
        ...((result.testResults ?? []).length === 0 ? [`${result.test.filename}: ran no test`] : []),
      ]);
      expect(problems).toEqual([]);
      expect(results).toHaveLength(contractOperations().length);
      expect(code, output.slice(-3000)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it('the Bruno download is a zip whose entries are the Bruno files, byte for byte, with valid checksums', () => {
    const archive = generated.get(BRUNO_ZIP) as Buffer;
    const entries = new Map<string, Buffer>();
    // Walk the local file headers (stored entries) and check each CRC with zlib's own.
    let offset = 0;
    while (archive.readUInt32LE(offset) === 0x04034b50) {
      const crc = archive.readUInt32LE(offset + 14);
      const size = archive.readUInt32LE(offset + 18);
      const nameLength = archive.readUInt16LE(offset + 26);
      const extraLength = archive.readUInt16LE(offset + 28);
      const name = archive.subarray(offset + 30, offset + 30 + nameLength).toString('utf8');
      const data = archive.subarray(offset + 30 + nameLength + extraLength, offset + 30 + nameLength + extraLength + size);
      expect(zlib.crc32(data), name).toBe(crc);
      entries.set(name, data);
      offset += 30 + nameLength + extraLength + size;
    }
    expect(archive.readUInt32LE(offset)).toBe(0x02014b50);
    const tree = brunoTree('stream-collections');
    expect(tree.size).toBeGreaterThan(40);
    expect([...entries.keys()].sort()).toEqual([...tree.keys()].sort());
    for (const [path, text] of tree) expect(entries.get(path)?.toString('utf8'), path).toBe(text);
  });
});
