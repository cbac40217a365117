// Files the CLI writes for its user alone (certify's reports): readable only by that user, and
// written beside the final name then renamed over it, so a reader never sees half a file. A folder
// another local user may write to (and that is not sticky, as /tmp is) would let that user rename
// the finished report away and put their own in its place, so such a path is refused, as is a
// symlink at the report's name (someone meant the report to land elsewhere).
import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, statSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

const STICKY = 0o1000;

/** Whether a user other than this one (and root) may create, rename or delete entries in the folder. */
function othersMayWrite(stat: Stats): boolean {
  if (typeof process.getuid !== 'function') return false;
  if ((stat.mode & STICKY) !== 0) return false;
  const uid = process.getuid();
  if ((stat.mode & 0o002) !== 0) return true;
  if ((stat.mode & 0o020) !== 0 && stat.gid !== process.getgid!()) return true;
  return stat.uid !== uid && stat.uid !== 0 && (stat.mode & 0o200) !== 0;
}

/**
 * Why `path` must not take a private file, or `undefined` when it may: a symlink at the name, or a
 * folder on its way (the nearest one that exists and each above it) that another user may write to.
 */
export function privateTargetProblem(options: { path: string }): string | undefined {
  const path = resolve(options.path);
  try {
    if (lstatSync(path).isSymbolicLink()) return `${path} is a symbolic link; give the path of the file itself`;
  } catch {
    // Nothing there yet: the usual case.
  }
  // The folders on the way as written, and where a symlinked folder among them really is: a
  // symlink to a folder inside a shared one leaves the report as replaceable as the shared one.
  for (const start of [dirname(path), realFolder(dirname(path))]) {
    const problem = start === undefined ? undefined : sharedFolderOnTheWay(start);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** The real path of the nearest folder of `folder`'s that exists, with what is not there yet after it. */
function realFolder(folder: string): string | undefined {
  let missing = '';
  for (let at = folder; ; at = dirname(at)) {
    try {
      return resolve(realpathSync(at), missing);
    } catch {
      if (dirname(at) === at) return undefined;
      missing = missing === '' ? basename(at) : `${basename(at)}/${missing}`;
    }
  }
}

/** Why a folder from `folder` up to the root lets another user replace a file in it; undefined when none does. */
function sharedFolderOnTheWay(start: string): string | undefined {
  let folder = start;
  for (;;) {
    let stat: Stats | undefined;
    try {
      stat = statSync(folder);
    } catch {
      // Not there yet: certify creates it, as its own.
    }
    if (stat !== undefined && othersMayWrite(stat)) {
      return `another user of this machine may write to ${folder} (mode ${(stat.mode & 0o7777).toString(8)}, owner uid ${stat.uid}), so they could replace the file once written; write it to a folder only you can write to`;
    }
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}

/** Writes `text` to `path` with mode 0600; throws the file system's error, or the reason the path is unsafe. */
export function writePrivateFile(options: { path: string; text: string }): void {
  const path = resolve(options.path);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // Checked again once the folders exist: one created by someone else in between is refused too.
  const problem = privateTargetProblem({ path });
  if (problem !== undefined) throw new Error(problem);
  // An unpredictable name, created only if nothing is there: no one can prepare it in advance.
  const temporary = `${path}.${randomBytes(8).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    // Whatever the umask, the report is its user's alone.
    fchmodSync(fd, 0o600);
    writeSync(fd, options.text);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
