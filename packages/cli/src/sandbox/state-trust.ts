// A `--state` file is read back as the user's own: its tokens and secrets become the sandbox's. A file
// another local user wrote (planted in a shared folder, or left writable to others) would hand that
// user a sandbox whose credentials they chose, so it is refused before a byte of it is read, as ssh
// refuses a key file others can write.
import { lstatSync, type Stats } from 'node:fs';
import { CliError } from '../errors.js';

export interface TrustOptions {
  readonly file: string;
  /** What the file is, for the message: "state file" or "state journal". */
  readonly what: string;
  /** The user the sandbox runs as; omitted where the platform has no user ids (Windows). */
  readonly uid?: number;
}

/** Throws `state_untrusted` unless `file` is a regular file of this user that no one else may write. */
export function checkStateTrust(options: TrustOptions): void {
  let stats: Stats;
  try {
    stats = lstatSync(options.file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new CliError('state_unreadable', `Cannot read the ${options.what} ${options.file}: ${(error as Error).message}. Check its permissions, or pass another --state path.`, { cause: error });
  }
  const refuse = (why: string, fix: string) =>
    new CliError('state_untrusted', `The ${options.what} ${options.file} ${why}, so another user could have written the credentials it holds. ${fix}, or pass another --state path.`);
  if (stats.isSymbolicLink()) throw refuse('is a symbolic link', `Replace it with the file it points to (after checking it is yours)`);
  // A folder is a wrong path, not a planted file: say so plainly.
  if (stats.isDirectory()) throw new CliError('state_unreadable', `Cannot read the ${options.what} ${options.file}: it is a folder. Pass the path of a file to --state (it is created if missing).`);
  if (!stats.isFile()) throw refuse('is not a regular file', 'Remove it');
  if (options.uid !== undefined && stats.uid !== options.uid) {
    throw refuse(`belongs to user id ${stats.uid}, not to you (${options.uid})`, `Check it, then take it over with chown $(id -u) ${quote(options.file)}`);
  }
  if ((stats.mode & 0o022) !== 0) {
    throw refuse(`may be written by ${(stats.mode & 0o002) !== 0 ? 'every user' : 'its group'} (mode ${(stats.mode & 0o777).toString(8)})`, `Check it, then run chmod 600 ${quote(options.file)}`);
  }
}

/** The file's path as one shell word, for a command the user copies. */
function quote(path: string): string {
  return /^[\w./@%+=:,-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}
