// A secret given as a flag sits in the process's command line, which every user of the machine can
// read (ps, /proc/<pid>/cmdline). The flags stay, for throw-away sandbox secrets and scripts, but
// each use says where the secret is safer.

interface SecretFlag {
  /** The flag as typed, such as `--webhook-secret`. */
  readonly flag: string;
  /** Its value, `undefined` when the flag was not given. */
  readonly value: string | undefined;
  /** The environment variable that carries the same secret. */
  readonly variable: string;
}

/** One warning on stderr for each secret flag that was given. */
export function warnSecretFlags(options: { stderr: (text: string) => void; flags: readonly SecretFlag[] }): void {
  for (const { flag, value, variable } of options.flags) {
    if (value === undefined) continue;
    options.stderr(`warning: ${flag} puts the secret in this command's arguments, which other users of this machine can read (ps, /proc). Set ${variable} instead.\n`);
  }
}
