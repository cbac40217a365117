// A secret given as a flag sits in the process's command line, which every user of the machine can
// read (ps, /proc/<pid>/cmdline). The flags stay, for throw-away sandbox secrets and scripts, but
// each use says where the secret is safer, and the command line is overwritten without the secret
// as soon as the flags are read (on Linux and macOS a process's title takes its arguments' place).

interface SecretFlag {
  /** The flag as typed, such as `--webhook-secret`. */
  readonly flag: string;
  /** Its value, `undefined` when the flag was not given. */
  readonly value: string | undefined;
  /** The environment variable that carries the same secret. */
  readonly variable: string;
}

/**
 * One warning on stderr for each secret flag that was given, and the process's arguments shown
 * with those secrets replaced by `[hidden]` from then on. `argv` and `setTitle` are the process's
 * own unless a caller passes others.
 */
export function warnSecretFlags(options: {
  stderr: (text: string) => void;
  flags: readonly SecretFlag[];
  argv?: readonly string[];
  setTitle?: (title: string) => void;
}): void {
  const secrets: string[] = [];
  for (const { flag, value, variable } of options.flags) {
    if (value === undefined) continue;
    if (value !== '') secrets.push(value);
    options.stderr(`warning: ${flag} puts the secret in this command's arguments, which other users of this machine can read (ps, /proc). Set ${variable} instead.\n`);
  }
  const argv = options.argv ?? process.argv;
  if (!argv.some((argument) => secrets.some((secret) => argument.includes(secret)))) return;
  const shown = argv.map((argument) => secrets.reduce((text, secret) => text.split(secret).join('[hidden]'), argument)).join(' ');
  (options.setTitle ?? ((title: string) => (process.title = title)))(shown);
}
