// `npm test`: every check, stopping at the first phase that fails. Each step prints its wall time
// and the CPU time the machine spent meanwhile (on Linux), and a table of all of them closes the
// run, so a slow run shows where its time went and whether it kept the cores busy.
//
// The first phase runs two lanes at once: lint (mostly tsc, which keeps both cores busy only part of
// the time) beside the contracts diff, the bundle, the packages and the collections (single-threaded
// steps that read the sources lint reads and write only build outputs no type check looks at).
// The second lane's output is held and printed whole when it ends, so the log reads in order. The
// site build runs beside the unit tests the same way.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const npmRun = (...args) => ['run', ...args];
const PHASES = [
  [
    [['lint', npmRun('lint')]],
    [
      ['contracts diff', npmRun('contracts:diff')],
      ['specs bundle', npmRun('specs:bundle')],
      ['pack', npmRun('pack')],
      ['collections', npmRun('collections')],
    ],
  ],
  // The unit tests leave a core idle now and then (servers and child processes they wait on); the
  // site build and the browser tests' fixture site fill it. No unit test reads either build.
  [
    [['unit tests', npmRun('test:unit')]],
    [
      ['site build', npmRun('build', '-w', 'site')],
      ['fixture site build', npmRun('build:fixture', '-w', 'e2e')],
    ],
  ],
  // The fixture site is built by now, so the browser tests serve it instead of building it again.
  [[['browser tests', npmRun('test:e2e'), { E2E_FIXTURE_PREBUILT: '1' }]]],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * CPU seconds this machine has spent busy since it started, from /proc/stat on Linux; undefined
 * elsewhere, where only wall time is shown. The whole machine, not this process's children: a
 * browser's renderers are reaped by the browser's own helper, so a child's counters miss most of the
 * browser tests' work. On CI nothing else runs, so the difference across a step is that step's.
 */
function machineCpuSeconds() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: all but idle and iowait are busy, in clock
    // ticks of 100 a second on every Linux Node supports.
    const [user, nice, system, , , irq, softirq, steal = 0] = ticks;
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return undefined;
  }
}

const seconds = (value) => `${value.toFixed(0)} s`;

function describe(step) {
  const wall = `${step.name}: ${seconds(step.wall)}`;
  if (step.cpu === undefined) return wall;
  return `${wall}, CPU ${seconds(step.cpu)} (${(step.cpu / Math.max(step.wall, 0.001)).toFixed(1)} cores busy)`;
}

/** Runs one step, with `env` added to this process's; `held` collects its output instead of printing it. Resolves with its exit status. */
function run(args, held, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(npm, args, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    if (held) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    }
    child.on('error', (error) => resolve({ reason: error.message }));
    child.on('close', (code, signal) => resolve(code === 0 ? {} : { reason: `exit code ${code ?? signal}` }));
  });
}

/**
 * Runs a lane's steps one after another, stopping at the first failure. CPU time is per step only
 * when the lane runs alone: two lanes share the machine's total.
 */
async function runLane(lane, { held, alone }) {
  const steps = [];
  for (const [name, args, env] of lane) {
    const wallStart = Date.now();
    const cpuStart = alone ? machineCpuSeconds() : undefined;
    const outcome = await run(args, held, env);
    const cpuEnd = alone ? machineCpuSeconds() : undefined;
    const step = {
      name,
      wall: (Date.now() - wallStart) / 1000,
      cpu: cpuStart === undefined || cpuEnd === undefined ? undefined : cpuEnd - cpuStart,
    };
    steps.push(step);
    const line = `\nnpm test step ${describe(step)}.\n`;
    if (held) held.push(Buffer.from(line));
    else console.log(line);
    if (outcome.reason) return { steps, failed: { name, reason: outcome.reason } };
  }
  return { steps };
}

const done = [];
const started = Date.now();
let failed;
for (const lanes of PHASES) {
  const alone = lanes.length === 1;
  const cpuStart = machineCpuSeconds();
  const wallStart = Date.now();
  const results = await Promise.all(
    lanes.map(async (lane, index) => {
      const held = index === 0 ? undefined : [];
      const result = await runLane(lane, { held, alone });
      if (held) process.stdout.write(Buffer.concat(held));
      return result;
    }),
  );
  for (const result of results) done.push(...result.steps);
  if (!alone) {
    const cpuEnd = machineCpuSeconds();
    const phase = {
      name: `(${lanes.map((lane) => lane.map(([name]) => name).join(', ')).join(' beside ')})`,
      wall: (Date.now() - wallStart) / 1000,
      cpu: cpuStart === undefined || cpuEnd === undefined ? undefined : cpuEnd - cpuStart,
    };
    done.push(phase);
  }
  failed = results.find((result) => result.failed)?.failed;
  if (failed) break;
}

console.log('npm test, time per step:');
for (const step of done) console.log(`  ${describe(step)}`);
console.log(`  total: ${seconds((Date.now() - started) / 1000)}`);
if (failed) {
  console.error(`\nThe step "${failed.name}" failed (${failed.reason}); its output above says why. Later steps did not run.`);
  process.exit(1);
}
