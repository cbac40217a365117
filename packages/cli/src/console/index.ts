// The sandbox console: the React page at the sandbox's root URL, the live stream of exchanges and
// state it reads, and the control endpoints it drives (send, certify, replay, reset, a token for
// the explorer). It composes the sandbox, certify and trigger, and mounts itself on the sandbox's
// server through the sandbox's `extend` hook; the sandbox knows nothing of it. Every route goes
// through the guard in guard.ts.
import type { FastifyInstance } from 'fastify';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../sandbox/index.js';
import { registerCertifyRuns } from './certify-runs.js';
import { registerControls } from './controls.js';
import { createHub } from './hub.js';
import { registerOutboundRoute } from './outbound.js';
import { registerPage } from './page.js';
import { registerStream } from './stream.js';

export { CONSOLE_LOG_LIMIT } from './hub.js';
export { consoleAssetsDir } from './page.js';
export { warmValidators } from './data.js';

export interface ConsoleOptions {
  readonly app: FastifyInstance;
  /** The running sandbox; read only once it listens. */
  readonly sandbox: () => RunningSandbox;
}

/** Registers the console's routes and hooks; answers the control token. */
export function registerConsole(options: ConsoleOptions): string {
  const hub = createHub(options);
  registerPage(hub);
  registerStream(hub);
  registerControls(hub);
  registerCertifyRuns(hub);
  registerOutboundRoute(hub);
  return hub.guard.token;
}

export interface ConsoleSandbox extends RunningSandbox {
  /** The console's per-process control token (its page carries it; tests read it here). */
  readonly consoleToken: string;
}

/** A sandbox with the console mounted: what the `sandbox` command runs. */
export async function startConsoleSandbox(options: SandboxOptions = {}): Promise<ConsoleSandbox> {
  let consoleToken = '';
  const sandbox = await startSandbox({
    ...options,
    extend: (app, running) => {
      options.extend?.(app, running);
      consoleToken = registerConsole({ app, sandbox: running });
    },
  });
  return { ...sandbox, consoleToken };
}
