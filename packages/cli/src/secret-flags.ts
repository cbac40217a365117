// A secret given as a flag sits in the process's command line, which every user of the machine can
// read (ps, /proc/<pid>/cmdline). The flags stay, for throw-away sandbox secrets and scripts, but
// each use says where the secret is safer, and the command line is overwritten without the secret
// as soon as the flags are read (on Linux and macOS a process's title takes its arguments' place).
import { readFileSync } from 'node:fs';

interface SecretFlag {
  /** The flag as typed, such as `--webhook-secret`. */
  readonly flag: string;
  /** Its value, `undefined` when the flag was not given. */
  readonly value: string | undefined;
  /** The environment variable that carries the same secret. */
  readonly variable: string;
}

/** The process that started this one and its arguments, where the system shows them (Linux's /proc). */
export interface ParentProcess {
  readonly pid: number;
  readonly args: string;
}

function parentProcess(): ParentProcess | undefined {
  try {
    return { pid: process.ppid, args: readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8').split('\0').join(' ').trim() };
  } catch {
    return undefined;
  }
}

/**
 * One warning on stderr for each secret flag that was given, and the process's arguments shown
 * with those secrets replaced by `[hidden]` from then on. `argv` and `setTitle` are the process's
 * own unless a caller passes others; `parent` is the process that started this one (read from /proc
 * unless given): npx, npm exec, npm run and the shell they start keep the secret in their own
 * arguments, which no child can change, so the warning says so.
 */
export function warnSecretFlags(options: {
  stderr: (text: string) => void;
  flags: readonly SecretFlag[];
  argv?: readonly string[];
  setTitle?: (title: string) => void;
  parent?: ParentProcess;
}): void {
  const secrets: string[] = [];
  for (const { flag, value, variable } of options.flags) {
    if (value === undefined) continue;
    if (value !== '') secrets.push(value);
    options.stderr(`warning: ${flag} puts the secret in this command's arguments, which other users of this machine can read (ps, /proc). Set ${variable} instead.\n`);
  }
  if (secrets.length === 0) return;
  const hidden = (text: string) => secrets.reduce((result, secret) => result.split(secret).join('[hidden]'), text);
  const parent = options.parent ?? parentProcess();
  if (parent !== undefined && secrets.some((secret) => parent.args.includes(secret))) {
    // Its first words name it (npm exec, sh -c); the rest is this command's own line again.
    const words = hidden(parent.args).replace(/[^\x20-\x7e]/g, '?').split(' ');
    const name = words.length > 3 ? `${words.slice(0, 3).join(' ')} …` : words.join(' ');
    options.stderr(`warning: the process that started this one (pid ${parent.pid}: ${name}) shows the secret in its arguments for as long as it runs, and only it can change that: npx, npm exec and npm run keep their arguments. Set the variable instead.\n`);
  }
  const argv = options.argv ?? process.argv;
  if (!argv.some((argument) => secrets.some((secret) => argument.includes(secret)))) return;
  (options.setTitle ?? ((title: string) => (process.title = title)))(argv.map(hidden).join(' '));
}
