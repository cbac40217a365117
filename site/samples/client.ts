// Runs the guides' client samples (a partner's code that calls Stream) against a real sandbox: the
// blocks marked sample="<name>", exactly as the page shows them, become one program, with a few
// driver lines where the page only defines functions. It runs in its own folder under
// site/samples/.run, so a sample that writes files (billing reports) writes them there. The run reports the program's exit code and
// output, and every exchange the sandbox recorded while it ran, with the sandbox's verdict.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { validate } from '../../packages/contracts/src/validate.js';
import { findOperation, type ApiName } from '../../packages/cli/src/openapi.js';
import { startSandbox, type RunningSandbox, type SandboxExchange, type SandboxStateView } from '../../packages/cli/src/sandbox/index.js';
import { blocksOf, type SampleLanguage } from './extract.js';
import { CREDENTIALS, ROOT, runDir, runProcess } from './run.js';

/** A sample that retries a refusal forever is a failure, not a hang. */
const CLIENT_TIMEOUT_MS = 60_000;

export interface ClientSampleOptions {
  /** The `sample="<name>"` the page's blocks carry. */
  readonly name: string;
  readonly language: SampleLanguage;
  /** Code put before the blocks: what the page leaves to the reader (`accessToken`, `saveSecret`); gets the sandbox. */
  readonly preamble?: (sandbox: RunningSandbox) => string | Promise<string>;
  /** Code appended after the blocks (the page's functions called with the contract's examples); gets the sandbox. */
  readonly driver?: (sandbox: RunningSandbox) => string | Promise<string>;
  /** Modules the blocks import, written from other marked blocks: module name (`stream`) to sample name. */
  readonly sampleModules?: Readonly<Record<string, string>>;
  /** Modules the blocks import that stand for the reader's own code (`app`, `menus`): module name to source. */
  readonly fixtures?: Readonly<Record<string, string>>;
  /**
   * Applied to each block before it runs, after the preamble and driver are made: a change the page
   * tells the reader to make (their own ids, a scope), or how a test breaks a sample on purpose.
   */
  readonly rewrite?: (code: string, sandbox: RunningSandbox) => string;
  /** State the sample needs, set up through the sandbox's own HTTP routes before the sample runs. */
  readonly prepare?: (sandbox: RunningSandbox) => Promise<void>;
}

export interface ClientRun {
  readonly code: number | null;
  readonly output: string;
  /** What the sandbox received and answered while the sample ran (not what `prepare` sent). */
  readonly exchanges: readonly SandboxExchange[];
  readonly credentials: RunningSandbox['credentials'];
  /** The sandbox's URL, which tells one run from another. */
  readonly url: string;
  /** The folder the sample ran in, with any file it wrote. */
  readonly dir: string;
  /** The sandbox's state once the sample ended: what the calls changed. */
  readonly state: SandboxStateView;
}

/** The environment the guides tell the reader to set, pointed at the sandbox. */
function sampleEnv(sandbox: RunningSandbox): NodeJS.ProcessEnv {
  return {
    ...process.env,
    STREAM_BASE_URL: sandbox.url,
    PARTNER_SLUG: sandbox.credentials.partnerSlug,
    PARTNER_ID: sandbox.credentials.partnerId,
    STREAM_WEBHOOK_SECRET: sandbox.credentials.webhookSecret,
    STREAM_CLIENT_ID: sandbox.credentials.clientId,
    STREAM_CLIENT_SECRET: sandbox.credentials.clientSecret,
    // The pages that create API clients use an administrator's client; the sandbox's own holds every scope.
    STREAM_ADMIN_CLIENT_ID: sandbox.credentials.clientId,
    STREAM_ADMIN_CLIENT_SECRET: sandbox.credentials.clientSecret,
    PYTHONDONTWRITEBYTECODE: '1',
  };
}

function pageCode(name: string, language: SampleLanguage, rewrite: (code: string) => string): string {
  const blocks = blocksOf(name, language);
  if (blocks.length === 0) throw new Error(`no ${language} block is marked sample="${name}" in the guides`);
  const comment = language === 'ts' ? '//' : '#';
  return blocks.map((block) => `${comment} ${block.where}\n${rewrite(block.code)}`).join('\n');
}

/** What the Python client samples import beyond the standard library (Debian packages in brackets in the error). */
const PYTHON_MODULES = ['requests', 'flask', 'phonenumbers'];
let clientPython: string | undefined;

/** The first python3 that imports every module the samples use: the one on PATH, else Debian's (where `.ci/run` installs them). */
function pythonForClients(): string {
  clientPython ??= ['python3', '/usr/bin/python3'].find((candidate) => spawnSync(candidate, ['-c', `import ${PYTHON_MODULES.join(', ')}`], { stdio: 'ignore' }).status === 0);
  if (clientPython === undefined) throw new Error(`No python3 can import ${PYTHON_MODULES.join(', ')}. Install them with: apt-get install -y python3-requests python3-flask python3-phonenumbers`);
  return clientPython;
}

/** `@stream-partner/contracts` from its source, as `--conditions=source` loads it (its subpaths stay the package's). */
const CONTRACTS_SOURCE: Plugin = {
  name: 'contracts-source',
  setup(builder) {
    builder.onResolve({ filter: /^@stream-partner\/contracts$/ }, () => ({ path: join(ROOT, 'packages', 'contracts', 'src', 'index.ts') }));
  },
};

