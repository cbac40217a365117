// `--state FILE` on disk: one sandbox at a time (a lock file next to it holds the owner's pid), and
// no temporary file left behind by one that was killed mid-write (state-store.ts does the writing).
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CliError } from '../errors.js';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockHolder(lockFile: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export interface StateLock {
  readonly file: string;
  release(): void;
}

/**
 * Creates `<state>.lock` holding this process's pid, with the `wx` flag so two sandboxes cannot both
 * create it. A lock whose pid is no longer running is stale and taken over.
 */
export function lockState(stateFile: string): StateLock {
  const lockFile = `${stateFile}.lock`;
  try {
    mkdirSync(dirname(lockFile), { recursive: true });
  } catch (error) {
    throw new CliError('state_unreadable', `Cannot create the folder of the state file ${stateFile}: ${(error as Error).message}. Pass another --state path.`, { cause: error });
  }
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(lockFile, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new CliError('state_unreadable', `Cannot create the lock file ${lockFile}: ${(error as Error).message}. Check the folder's permissions, or pass another --state path.`, { cause: error });
      }
      const holder = lockHolder(lockFile);
      if (holder !== undefined && processAlive(holder)) {
        throw new CliError(
          'state_locked',
          `The state file ${stateFile} is in use by another sandbox (pid ${holder}). Stop that process, or pass another --state path. If no sandbox is running, delete ${lockFile}.`,
        );
      }
      // Stale: its process is gone (or the file is unreadable garbage). Take it over.
      try {
        unlinkSync(lockFile);
      } catch {
        // Another process may have taken it over first; the next attempt finds out.
      }
      continue;
    }
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    removeLeftoverTemporaries(stateFile);
    let released = false;
    return {
      file: lockFile,
      release: () => {
        if (released) return;
        released = true;
        if (lockHolder(lockFile) !== process.pid) return;
        try {
          unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      },
    };
  }
  throw new CliError('state_locked', `Cannot take the lock ${lockFile} for the state file ${stateFile}: another process keeps creating it. Stop it, or pass another --state path.`);
}

/**
 * Deletes `<state>.<pid>.<random>.tmp` files (and `<state>.<pid>.tmp` of earlier versions) that a sandbox killed mid-write left behind. Only the lock's
 * holder writes them, so once this process holds the lock every one of them is stale.
 */
function removeLeftoverTemporaries(stateFile: string): void {
  const folder = dirname(stateFile);
  const prefix = `${basename(stateFile)}.`;
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !/^\d+(?:\.[0-9a-f]{12})?\.tmp$/.test(name.slice(prefix.length))) continue;
    try {
      unlinkSync(join(folder, name));
    } catch {
      // Gone already, or not ours to delete: it does not affect the state file.
    }
  }
}
