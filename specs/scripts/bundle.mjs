// Bundles each multi-file contract into one self-contained document under specs/dist/,
// which the site serves for download and the contracts package generates types from.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, loadConfig } from '@redocly/openapi-core';
import { Document, Scalar, visit } from 'yaml';

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

// Plain scalars that a YAML 1.1 loader (PyYAML, js-yaml's default schema, SnakeYAML, the `yaml`
// package with version 1.1) resolves to something other than a string, per the YAML 1.1 type
// repository (yaml.org/type): booleans, ints (octal, binary, sexagesimal, underscores), floats,
// null, timestamps, merge and value keys. The YAML 1.2 core rules are the stringifier's own.
const YAML_1_1_NON_STRINGS = [
  /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/,
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/,
  /^(?:[-+]?(?:[0-9][0-9_]*)?\.[0-9_.]*(?:[eE][-+]?[0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|[-+]?[0-9][0-9_]*[eE][-+]?[0-9]+)$/,
  /^(?:~|null|Null|NULL|)$/,
  /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*Z|[ \t]*[-+][0-9]{1,2}(?::?[0-9]{2})?)?)$/,
  /^(?:<<|=)$/,
];

/** True when a YAML 1.1 loader would read `value`, written as a plain scalar, as anything but that string. */
export function isAmbiguousInYaml11(value) {
  return YAML_1_1_NON_STRINGS.some((pattern) => pattern.test(value));
}

/**
 * The YAML form of a bundled contract. Strings a YAML 1.1 loader would turn into dates, booleans or
 * numbers are double-quoted, so YAML 1.1 and 1.2 loaders read the same document as the JSON bundle.
 */
export function toYaml(doc) {
  const document = new Document(doc);
  visit(document, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && isAmbiguousInYaml11(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return document.toString({ lineWidth: 0 });
}

export function toJson(doc) {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** Bundles one contract and writes `<api>.json` and `<api>.yaml` into `outDir`. */
export async function writeBundle(api, outDir) {
  const doc = await bundleSpec(api);
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, `${api}.json`), toJson(doc));
  await writeFile(join(outDir, `${api}.yaml`), toYaml(doc));
}

async function main() {
  const outDir = join(specsDir, 'dist');
  for (const api of API_NAMES) {
    await writeBundle(api, outDir);
    console.log(`bundled specs/dist/${api}.yaml`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
