// Bundles each multi-file contract into one self-contained document under specs/dist/,
// which the site serves for download and the contracts package generates types from.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, loadConfig } from '@redocly/openapi-core';
import { stringify } from 'yaml';

const specsDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const API_NAMES = ['partner', 'dsp', 'pos', 'events'];

export async function bundleSpec(api) {
  const config = await loadConfig({ configPath: join(specsDir, '..', 'redocly.yaml') });
  const { bundle: result, problems } = await bundle({
    ref: join(specsDir, api, 'openapi.yaml'),
    config,
  });
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    const detail = errors.map((p) => `  - ${p.message} (${p.location?.[0]?.pointer ?? 'unknown location'})`).join('\n');
    throw new Error(`Could not bundle specs/${api}/openapi.yaml:\n${detail}\nFix the references above, then run npm run specs:bundle again.`);
  }
  return result.parsed;
}

async function main() {
  const outDir = join(specsDir, 'dist');
  await mkdir(outDir, { recursive: true });
  for (const api of API_NAMES) {
    const doc = await bundleSpec(api);
    await writeFile(join(outDir, `${api}.json`), `${JSON.stringify(doc, null, 2)}\n`);
    await writeFile(join(outDir, `${api}.yaml`), stringify(doc, { lineWidth: 0 }));
    console.log(`bundled specs/dist/${api}.yaml`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
