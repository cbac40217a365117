// A bounded load run against `stream-partner sandbox`, run by `npm run bench` (alone:
// `npm run bench -- --only=sandbox-load`, or `node scripts/bench-sandbox.mjs [--requests=N]
// [--concurrency=N]`).
//
// Starts the sandbox as partners do (its own process, default flags, the jsonl log on), then sends
// signed POS webhook events, each checked by the sandbox for its signature and against the contract,
// with a fixed number in flight. Prints requests per second and the sandbox's resident memory
// before and after, beside the budgets; exits 1 when a figure is over budget or a request failed.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const raw = argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of at least 1, not "${raw}".`);
    process.exit(2);
  }
  return value;
};
const unknown = argv.filter((arg) => !/^--(requests|concurrency)=/.test(arg));
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown.join(', ')}. Options: --requests=N, --concurrency=N.`);
  process.exit(2);
}

const REQUESTS = option('requests', 100_000);
const CONCURRENCY = option('concurrency', 32);
const WARM_UP = Math.min(2_000, REQUESTS);
const BUDGETS = { requestsPerSecond: 2_000, rssGrowthMb: 50 };
const SECRET = 'whsec_sandbox';

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

function startSandbox(logFile) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', join(ROOT, 'packages/cli/src/bin.ts'), 'sandbox', '--port', '0', '--log', logFile], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url !== undefined) {
        // Keep draining stdout (one line per exchange) so the sandbox never blocks on a full pipe.
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ child, url });
      }
    };
    child.stdout.on('data', onData);
    child.on('exit', (code) => reject(new Error(`The sandbox exited with ${code} before listening:\n${out}`)));
  });
}

/** A few signed, contract-valid POS events: pauses with an end time and back to active. */
function events() {
  return Array.from({ length: 16 }, (_, index) => {
    const object =
      index % 2 === 0
        ? { status: 'inactive', location_id: index % 4 === 0 ? 'loc-downtown' : 'loc-mission', paused_until: 1_800_000_000_000 + index }
        : { status: 'active', location_id: index % 4 === 1 ? 'loc-downtown' : 'loc-mission' };
    const body = JSON.stringify({ type: 'location.status.updated', object });
    return { body, signature: createHmac('sha256', SECRET).update(body).digest('hex') };
  });
}

function send(agent, url, event) {
  return new Promise((resolve) => {
    const req = request(
      `${url}/pos/demo-partner/webhook`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(event.body), 'stream-signature': event.signature } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', () => resolve(0));
    req.end(event.body);
  });
}

async function run(agent, url, count) {
  const bodies = events();
  let next = 0;
  const failures = new Map();
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const status = await send(agent, url, bodies[index % bodies.length]);
      if (status !== 204) failures.set(status, (failures.get(status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { seconds: (performance.now() - started) / 1000, failures };
}

const dir = mkdtempSync(join(tmpdir(), 'stream-partner-bench-'));
const { child, url } = await startSandbox(join(dir, 'sandbox.jsonl'));
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
let overBudget = false;
try {
  await run(agent, url, WARM_UP);
  const before = rssMb(child.pid);
  const { seconds, failures } = await run(agent, url, REQUESTS);
  const after = rssMb(child.pid);
  const perSecond = REQUESTS / seconds;
  const growth = after - before;
  const speedOk = perSecond >= BUDGETS.requestsPerSecond;
  const memoryOk = !(growth >= BUDGETS.rssGrowthMb);
  overBudget = !speedOk || !memoryOk || failures.size > 0;
  console.log(`Sandbox load: ${REQUESTS} signed POS webhook events (signature and contract checked), ${CONCURRENCY} in flight, after ${WARM_UP} to warm up`);
  console.log(`  ${perSecond.toFixed(0).padStart(8)} requests/s   budget >= ${BUDGETS.requestsPerSecond}   ${speedOk ? 'ok' : 'OVER'}   (${seconds.toFixed(1)} s)`);
  console.log(`  RSS ${before.toFixed(1)} MB before, ${after.toFixed(1)} MB after: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB   budget < ${BUDGETS.rssGrowthMb} MB   ${memoryOk ? 'ok' : 'OVER'}`);
  if (failures.size > 0) console.log(`  FAILED requests (status: count): ${[...failures].map(([status, n]) => `${status || 'no answer'}: ${n}`).join(', ')}`);
} finally {
  agent.destroy();
  child.kill('SIGINT');
  await new Promise((done) => child.once('exit', done));
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = overBudget ? 1 : 0;
