// npm run contracts:release -- <api> <version> --date YYYY-MM-DD --summary "…": cuts a release.
// Sets info.version and info.x-release-date in specs/<api>/openapi.yaml, snapshots the bundle to
// specs/releases/<api>/<version>.json and adds the manifest entry with the generated change list.
// --recut re-snapshots the latest release of each contract after a merge, keeping its version.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { diffContracts, requiredBump } from './diff.js';
import {
  API_NAMES,
  applyCorrections,
  bumpBetween,
  bumpCovers,
  bundleContract,
  checkGate,
  compareVersions,
  ContractsError,
  isDate,
  manifestFile,
  nextVersion,
  parseVersion,
  readManifest,
  readSnapshot,
  snapshotFile,
  type ApiName,
  type Manifest,
  type Paths,
} from './releases.js';
import { DEFAULT_PATHS } from './report.js';

const HELP = `Usage: npm run contracts:release -- <api> <version> --date YYYY-MM-DD --summary "…" [options]
       npm run contracts:release -- --recut [api...]

Cuts a release of one contract: sets info.version and info.x-release-date in
specs/<api>/openapi.yaml, writes the bundled contract to specs/releases/<api>/<version>.json and
adds the release, with its generated change list, to specs/releases/<api>/releases.json.
Refuses a version smaller than the changes need (breaking → major) and a breaking change with no
deprecation entry. --recut re-snapshots each contract's latest release after a merge, keeping its
version and date, and fails if the merged changes need a higher version.

Options:
  --date <YYYY-MM-DD>   the day the version takes effect (required for a new release)
  --summary <text>      one sentence for the changelog and the feed (required for a new release)
  --replace             replace the latest release instead of adding one after it
  --recut               re-snapshot the latest release of the given contracts (default: all)
  --specs-dir <dir>     folder holding <api>/openapi.yaml (default: specs)
  --releases-dir <dir>  folder holding the releases (default: specs/releases)
  --config <file>       Redocly configuration for bundling (default: redocly.yaml)
  -h, --help            show this help

Examples:
  npm run contracts:release -- dsp 2.0.0 --date 2026-11-26 --summary "Removes the v1 menu file."
  npm run contracts:release -- --recut
`;

const toJson = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;

/** Sets `version` and `x-release-date` in the root file's `info` block, leaving the rest as written. */
export function setReleaseInfo(yaml: string, version: string, date: string): string {
  const lines = yaml.split('\n');
  const start = lines.findIndex((line) => /^info:\s*$/.test(line));
  if (start < 0) throw new ContractsError('spec_unreadable', 'The root file has no top-level info: block.');
  let end = start + 1;
  while (end < lines.length && (lines[end] === '' || /^\s/.test(lines[end]))) end++;
  const block = lines.slice(start + 1, end).filter((line) => !/^ {2}x-release-date:/.test(line));
  const at = block.findIndex((line) => /^ {2}version:/.test(line));
  if (at < 0) throw new ContractsError('spec_unreadable', 'The info block has no version: line.');
  block.splice(at, 1, `  version: ${version}`, `  x-release-date: '${date}'`);
  return [...lines.slice(0, start + 1), ...block, ...lines.slice(end)].join('\n');
}

function writeManifest(paths: Paths, manifest: Manifest) {
  mkdirSync(join(paths.releasesDir, manifest.api), { recursive: true });
  writeFileSync(manifestFile(paths, manifest.api), toJson(manifest));
}

interface CutOptions {
  paths: Paths;
  api: ApiName;
  version: string;
  date: string;
  summary: string;
  replace: boolean;
}

async function cut({ paths, api, version, date, summary, replace }: CutOptions): Promise<string> {
  parseVersion(version);
  if (!isDate(date)) throw new ContractsError('bad_date', `--date must be a YYYY-MM-DD date, not "${date}".`);
  const first = !existsSync(manifestFile(paths, api));
  const manifest: Manifest = first ? { api, releases: [], deprecations: [], corrections: [] } : readManifest(paths, api);
  if (replace && manifest.releases.length > 0) manifest.releases.shift();
  const previous = manifest.releases[0];
  if (previous && compareVersions(version, previous.version) <= 0) {
    throw new ContractsError('bad_version', `${version} is not newer than the last ${api} release, ${previous.version}.`);
  }

  const rootFile = join(paths.specsDir, api, 'openapi.yaml');
  const original = readFileSync(rootFile, 'utf8');
  writeFileSync(rootFile, setReleaseInfo(original, version, date));
  try {
    const bundled = await bundleContract(paths, api);
    const changes = previous ? applyCorrections(diffContracts({ before: readSnapshot(paths, api, previous.version), after: bundled }), manifest.corrections, version) : [];
    if (previous) {
      const needed = requiredBump(changes);
      if (!bumpCovers(bumpBetween(previous.version, version), needed)) {
        throw new ContractsError('version_too_small', `The changes since ${previous.version} need a ${needed} version: ${nextVersion(previous.version, needed)} or later, not ${version}. Run npm run contracts:diff -- ${api} to see them.`);
      }
      const gate = checkGate({ api, manifest: { ...manifest, releases: [previous, ...manifest.releases.slice(1)] }, version, date, changes, working: bundled });
      if (!gate.ok) throw new ContractsError('gate', `Cannot release ${api} ${version}:\n  - ${gate.problems.join('\n  - ')}`);
    }
    mkdirSync(join(paths.releasesDir, api), { recursive: true });
    writeFileSync(snapshotFile(paths, api, version), toJson(bundled));
    manifest.releases.unshift({ version, date, summary, changes });
    writeManifest(paths, manifest);
    return `Released ${api} ${version} (${date}) with ${changes.length} change${changes.length === 1 ? '' : 's'}${changes.some((c) => c.breaking) ? ', breaking' : ''}.`;
  } catch (error) {
    writeFileSync(rootFile, original);
    throw error;
  }
}

