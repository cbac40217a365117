// The console under load, run by `npm run bench` (alone: `npm run bench -- --only=console-load`, or
// `node scripts/bench-console-load.mjs`).
//
// Starts the sandbox as partners do (its own process, default flags), fills the console's log with
// partner calls carrying 63 KB bodies until it is full (count or bytes), then loads the console in
// five pages at once (the page, its contract data and the event stream's whole backlog) while a
// partner's call is timed every 20 ms. Prints the console's first-load JavaScript and those calls'
// median and slowest times beside the budgets; exits 1 when a figure is over budget.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { consoleFirstLoad } from './bench-console.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGETS = { consoleJsKb: 200, partnerCallMs: 100 };
const FILL = 500;
const PAGES = 5;

if (process.argv.length > 2) {
  console.error(`Unknown option ${process.argv.slice(2).join(', ')}; this run takes none.`);
  process.exit(2);
}

function startSandbox(dir) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', join(ROOT, 'packages/cli/src/bin.ts'), 'sandbox', '--port', '0', '--log', join(dir, 'sandbox.jsonl')], {
    cwd: ROOT,
    env: { ...process.env, XDG_RUNTIME_DIR: dir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(plain)?.[1];
      const token = /Console \(open in your browser\) +http:\/\/\S+\/#token=([0-9a-f]+)/.exec(plain)?.[1];
      if (url !== undefined && token !== undefined) {
        // Keep draining stdout (one line per exchange) so the sandbox never blocks on a full pipe.
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ child, url, token });
      }
    };
    child.stdout.on('data', onData);
    child.on('exit', (code) => reject(new Error(`The sandbox exited with ${code} before listening:\n${out}`)));
  });
}

function call(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(url, { method, agent, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes, ms: performance.now() - started }));
    });
    req.on('error', () => resolve({ status: 0, bytes: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

/** One page load: the page, its contract data, and the stream until the backlog's last exchange. */
function loadPage(url, session, lastId) {
  const agent = new Agent({ keepAlive: false });
  return Promise.all([call(agent, `${url}/`), call(agent, `${url}/_sandbox/console/contract`, { headers: session })]).then(
    () =>
      new Promise((resolve, reject) => {
        const req = request(`${url}/_sandbox/stream`, { headers: session }, (res) => {
          // Looks for the last id in each chunk (with the end of the one before, where it may begin):
          // searching the whole text at every chunk took this process seconds and delayed the
          // partner's answers it times, which then measured the bench rather than the sandbox.
          const marker = `id: ${lastId}\n`;
          let length = 0;
          let tail = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            length += chunk.length;
            const text = tail + chunk;
            if (text.includes(marker)) {
              req.destroy();
              resolve(length);
            }
            tail = text.slice(-marker.length);
          });
        });
        req.on('error', (error) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
        req.end();
      }),
  );
}

const dir = mkdtempSync(join(tmpdir(), 'stream-partner-bench-console-'));
const { child, url, token } = await startSandbox(dir);
let overBudget = false;
try {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const body = JSON.stringify({ type: 'order.created', padding: 'x'.repeat(63 * 1024) });
  for (let sent = 0; sent < FILL; sent += 8) await Promise.all(Array.from({ length: 8 }, () => call(agent, `${url}/pos/demo-partner/webhook`, { method: 'POST', body })));
  // The session header, as the page trades the token from the console URL's fragment for it.
  const traded = await fetch(`${url}/_sandbox/console/session`, { method: 'POST', headers: { 'x-sandbox-console-token': token } });
  if (!traded.ok) throw new Error(`The sandbox refused the console token: ${traded.status} ${await traded.text()}`);
  const { session: secret, header } = await traded.json();
  const session = { [header]: secret };

  const partner = new Agent({ keepAlive: true, maxSockets: 1 });
  const tokenBody = JSON.stringify({ grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' });
  // The sandbox checks each call against the contract after answering it: wait until that work is
  // done (ten quick answers in a row, at most a minute), so what follows measures the page loads.
  const idleBy = Date.now() + 60_000;
  for (let quick = 0; quick < 10 && Date.now() < idleBy; ) {
    const answer = await call(partner, `${url}/oauth/token`, { method: 'POST', body: tokenBody });
    quick = answer.ms < 20 ? quick + 1 : 0;
    await new Promise((done) => setTimeout(done, 20));
  }
  const times = [];
  let loading = true;
  const probe = (async () => {
    while (loading) {
      const answer = await call(partner, `${url}/oauth/token`, { method: 'POST', body: tokenBody });
      if (answer.status !== 200) throw new Error(`The partner's call answered ${answer.status}.`);
      times.push(answer.ms);
      await new Promise((done) => setTimeout(done, 20));
    }
  })();
  const started = performance.now();
  const loaded = await Promise.all(Array.from({ length: PAGES }, () => loadPage(url, session, FILL)));
  const loadMs = performance.now() - started;
  loading = false;
  await probe;

  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const slowest = times[times.length - 1];
  const first = consoleFirstLoad(ROOT);
  const kb = first === undefined ? Number.NaN : first.gzip / 1024;
  const jsOk = first !== undefined && kb <= BUDGETS.consoleJsKb;
  const callOk = slowest <= BUDGETS.partnerCallMs;
  overBudget = !jsOk || !callOk;
  console.log(`Sandbox console under load: ${FILL} partner calls with 63 KB bodies, then ${PAGES} console pages loading at once`);
  console.log(`  first-load JavaScript      ${first === undefined ? 'no console build (npm run build -w packages/console)' : `${kb.toFixed(1)} KB gzip`}   budget ${BUDGETS.consoleJsKb} KB: ${jsOk ? 'ok' : 'OVER'}`);
  console.log(`  ${PAGES} page loads              ${Math.round(loadMs)} ms, ${(loaded.reduce((sum, bytes) => sum + bytes, 0) / PAGES / 1024).toFixed(0)} KB of stream each`);
  console.log(`  a partner's call meanwhile median ${median.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms of ${times.length}   budget ${BUDGETS.partnerCallMs} ms: ${callOk ? 'ok' : 'OVER'}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((done) => child.once('exit', done));
  rmSync(dir, { recursive: true, force: true });
}
process.exit(overBudget ? 1 : 0);
