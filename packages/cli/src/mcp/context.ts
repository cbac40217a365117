// What every MCP tool shares: where it may send (loopback only, unless the host started the server
// with --allow-host), the sandbox it reads exchanges from, and how a result is shaped.
import { isIP } from 'node:net';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CliError } from '../errors.js';
import type { Io } from '../io.js';
import { CONSOLE_TOKEN_HEADER, consoleTokenDir, consoleTokenHeaders } from '../console-token-file.js';
import type { RunningSandbox } from '../sandbox/index.js';
import { visibleText } from '../visible.js';

export interface McpContext {
  readonly io: Io;
  /** Host names (lower case) the tools may send to besides loopback; `*` allows any. */
  readonly allowHosts: ReadonlySet<string>;
  /** The running sandbox given with --sandbox-url, whose console also shows what the tools send. */
  readonly attachedSandbox: string | undefined;
  /** `--allow-send-command`: certify may run the shell command an agent gives it. */
  readonly allowSendCommand: boolean;
  /**
   * The sandbox (the one given with --sandbox-url, or the one started on demand): its URL and the token header its read and change routes need: for the server's own
   * sandbox, the token only this process holds; for --sandbox-url, the terminal user's token file.
   */
  sandbox(): Promise<SandboxAccess>;
  /** The token header for a sandbox URL a tool was given (its own sandbox's, or from the token file). */
  sandboxHeaders(url: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export interface SandboxAccess {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The token itself when the sandbox is this server's own (certify's link takes it as is). */
  readonly ownToken?: string;
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  // `localhost` itself comes from the hosts file; a name under .localhost may be asked of the network's resolver, which can answer any address.
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host);
  return false;
}

/** The URL, parsed, when the tools may send to it; otherwise a usage error that says how to allow it. */
export function checkTarget(context: Pick<McpContext, 'allowHosts'>, field: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError('usage', `${field} must be an absolute http(s) URL such as http://127.0.0.1:4101; got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError('usage', `${field} must be an http or https URL; got "${value}".`);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!isLoopback(host) && !context.allowHosts.has(host) && !context.allowHosts.has('*')) {
    throw new CliError(
      'usage',
      `${field} ${url.origin} is not a loopback address, and this MCP server sends only to loopback addresses (127.0.0.1, ::1, localhost). To allow it, restart the server with --allow-host ${host}.`,
    );
  }
  return url;
}

/**
 * A tool's answer: a short text summary for the agent to read, the structured result, and the same as
 * JSON text for hosts that show only text (unindented: indentation would take a fifth of the agent's context).
 * Every string in them, and every key, has its control, bidirectional, zero-width and tag characters
 * written out: a partner's answer or a sandbox exchange could otherwise hand the agent text no
 * person reading the same result sees (tag characters spell ASCII).
 */
export function toolResult(summary: string, structured: Record<string, unknown>): CallToolResult {
  const shown = visibleValue(structured) as Record<string, unknown>;
  return { content: [{ type: 'text', text: visibleText({ text: summary }) }, { type: 'text', text: JSON.stringify(shown) }], structuredContent: shown };
}

/** `value` with every string and key through `visibleText` (tabs and line breaks kept: JSON escapes them). */
function visibleValue(value: unknown): unknown {
  if (typeof value === 'string') return visibleText({ text: value });
  if (Array.isArray(value)) return value.map(visibleValue);
  if (typeof value !== 'object' || value === null) return value;
  // fromEntries defines each key as its own property, so a partner's "__proto__" stays a plain key.
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [visibleText({ text: key }), visibleValue(item)]));
}

export function toolError(error: unknown): CallToolResult {
  if (error instanceof CliError) {
    return { isError: true, content: [{ type: 'text', text: error.message }], structuredContent: { error: { code: error.code, message: error.message } } };
  }
  throw error;
}

/** Runs a tool body and turns a CliError into a tool error the agent can act on; anything else is a bug and surfaces as one. */
export async function guarded(run: () => CallToolResult | Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    return toolError(error);
  }
}

export interface ContextOptions {
  readonly io: Io;
  readonly allowHosts: readonly string[];
  readonly allowSendCommand?: boolean;
  readonly sandboxUrl?: string;
}

export function createContext(options: ContextOptions): McpContext {
  let running: Promise<RunningSandbox> | undefined;
  const fromFile = (url: string) => consoleTokenHeaders({ url, dir: consoleTokenDir(options.io.env) });
  const sandbox = async (): Promise<SandboxAccess> => {
    if (options.sandboxUrl !== undefined) {
      const url = options.sandboxUrl.replace(/\/$/, '');
      return { url, headers: fromFile(url) };
    }
    // Loaded on first use, so the server starts without Fastify and the sandbox's handlers.
    running ??= import('../sandbox/index.js')
      .then(({ startSandbox }) => startSandbox({ port: 0 }))
      .then((started) => {
        options.io.stderr(`stream-partner mcp: started a sandbox at ${started.url}\n`);
        return started;
      });
    const own = await running;
    return { url: own.url, headers: { [CONSOLE_TOKEN_HEADER]: own.controlToken }, ownToken: own.controlToken };
  };
  return {
    io: options.io,
    allowHosts: new Set(options.allowHosts.map((host) => host.toLowerCase())),
    attachedSandbox: options.sandboxUrl?.replace(/\/$/, ''),
    allowSendCommand: options.allowSendCommand === true,
    sandbox,
    sandboxHeaders: async (url) => {
      const own = running === undefined ? undefined : await running.catch(() => undefined);
      // Its own sandbox's token goes only to that sandbox, under the URL it listens on.
      if (own !== undefined && url.replace(/\/$/, '') === own.url) return { [CONSOLE_TOKEN_HEADER]: own.controlToken };
      return fromFile(url);
    },
    close: async () => {
      await running?.then((sandbox) => sandbox.close(), () => undefined);
    },
  };
}
