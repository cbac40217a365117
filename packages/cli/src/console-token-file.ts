// The console's control token, handed to the terminal user's own tools through a file only that
// user can read: `trigger --sandbox-url` and `certify --sandbox-url` read it to report their calls.
// One file per port, in a per-user folder (mode 0700), written 0600 and removed when the sandbox
// stops. A file another user could have written or read is refused, not trusted.
import { chmodSync, closeSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CliError } from './errors.js';

/** The header terminal tools send the token in. */
export const CONSOLE_TOKEN_HEADER = 'x-sandbox-console-token';

/** `$XDG_RUNTIME_DIR/stream-partner`, else `~/.stream-partner/run`. */
export function consoleTokenDir(env: Readonly<Record<string, string | undefined>>): string {
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime !== undefined && runtime !== '') return join(runtime, 'stream-partner');
  return join(env.HOME ?? env.USERPROFILE ?? homedir(), '.stream-partner', 'run');
}

export function consoleTokenPath(options: { dir: string; port: number }): string {
  return join(options.dir, `console-${options.port}.token`);
}

const ownUid = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);

/** Why a file or folder cannot be trusted to hold the token, or `undefined` when it can. */
function untrusted(stat: { uid: number; mode: number }, what: string): string | undefined {
  const uid = ownUid();
  if (uid === undefined) return undefined;
  if (stat.uid !== uid) return `${what} belongs to another user (uid ${stat.uid})`;
  if ((stat.mode & 0o077) !== 0) return `${what} can be read or written by other users (mode ${(stat.mode & 0o777).toString(8)})`;
  return undefined;
}

/** Writes the token for `port`; answers the file's path. Throws a `CliError` that says what to fix. */
export function writeConsoleToken(options: { dir: string; port: number; token: string }): string {
  const path = consoleTokenPath(options);
  try {
    mkdirSync(options.dir, { recursive: true, mode: 0o700 });
    const folder = lstatSync(options.dir);
    if (!folder.isDirectory()) throw new Error(`${options.dir} is not a folder`);
    // A folder this user made earlier with looser rights is tightened; another user's is refused.
    if (ownUid() !== undefined && folder.uid === ownUid() && (folder.mode & 0o077) !== 0) chmodSync(options.dir, 0o700);
    const problem = untrusted(lstatSync(options.dir), `the folder ${options.dir}`);
    if (problem !== undefined) throw new Error(problem);
    // Written beside the final name, then renamed over it: a reader never sees half a token, and a
    // symlink planted at the final name is replaced, not followed.
    const temporary = `${path}.${process.pid}.tmp`;
    rmSync(temporary, { force: true });
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      writeSync(fd, `${options.token}\n`);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
    return path;
  } catch (error) {
    throw new CliError('token_file', `Cannot write the console token file ${path}: ${(error as Error).message}. Fix the folder's owner and rights (chmod 700), or set XDG_RUNTIME_DIR to a folder of your own.`, { cause: error });
  }
}

/** Removes the file if it still holds `token` (a newer sandbox on the same port may have replaced it). */
export function removeConsoleToken(options: { path: string; token: string }): void {
  try {
    if (readFileSync(options.path, 'utf8').trim() === options.token) rmSync(options.path, { force: true });
  } catch {
    // Already gone: nothing to clean up.
  }
}

export type TokenRead = { readonly token: string } | { readonly problem: string };

/** The token of the sandbox on `port`, or why it cannot be used. */
export function readConsoleToken(options: { dir: string; port: number }): TokenRead {
  const path = consoleTokenPath(options);
  let fd: number;
  try {
    if (lstatSync(path).isSymbolicLink()) return { problem: `${path} is a symbolic link; the sandbox writes a plain file there` };
    fd = openSync(path, 'r');
  } catch {
    return { problem: `no console token file ${path} (is a sandbox running on port ${options.port} as this user? start it with stream-partner sandbox)` };
  }
  try {
    const stat = fstatSync(fd);
    const problem = untrusted(stat, path);
    if (problem !== undefined) return { problem: `${problem}; delete it and restart the sandbox` };
    if (stat.size > 256) return { problem: `${path} is not a console token file (${stat.size} bytes)` };
    const token = readFileSync(fd, 'utf8').trim();
    return /^[0-9a-f]{48}$/.test(token) ? { token } : { problem: `${path} does not hold a console token; restart the sandbox` };
  } finally {
    closeSync(fd);
  }
}

/** The port a sandbox URL names (80 or 443 when it names none). */
export function portOf(url: string): number | undefined {
  try {
    const parsed = new URL(url);
    return parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
  } catch {
    return undefined;
  }
}

/**
 * The header that carries the console token of the sandbox at `url`, read from this user's token
 * file; none when it cannot be read (the sandbox's 401 then says where the token is).
 */
export function consoleTokenHeaders(options: { url: string; dir: string }): Record<string, string> {
  const port = portOf(options.url);
  // The token files are this machine's sandboxes': never hand one to another host on the same port.
  if (port === undefined || !isLoopbackUrl(options.url)) return {};
  const read = readConsoleToken({ dir: options.dir, port });
  return 'token' in read ? { [CONSOLE_TOKEN_HEADER]: read.token } : {};
}

/** Whether `url` names this machine: localhost, 127.0.0.0/8 or [::1]. */
export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
  } catch {
    return false;
  }
}
