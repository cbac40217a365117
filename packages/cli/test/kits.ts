// Starts the starter kits (or a patched copy of one) on 127.0.0.1 and runs certify against them
// in-process, with the sandbox and each kit's own send script for what the partner sends.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { build, type Plugin } from 'esbuild';
import { cachedModule } from '../../../scripts/cached-module.js';
import { linkSandbox } from '../src/certify/sandbox-link.js';
import { runCertification, type CertificationResult } from '../src/certify/runner.js';
import type { Audience } from '../src/trigger/targets.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface Patch {
  readonly file: string;
  readonly find: string;
  readonly replace: string;
}

/** A deliberately broken kit: a named text patch and the requirement ids it must fail. */
export interface Mutation {
  readonly name: string;
  readonly patches: readonly Patch[];
  readonly fails: readonly string[];
  /** What each failure's reason must say, so a mutant fails for its own cause and not by accident. */
  readonly reason: RegExp;
  /** Requirements it breaks whose rule came in a later catalogue: a partner certified before it is warned, a new integration fails them. */
  readonly warns?: readonly string[];
  /** Requirements that must end `blocked by` the first id of `fails` (they depend on it), and no others. */
  readonly blocked?: readonly string[];
  /** True when the broken part is what the kit sends, so the sandbox requirements must run. */
  readonly viaSandbox?: boolean;
}

