// The sandbox console: the React page at the sandbox's root URL, the live stream of exchanges and
// state it reads, and the control endpoints it drives (send, certify, replay, reset, a token for
// the explorer). It composes the sandbox, certify and trigger, and mounts itself on the sandbox's
// server through the sandbox's `extend` hook; the sandbox knows nothing of it. Every route goes
// through the guard in guard.ts.
import type { FastifyInstance } from 'fastify';
import { consoleTokenPath, removeConsoleToken, writeConsoleToken } from '../console-token-file.js';
import { SANDBOX_DEFAULTS, startSandbox, type RunningSandbox, type SandboxOptions } from '../sandbox/index.js';
import { registerCertifyRuns } from './certify-runs.js';
import { registerControls } from './controls.js';
import { createGuard, type ConsoleGuard } from './guard.js';
import { createHub } from './hub.js';
import { registerOutboundRoute } from './outbound.js';
import { registerPage, type PageAddress } from './page.js';
import { registerStream } from './stream.js';

export { CONSOLE_LOG_LIMIT } from './hub.js';
export { consoleAssetsDir } from './page.js';
export { warmValidators } from './data.js';

export interface ConsoleOptions {
  readonly app: FastifyInstance;
  /** The running sandbox; read only once it listens. */
  readonly sandbox: () => RunningSandbox;
  /** Who may use the console: the same guard the sandbox got as its `control` gate. */
  readonly guard: ConsoleGuard;
  /** Subscribes to the sandbox's exchanges (usable before it listens, unlike `sandbox`). */
  readonly onExchange: RunningSandbox['onExchange'];
  /** Subscribes to the sandbox's kept state changes (usable before it listens). */
  readonly onStateChange: RunningSandbox['onStateChange'];
  /** The page's own port, once it listens there; until then (and without one) the page is served on the sandbox's port. */
  readonly page?: () => PageAddress | undefined;
}

export interface ConsoleHandle {
  readonly token: string;
  /** Builds what the first page load would otherwise wait for; call once the sandbox listens. */
  warm(): void;
  /** Open event streams and the bytes waiting in their buffers: for tests and the bench. */
  streams(): { clients: number; buffered: number };
}

/** Registers the console's routes and hooks; answers its control token. */
export function registerConsole(options: ConsoleOptions): ConsoleHandle {
  const hub = createHub({ app: options.app, sandbox: options.sandbox, guard: options.guard, onExchange: options.onExchange, onStateChange: options.onStateChange });
  registerPage({ app: hub.app, guard: hub.guard, page: options.page ?? (() => undefined) });
  registerStream(hub);
  const controls = registerControls(hub);
  registerCertifyRuns(hub);
  registerOutboundRoute(hub);
  return {
    token: hub.guard.token,
    warm: controls.warm,
    streams: () => ({ clients: hub.clients.size, buffered: [...hub.streams].reduce((sum, raw) => sum + raw.writableLength, 0) }),
  };
}

export interface ConsoleSandboxOptions extends SandboxOptions {
  /** `--allow-remote-console`: the console and its control routes also answer peers on other machines (still only with the token). */
  readonly allowRemoteConsole?: boolean;
  /** Write the console token to `<dir>/console-<port>.token` (0600) for the terminal user's tools; removed on close. */
  readonly consoleTokenDir?: string;
}

export interface ConsoleSandbox extends RunningSandbox {
  /** The address it listens on, as asked (`http://0.0.0.0:4010`); `url` is how this machine reaches it. */
  readonly listenUrl: string;
  /** The console's per-process control token (the console URL and the token file carry it; tests read it here). */
  readonly consoleToken: string;
  /** The URL that opens the console: `consoleOrigin` with the link's token after `#`, which the page trades for its session secret, once. */
  readonly consoleUrl: string;
  /** Where the console's page lives: a port of its own, chosen afresh each run (`http://127.0.0.1:41873`); `url`'s `/` redirects there. */
  readonly consoleOrigin: string;
  /** The session secret the page sends in the `x-sandbox-console-session` header, for tests. */
  readonly consoleSession: string;
  /** Where the token file was written, or why it could not be (with `consoleTokenDir`). */
  readonly consoleTokenFile?: { readonly path: string } | { readonly problem: string };
  /** The console's open event streams and the bytes waiting in their buffers. */
  consoleStreams(): { clients: number; buffered: number };
}

