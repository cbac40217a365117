// Builds the fixture site (once per run) and serves it like the real site is served.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', '.fixture-site', 'build');
const docusaurus = join(here, '..', '..', 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');

// The server bundle is CommonJS; without this marker Node would read it as ESM, because
// the e2e package is "type": "module".
mkdirSync(join(outDir, '..'), { recursive: true });
writeFileSync(join(outDir, '..', 'package.json'), '{ "type": "commonjs" }\n');

const result = spawnSync(process.execPath, [docusaurus, 'build', here, '--out-dir', outDir], {
  stdio: 'inherit',
});
if (result.status !== 0) {
  console.error('The e2e fixture site failed to build; see the output above.');
  process.exit(result.status ?? 1);
}
const port = Number(process.env.PORT ?? 3101);
await startServer({ root: outDir, port });
console.log(`Fixture site at http://127.0.0.1:${port}/`);
