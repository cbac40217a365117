// The certify command's steps, in the order its action runs them: check the arguments, build the
// run's configuration, link the sandbox, run and report.
import { extname } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { loadCatalogue } from '../certify/catalogue.js';
import type { CertifyConfig } from '../certify/context.js';
import { parseDepth } from '../certify/probes/derive.js';
import { certifyReports } from '../certify/outbound-reports.js';
import { htmlReport, junitXml, markdownReport, resultLine, summaryLine } from '../certify/report.js';
import { runCertification } from '../certify/runner.js';
import { parseRunLimit } from '../certify/run-limit.js';
import { loadVersioning, parseCertifiedUnder } from '../certify/versions.js';
import { linkSandbox, type SandboxLink } from '../certify/sandbox-link.js';
import { CliError, usageError } from '../errors.js';
import { colorsFor, type Io } from '../io.js';
import { consoleTokenDir } from '../console-token-file.js';
import { outboundReporter } from '../outbound-report.js';
import { privateTargetProblem, writePrivateFile } from '../private-file.js';
import { redactSecretText } from '../secret-text.js';
import { SANDBOX_DEFAULTS } from '../sandbox-settings.js';
import { inertJson, visibleText } from '../visible.js';
import { AUDIENCES, type Audience } from '../trigger/targets.js';

export interface CertifyFlags {
  baseUrl?: string;
  token?: string;
  code: string[];
  redirectUrl?: string;
  webhookSecret?: string;
  clientId: string;
  clientSecret?: string;
  redirectUri: string;
  only?: string;
  junit?: string;
  report?: string;
  timeoutMs: string;
  answerLimitMs: string;
  waitMs: string;
  runLimitMs?: string;
  sandboxUrl?: string;
  skipSandbox?: boolean;
  sendCommand?: string;
  partnerSlug: string;
  partnerId: string;
  json?: boolean;
  menuVersion?: 'v1' | 'v2';
  seed?: string;
  depth: string;
  certifiedUnder?: string;
}

function positive(value: string, flag: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw usageError(`${flag} must be a positive whole number of milliseconds; got "${value}".`);
  return number;
}

function parseSeed(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number > 0x7fffffff) throw usageError(`--seed must be a whole number from 0 to 2147483647, as a report prints it; got "${value}".`);
  return number;
}

function certifiedUnder(value: string | undefined, source: string): { certifiedUnder?: string } {
  return value === undefined ? {} : { certifiedUnder: parseCertifiedUnder({ versioning: loadVersioning(), value, source }) };
}

function writeFile(file: string, text: string): void {
  try {
    writePrivateFile({ path: file, text });
  } catch (error) {
    throw new CliError('usage', `Cannot write ${file}: ${(error as Error).message}.`);
  }
}

export function parseAudience(name: string): Audience {
  if (!(AUDIENCES as readonly string[]).includes(name)) throw usageError(`The audience must be pos, dsp or events; got "${name}".`);
  return name as Audience;
}

export function requireBaseUrl(baseUrl: string | undefined): string {
  if (baseUrl === undefined) throw usageError('--base-url <url> (or STREAM_CERTIFY_BASE_URL) is required: your server as Stream reaches it, for example http://127.0.0.1:4101.');
  try {
    new URL(baseUrl);
  } catch {
    throw usageError(`--base-url (or STREAM_CERTIFY_BASE_URL) must be an absolute URL such as http://127.0.0.1:4101; got "${redactSecretText(baseUrl)}".`);
  }
  return baseUrl;
}

/** The requirement ids of `--only`, each checked against the audience's catalogue. */
export function parseOnly(audience: Audience, only: string | undefined): string[] | undefined {
  const ids = new Set(loadCatalogue(audience).requirements.map((requirement) => requirement.id));
  const list = only?.split(',').map((id) => id.trim()).filter(Boolean);
  const unknown = list?.filter((id) => !ids.has(id)) ?? [];
  if (unknown.length > 0) throw new CliError('requirement_unknown', `No ${audience} requirement ${unknown.join(', ')}. The ids are ${[...ids].join(', ')}.`);
  return list;
}