/** A sandbox with the console mounted: what the `sandbox` command runs. */
export async function startConsoleSandbox(options: ConsoleSandboxOptions = {}): Promise<ConsoleSandbox> {
  let handle: ConsoleHandle | undefined;
  let running: (() => RunningSandbox) | undefined;
  let page: PageAddress | undefined;
  const dir = options.consoleTokenDir;
  // One guard for the console and the sandbox's own read and change routes: one token, one set of rules.
  const guard: ConsoleGuard = createGuard({
    allowRemote: options.allowRemoteConsole ?? false,
    ...(dir === undefined ? {} : { tokenFile: () => consoleTokenPath({ dir, port: running!().port }) }),
  });
  const sandbox = await startSandbox({
    ...options,
    control: guard,
    extend: (app, sandboxNow, onExchange, onStateChange) => {
      running = sandboxNow;
      options.extend?.(app, sandboxNow, onExchange, onStateChange);
      handle = registerConsole({ app, sandbox: sandboxNow, guard, onExchange, onStateChange, page: () => page });
    },
  });
  const host = options.host ?? SANDBOX_DEFAULTS.host;
  page = await listenForPage(sandbox, pageHost(host, options.allowRemoteConsole ?? false));
  const consoleHandle = handle!;
  // After start-up's own work, off the path of any request; a failure here shows on the first page load instead.
  setImmediate(() => {
    try {
      consoleHandle.warm();
    } catch {
      // The page's request builds it again and answers the error.
    }
  }).unref();
  const listenUrl = `http://${host.includes(':') ? `[${host}]` : host}:${sandbox.port}`;
  let tokenFile: { path: string } | { problem: string } | undefined;
  if (options.consoleTokenDir !== undefined) {
    try {
      tokenFile = { path: writeConsoleToken({ dir: options.consoleTokenDir, port: sandbox.port, token: consoleHandle.token, address: host }) };
    } catch (error) {
      tokenFile = { problem: (error as Error).message };
    }
  }
  return {
    ...sandbox,
    listenUrl,
    consoleToken: consoleHandle.token,
    consoleUrl: `${page.origin}/#token=${guard.linkToken}`,
    consoleOrigin: page.origin,
    consoleSession: guard.session,
    ...(tokenFile === undefined ? {} : { consoleTokenFile: tokenFile }),
    consoleStreams: () => consoleHandle.streams(),
    close: async () => {
      if (tokenFile !== undefined && 'path' in tokenFile) removeConsoleToken({ path: tokenFile.path, token: consoleHandle.token });
      await sandbox.close();
    },
  };
}

/**
 * Where the page listens: a literal address (`localhost` becomes 127.0.0.1, which the sandbox then
 * holds; a browser resolves `localhost` itself, `[::1]` first, where another user may listen), and a
 * loopback one unless other machines may use the console: the page answers only this machine anyway.
 */
function pageHost(host: string, allowRemote: boolean): string {
  const literal = host.toLowerCase() === 'localhost' ? '127.0.0.1' : host;
  if (allowRemote) return literal;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(literal) || literal === '::1' ? literal : '127.0.0.1';
}

/** The page's port, which the system picks, so the page's origin is new each run. */
async function listenForPage(sandbox: RunningSandbox, host: string): Promise<PageAddress> {
  try {
    const bound = await sandbox.listenAlso(host);
    const port = Number(bound.slice(bound.lastIndexOf(':') + 1));
    const name = bound.slice(0, bound.lastIndexOf(':'));
    const reach = name === '0.0.0.0' ? '127.0.0.1' : name === '[::]' ? '[::1]' : name;
    return { origin: `http://${reach}:${port}`, port, sandboxOrigins: sandboxOrigins(sandbox) };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}

/**
 * The sandbox's port as a browser reaches it on this machine, by a loopback address the sandbox
 * holds (`localhost` is 127.0.0.1, as for the page); none when it listens on a network address alone,
 * where an image would reach whatever else holds 127.0.0.1 at that port.
 */
function sandboxOrigins(sandbox: RunningSandbox): string[] {
  const name = new URL(sandbox.url).hostname;
  const literal = name === 'localhost' ? '127.0.0.1' : name;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(literal) || literal === '[::1]' ? [`http://${literal}:${sandbox.port}`] : [];
}
