// Builds the fixture site (once per run) and serves it like the real site is served.
//
// The port opens at once and the build runs behind it, at a lower priority: the other browser
// tests start straight away instead of waiting for it (it took 15 to 50 s of a run's wall time),
// and a request that comes before the build is done waits for it (or gets the build's failure).
// `npm test` builds it earlier instead (`--build-only`, beside the unit tests, which leave a core
// idle now and then) and sets E2E_FIXTURE_PREBUILT=1 for the browser tests, which then serve that
// build as it is.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticHandler } from '../../scripts/serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '.fixture-site', 'build');
const docusaurus = join(here, '..', '..', 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');

/** Runs the Docusaurus build; resolves with null when it succeeded, else with what went wrong. */
function build() {
  // The server bundle is CommonJS; without this marker Node would read it as ESM, because
  // the e2e package is "type": "module".
  mkdirSync(join(outDir, '..'), { recursive: true });
  writeFileSync(join(outDir, '..', 'package.json'), '{ "type": "commonjs" }\n');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [docusaurus, 'build', here, '--out-dir', outDir], { stdio: 'inherit' });
    try {
      // Below the browsers the tests drive, so the build takes the time they leave idle.
      setPriority(child.pid, 10);
    } catch {
      // Not allowed on this system: the build then runs at normal priority, which is only slower for the others.
    }
    child.on('error', (error) => resolve(`the build could not start: ${error.message}`));
    child.on('exit', (code, signal) => resolve(code === 0 ? null : `the build exited with ${signal ?? `code ${code}`}; see its output above`));
  });
}

if (process.argv.includes('--build-only')) {
  const failure = await build();
  if (failure) console.error(`The e2e fixture site failed to build: ${failure}.`);
  process.exit(failure ? 1 : 0);
}

const prebuilt = process.env.E2E_FIXTURE_PREBUILT === '1' && existsSync(join(outDir, 'index.html'));
const built = prebuilt
  ? Promise.resolve(null)
  : build().then((failure) => {
      if (failure) console.error(`The e2e fixture site failed to build: ${failure}.`);
      else console.log('The e2e fixture site is built.');
      return failure;
    });
const serve = staticHandler({ root: outDir });

const server = createServer(async (req, res) => {
  const failure = await built;
  if (failure) {
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`The e2e fixture site failed to build: ${failure}.\n`);
    return;
  }
  await serve(req, res);
});
const port = Number(process.env.PORT ?? 3101);
server.listen(port, '127.0.0.1', () => console.log(`Fixture site at http://127.0.0.1:${port}/ (answering once built)`));
