// `stream-partner mcp`: serves the docs, contracts and toolkit to a coding agent over the Model
// Context Protocol on stdio. An agent host starts it; a person never talks to it directly.
import { Command } from 'commander';
import { usageError } from '../errors.js';
import type { Io } from '../io.js';
import { bareSandboxUrl } from '../sandbox-url.js';

interface McpFlags {
  allowHost: string[];
  allowSendCommand?: boolean;
  sandboxUrl?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** A host name as --allow-host takes it: a bare name or address, or `*`; never a URL. */
function hostName(value: string): string {
  const host = value.trim().toLowerCase().replace(/^\[|\]$/g, '');
  if (host === '*') return host;
  if (host === '' || /[/:@?#\s]/.test(host.replace(/^[0-9a-f:]+$/, 'ipv6'))) throw usageError(`--allow-host takes a host name such as staging.pos.example (no scheme, port or path); got "${value}".`);
  return host;
}

export function mcpCommand(io: Io, setExit: (code: number) => void): Command {
  return new Command('mcp')
    .description("Serve Stream's partner docs, the four contracts and the toolkit (validate, sign, trigger, certify, the sandbox) to a coding agent over the Model Context Protocol, on stdio, offline.")
    .option('--allow-host <host>', 'let trigger_event and certify send to this host besides loopback (repeatable; "*" for any host)', collect, [] as string[])
    .option('--allow-send-command', "let certify run the send_command an agent gives it: a shell command on this machine, so only for an agent you would let run commands at your terminal")
    .option('--sandbox-url <url>', 'use this running sandbox (its console then shows what the tools send); by default the server starts its own on a free port when a tool needs one')
    .addHelpText(
      'after',
      `
An agent host starts this command and talks to it on standard input and output; logs go to
standard error. trigger_event and certify send only to loopback addresses (127.0.0.1, ::1,
localhost) unless --allow-host names the host. certify runs an agent's send_command (a shell
command) only with --allow-send-command.

Examples:
  Claude Code:
    $ claude mcp add stream-partner -- npx stream-partner mcp
  A project's .mcp.json (Claude Code, Cursor's .cursor/mcp.json has the same shape):
    { "mcpServers": { "stream-partner": { "command": "npx", "args": ["stream-partner", "mcp"] } } }
  VS Code (.vscode/mcp.json):
    { "servers": { "stream-partner": { "type": "stdio", "command": "npx", "args": ["stream-partner", "mcp"] } } }
  Letting certify run the agent's send command for the sandbox requirements:
    $ claude mcp add stream-partner -- npx stream-partner mcp --allow-send-command
  With a sandbox you already run, and a staging server the tools may reach:
    $ stream-partner mcp --sandbox-url http://127.0.0.1:4010 --allow-host staging.pos.example

Exit codes: 0 the host closed the connection, 2 wrong usage.`,
    )
    .action(async (flags: McpFlags) => {
      const allowHosts = flags.allowHost.map(hostName);
      const sandboxUrl = flags.sandboxUrl === undefined ? undefined : bareSandboxUrl({ value: flags.sandboxUrl, source: '--sandbox-url' });
      // The server and its SDK load only for this command, so the other commands start as fast as before.
      const { serveStdio } = await import('../mcp/server.js');
      await serveStdio({ io, allowHosts, allowSendCommand: Boolean(flags.allowSendCommand), ...(sandboxUrl === undefined ? {} : { sandboxUrl }) });
      setExit(0);
    });
}
