// Files the CLI writes for its user alone (certify's reports): readable only by that user, and
// written beside the final name then renamed over it, so a symlink another user planted at that
// name (in a shared folder such as /tmp) is replaced, never written through, and a reader never
// sees half a file.
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Writes `text` to `path` with mode 0600; throws the file system's error. */
export function writePrivateFile(options: { path: string; text: string }): void {
  const path = resolve(options.path);
  mkdirSync(dirname(path), { recursive: true });
  // An unpredictable name, created only if nothing is there: no one can prepare it in advance.
  const temporary = `${path}.${randomBytes(8).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
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
