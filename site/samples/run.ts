// Assembles one server from the guide blocks marked sample="<server>" in one language, starts it on
// 127.0.0.1 with the fixed wrapper (host.ts or host.py) and a fixture of "your data" helpers, and
// runs certify against it in-process.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { loadCatalogue } from '../../packages/cli/src/certify/catalogue.js';
import { runCertification, type CertificationResult } from '../../packages/cli/src/certify/runner.js';
import type { Audience } from '../../packages/cli/src/trigger/targets.js';
import { blocksOf, type SampleLanguage } from './extract.js';

const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(HERE, '..', '..');

/** The credentials certify uses by default, which the samples read from the environment. */
export const CREDENTIALS = {
  clientId: 'stream-client',
  clientSecret: 'stream-secret',
  webhookSecret: 'whsec_sandbox',
  redirectUri: 'https://partners.stream.example/oauth/callback',
} as const;

export interface RunningSample {
  readonly url: string;
  readonly blockCount: number;
  output(): string;
  close(): Promise<void>;
}

/** An empty folder under site/samples/.run (git ignores it) for one assembled sample. */
export function runDir(name: string): string {
  const dir = join(HERE, '.run', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Runs a command to its end and returns its exit code and everything it printed. A program that
 * runs past `timeoutMs` (90 s unless told) is killed, and a command that cannot start is reported in
 * the output rather than thrown.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  cwd: string,
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<{ code: number | null; output: string }> {
  const timeoutMs = options.timeoutMs ?? 90_000;
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env: options.env ?? { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });
    let output = '';
    const collect = (chunk: unknown) => {
      output += String(chunk);
      if (output.length > 200_000) output = output.slice(-100_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => {
      output += `\n[killed after ${timeoutMs / 1000} s]`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      done({ code: null, output: `${output}\ncould not run ${command}: ${error.message}. Install it, or put it on PATH.` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

const FUNCTION_DECLARATION = /^(?:export\s+)?(?:async\s+)?function\s+(\w+)/gm;

/** A TypeScript block as a module that also shares its functions and its Express app with the other blocks. */
function tsModule(code: string): string {
  const names = [...code.matchAll(FUNCTION_DECLARATION)].map((match) => match[1]);
  return `${code}\n;(globalThis as any).sampleApps.push(typeof app === 'undefined' ? undefined : app);\nObject.assign(globalThis, { ${names.join(', ')} });\n`;
}

/**
 * `env` overrides the environment the sample reads (the test vectors' webhook secret, say);
 * `rewrite` applies a change the page tells the reader to make (a DSP's path prefix, say) to each block.
 */
export async function startSample(
  server: string,
  language: SampleLanguage,
  fixture: string,
  options: { env?: Readonly<Record<string, string>>; rewrite?: (code: string) => string } = {},
): Promise<RunningSample> {
  const rewrite = options.rewrite ?? ((code: string) => code);
  const blocks = blocksOf(server, language).map((block) => ({ ...block, code: rewrite(block.code) }));
  if (blocks.length === 0) throw new Error(`no ${language} block is marked sample="${server}" in the guides`);
  const dir = runDir(`${server}-${language}`);
  const files = blocks.map((block, index) => {
    const file = join(dir, `${String(index).padStart(2, '0')}.${language === 'ts' ? 'mts' : 'py'}`);
    const header = language === 'ts' ? `// ${block.where}\n` : `# ${block.where}\n`;
    writeFileSync(file, header + (language === 'ts' ? tsModule(block.code) : block.code));
    return file;
  });
  const env = {
    ...process.env,
    STREAM_CLIENT_ID: CREDENTIALS.clientId,
    STREAM_CLIENT_SECRET: CREDENTIALS.clientSecret,
    STREAM_WEBHOOK_SECRET: CREDENTIALS.webhookSecret,
    PYTHONDONTWRITEBYTECODE: '1',
    // A sample that listens on its own (app.listen) gets a free port, so it never collides.
    PORT: '0',
    ...options.env,
  };
  let child: ChildProcess;
  if (language === 'ts') {
    child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', join(HERE, 'host.mts'), join(HERE, 'fixtures', `${fixture}.mts`), ...files], { cwd: ROOT, env });
  } else {
    const serverBlock = blocksOf('python-server', 'python');
    if (serverBlock.length !== 1) throw new Error(`expected one python block marked sample="python-server", found ${serverBlock.length}`);
    const serverFile = join(dir, 'server.py');
    writeFileSync(serverFile, `# ${serverBlock[0].where}\n${serverBlock[0].code}`);
    // The samples check bodies against the bundled contract a partner downloads (`npm run specs:bundle`).
    for (const api of ['pos', 'dsp', 'events']) copyFileSync(join(ROOT, 'specs', 'dist', `${api}.json`), join(dir, `${api}.json`));
    child = spawn('python3', [join(HERE, 'host.py'), serverFile, join(HERE, 'fixtures', `${fixture}.py`), ...files], { cwd: dir, env });
  }
  let output = '';
  child.stderr?.on('data', (chunk) => (output += String(chunk)).length > 200_000 && (output = output.slice(-100_000)));
  const port = await new Promise<number>((done, failed) => {
    let line = '';
    const timer = setTimeout(() => failed(new Error(`the ${language} sample server "${server}" did not start within 60 s:\n${output}`)), 60_000);
    child.stdout?.on('data', (chunk) => {
      line += String(chunk);
      const match = /\{"port": ?(\d+)\}/.exec(line);
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      failed(new Error(`the ${language} sample server "${server}" exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    blockCount: blocks.length,
    output: () => output,
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([new Promise((done) => child.once('exit', done)), delay(5_000)]);
      }
    },
  };
}

/** Ids of every requirement of an audience that certify checks by calling the partner's server. */
export function partnerRequirementIds(audience: Audience): string[] {
  return loadCatalogue(audience)
    .requirements.filter((requirement) => requirement.via === 'partner')
    .map((requirement) => requirement.id);
}

export function certify(audience: Audience, url: string, only: readonly string[], extra: { code?: string; redirectUrl?: string; extraCodes?: readonly string[]; token?: string } = {}): Promise<CertificationResult> {
  return runCertification({
    config: {
      audience,
      baseUrl: url,
      ...CREDENTIALS,
      ...extra,
      timeoutMs: 10_000,
      answerLimitMs: 10_000,
      waitMs: 5_000,
      now: () => Date.now(),
      sleep: (ms) => delay(ms).then(() => undefined),
    },
    only,
    skipSandbox: true,
  });
}

/**
 * Every requirement that did not pass, with its reason and the last answer it saw: empty when all
 * passed. A warning counts: it is a rule the catalogue announced that turns into a failure on its
 * effective day, and a guide must not teach code that will fail then.
 */
export function failures(result: CertificationResult): string[] {
  return result.results
    .filter((item) => item.status !== 'passed')
    .map((item) => {
      const last = item.evidence.at(-1);
      return `${item.requirement.id} ${item.status}: ${item.reason ?? ''}${last ? ` [last call: ${last.request.method} ${last.request.url} -> ${last.response.status ?? last.response.error} ${last.response.body?.slice(0, 300) ?? ''}]` : ''}`;
    });
}
