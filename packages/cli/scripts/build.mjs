// Builds dist/cli.js (and beside it the chunks it loads on demand): ESM with @stream-partner/contracts compiled in (it is not on the
// public registry, so the tarball must carry it), and copies the bundled contracts to openapi/.
// Third-party dependencies stay external and install from the registry.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

mkdirSync(join(root, 'openapi'), { recursive: true });
for (const api of ['partner', 'dsp', 'pos', 'events']) {
  try {
    cpSync(join(root, '..', '..', 'specs', 'dist', `${api}.json`), join(root, 'openapi', `${api}.json`));
  } catch (error) {
    console.error(`Could not copy specs/dist/${api}.json (${error.message}). Run npm run specs:bundle first.`);
    process.exit(1);
  }
}

// Code reached only through `await import()` (the sandbox and Fastify, certify, the MCP server and its
// SDK) goes into chunks of its own, so each command loads what it uses and no more. The chunks sit
// beside cli.js: modules find the package's files (package.json, openapi/, the docs corpus) from their own URL.
for (const name of existsSync(join(root, 'dist')) ? readdirSync(join(root, 'dist')) : []) {
  if (name.endsWith('.js')) rmSync(join(root, 'dist', name));
}
await build({
  entryPoints: [join(root, 'src', 'cli.ts')],
  outdir: join(root, 'dist'),
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: Object.keys(pkg.dependencies),
  alias: { '@stream-partner/contracts': join(root, '..', 'contracts', 'src', 'index.ts') },
  // Some bundled CommonJS helpers call require(); give ESM output one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
// The sandbox console (packages/console, built by Vite) ships inside the package, next to cli.js.
const consoleBuild = join(root, '..', 'console', 'dist');
if (!existsSync(join(consoleBuild, 'index.html'))) {
  console.error('The sandbox console is not built. Run npm run build -w packages/console first (npm run pack does).');
  process.exit(1);
}
rmSync(join(root, 'dist', 'console'), { recursive: true, force: true });
cpSync(consoleBuild, join(root, 'dist', 'console'), { recursive: true });
// The docs corpus `stream-partner mcp` serves offline: every page's Markdown copy and its search
// index, written by the site's llms plugin code so the agent reads what the site publishes.
const corpus = spawnSync(process.execPath, ['--import', 'tsx', join(root, '..', '..', 'site', 'plugins', 'llms', 'agentCorpus.ts'), join(root, 'dist', 'docs')], { stdio: 'inherit' });
if (corpus.status !== 0) {
  console.error('Could not write the docs corpus for stream-partner mcp (see above).');
  process.exit(1);
}
console.log('built packages/cli/dist/cli.js, copied the console to packages/cli/dist/console and wrote the docs corpus to packages/cli/dist/docs');
