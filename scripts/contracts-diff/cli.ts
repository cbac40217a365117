// npm run contracts:diff -- [api...] [--json]: every change since each contract's last release,
// classified from the partner's side; exits 1 when a breaking change is not announced.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { API_NAMES, ContractsError, type ApiName } from './releases.js';
import { ansiStyle, DEFAULT_PATHS, formatReport, plainStyle, reportApi } from './report.js';

const HELP = `Usage: npm run contracts:diff -- [api...] [options]

Compares each contract's working copy (specs/<api>, bundled fresh) with its last release
(specs/releases/<api>) and lists every change, breaking or compatible for the partner.
Exits 0 when every breaking change is announced by a major version and a deprecation entry,
1 when one is not, 2 on wrong usage or a contract or release that cannot be read.

Arguments:
  api                  ${API_NAMES.join(', ')} (default: all four)

Options:
  --json               print the report as JSON
  --specs-dir <dir>    folder holding <api>/openapi.yaml (default: specs)
  --releases-dir <dir> folder holding <api>/releases.json (default: specs/releases)
  --config <file>      Redocly configuration for bundling (default: redocly.yaml)
  -h, --help           show this help

Example:
  npm run contracts:diff -- pos --json
`;

function usage(message: string): never {
  process.stderr.write(`${message}\nRun npm run contracts:diff -- --help for usage.\n`);
  process.exit(2);
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean' },
        'specs-dir': { type: 'string' },
        'releases-dir': { type: 'string' },
        config: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const unknown = positionals.filter((api) => !(API_NAMES as readonly string[]).includes(api));
  if (unknown.length > 0) usage(`Unknown contract: ${unknown.join(', ')}. Choose from ${API_NAMES.join(', ')}.`);
  const apis = (positionals.length > 0 ? [...new Set(positionals)] : [...API_NAMES]) as ApiName[];
  const specsDir = values['specs-dir'] ? resolve(values['specs-dir']) : DEFAULT_PATHS.specsDir;
  const paths = {
    specsDir,
    releasesDir: values['releases-dir'] ? resolve(values['releases-dir']) : values['specs-dir'] ? resolve(specsDir, 'releases') : DEFAULT_PATHS.releasesDir,
    configFile: values.config ? resolve(values.config) : values['specs-dir'] ? resolve(specsDir, '..', 'redocly.yaml') : DEFAULT_PATHS.configFile,
  };
  const reports = [];
  for (const api of apis) reports.push(await reportApi(paths, api));
  const ok = reports.every((report) => report.ok);
  if (values.json) process.stdout.write(`${JSON.stringify({ ok, contracts: reports }, null, 2)}\n`);
  else process.stdout.write(formatReport(reports, process.stdout.isTTY ? ansiStyle : plainStyle));
  return ok ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ContractsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`contracts:diff failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(2);
  },
);