interface Running {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Copies a kit's src into examples/<kit>/.mutants/<name>-<pid>/ and applies the patches; each `find`
 * must occur exactly once. The process id keeps two test runs of one checkout (CI runs Node 22 and 24
 * at once) from removing the folder the other is copying into.
 */
export function mutate(audience: Audience, mutation: Mutation): string {
  const kit = join(ROOT, 'examples', audience);
  const dir = join(kit, '.mutants', `${mutation.name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(kit, 'src'), join(dir, 'src'), { recursive: true });
  for (const patch of mutation.patches) {
    const file = join(dir, 'src', patch.file);
    const text = readFileSync(file, 'utf8');
    const count = text.split(patch.find).length - 1;
    if (count !== 1) throw new Error(`mutation ${mutation.name}: "${patch.find}" occurs ${count} times in ${patch.file}; the kit changed, update the mutation`);
    writeFileSync(file, text.replace(patch.find, patch.replace));
  }
  return dir;
}

let kitContracts: Promise<string> | undefined;

/** esbuild's options for one ES module that node loads as it is, its packages from node_modules. */
const ONE_NODE_MODULE = { bundle: true, write: false, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent' } as const;

/**
 * The contracts, from their source, as one ES module every kit of this process imports: one copy,
 * so the Ajv validators a kit compiles are compiled once per process, not once per patched kit.
 */
function kitContractsModule(): Promise<string> {
  kitContracts ??= build({
    entryPoints: [join(ROOT, 'packages', 'contracts', 'src', 'index.ts')],
    ...ONE_NODE_MODULE,
  }).then((built) => cachedModule({ folder: 'kit-app', code: built.outputFiles[0]!.contents }));
  return kitContracts;
}

/**
 * The kit in `dir`'s app and config, compiled with esbuild into one ES module that node loads as it
 * is. Each patched copy of a kit is new source, and through the test runner's own transform every
 * file of every copy was transformed again, in the runner's main process; one esbuild call is cheaper.
 * The packages the kit uses (Fastify, Express) load from node_modules and the contracts from
 * `kitContractsModule`, as `--conditions=source` would load them.
 */
async function kitAppModule(dir: string): Promise<string> {
  const contracts = pathToFileURL(await kitContractsModule()).href;
  const shared: Plugin = {
    name: 'kit-contracts',
    setup(plugins) {
      plugins.onResolve({ filter: /^@stream-partner\/contracts$/ }, () => ({ path: contracts, external: true }));
    },
  };
  const built = await build({
    stdin: { contents: "export { buildApp } from './src/app.ts';\nexport { readConfig } from './src/config.ts';\n", resolveDir: dir, loader: 'ts' },
    ...ONE_NODE_MODULE,
    plugins: [shared],
  });
  return cachedModule({ folder: 'kit-app', code: built.outputFiles[0]!.contents });
}

/**
 * Starts the kit whose sources are in `dir` (the kit itself by default) on a free port, configured
 * as its environment variables `env` would configure it (none by default).
 */
export async function startKit(audience: Audience, dir = join(ROOT, 'examples', audience), env: Readonly<Record<string, string>> = {}): Promise<Running> {
  const { buildApp, readConfig } = (await import(pathToFileURL(await kitAppModule(dir)).href)) as {
    buildApp: (options: { config: unknown; log?: (line: string) => void }) => unknown;
    readConfig: (env: Record<string, string>) => Record<string, unknown>;
  };
  const config = { ...readConfig({ ...env }), port: 0, host: '127.0.0.1' };
  const app = buildApp({ config, log: () => undefined }) as { listen: (...args: unknown[]) => unknown; close: () => unknown; server?: { address(): AddressInfo } };
  if (audience === 'pos') {
    const fastify = app as unknown as { listen(options: { port: number; host: string }): Promise<string>; close(): Promise<void>; server: { address(): AddressInfo } };
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    return { url: `http://127.0.0.1:${fastify.server.address().port}`, close: () => fastify.close() };
  }
  const server = await new Promise<{ address(): AddressInfo; close(done: () => void): void; closeAllConnections(): void }>((done) => {
    const listening = (app as unknown as { listen(port: number, host: string, ready: () => void): { address(): AddressInfo; close(done: () => void): void; closeAllConnections(): void } }).listen(0, '127.0.0.1', () => done(listening));
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * The kit in `dir`'s own send script (src/send.ts), compiled once into one ES module and run with
 * plain node: a send is a fresh process per event, and loading it through tsx each time (its loader
 * thread, a transform per file) was half of the 1.3 CPU-seconds a send took. esbuild is what tsx
 * transforms with; the contracts come from their source, as `--conditions=source` would load them.
 * The packages they use (Ajv) are bundled in too: resolving and loading Ajv's hundred CommonJS files
 * was a fifth of what a send cost. The file is named by its content, so each patched copy of a kit
 * gets its own and an unchanged kit reuses it.
 */
export async function kitSendScript(dir: string): Promise<string> {
  // Asynchronous, so the compile never stalls the other kits and certify runs sharing this process.
  const built = await build({
    entryPoints: [join(dir, 'src', 'send.ts')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Ajv's CommonJS asks for Node's own modules with require, which an ES module has only when given one.
    banner: { js: "import { createRequire as kitSendRequire } from 'node:module'; const require = kitSendRequire(import.meta.url);" },
    alias: { '@stream-partner/contracts': join(ROOT, 'packages', 'contracts', 'src', 'index.ts') },
    logLevel: 'silent',
  });
  return cachedModule({ folder: 'kit-send', code: built.outputFiles[0]!.contents });
}

/** The send command certify runs for the kit in `dir`: its send script with certify's ids. */
export async function kitSendCommand(dir: string): Promise<string> {
  return `cd ${JSON.stringify(ROOT)} && node ${JSON.stringify(await kitSendScript(dir))} {event} --order-id {order_id} --location-id {location_id}`;
}

export interface CertifyKitOptions {
  readonly url: string;
  /** The kit whose send script answers the sandbox requirements; omit to skip them. */
  readonly sendFrom?: string;
  readonly answerLimitMs?: number;
  readonly only?: readonly string[];
  /** The probes' seed and depth (default: a random seed, the default depth). */
  readonly seed?: number;
  readonly depth?: number;
  /** Where the browser landed after a person approved the consent page (--redirect-url). */
  readonly redirectUrl?: string;
}

export async function certifyKit(audience: Audience, options: CertifyKitOptions): Promise<CertificationResult> {
  const now = () => Date.now();
  const sleep = (ms: number) => delay(ms).then(() => undefined);
  const sandbox = options.sendFrom === undefined ? undefined : await linkSandbox({ webhookSecret: 'whsec_sandbox', partnerSlug: 'demo-partner', partnerId: 'demo-partner-id', now, sleep });
  try {
    return await runCertification({
      config: {
        audience,
        baseUrl: options.url,
        webhookSecret: 'whsec_sandbox',
        clientId: 'stream-client',
        clientSecret: 'stream-secret',
        redirectUri: 'https://partners.stream.example/oauth/callback',
        timeoutMs: 15_000,
        answerLimitMs: options.answerLimitMs ?? 10_000,
        // Generous: each send starts a node process, which a busy CI machine can take seconds to start.
        waitMs: 30_000,
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        ...(options.depth === undefined ? {} : { depth: options.depth }),
        ...(options.redirectUrl === undefined ? {} : { redirectUrl: options.redirectUrl }),
        now,
        sleep,
      },
      ...(options.only === undefined ? {} : { only: options.only }),
      ...(sandbox === undefined ? { skipSandbox: true } : { sandbox }),
      ...(options.sendFrom === undefined
        ? {}
        : { sendCommand: await kitSendCommand(options.sendFrom) }),
    });
  } finally {
    await sandbox?.close();
  }
}

export function failedIds(result: CertificationResult): string[] {
  return result.results.filter((item) => item.status === 'failed').map((item) => item.requirement.id);
}

export function idsWith(result: CertificationResult, status: CertificationResult['results'][number]['status']): string[] {
  return result.results.filter((item) => item.status === status).map((item) => item.requirement.id);
}

export function explain(result: CertificationResult): string {
  return result.results
    .filter((item) => item.status === 'failed' || item.status === 'warned' || item.status === 'blocked')
    .map((item) => `${item.requirement.id} ${item.status}: ${item.reason ?? ''}`)
    .join('\n');
}
