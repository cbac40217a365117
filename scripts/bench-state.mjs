// The sandbox's `--state FILE` with a large state, run by `npm run bench` (alone:
// `npm run bench -- --only=state`, or `node --conditions=source --import tsx scripts/bench-state.mjs [--mb=N]`).
//
// Writes a state of about 50 MB (orders with their histories, DSP event ids, access tokens), then
// starts a sandbox on it, registers five orders and sends seven DSP events over HTTP and stops it.
// Prints the start-up time, the time and the bytes one change writes, the time a new DSP event takes, and the time a clean stop takes to fold the journal into
// the snapshot, beside the budgets; exits 1 when a figure is over budget.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signWebhook } from '../packages/contracts/src/index.ts';
import { findOperation } from '../packages/cli/src/openapi.ts';
import { startSandbox } from '../packages/cli/src/sandbox/index.ts';
import { writeLargeState } from '../packages/cli/test/large-state.ts';

const raw = process.argv.slice(2).find((arg) => arg.startsWith('--mb='))?.slice(5);
const unknown = process.argv.slice(2).filter((arg) => !arg.startsWith('--mb='));
if (unknown.length > 0 || (raw !== undefined && !/^[1-9]\d{0,3}$/.test(raw))) {
  console.error('Usage: bench-state.mjs [--mb=N] (N from 1 to 9999, default 50).');
  process.exit(2);
}
const MB = Number(raw ?? 50);
const BUDGETS = { startSeconds: 10, writeMs: 250, writeBytes: 1024, dspEventMs: 40 };

const dir = mkdtempSync(join(tmpdir(), 'stream-partner-bench-state-'));
const stateFile = join(dir, 'state.json');
const journal = `${stateFile}.journal`;
const size = (file) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};
const over = [];
const row = (label, value, budget, unit, ok) => {
  if (!ok) over.push(label);
  console.log(`  ${label.padEnd(44)} ${value.padStart(10)} ${unit.padEnd(3)} budget ${String(budget).padStart(6)}  ${ok ? 'ok' : 'OVER'}`);
};

try {
  console.log(`Sandbox state file: ${MB} MB state, --state FILE`);
  const bytes = writeLargeState(stateFile, { bytes: MB * 1_000_000, now: Date.now() });
  // Module loading and the contracts' validators are warmed by a first sandbox without state, so the
  // figure below is what the state file costs.
  await (await startSandbox({ port: 0 })).close();

  let started = performance.now();
  const sandbox = await startSandbox({ port: 0, stateFile });
  const startSeconds = (performance.now() - started) / 1000;
  row(`start-up with a ${(bytes / 1e6).toFixed(1)} MB state`, startSeconds.toFixed(2), BUDGETS.startSeconds, 's', startSeconds <= BUDGETS.startSeconds);

  // The median of five changes, each an order registered over HTTP and saved before its answer.
  const times = [];
  const sizes = [];
  for (let index = 0; index < 5; index += 1) {
    const before = size(journal);
    started = performance.now();
    const answer = await fetch(`${sandbox.url}/_sandbox/orders`, {
      method: 'POST',
      // The token this process holds for the sandbox it started: nobody else may change its state.
      headers: { 'content-type': 'application/json', 'x-sandbox-console-token': sandbox.controlToken },
      body: JSON.stringify({ id: `ord_bench_write_${index}`, audience: 'dsp', location_id: 'loc-downtown' }),
    });
    times.push(performance.now() - started);
    if (answer.status !== 201) throw new Error(`Registering an order answered ${answer.status}: ${await answer.text()}`);
    sizes.push(size(journal) - before);
  }
  const writeMs = times.sort((a, b) => a - b)[2];
  const written = [...sizes].sort((a, b) => a - b)[2];
  const largest = Math.max(...sizes);
  row('one change (an order), answer time, median', writeMs.toFixed(1), BUDGETS.writeMs, 'ms', writeMs <= BUDGETS.writeMs);
  row('one change, bytes written, median', String(written), BUDGETS.writeBytes, 'B', written > 0 && written <= BUDGETS.writeBytes);
  // A state at its ceiling of orders sheds the oldest tenth on its next change, and that save writes
  // the shortened list once; the changes after it write only themselves again.
  if (largest > written) console.log(`  ${'largest write (the oldest tenth shed)'.padEnd(44)} ${String(largest).padStart(10)} B`);

  // A new DSP event is checked against every event id the sandbox remembers: a duplicate check that
  // scanned the change tracker took 85 ms or more per event with a full list.
  const pickup = findOperation('dsp', 'sendOrderEvent').requestExamples.get('PickupOrder');
  const eventTimes = [];
  for (let index = 0; index < 7; index += 1) {
    const raw = JSON.stringify({ ...pickup, event_id: `evt_bench_${index}`, occurred_at_ms: Date.now() });
    started = performance.now();
    const answer = await fetch(`${sandbox.url}/order/demo-partner-id`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stream-signature': signWebhook({ secret: sandbox.credentials.webhookSecret, body: raw }) },
      body: raw,
    });
    eventTimes.push(performance.now() - started);
    if (answer.status !== 202) throw new Error(`A new DSP event answered ${answer.status}: ${await answer.text()}`);
  }
  const eventMs = eventTimes.sort((a, b) => a - b)[3];
  row('a new DSP event, answer time, median', eventMs.toFixed(1), BUDGETS.dspEventMs, 'ms', eventMs <= BUDGETS.dspEventMs);

  started = performance.now();
  await sandbox.close();
  console.log(`  ${'clean stop (journal folded into the snapshot)'.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(2).padStart(10)} s`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (over.length > 0) {
  console.log(`Over budget: ${over.join(', ')}`);
  process.exitCode = 1;
}
