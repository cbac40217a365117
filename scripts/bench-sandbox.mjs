// The sandbox under load beside a bare server, run by `npm run bench` (alone:
// `npm run bench -- --only=sandbox-load`, or `node scripts/bench-sandbox.mjs [--seconds=N]
// [--rounds=N] [--connections=N] [--source]`).
//
// Starts `stream-partner sandbox` as partners do (the built CLI, packages/cli/bin/stream-partner.js,
// in its own process with default flags and the jsonl log on; `--source` runs packages/cli/src
// through tsx instead) and a bare Fastify server doing the same HMAC and Ajv work (bench-bare-server.mjs), then loads
// each with autocannon in alternating rounds: signed POS webhook events, every one verified, parsed,
// validated (and, by the sandbox, logged and applied to its state), answered 204. The machine is
// shared, so absolute figures wander; the sandbox is judged against the bare server measured in
// the same run: its median requests/s at least RATIO_BUDGET of the bare server's, its p99 at most
// P99_BUDGET times the bare server's. Exits 1 when a figure misses, a request failed or the
// sandbox's memory grew past its budget.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

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
const unknown = argv.filter((arg) => !/^--(seconds|rounds|connections)=/.test(arg) && arg !== '--source');
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown.join(', ')}. Options: --seconds=N (each round), --rounds=N, --connections=N, --source (the sandbox from packages/cli/src through tsx, not the built CLI).`);
  process.exit(2);
}
const FROM_SOURCE = argv.includes('--source');

const SECONDS = option('seconds', 10);
const ROUNDS = option('rounds', 3);
const CONNECTIONS = option('connections', 50);
// Long enough for the sandbox to finish compiling its validators (one per turn, in the background) on a busy machine.
const WARM_UP_SECONDS = 5;
const RATIO_BUDGET = 0.6;
const P99_BUDGET = 3;
const RSS_GROWTH_BUDGET_MB = 50;
const SECRET = 'whsec_sandbox';
const TSX = ['--conditions=source', '--import', 'tsx'];

/** The newest modification time of any file under `dir`, in ms. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * How to start the sandbox: the built CLI, as partners run it, unless `--source`. A build older
 * than the code it is built from would measure the wrong code, so it is refused.
 */
function sandboxEntry() {
  if (FROM_SOURCE) return [...TSX, join(ROOT, 'packages/cli/src/bin.ts')];
  const built = join(ROOT, 'packages/cli/dist/cli.js');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : undefined;
  const changed = ['packages/cli/src', 'packages/contracts/src'].find((dir) => builtAt === undefined || newest(join(ROOT, dir)) > builtAt);
  if (changed !== undefined) {
    console.error(
      builtAt === undefined
        ? 'No built CLI to measure (packages/cli/dist/cli.js): run npm run pack first, or pass --source to measure packages/cli/src through tsx.'
        : `packages/cli/dist is older than ${changed}: run npm run pack to build what you changed, or pass --source to measure packages/cli/src through tsx.`,
    );
    process.exit(2);
  }
  return [join(ROOT, 'packages/cli/bin/stream-partner.js')];
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds (user and system) a process has used so far, from /proc (Linux; clock ticks of 10 ms). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Starts a server process and resolves once it prints the URL it listens on. */
function start(name, args) {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url !== undefined) {
        // Keep draining stdout (the sandbox prints one line per exchange) so it never blocks on a full pipe.
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ name, child, url });
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before listening:\n${out.slice(-2000)}`)));
  });
}

async function stop(server) {
  if (server === undefined || server.child.exitCode !== null) return;
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill('SIGINT');
  await exited;
}

/** Signed, contract-valid POS events: pauses with an end time and back to active, two locations. */
function requests() {
  return Array.from({ length: 16 }, (_, index) => {
    const object =
      index % 2 === 0
        ? { status: 'inactive', location_id: index % 4 === 0 ? 'loc-downtown' : 'loc-mission', paused_until: 1_800_000_000_000 + index }
        : { status: 'active', location_id: index % 4 === 1 ? 'loc-downtown' : 'loc-mission' };
    const body = JSON.stringify({ type: 'location.status.updated', object });
    const signature = createHmac('sha256', SECRET).update(body).digest('hex');
    return { method: 'POST', path: '/pos/demo-partner/webhook', headers: { 'content-type': 'application/json', 'stream-signature': signature }, body };
  });
}

