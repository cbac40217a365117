// Writes the collections into dist/collections/ (the site publishes them under /downloads/):
//   node --import tsx scripts/collections/build.ts [--out <dir>]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCollections } from './generate.js';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? resolve(process.argv[outIndex + 1] ?? '') : join(root, 'dist', 'collections');
try {
  const files = generateCollections();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const [name, content] of files) writeFileSync(join(out, name), content);
  console.log(`Wrote ${files.size} collection files to ${out}: ${[...files.keys()].join(', ')}`);
} catch (error) {
  console.error(`Could not generate the collections: ${(error as Error).message}\nRun npm run specs:bundle first if specs/dist is missing.`);
  process.exitCode = 1;
}
