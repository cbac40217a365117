// The YAML download must read as the same document as the JSON download with the YAML 1.1 loaders
// partners' tools use (PyYAML, js-yaml, SnakeYAML), which turn plain `2025-06-02T14:31:07Z`,
// `yes` or `0755` into dates, booleans and numbers.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { toYaml, writeBundle } from '../scripts/bundle.mjs';
import { API_NAMES, type ApiName } from './support';

type Loader = (text: string) => unknown;

// js-yaml is a dependency of the specs workspace; PyYAML is Debian's python3-yaml (`.ci/run`
// installs it). A loader that is missing fails its tests with how to install it: a skipped loader
// would pass while checking nothing.
function jsYamlLoad(text: string): unknown {
  return (createRequire(import.meta.url)('js-yaml') as { load: Loader }).load(text);
}

/** The first python3 that can import yaml: the one on PATH, else Debian's. */
const python = ['python3', '/usr/bin/python3'].find((candidate) => spawnSync(candidate, ['-c', 'import yaml'], { stdio: 'ignore' }).status === 0);

/** PyYAML's safe_load, printed back as JSON; a value JSON cannot hold (a date) fails the dump. */
function pyYamlLoad(text: string): unknown {
  if (python === undefined) throw new Error('No python3 with PyYAML was found. Install it with: apt-get install -y python3-yaml');
  const script = 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)';
  return JSON.parse(execFileSync(python, ['-c', script], { input: text, encoding: 'utf8', maxBuffer: 64 << 20 }));
}

const loaders: Array<[string, Loader]> = [
  ["the yaml package in YAML 1.1 mode (timestamps on)", (text) => parse(text, { version: '1.1' })],
  ['the yaml package in YAML 1.2 mode', (text) => parse(text)],
  ["js-yaml's default schema", jsYamlLoad],
  ['PyYAML safe_load', pyYamlLoad],
];

/** JSON pointers where two documents differ, with both values, for a readable failure. */
function differences(expected: unknown, actual: unknown, pointer = '', out: string[] = []): string[] {
  if (Object.is(expected, actual)) return out;
  const isPlainObject = (v: unknown) => v !== null && typeof v === 'object' && !(v instanceof Date);
  if (isPlainObject(expected) && isPlainObject(actual) && Array.isArray(expected) === Array.isArray(actual)) {
    const a = expected as Record<string, unknown>;
    const b = actual as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) differences(a[key], b[key], `${pointer}/${key}`, out);
    return out;
  }
  out.push(`${pointer || '(root)'}: JSON has ${JSON.stringify(expected)}, YAML gives ${actual instanceof Date ? `Date ${actual.toISOString()}` : JSON.stringify(actual)}`);
  return out;
}

describe('the bundled YAML contracts', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'specs-dist-'));
    for (const api of API_NAMES) await writeBundle(api, outDir);
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  describe.each(loaders)('read with %s', (_name, load) => {
    it.each(API_NAMES)('give the same %s document as the JSON bundle', (api: ApiName) => {
      const json = JSON.parse(readFileSync(join(outDir, `${api}.json`), 'utf8'));
      const yamlDoc = load(readFileSync(join(outDir, `${api}.yaml`), 'utf8'));
      expect(differences(json, yamlDoc)).toEqual([]);
    });
  });

  it('quote every string a YAML 1.1 loader would read as a date, boolean, number or null', () => {
    const tricky = {
      timestamps: ['2025-06-02T14:31:07Z', '2025-06-02', '2025-6-2 14:31:07 +02:00', '2001-12-14t21:59:43.10-05:00'],
      booleans: ['yes', 'No', 'ON', 'off', 'y', 'N', 'true'],
      numbers: ['0755', '0b1010', '0x1F', '1_000', '190:20:30', '1:20.5', '3.1.0', '1e3', '.5', '-.inf', '.NaN', '0o17'],
      nulls: ['~', 'null', 'NULL', ''],
      keys: { '200': 'OK', yes: 'key', '2025-01-01': 'date key', '<<': 'merge', '=': 'value' },
      plain: ['hello', 'order.created', 'v1.0', '12a'],
    };
    const text = toYaml(tricky);
    const available = loaders.filter((entry): entry is [string, Loader] => entry[1] !== undefined);
    for (const [name, load] of available) {
      expect(differences(tricky, load(text)), name).toEqual([]);
    }
    // Strings no loader reads as anything else stay plain, so the file stays readable.
    expect(text).toContain('- hello\n');
    expect(text).toContain('- order.created\n');
  });
});
