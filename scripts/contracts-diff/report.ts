// Compares each contract's working copy with its last release: the engine behind `npm run contracts:diff`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffContracts, type Change } from './diff.js';
import { applyCorrections, checkGate, readManifest, readSnapshot, bundleContract, type ApiName, type Paths } from './releases.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const DEFAULT_PATHS: Paths = {
  specsDir: join(ROOT, 'specs'),
  releasesDir: join(ROOT, 'specs', 'releases'),
  configFile: join(ROOT, 'redocly.yaml'),
};

export interface ApiReport {
  api: ApiName;
  working: { version: unknown; date: unknown };
  release: { version: string; date: string };
  changes: Change[];
  ok: boolean;
  problems: string[];
  /** The smallest version the unreleased changes need, when info.version is not there yet. */
  pending: string | undefined;
}

function info(doc: Record<string, unknown>): Record<string, unknown> {
  return typeof doc.info === 'object' && doc.info !== null ? (doc.info as Record<string, unknown>) : {};
}

export async function reportApi(paths: Paths, api: ApiName): Promise<ApiReport> {
  const manifest = readManifest(paths, api);
  const last = manifest.releases[0];
  const released = readSnapshot(paths, api, last.version);
  const working = await bundleContract(paths, api);
  const { version, 'x-release-date': date } = info(working);
  const changes = applyCorrections(diffContracts({ before: released, after: working }), manifest.corrections, version);
  const gate = checkGate({ api, manifest, version, date, changes, working });
  return {
    api,
    working: { version, date },
    release: { version: last.version, date: last.date },
    changes,
    ok: gate.ok,
    problems: gate.problems,
    pending: gate.pending,
  };
}

interface Style {
  red(text: string): string;
  green(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

export const plainStyle: Style = { red: (t) => t, green: (t) => t, dim: (t) => t, bold: (t) => t };
export const ansiStyle: Style = {
  red: (t) => `\u001b[31m${t}\u001b[39m`,
  green: (t) => `\u001b[32m${t}\u001b[39m`,
  dim: (t) => `\u001b[2m${t}\u001b[22m`,
  bold: (t) => `\u001b[1m${t}\u001b[22m`,
};

/** The human-readable report: each change with its verdict and why, then what stops it landing. */
export function formatReport(reports: readonly ApiReport[], style: Style): string {
  const lines: string[] = [];
  for (const report of reports) {
    lines.push(
      style.bold(`${report.api}: working copy ${String(report.working.version)} (${String(report.working.date)}), last release ${report.release.version} (${report.release.date})`),
    );
    if (report.changes.length === 0) lines.push('  No changes since the last release.');
    for (const change of report.changes) {
      const verdict = change.breaking ? style.red('breaking  ') : style.green('compatible');
      lines.push(`  ${verdict}  ${change.message}`);
      lines.push(style.dim(`              ${change.reason} [${change.key}]`));
    }
    if (report.pending !== undefined) {
      lines.push(`  Not released yet: these changes need version ${report.pending} or later (npm run contracts:release -- ${report.api} ${report.pending} --date YYYY-MM-DD --summary "…").`);
    }
    for (const problem of report.problems) lines.push(style.red(`  ✗ ${problem}`));
    lines.push('');
  }
  const failed = reports.filter((report) => !report.ok).map((report) => report.api);
  lines.push(
    failed.length === 0
      ? style.green(`Every breaking change is announced (${reports.length} contract${reports.length === 1 ? '' : 's'} checked).`)
      : style.red(`Unannounced breaking changes or release problems in: ${failed.join(', ')}.`),
  );
  return `${lines.join('\n')}\n`;
}