/**
 * The TypeScript sample `main` and the modules beside it, compiled into one ES module next to it
 * (esbuild, the compiler tsx runs) for plain node: starting tsx for each sample cost most of a
 * CPU-second of the run. Packages come from node_modules as they would under tsx.
 */
async function runTypeScript(main: string, dir: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const outfile = main.replace(/\.ts$/, '.compiled.mjs');
  try {
    await build({ entryPoints: [main], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', plugins: [CONTRACTS_SOURCE], logLevel: 'silent' });
  } catch (error) {
    // Code that does not compile fails the run with the compiler's words, as tsx would exit 1 with them.
    return { code: 1, output: error instanceof Error ? error.message : String(error) };
  }
  return runProcess(process.execPath, [outfile], dir, { env, timeoutMs: CLIENT_TIMEOUT_MS });
}

/** Starts a sandbox on 127.0.0.1, runs the sample against it, and stops the sandbox. */
export async function runClientSample(options: ClientSampleOptions): Promise<ClientRun> {
  const extension = options.language === 'ts' ? 'ts' : 'py';
  const dir = runDir(`client-${options.name}-${options.language}${options.rewrite === undefined ? '' : '-rewritten'}`);
  const sandbox = await startSandbox({ port: 0, clientId: CREDENTIALS.clientId, clientSecret: CREDENTIALS.clientSecret, webhookSecret: CREDENTIALS.webhookSecret });
  try {
    await options.prepare?.(sandbox);
    const preamble = (await options.preamble?.(sandbox)) ?? '';
    const driver = (await options.driver?.(sandbox)) ?? '';
    const rewrite = (code: string) => (options.rewrite === undefined ? code : options.rewrite(code, sandbox));
    for (const [module, sample] of Object.entries(options.sampleModules ?? {})) writeFileSync(join(dir, `${module}.${extension}`), pageCode(sample, options.language, rewrite));
    for (const [module, source] of Object.entries(options.fixtures ?? {})) writeFileSync(join(dir, `${module}.${extension}`), source);
    // Calls made so far set the sample up; the run reports only the sample's own.
    const before = sandbox.exchanges().at(-1)?.seq ?? 0;
    const main = join(dir, `sample.${extension}`);
    writeFileSync(main, `${preamble}\n${pageCode(options.name, options.language, rewrite)}\n${driver}\n`);
    const env = sampleEnv(sandbox);
    const result =
      options.language === 'ts'
        ? await runTypeScript(main, dir, env)
        : await runProcess(pythonForClients(), [main], dir, { env, timeoutMs: CLIENT_TIMEOUT_MS });
    return { ...result, dir, url: sandbox.url, exchanges: sandbox.exchanges(before), credentials: sandbox.credentials, state: sandbox.state() };
  } finally {
    await sandbox.close();
  }
}

/** A value as a literal of the sample's language, for driver lines. */
export function literal(language: SampleLanguage, value: unknown): string {
  const json = JSON.stringify(value);
  return language === 'ts' ? json : `__import__("json").loads(${JSON.stringify(json)})`;
}

const specs = new Map<ApiName, { components: { examples: Record<string, { value: unknown }> } }>();

/** A copy of one of the contract's own examples (`specs/dist/<api>.json` `components.examples`). */
export function contractExample<T = any>(api: ApiName, name: string): T {
  if (!specs.has(api)) specs.set(api, JSON.parse(readFileSync(join(ROOT, 'specs', 'dist', `${api}.json`), 'utf8')));
  const value = specs.get(api)!.components.examples[name]?.value;
  if (value === undefined) throw new Error(`the ${api} contract has no example ${name}: update the client samples test with the contract`);
  return structuredClone(value) as T;
}

export interface ExpectedCall {
  readonly method: string;
  /** The path without its query string, with the sandbox's partner slug or id filled in. */
  readonly path: string;
}

/**
 * Everything wrong with a run, in plain words; empty when the sample exited 0, made exactly the
 * expected calls in order, and the sandbox answered each with 2xx as a contract operation whose
 * request body validates against the contract.
 */
export function clientProblems(run: ClientRun, expected: readonly ExpectedCall[]): string[] {
  const problems: string[] = [];
  if (run.code !== 0) problems.push(`the sample exited with ${run.code}:\n${run.output.slice(-3000)}`);
  const made = run.exchanges.map((exchange) => `${exchange.method} ${exchange.path.split('?')[0]}`);
  const wanted = expected.map((call) => `${call.method} ${call.path}`);
  if (made.join('\n') !== wanted.join('\n')) problems.push(`the sample made the calls [${made.join(', ')}], not [${wanted.join(', ')}]`);
  for (const exchange of run.exchanges) {
    const call = `${exchange.method} ${exchange.path}`;
    if (exchange.status < 200 || exchange.status > 299 || exchange.verdict !== 'accepted') {
      problems.push(`${call} was answered ${exchange.status} (${exchange.verdict}): ${exchange.note ?? JSON.stringify(exchange.responseBody)}`);
    }
    if (exchange.operation === undefined) {
      problems.push(`${call} is no operation of the contracts`);
      continue;
    }
    const [api, operationId] = exchange.operation.split(':') as [ApiName, string];
    const schema = findOperation(api, operationId).requestSchema;
    if (schema === undefined) continue;
    const check = validate(api, schema as never, exchange.requestBody);
    if (!check.valid) problems.push(`${call} sent a body that breaks the ${api} contract's ${schema}: ${check.errors.map((issue) => issue.message).join('; ')}`);
  }
  return problems;
}
