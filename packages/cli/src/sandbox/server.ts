// The sandbox: a real HTTP server (Fastify) that plays Stream. Its routes are every operation the
// four contracts host at Stream (`x-host: stream`); a contract operation without a handler stops
// it from starting, so the sandbox can never silently lag behind the specs. `startSandbox` reads
// as its steps; each step is a function below or a module of its own.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { CliError } from '../errors.js';
import { buildApp } from './app.js';
import { registerContractRoutes, unhandledOperations } from './contract-routes.js';
import { installControlGate, ownerGate, type ControlGate } from './control-gate.js';
import { registerControlRoutes } from './control-routes.js';
import { createRuntime, type SandboxRuntime } from './runtime.js';
import { seedExampleOrders, seedMenus } from './seed.js';
import { seedState, type SandboxState } from './state.js';
import { loadStateFiles } from './state-load.js';
import { lockState, type StateLock } from './state-file.js';
import { createStateStore, type StateStore } from './state-store.js';
import { stateSummary, stateView } from './state-view.js';
import { SANDBOX_DEFAULTS, type RunningSandbox, type SandboxCredentials, type SandboxOptions } from './types.js';

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  checkHandlers();
  const now = options.now ?? Date.now;
  const credentials = credentialsFrom(options);
  const lock = options.stateFile === undefined ? undefined : lockState(options.stateFile);
  const { store, notices } = await openStore(options, credentials, now, lock);
  const runtime = createRuntime({
    now,
    credentials,
    host: options.host ?? SANDBOX_DEFAULTS.host,
    port: options.port ?? SANDBOX_DEFAULTS.port,
    allowedHosts: options.allowedHosts ?? [],
    menuVersion: options.menuVersion ?? 'v1',
    store,
    ...(options.registeredHosts === undefined ? {} : { registeredHosts: options.registeredHosts }),
    ...(options.agreedSources === undefined ? {} : { agreedSources: options.agreedSources }),
    ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
  });
  const app = buildApp(runtime);
  const gate = options.control ?? ownerGate();
  installControlGate(app, gate);
  registerContractRoutes(app, runtime);
  registerControlRoutes(app, runtime);
  let running: RunningSandbox | undefined;
  options.extend?.(app, () => running!, (listener) => subscribe(runtime, listener), (listener) => onStateChange(runtime, listener));
  await listen(app, runtime, lock);
  running = runningSandbox({ app, runtime, lock, notices, gate });
  return running;
}

function checkHandlers(): void {
  const missing = unhandledOperations();
  if (missing.length > 0) {
    throw new CliError('spec_missing', `The sandbox has no handler for ${missing.map((op) => `${op.api}:${op.operationId}`).join(', ')}. Update stream-partner.`);
  }
}

function credentialsFrom(options: SandboxOptions): SandboxCredentials {
  return {
    clientId: options.clientId ?? SANDBOX_DEFAULTS.clientId,
    clientSecret: options.clientSecret ?? SANDBOX_DEFAULTS.clientSecret,
    webhookSecret: options.webhookSecret ?? SANDBOX_DEFAULTS.webhookSecret,
    partnerSlug: options.partnerSlug ?? SANDBOX_DEFAULTS.partnerSlug,
    partnerId: options.partnerId ?? SANDBOX_DEFAULTS.partnerId,
  };
}

