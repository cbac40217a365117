// stream-partner: the command line. Each command lives in its own module and registers itself
// here; this file only wires them to commander and turns errors into exit codes (0 ok, 1 a check
// failed, 2 wrong usage or configuration).
import { Command, CommanderError } from 'commander';
import { certifyCommand } from './commands/certify.js';
import { mcpCommand } from './commands/mcp.js';
import { CliError } from './errors.js';
import { visibleText } from './visible.js';
import { processIo, type Io } from './io.js';
import { sandboxCommand } from './commands/sandbox.js';
import { signCommand, verifyCommand } from './sign.js';
import { triggerCommand } from './commands/trigger.js';
import { VERSION } from './version.js';

export interface MainOptions {
  readonly io?: Io;
  /** The name shown in help and errors: `stream-webhook` when run under the old name. */
  readonly programName?: string;
}

/** What a command's action resolves to: the exit code. */
export type CommandResult = Promise<number> | number;

export function buildProgram(io: Io, programName: string, setExit: (code: number) => void): Command {
  const program = new Command(programName)
    .description("Stream's partner toolkit: run a local Stream, send its events to your server, and certify your integration.")
    .version(VERSION, '-v, --version')
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride();
  const wrap = (command: Command) => {
    command.exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr }).showHelpAfterError('(add --help for usage)');
    program.addCommand(command);
  };
  wrap(sandboxCommand(io, setExit));
  wrap(triggerCommand(io, setExit));
  wrap(certifyCommand(io, setExit));
  wrap(signCommand(io, setExit));
  wrap(verifyCommand(io, setExit));
  wrap(mcpCommand(io, setExit));
  program.addHelpText(
    'after',
    `
Examples:
  $ ${programName} sandbox --port 4010
  $ ${programName} trigger location.paused --to http://127.0.0.1:8080/stream-dsp/v1/event
  $ ${programName} certify pos --base-url http://127.0.0.1:8080
  $ ${programName} mcp   # for a coding agent's host: claude mcp add stream-partner -- npx stream-partner mcp

Exit codes: 0 success, 1 a check or verification failed, 2 wrong usage or configuration.`,
  );
  return program;
}

/** Runs the CLI with `argv` (without `node` and the script) and resolves to the exit code. */
export async function main(argv: readonly string[], options: MainOptions = {}): Promise<number> {
  const io = options.io ?? processIo();
  let exitCode = 0;
  const program = buildProgram(io, options.programName ?? 'stream-partner', (code) => (exitCode = code));
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; every other commander error is wrong usage.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof CliError) {
      // A message may quote what a server answered (a refusal, an id): shown, never acted on by the terminal.
      io.stderr(`Error: ${visibleText({ text: error.message })}\n`);
      return error.exitCode;
    }
    io.stderr(`Unexpected error: ${(error as Error).stack ?? String(error)}\nPlease report it with the command you ran.\n`);
    return 1;
  }
}
