// Type-checks every TypeScript project of the workspace, as many at once as the machine has cores
// (tsc is single-threaded, so one after another leaves a core idle). Each project's errors are
// printed together once it finishes; the exit code is 1 when any project has errors.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';

const PROJECTS = [
  'site',
  'packages/contracts',
  'packages/cli',
  'examples/pos',
  'examples/dsp',
  'examples/events',
  'e2e',
  'scripts/collections',
  'packages/console',
  'site/samples',
];

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, code, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const queue = [...PROJECTS];
const failed = [];
async function worker() {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    const result = await check(project);
    if (result.code === 0) {
      console.log(`tsc -p ${project}: no errors (${result.seconds.toFixed(1)} s)`);
    } else {
      failed.push(project);
      console.log(`tsc -p ${project}: errors (${result.seconds.toFixed(1)} s)\n${result.output}`);
    }
  }
}

await Promise.all(Array.from({ length: Math.min(availableParallelism(), PROJECTS.length) }, worker));
if (failed.length > 0) {
  console.error(`Type errors in ${failed.join(', ')}; fix them and run npm run typecheck again.`);
  process.exit(1);
}