/** The saved state (with --state) or a fresh seed, made to match this run's flags and saved. */
async function openStore(options: SandboxOptions, credentials: SandboxCredentials, now: () => number, lock: StateLock | undefined): Promise<{ store: StateStore; notices: readonly string[] }> {
  const file = options.stateFile;
  try {
    const loaded = file === undefined ? undefined : loadStateFiles(file);
    const store = createStateStore({
      state: loaded?.state ?? seedState({ ...credentials, now: now() }),
      ...(file === undefined ? {} : { file }),
      ...(loaded === undefined ? {} : { snapshotBytes: loaded.snapshotBytes, journalBytes: loaded.journalBytes }),
      ...(options.stateJournalLimit === undefined ? {} : { journalLimit: options.stateJournalLimit }),
    });
    matchFlags(store, credentials, now);
    try {
      await store.save();
    } catch (error) {
      throw new CliError('state_unreadable', `Cannot write the state file ${file}: ${(error as Error).message}. Check the folder's permissions, or pass another --state path.`, { cause: error });
    }
    return { store, notices: loaded?.notices ?? [] };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** Changes only what differs, so a start with the same flags adds nothing to the journal. */
function matchFlags(store: StateStore, credentials: SandboxCredentials, now: () => number): void {
  const state = store.tracked;
  if (state.partner_id !== credentials.partnerId) state.partner_id = credentials.partnerId;
  if (state.partner_slug !== credentials.partnerSlug) state.partner_slug = credentials.partnerSlug;
  // The command-line client always works, even against a state saved with other flags.
  const cliToken = state.partner_tokens.find((token) => token._id === 'tok_sandbox');
  if (cliToken !== undefined && cliToken.client_id !== credentials.clientId) cliToken.client_id = credentials.clientId;
  if (cliToken !== undefined && cliToken.client_secret !== credentials.clientSecret) cliToken.client_secret = credentials.clientSecret;
  seedExampleOrders({ state, plain: store.raw });
  seedMenus(state, now());
}

async function listen(app: FastifyInstance, runtime: SandboxRuntime, lock: StateLock | undefined): Promise<void> {
  const { host, port } = runtime;
  try {
    await app.listen({ port, host });
  } catch (error) {
    await app.close().catch(() => undefined);
    lock?.release();
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE' && port === 0) throw noFreePort(host, 'the sandbox', error);
    if (code === 'EADDRINUSE') throw new CliError('port_in_use', `Port ${port} on ${host} is already in use (another sandbox?). Stop that process or pass another --port.`, { cause: error });
    if (code === 'EACCES') throw new CliError('port_in_use', `Not allowed to listen on port ${port} on ${host}. Use a port above 1023 with --port.`, { cause: error });
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new CliError('usage', `Cannot listen on ${host}: no such address on this machine. Pass --host 127.0.0.1 or another local address.`, { cause: error });
    throw error;
  }
  const address = app.server.address();
  if (typeof address === 'object' && address !== null) runtime.port = address.port;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  runtime.baseUrl = `http://${urlHost}:${runtime.port}`;
}

function subscribe(runtime: SandboxRuntime, listener: Parameters<RunningSandbox['onExchange']>[0]): () => void {
  runtime.listeners.add(listener);
  return () => runtime.listeners.delete(listener);
}

function onStateChange(runtime: SandboxRuntime, listener: () => void): () => void {
  runtime.changeListeners.add(listener);
  return () => runtime.changeListeners.delete(listener);
}

interface RunningParts {
  readonly app: FastifyInstance;
  readonly runtime: SandboxRuntime;
  readonly lock: StateLock | undefined;
  readonly notices: readonly string[];
  readonly gate: ControlGate;
}

/**
 * Every port the system hands out is taken (another local user can hold them all): say so, and who
 * to ask, rather than "pass another --port", which a command that picks its own port does not take.
 */
function noFreePort(host: string, what: string, cause: unknown): CliError {
  return new CliError('port_in_use', `No free port on ${host} for ${what}: every port the system hands out (the range in /proc/sys/net/ipv4/ip_local_port_range) is taken. \`ss -ltnp\` shows which processes hold them; stop them and run again.`, { cause });
}

/** A second server for `app`'s routes, with the first one's timeouts, on a port the system picks. */
async function listenAlso(app: FastifyInstance, host: string): Promise<Server> {
  const server = createServer(app.routing);
  server.keepAliveTimeout = app.server.keepAliveTimeout;
  server.headersTimeout = app.server.headersTimeout;
  server.requestTimeout = app.server.requestTimeout;
  server.timeout = app.server.timeout;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: Error & { code?: string }) => reject(error.code === 'EADDRINUSE' ? noFreePort(host, "the console's page", error) : error));
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

function runningSandbox({ app, runtime, lock, notices, gate }: RunningParts): RunningSandbox {
  const { state, credentials, now } = runtime;
  let second: Server | undefined;
  return {
    url: runtime.baseUrl,
    controlToken: gate.token,
    notices,
    port: runtime.port,
    credentials,
    exchanges: (after = 0) => runtime.log.after(after),
    onExchange: (listener) => subscribe(runtime, listener),
    onStateChange: (listener) => onStateChange(runtime, listener),
    state: () => stateView(runtime.store.raw, now(), runtime.baseUrl),
    stateSummary: () => stateSummary({ state: runtime.store.raw, now: now(), baseUrl: runtime.baseUrl }),
    stateJson: () => JSON.stringify(runtime.store.raw),
    registerOrder: async (order) => {
      const reply = await runtime.transact((changed) => {
        runtime.addOrder(order);
        changed();
        return { status: 201 };
      });
      if (reply.status >= 500) throw new CliError('state_unreadable', `The sandbox could not save the order: ${reply.note ?? 'unknown error'}.`);
    },
    reset: async () => {
      const reply = await runtime.transact((changed) => {
        const fresh = seedState({ ...credentials, now: now() });
        for (const key of Object.keys(state) as (keyof SandboxState)[]) delete state[key];
        Object.assign(state, fresh);
        seedExampleOrders({ state, plain: runtime.store.raw });
        seedMenus(state, now());
        // What was asked of the sandbox goes with the state: a reset one answers every send as Stream does.
        runtime.outages.clear();
        runtime.limiter.throttle({ count: 0, seconds: 1, status: 429 });
        changed();
        return { status: 204 };
      });
      if (reply.status >= 500) throw new CliError('state_unreadable', `The sandbox could not save its reset state: ${reply.note ?? 'unknown error'}.`);
    },
    listenAlso: async (host) => {
      if (second !== undefined) throw new CliError('usage', 'The sandbox already listens on a second port.');
      second = await listenAlso(app, host);
      const address = second.address() as AddressInfo;
      runtime.consolePort = address.port;
      return `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    },
    close: async () => {
      runtime.listeners.clear();
      runtime.changeListeners.clear();
      second?.closeAllConnections();
      second?.close();
      await app.close();
      await runtime.store.close();
      lock?.release();
    },
  };
}