async function load(server, seconds) {
  const cpuBefore = cpuSeconds(server.child.pid);
  const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: seconds, requests: requests() });
  const cpu = cpuSeconds(server.child.pid) - cpuBefore;
  const failed = result.non2xx + result.errors + result.timeouts;
  return { perSecond: result.requests.average, p99: result.latency.p99, failed, total: result.requests.total, cpuMicros: (cpu * 1e6) / Math.max(result.requests.total, 1) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const entry = sandboxEntry();
const dir = mkdtempSync(join(tmpdir(), 'stream-partner-bench-'));
const logFile = join(dir, 'sandbox.jsonl');
let sandbox;
let bare;
let missed = false;
try {
  [sandbox, bare] = await Promise.all([
    start(FROM_SOURCE ? 'stream-partner sandbox (src)' : 'stream-partner sandbox', [...entry, 'sandbox', '--port', '0', '--log', logFile]),
    start('bare Fastify server', [...TSX, join(ROOT, 'scripts/bench-bare-server.mjs'), `--secret=${SECRET}`]),
  ]);
  await load(sandbox, WARM_UP_SECONDS);
  await load(bare, WARM_UP_SECONDS);
  const before = rssMb(sandbox.child.pid);
  const rounds = { sandbox: [], bare: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternating, so a burst of load from elsewhere on the machine falls on both.
    rounds.sandbox.push(await load(sandbox, SECONDS));
    rounds.bare.push(await load(bare, SECONDS));
  }
  const after = rssMb(sandbox.child.pid);
  const figures = (list) => ({ perSecond: median(list.map((r) => r.perSecond)), p99: median(list.map((r) => r.p99)), cpuMicros: median(list.map((r) => r.cpuMicros)), failed: list.reduce((sum, r) => sum + r.failed, 0), total: list.reduce((sum, r) => sum + r.total, 0) });
  const s = figures(rounds.sandbox);
  const b = figures(rounds.bare);
  const ratio = s.perSecond / b.perSecond;
  const p99Times = s.p99 / Math.max(b.p99, 1);
  const growth = after - before;
  const ratioOk = ratio >= RATIO_BUDGET;
  const p99Ok = p99Times <= P99_BUDGET;
  const memoryOk = !(growth >= RSS_GROWTH_BUDGET_MB);
  const logged = statSync(logFile).size;
  missed = !ratioOk || !p99Ok || !memoryOk || s.failed > 0 || b.failed > 0;
  const row = (name, f, list) => `  ${name.padEnd(28)} ${f.perSecond.toFixed(0).padStart(7)} req/s   p99 ${String(f.p99).padStart(4)} ms   rounds ${list.map((r) => r.perSecond.toFixed(0)).join(', ')} req/s; p99 ${list.map((r) => r.p99).join(', ')} ms`;
  console.log(`Sandbox load: signed POST /pos/demo-partner/webhook, autocannon ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s each (medians); the sandbox ${FROM_SOURCE ? 'from packages/cli/src through tsx' : 'as built (packages/cli/dist)'}`);
  console.log(row(sandbox.name, s, rounds.sandbox));
  console.log(row('bare Fastify (HMAC+Ajv)', b, rounds.bare));
  // CPU time per request hardly depends on what else the machine runs: it shows where a MISS comes from.
  console.log(`  CPU per request: sandbox ${s.cpuMicros.toFixed(0)} µs, bare ${b.cpuMicros.toFixed(0)} µs (${(s.cpuMicros / b.cpuMicros).toFixed(2)}x)`);
  console.log(`  requests/s ratio ${ratio.toFixed(2)}   target >= ${RATIO_BUDGET}   ${ratioOk ? 'PASS' : 'MISS'}`);
  console.log(`  p99 ${p99Times.toFixed(2)}x the bare server's   target <= ${P99_BUDGET}x   ${p99Ok ? 'PASS' : 'MISS'}`);
  console.log(`  sandbox RSS ${before.toFixed(1)} MB after warm-up, ${after.toFixed(1)} MB after: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB   budget < ${RSS_GROWTH_BUDGET_MB} MB   ${memoryOk ? 'PASS' : 'MISS'}`);
  console.log(`  exchange log ${(logged / 1024 / 1024).toFixed(1)} MB for ${s.total} sandbox requests`);
  if (s.failed > 0 || b.failed > 0) console.log(`  FAILED requests (not 2xx, errors or time-outs): sandbox ${s.failed}, bare ${b.failed}`);
} finally {
  await stop(sandbox);
  await stop(bare);
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = missed ? 1 : 0;
