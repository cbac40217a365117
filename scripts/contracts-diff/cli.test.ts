// Runs `npm run contracts:diff`'s script on a scratch copy of the contracts and their releases.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { cachedModule } from '../cached-module.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The script at `entry`, compiled once with esbuild (the compiler tsx runs) into one ES module that
 * plain node runs, its packages from node_modules: starting tsx for each run cost about 0.7
 * CPU-seconds, nearly half of what a run took. Every run names its specs folder, so no path depends
 * on where the module lies. Named by its content, under the repository so node finds the packages.
 */
async function compiled(entry: string): Promise<string> {
  const built = await build({ entryPoints: [join(ROOT, 'scripts', 'contracts-diff', entry)], bundle: true, write: false, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent' });
  return cachedModule({ folder: 'contracts-diff', code: built.outputFiles[0]!.contents });
}

let cli: Promise<string> | undefined;
let releaseCli: Promise<string> | undefined;

let scratch: string;

/** A contract's version as the repository holds it, and the next minor and major, so the tests survive real releases. */
function versions(api: string): { minor: string; major: string } {
  const match = /^ {2}version: (\d+)\.(\d+)\.\d+$/m.exec(readFileSync(join(ROOT, 'specs', api, 'openapi.yaml'), 'utf8'));
  if (match === null) throw new Error(`specs/${api}/openapi.yaml has no info.version`);
  return { minor: `${match[1]}.${Number(match[2]) + 1}.0`, major: `${Number(match[1]) + 1}.0.0` };
}
const POS = versions('pos');
const DSP = versions('dsp');
const escaped = (version: string) => version.replaceAll('.', '\\.');

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const script = await (cli ??= compiled('cli.ts'));
  return new Promise((done) => {
    execFile(process.execPath, [script, '--specs-dir', join(scratch, 'specs'), ...args], { cwd: ROOT }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Applies `edit` to one file of the scratch copy for the length of `body`. */
async function withEdit<T>(file: string, edit: (text: string) => string, body: () => Promise<T>): Promise<T> {
  const path = join(scratch, file);
  const original = readFileSync(path, 'utf8');
  const edited = edit(original);
  expect(edited).not.toBe(original);
  writeFileSync(path, edited);
  try {
    return await body();
  } finally {
    writeFileSync(path, original);
  }
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'contracts-diff-'));
  cpSync(join(ROOT, 'specs'), join(scratch, 'specs'), { recursive: true, filter: (source) => !/[/\\](dist|node_modules|test)$/.test(source) });
  cpSync(join(ROOT, 'redocly.yaml'), join(scratch, 'redocly.yaml'));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Each test starts Node once or twice; on a loaded two-core machine one start of Node and tsx took 15 s.
describe('npm run contracts:diff on a scratch copy of the contracts', { timeout: 120_000 }, () => {
  it('passes when the working copies match their releases', async () => {
    const result = await run('dsp', 'pos');
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Every breaking change is announced (2 contracts checked).');
    expect(result.code).toBe(0);
  });

  it('exits 1 and names the operation when an operation is removed', async () => {
    const result = await withEdit(
      'specs/dsp/openapi.yaml',
      (text) => text.replace('  /stream-dsp/v1/menuFileS3Url:\n    $ref: ./paths/menu-file-s3-url.yaml\n', ''),
      () => run('dsp'),
    );
    expect(result.stdout).toContain('breaking    Operation `GET /stream-dsp/v1/menuFileS3Url` (`getMenuFile`) removed');
    expect(result.stdout).toContain('Breaking change not announced');
    expect(result.code).toBe(1);
  });

  it('exits 1 and names the field when a required field of an answer is removed', async () => {
    const result = await withEdit(
      'specs/dsp/components/schemas/LocationList.yaml',
      (text) => text.replace(/^required:\n(?: {2}- .*\n)+/m, ''),
      async () => {
        const schema = readFileSync(join(scratch, 'specs/dsp/components/schemas/LocationList.yaml'), 'utf8');
        const field = /^properties:\n {2}(\w+):/m.exec(schema)?.[1];
        expect(field).toBeDefined();
        return withEdit('specs/dsp/components/schemas/LocationList.yaml', (text) => text.replace(new RegExp(`^ {2}${field}:\\n(?: {4}.*\\n)+`, 'm'), ''), () => run('dsp', '--json'));
      },
    );
    const report = JSON.parse(result.stdout) as { ok: boolean; contracts: { changes: { kind: string; breaking: boolean; key: string }[] }[] };
    expect(report.ok).toBe(false);
    expect(report.contracts[0].changes).toContainEqual(expect.objectContaining({ kind: 'field-removed', breaking: true, key: expect.stringMatching(/^schema:LocationList\.\w+$/) }));
    expect(result.code).toBe(1);
  });

  it('exits 1 and names the value when an enum value a POS sends is removed', async () => {
    const result = await withEdit('specs/common/components/schemas/OrderErrorCode.yaml', (text) => text.replace('  - pos_offline\n', ''), () => run('pos'));
    expect(result.stdout).toContain('breaking    `OrderErrorCode` value `"pos_offline"` removed');
    expect(result.code).toBe(1);
  });

  it('passes, listing it as compatible, when an optional field is added', async () => {
    const result = await withEdit(
      'specs/pos/components/schemas/Category.yaml',
      (text) => text.replace(/^properties:\n/m, 'properties:\n  display_color:\n    type: string\n    description: Colour of the category tile.\n'),
      () => run('pos'),
    );
    expect(result.stdout).toContain('compatible  `Category.display_color` added (optional)');
    expect(result.stdout).toContain(`Not released yet: these changes need version ${POS.minor} or later`);
    expect(result.code).toBe(0);
  });

  it('exits 2 with what to do for an unknown contract or option', async () => {
    const unknownApi = await run('dps');
    expect(unknownApi.code).toBe(2);
    expect(unknownApi.stderr).toContain('Unknown contract: dps. Choose from partner, dsp, pos, events.');
    const unknownOption = await run('--colour');
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toContain('--help');
  });

  it('exits 2 naming the file when a contract cannot be read', async () => {
    const result = await withEdit('specs/events/openapi.yaml', (text) => text.replace(/\$ref: \.\/paths\/event\.yaml/, '$ref: ./paths/missing.yaml'), () => run('events'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('openapi.yaml');
  });
});

describe('npm run contracts:release on a scratch copy of the contracts', { timeout: 120_000 }, () => {
  let copy: string;

  async function release(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const script = await (releaseCli ??= compiled('release.ts'));
    return new Promise((done) => {
      execFile(process.execPath, [script, '--specs-dir', join(copy, 'specs'), ...args], { cwd: ROOT }, (error, stdout, stderr) => {
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      });
    });
  }

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'contracts-release-'));
    cpSync(join(ROOT, 'specs'), join(copy, 'specs'), { recursive: true, filter: (source) => !/[/\\](dist|node_modules|test)$/.test(source) });
    cpSync(join(ROOT, 'redocly.yaml'), join(copy, 'redocly.yaml'));
  });

  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('cuts a minor release for an optional field: version, date, snapshot and manifest entry with the change', async () => {
    const category = join(copy, 'specs/pos/components/schemas/Category.yaml');
    writeFileSync(category, readFileSync(category, 'utf8').replace(/^properties:\n/m, 'properties:\n  display_color:\n    type: string\n'));
    const result = await release('pos', POS.minor, '--date', '2026-12-01', '--summary', 'Categories may carry a display colour.');
    expect(result.stderr).toBe('');
    // The working copy may hold compatible changes not yet released (they may land before their release); they ride along.
    expect(result.stdout).toMatch(new RegExp(`Released pos ${escaped(POS.minor)} \\(2026-12-01\\) with \\d+ changes?\\.`));
    expect(result.code).toBe(0);
    expect(readFileSync(join(copy, 'specs/pos/openapi.yaml'), 'utf8')).toMatch(new RegExp(`^ {2}version: ${escaped(POS.minor)}\\n {2}x-release-date: '2026-12-01'$`, 'm'));
    const manifest = JSON.parse(readFileSync(join(copy, 'specs/releases/pos/releases.json'), 'utf8')) as { releases: { version: string; changes: { key: string }[] }[] };
    expect(manifest.releases[0]).toMatchObject({ version: POS.minor, changes: expect.arrayContaining([expect.objectContaining({ key: 'schema:Category.display_color' })]) });
    const snapshot = JSON.parse(readFileSync(join(copy, `specs/releases/pos/${POS.minor}.json`), 'utf8')) as { info: Record<string, string> };
    expect(snapshot.info).toMatchObject({ version: POS.minor, 'x-release-date': '2026-12-01' });
    const recut = await release('--recut', 'pos');
    expect(recut.stdout).toContain(`pos ${POS.minor}: already up to date.`);
  });

  it('refuses a minor version for a breaking change and leaves the contract as it was', async () => {
    const root = join(copy, 'specs/dsp/openapi.yaml');
    const before = readFileSync(root, 'utf8').replace('  /stream-dsp/v1/menuFileS3Url:\n    $ref: ./paths/menu-file-s3-url.yaml\n', '');
    writeFileSync(root, before);
    const result = await release('dsp', DSP.minor, '--date', '2026-12-01', '--summary', 'Menu files go.');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`need a major version: ${DSP.major} or later, not ${DSP.minor}`);
    expect(readFileSync(root, 'utf8')).toBe(before);
    const recut = await release('--recut', 'dsp');
    expect(recut.code).toBe(1);
    expect(recut.stderr).toContain('--replace');
  });

  it('exits 2 with what to give when the date or summary is missing', async () => {
    const result = await release('events', '1.1.0', '--summary', 'x');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Give the release date: --date YYYY-MM-DD.');
  });
});
