// The console's control token, handed to the terminal user's own tools through a file only that
// user can read: `trigger --sandbox-url` and `certify --sandbox-url` read it to report their calls.
// One file per port, in a per-user folder (mode 0700), written 0600 and removed when the sandbox
// stops. A file another user could have written or read is refused, not trusted. Beside it,
// `console-<port>.address` names the address the sandbox listens on: another local user may listen
// on the same port at another loopback address (`[::1]` beside `127.0.0.1`, where `localhost` often
// goes first), so the token goes only to the address the sandbox holds. The token file holds the
// token alone, so `$(cat console-<port>.token)` stays a header value.
import { chmodSync, closeSync, existsSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
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

/** The sandbox's default address, taken for a token file that names none. */
const DEFAULT_ADDRESS = '127.0.0.1';

/** `::1` as a URL writes it (`[::1]`), lower case: how a listening address and a URL's host are compared. */
function urlHost(host: string): string {
  const lower = host.toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/**
 * Whether a URL's host reaches only the sandbox listening on `address` at its port. An address
 * of its own takes that address alone; `0.0.0.0` holds every IPv4 loopback address and `::` every
 * address, so no one else can listen there; `localhost` takes itself (the sandbox listens on each
 * address it resolves to) and 127.0.0.1.
 */
function reachesOnly(address: string, host: string): boolean {
  const listening = urlHost(address);
  const asked = urlHost(host);
  if (listening === '[::]') return true;
  if (listening === '0.0.0.0') return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(asked);
  if (listening === 'localhost') return asked === 'localhost' || asked === '127.0.0.1';
  return listening === asked;
}

/** Where the address of the sandbox on `port` is written, beside its token. */
function addressPath(tokenPath: string): string {
  return tokenPath.replace(/\.token$/, '.address');
}

/**
 * Writes `text` beside `path`, then renames it over `path`: a reader never sees half a file, and a
 * symlink planted at the final name is replaced, not followed.
 */
function writeOwnFile(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/** Writes the token for `port` and the address the sandbox listens on; answers the token file's path. Throws a `CliError` that says what to fix. */
export function writeConsoleToken(options: { dir: string; port: number; token: string; address?: string }): string {
  const path = consoleTokenPath(options);
  try {
    mkdirSync(options.dir, { recursive: true, mode: 0o700 });
    const folder = lstatSync(options.dir);
    if (!folder.isDirectory()) throw new Error(`${options.dir} is not a folder`);
    // A folder this user made earlier with looser rights is tightened; another user's is refused.
    if (ownUid() !== undefined && folder.uid === ownUid() && (folder.mode & 0o077) !== 0) chmodSync(options.dir, 0o700);
    const problem = untrusted(lstatSync(options.dir), `the folder ${options.dir}`);
    if (problem !== undefined) throw new Error(problem);
    // The address first: a reader that finds this token finds its address too.
    writeOwnFile(addressPath(path), `${urlHost(options.address ?? DEFAULT_ADDRESS)}\n`);
    writeOwnFile(path, `${options.token}\n`);
    return path;
  } catch (error) {
    throw new CliError('token_file', `Cannot write the console token file ${path}: ${(error as Error).message}. Fix the folder's owner and rights (chmod 700), or set XDG_RUNTIME_DIR to a folder of your own.`, { cause: error });
  }
}

/** Removes the files if they still hold `token` (a newer sandbox on the same port may have replaced them). */
export function removeConsoleToken(options: { path: string; token: string }): void {
  try {
    if (readFileSync(options.path, 'utf8').trim() === options.token) {
      rmSync(options.path, { force: true });
      rmSync(addressPath(options.path), { force: true });
    }
  } catch {
    // Already gone: nothing to clean up.
  }
}

/** The token, or why it cannot be used; `useInstead` is the sandbox's own address when the URL named another. */
export type TokenRead = { readonly token: string } | { readonly problem: string; readonly useInstead?: string };

/** The token of the sandbox on `port`, or why it cannot be used. */
export function readConsoleToken(options: { dir: string; port: number }): TokenRead {
  const read = readTokenFile(options);
  return 'token' in read ? { token: read.token } : read;
}

/** The text of a small file only this user can have written or read, or why it cannot be trusted. */
function readOwnFile(path: string, missing: string): { readonly text: string } | { readonly problem: string } {
  let fd: number;
  try {
    if (lstatSync(path).isSymbolicLink()) return { problem: `${path} is a symbolic link; the sandbox writes a plain file there` };
    fd = openSync(path, 'r');
  } catch {
    return { problem: missing };
  }
  try {
    const stat = fstatSync(fd);
    const problem = untrusted(stat, path);
    if (problem !== undefined) return { problem: `${problem}; delete it and restart the sandbox` };
    if (stat.size > 256) return { problem: `${path} is not a console token file (${stat.size} bytes)` };
    return { text: readFileSync(fd, 'utf8').trim() };
  } finally {
    closeSync(fd);
  }
}

/** The token file's token and the address its sandbox listens on (the default when no address file is there). */
function readTokenFile(options: { dir: string; port: number }): { readonly token: string; readonly address: string } | { readonly problem: string } {
  const path = consoleTokenPath(options);
  const token = readOwnFile(path, `no console token file ${path} (is a sandbox running on port ${options.port} as this user? start it with stream-partner sandbox)`);
  if ('problem' in token) return token;
  if (!/^[0-9a-f]{48}$/.test(token.text)) return { problem: `${path} does not hold a console token; restart the sandbox` };
  const addressFile = addressPath(path);
  if (!existsSync(addressFile) && !isSymlink(addressFile)) return { token: token.text, address: DEFAULT_ADDRESS };
  const address = readOwnFile(addressFile, `no address file ${addressFile}; restart the sandbox`);
  if ('problem' in address) return address;
  if (!/^[0-9a-z.:[\]-]{1,255}$/i.test(address.text)) return { problem: `${addressFile} does not hold an address; restart the sandbox` };
  return { token: token.text, address: address.text };
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
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
 * The token of the sandbox at `url`, from this user's token file, or why it is not sent there: the
 * URL is not on this machine, or names an address at that port the sandbox does not listen on
 * (another program may, and would receive the token).
 */
export function consoleTokenFor(options: { url: string; dir: string }): TokenRead {
  const port = portOf(options.url);
  // The token files are this machine's sandboxes': never hand one to another host on the same port.
  if (!isLoopbackUrl(options.url)) return { problem: 'it is not on this machine, and the console token is sent only to a sandbox on 127.0.0.1, localhost or [::1]' };
  if (port === undefined) return { problem: 'the URL names no port' };
  const read = readTokenFile({ dir: options.dir, port });
  if ('problem' in read) return read;
  const host = new URL(options.url).hostname;
  if (!reachesOnly(read.address, host)) {
    const useInstead = `http://${read.address}:${port}`;
    return { problem: `the sandbox on port ${port} listens on ${read.address}, and at ${urlHost(host)}:${port} another program may be listening, so its token is not sent there; use ${useInstead}`, useInstead };
  }
  return { token: read.token };
}

/**
 * The header that carries the console token of the sandbox at `url`, read from this user's token
 * file; none when it cannot be sent there (the sandbox's 401 then says where the token is).
 */
export function consoleTokenHeaders(options: { url: string; dir: string }): Record<string, string> {
  const read = consoleTokenFor(options);
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