/** Refuses, before the run, a --report or --junit path that is not .md/.html (for --report) or that another user could replace once written. */
export function checkReportPath(report: string | undefined, junit?: string): void {
  if (report !== undefined && !['.md', '.html', '.htm'].includes(extname(report).toLowerCase())) throw usageError('--report must end in .md or .html.');
  for (const [flag, path] of [['--report', report], ['--junit', junit]] as const) {
    const problem = path === undefined ? undefined : privateTargetProblem({ path });
    if (problem !== undefined) throw usageError(`${flag}: ${problem}.`);
  }
}

/** The authorization codes of `--code`, with the one in `--redirect-url` first when given. */
function authCodes(flags: CertifyFlags): { code?: string; extraCodes: string[] } {
  let [code, ...extraCodes] = flags.code;
  if (flags.redirectUrl !== undefined) {
    let landed: URL;
    try {
      landed = new URL(flags.redirectUrl);
    } catch {
      throw usageError(`--redirect-url (or STREAM_CERTIFY_REDIRECT_URL) must be the absolute URL the browser landed on after approving, such as https://partners.stream.example/oauth/callback?code=...&state=...; got "${flags.redirectUrl}".`);
    }
    const pasted = landed.searchParams.get('code');
    if (pasted === null || pasted === '') throw usageError(`--redirect-url (or STREAM_CERTIFY_REDIRECT_URL) ${flags.redirectUrl} has no code: paste the whole URL the browser landed on after you approved.`);
    // The redirect's code is the first; every --code is one more approved the same way (the same code given twice counts once).
    extraCodes = flags.code.filter((given) => given !== pasted);
    code = pasted;
  }
  return { ...(code === undefined ? {} : { code }), extraCodes };
}

export interface CertifyConfigOptions {
  readonly audience: Audience;
  readonly baseUrl: string;
  readonly flags: CertifyFlags;
  readonly io: Io;
}

export function certifyConfig({ audience, baseUrl, flags, io }: CertifyConfigOptions): CertifyConfig {
  const webhookSecret = flags.webhookSecret ?? io.env.STREAM_WEBHOOK_SECRET ?? SANDBOX_DEFAULTS.webhookSecret;
  const webhookSecretSource = flags.webhookSecret !== undefined ? '--webhook-secret' : io.env.STREAM_WEBHOOK_SECRET !== undefined ? '$STREAM_WEBHOOK_SECRET' : "the sandbox's default";
  const { code, extraCodes } = authCodes(flags);
  return {
    audience,
    baseUrl: baseUrl.replace(/\/$/, ''),
    ...(flags.token === undefined ? {} : { token: flags.token }),
    ...(code === undefined ? {} : { code }),
    ...(extraCodes.length === 0 ? {} : { extraCodes }),
    ...(flags.redirectUrl === undefined ? {} : { redirectUrl: flags.redirectUrl }),
    webhookSecret,
    webhookSecretSource,
    clientId: flags.clientId,
    clientSecret: flags.clientSecret ?? io.env.STREAM_CLIENT_SECRET ?? 'stream-secret',
    redirectUri: flags.redirectUri,
    timeoutMs: positive(flags.timeoutMs, '--timeout-ms'),
    answerLimitMs: positive(flags.answerLimitMs, '--answer-limit-ms'),
    waitMs: positive(flags.waitMs, '--wait-ms'),
    runLimitMs: parseRunLimit({ flag: flags.runLimitMs, env: io.env }),
    ...(flags.menuVersion === undefined ? {} : { menuVersions: [flags.menuVersion] }),
    ...(flags.seed === undefined ? {} : { seed: parseSeed(flags.seed) }),
    depth: parseDepth(flags.depth),
    ...certifiedUnder(flags.certifiedUnder ?? (io.env.STREAM_CERTIFIED_UNDER || undefined), flags.certifiedUnder === undefined ? 'STREAM_CERTIFIED_UNDER' : '--certified-under'),
    now: io.now,
    sleep: (ms: number) => delay(ms).then(() => undefined),
  };
}