/** Re-snapshots the latest release when the working copy still says its version; reports what it did. */
async function recut(paths: Paths, api: ApiName): Promise<string> {
  const manifest = readManifest(paths, api);
  const [latest, previous] = manifest.releases;
  const bundled = await bundleContract(paths, api);
  const info = (bundled.info ?? {}) as Record<string, unknown>;
  if (info.version !== latest.version) {
    throw new ContractsError('recut_mismatch', `specs/${api}/openapi.yaml says ${String(info.version)}, the latest ${api} release is ${latest.version}: cut a release instead (npm run contracts:release -- ${api} <version> --date YYYY-MM-DD --summary "…").`);
  }
  const snapshot = toJson(bundled);
  const file = snapshotFile(paths, api, latest.version);
  const changes = previous ? applyCorrections(diffContracts({ before: readSnapshot(paths, api, previous.version), after: bundled }), manifest.corrections, latest.version) : [];
  if (previous) {
    const needed = requiredBump(changes);
    if (!bumpCovers(bumpBetween(previous.version, latest.version), needed)) {
      throw new ContractsError(
        'version_too_small',
        `${api}: the merged changes since ${previous.version} need a ${needed} version, so ${latest.version} no longer fits. Replace the release: npm run contracts:release -- ${api} ${nextVersion(previous.version, needed)} --date ${latest.date} --summary "…" --replace`,
      );
    }
    const gate = checkGate({ api, manifest: { ...manifest, releases: manifest.releases.slice(1) }, version: latest.version, date: latest.date, changes, working: bundled });
    if (!gate.ok) throw new ContractsError('gate', `Cannot re-cut ${api} ${latest.version}:\n  - ${gate.problems.join('\n  - ')}`);
  }
  const unchanged = existsSync(file) && readFileSync(file, 'utf8') === snapshot && JSON.stringify(latest.changes) === JSON.stringify(changes);
  if (unchanged) return `${api} ${latest.version}: already up to date.`;
  writeFileSync(file, snapshot);
  latest.changes = changes;
  writeManifest(paths, manifest);
  return `${api} ${latest.version}: re-cut with ${changes.length} change${changes.length === 1 ? '' : 's'}.`;
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        date: { type: 'string' },
        summary: { type: 'string' },
        replace: { type: 'boolean' },
        recut: { type: 'boolean' },
        'specs-dir': { type: 'string' },
        'releases-dir': { type: 'string' },
        config: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new ContractsError('usage', (error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const specsDir = values['specs-dir'] ? resolve(values['specs-dir']) : DEFAULT_PATHS.specsDir;
  const paths: Paths = {
    specsDir,
    releasesDir: values['releases-dir'] ? resolve(values['releases-dir']) : values['specs-dir'] ? resolve(specsDir, 'releases') : DEFAULT_PATHS.releasesDir,
    configFile: values.config ? resolve(values.config) : values['specs-dir'] ? resolve(specsDir, '..', 'redocly.yaml') : DEFAULT_PATHS.configFile,
  };
  const isApi = (name: string): name is ApiName => (API_NAMES as readonly string[]).includes(name);
  if (values.recut) {
    const unknown = positionals.filter((name) => !isApi(name));
    if (unknown.length > 0) throw new ContractsError('usage', `Unknown contract: ${unknown.join(', ')}. Choose from ${API_NAMES.join(', ')}.`);
    const apis = positionals.length > 0 ? (positionals as ApiName[]) : [...API_NAMES];
    for (const api of apis) process.stdout.write(`${await recut(paths, api)}\n`);
    return 0;
  }
  const [api, version, ...rest] = positionals;
  if (api === undefined || version === undefined || rest.length > 0) throw new ContractsError('usage', 'Give one contract and one version: npm run contracts:release -- dsp 2.0.0 --date 2026-11-26 --summary "…".');
  if (!isApi(api)) throw new ContractsError('usage', `Unknown contract: ${api}. Choose from ${API_NAMES.join(', ')}.`);
  if (values.date === undefined) throw new ContractsError('usage', 'Give the release date: --date YYYY-MM-DD.');
  if (values.summary === undefined || values.summary.trim() === '') throw new ContractsError('usage', 'Give a one-sentence summary: --summary "…".');
  process.stdout.write(`${await cut({ paths, api, version, date: values.date, summary: values.summary.trim(), replace: values.replace === true })}\n`);
  process.stdout.write('Next: npm run specs:bundle && npm run generate -w packages/contracts (the version is in the generated types), then add the \"what you must do\" prose to the changelog page.\n');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ContractsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(error.code === 'gate' || error.code === 'version_too_small' || error.code === 'recut_mismatch' ? 1 : 2);
    }
    process.stderr.write(`contracts:release failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(2);
  },
);
