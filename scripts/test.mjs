// `npm test`: every check, one step after another, stopping at the first that fails. Each step
// prints its wall time and the CPU time it used (on Linux), and a table of all of them closes the
// run, so a slow run shows where its time went without a profiler.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const STEPS = [
  ['lint', ['run', 'lint']],
  ['contracts diff', ['run', 'contracts:diff']],
  ['specs bundle', ['run', 'specs:bundle']],
  ['pack', ['run', 'pack']],
  ['collections', ['run', 'collections']],
  ['unit tests', ['run', 'test:unit']],
  ['site build', ['run', 'build', '-w', 'site']],
  ['browser tests', ['run', 'test:e2e']],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * CPU seconds used so far by this process's finished children (and theirs, once waited for), from
 * /proc on Linux; undefined elsewhere, where only wall time is shown.
 */
function childCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime are fields 16 and 17 of the whole line, counted in clock ticks (100 a second
    // on every Linux Node supports).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

const seconds = (value) => `${value.toFixed(0)} s`;

function describe(step) {
  if (step.cpu === undefined) return `${step.name}: ${seconds(step.wall)}`;
  return `${step.name}: ${seconds(step.wall)}, CPU ${seconds(step.cpu)} (${(step.cpu / Math.max(step.wall, 0.001)).toFixed(1)} cores busy)`;
}

const done = [];
const started = Date.now();
let failed;
for (const [name, args] of STEPS) {
  const wallStart = Date.now();
  const cpuStart = childCpuSeconds();
  const result = spawnSync(npm, args, { stdio: 'inherit' });
  const cpuEnd = childCpuSeconds();
  const step = {
    name,
    wall: (Date.now() - wallStart) / 1000,
    cpu: cpuStart === undefined || cpuEnd === undefined ? undefined : cpuEnd - cpuStart,
  };
  done.push(step);
  console.log(`\nnpm test step ${describe(step)}.\n`);
  if (result.status !== 0) {
    failed = { name, reason: result.error ? result.error.message : `exit code ${result.status ?? result.signal}` };
    break;
  }
}

console.log('npm test, time per step:');
for (const step of done) console.log(`  ${describe(step)}`);
console.log(`  total: ${seconds((Date.now() - started) / 1000)}`);
if (failed) {
  console.error(`\nThe step "${failed.name}" failed (${failed.reason}); its output above says why. Later steps did not run.`);
  process.exit(1);
}