export interface SandboxLinkStepOptions {
  readonly flags: CertifyFlags;
  readonly config: CertifyConfig;
  readonly io: Io;
}

/** Certify's own sandbox, or the running one of `--sandbox-url`; none with `--skip-sandbox`. */
export async function linkTheSandbox({ flags, config, io }: SandboxLinkStepOptions): Promise<SandboxLink | undefined> {
  if (flags.skipSandbox) return undefined;
  try {
    return await linkSandbox({ ...(flags.sandboxUrl === undefined ? {} : { url: flags.sandboxUrl }), tokenDir: consoleTokenDir(io.env), webhookSecret: config.webhookSecret, partnerSlug: flags.partnerSlug, partnerId: flags.partnerId, now: io.now, sleep: config.sleep });
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError('unreachable', `Cannot use the sandbox${flags.sandboxUrl === undefined ? '' : ` at ${flags.sandboxUrl}`}: ${(error as Error).message}. Start it with stream-partner sandbox, or drop --sandbox-url.`);
  }
}

export interface RunStepOptions {
  readonly config: CertifyConfig;
  readonly only: string[] | undefined;
  readonly sandbox: SandboxLink | undefined;
  readonly flags: CertifyFlags;
  readonly io: Io;
  readonly setExit: (code: number) => void;
}

/** Runs the requirements, prints each result and the summary, writes the files asked for, sets the exit code. */
export async function runAndReport({ config, only, sandbox, flags, io, setExit }: RunStepOptions): Promise<void> {
  const c = colorsFor(io);
  if (!flags.json) {
    io.stdout(`${c.bold(`Certifying ${config.audience.toUpperCase()}`)} at ${redactSecretText(config.baseUrl)}${sandbox === undefined ? '' : `; your server sends to the sandbox at ${sandbox.url}`}\n\n`);
  }
  // With its own sandbox there is no console to show the calls; an attached one gets each of them.
  const reporter = flags.sandboxUrl === undefined ? undefined : outboundReporter({ url: flags.sandboxUrl, tokenDir: consoleTokenDir(io.env), warn: (line) => io.stderr(`${c.yellow(visibleText({ text: line, oneLine: true }))}\n`) });
  try {
    const result = await runCertification({
      config,
      ...(only === undefined ? {} : { only }),
      ...(sandbox === undefined ? {} : { sandbox }),
      skipSandbox: Boolean(flags.skipSandbox),
      ...(flags.sendCommand === undefined ? {} : { sendCommand: flags.sendCommand }),
      // One line each: a partner's id in a prompt cannot start a line of its own.
      prompt: (text) => io.stderr(`${c.cyan('→')} ${visibleText({ text, oneLine: true })}\n`),
      onResult: (item) => {
        for (const report of certifyReports(config.audience, item)) reporter?.report(report);
        if (!flags.json) io.stdout(`${resultLine(item, c)}\n`);
      },
    });
    if (flags.json) io.stdout(`${inertJson(result)}\n`);
    else io.stdout(summaryLine(result, c));
    if (flags.junit !== undefined) writeFile(flags.junit, junitXml(result));
    if (flags.report !== undefined) writeFile(flags.report, extname(flags.report).toLowerCase() === '.md' ? markdownReport(result, io.env.STREAM_DOCS_URL) : htmlReport(result, io.env.STREAM_DOCS_URL));
    // A run cut by its time limit never reads as passed (allMustPassed is false then too).
    setExit(result.allMustPassed && !result.timeLimitReached ? 0 : 1);
  } finally {
    await reporter?.flush();
    await sandbox?.close();
  }
}
