// The sandbox's state and how `--state FILE` keeps it. Handlers change the state through a tracker;
// a save appends the units they touched to the journal as one line, so it costs the size of the
// change. Once the journal outgrows the snapshot, a save writes a new snapshot instead (a temporary
// file, then a rename) and empties the journal; a clean stop does the same and removes it.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, openSync } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { CliError } from '../errors.js';
import { journalFile } from './state-journal.js';
import type { SandboxState } from './state.js';
import { StateTracker, type Batch } from './state-tracker.js';

/** Below this the journal is never compacted: a small state is cheap to replay. */
const MIN_JOURNAL_LIMIT = 1024 * 1024;

export interface StateStoreOptions {
  /** The state as loaded or seeded. */
  readonly state: SandboxState;
  /** Where it is kept; without one it lives in memory (changes can still be rolled back). */
  readonly file?: string;
  /** The snapshot's size in bytes; absent when none is on disk yet (the first save writes one). */
  readonly snapshotBytes?: number;
  readonly journalBytes?: number;
  /** The journal's size in bytes past which a save writes a snapshot; default the snapshot's size, at least 1 MiB. */
  readonly journalLimit?: number;
}

export interface StateStore {
  /** The plain state, to read (views, the whole state as JSON). */
  readonly raw: SandboxState;
  /** The same state for handlers to change: every change is noted for the next save. */
  readonly tracked: SandboxState;
  /** `tracked[list][index]`, found without a read by index through the list's proxy (see `StateTracker.entry`). */
  entry<K extends TrackedList>(list: K, index: number): SandboxState[K][number] | undefined;
  /** Resolves once a write that includes every change made before the call has finished. */
  save(): Promise<void>;
  /** False for a state kept in memory only: its `save` has nothing to wait for. */
  readonly persistent: boolean;
  /** Waits for the writes in progress. */
  flush(): Promise<void>;
  /** Puts back the changes not yet saved. */
  rollback(): void;
  /** How many rollbacks there have been (a failed write rolls back too). */
  rollbacks(): number;
  /** Finishes the writes, then folds the journal into the snapshot and removes it. */
  close(): Promise<void>;
}

/** The lists of the state whose entries handlers change in place, found by index in the plain state. */
export type TrackedList = 'locations' | 'orders';

const SAVED = Promise.resolve();

// O_NONBLOCK: a FIFO at the name would otherwise hold the open, and every save after it, until someone reads it.
const JOURNAL_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Opens the journal to append to. It is first opened at the first change after start-up, which
 * checked only the journal there was then: a file another user puts at its name meanwhile (in a
 * shared folder) would get every change, secrets included, so only a plain file of this user's is
 * written to, never through a symlink, and its rights are tightened through the open file.
 */
async function openJournal(path: string): Promise<FileHandle> {
  const refuse = (why: string) => new CliError('state_untrusted', `The state journal ${path} ${why}, so the sandbox writes nothing to it and this change is not kept. Stop the sandbox, remove that file, and keep --state in a folder only you can write.`);
  let handle: FileHandle;
  try {
    handle = await open(path, JOURNAL_FLAGS, 0o600);
  } catch (error) {
    // ENXIO: a FIFO with no reader; ELOOP: a symlink, which O_NOFOLLOW refuses.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENXIO' || code === 'ELOOP') throw refuse(code === 'ENXIO' ? 'is not a plain file' : 'is a symbolic link');
    throw error;
  }
  try {
    const stat = await handle.stat();
    const uid = process.getuid?.();
    if (!stat.isFile()) throw refuse('is not a plain file');
    if (uid !== undefined && stat.uid !== uid) throw refuse(`belongs to user id ${stat.uid}, not to you (${uid}): someone put it there after the sandbox started`);
    if ((stat.mode & 0o077) !== 0) await handle.chmod(0o600);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export function createStateStore(options: StateStoreOptions): StateStore {
  const { file } = options;
  // Units are what a journal line holds: without a file there is no journal.
  const tracker = new StateTracker(options.state as unknown as Record<string, unknown>, { units: file !== undefined });
  let snapshotBytes = options.snapshotBytes;
  let journalBytes = options.journalBytes ?? 0;
  let journal: FileHandle | undefined;
  /** Set when a failed append could not be cut off the journal: no later line would be read back. */
  let broken: Error | undefined;
  // The state holds client secrets and tokens: only its owner may read it.
  if (file !== undefined && snapshotBytes !== undefined) {
    // Through a descriptor opened without following a symlink: by the name, a symlink swapped in
    // since the state was read would have its target's rights changed instead.
    let fd: number | undefined;
    try {
      // O_NONBLOCK: a FIFO swapped in would otherwise hold the open until someone writes to it.
      fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
      fchmodSync(fd, 0o600);
    } catch {
      // Not ours to change, or no longer a plain file (the next snapshot is written 0600 anyway).
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  const journalHandle = async (): Promise<FileHandle> => (journal ??= await openJournal(journalFile(file!)));

  /** Serialises the state at this instant (before any await), then replaces the snapshot with it. */
  const writeSnapshot = async (): Promise<void> => {
    const text = JSON.stringify(tracker.raw);
    // A name no one can guess, created only if nothing is there: a file or symlink planted in
    // advance (in a shared folder) can neither receive the state nor become the state file.
    const temporary = `${file!}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file!);
    // Every line of the journal is in the snapshot now; replaying them again would change nothing.
    if (journalBytes > 0) await (await journalHandle()).truncate(0);
    snapshotBytes = Buffer.byteLength(text);
    journalBytes = 0;
  };

  const append = async (line: string): Promise<void> => {
    const handle = await journalHandle();
    const data = Buffer.from(line);
    try {
      let done = 0;
      while (done < data.length) done += (await handle.write(data, done, data.length - done)).bytesWritten;
    } catch (error) {
      // Cut the partial line off, so the next one starts on a line of its own.
      await handle.truncate(journalBytes).catch((cutError: Error) => (broken = cutError));
      throw error;
    }
    journalBytes += data.length;
  };

  const write = async (batch: Batch, compact: boolean): Promise<void> => {
    if (file === undefined) return;
    try {
      if (broken !== undefined) throw broken;
      if (compact || snapshotBytes === undefined || journalBytes > (options.journalLimit ?? Math.max(snapshotBytes, MIN_JOURNAL_LIMIT))) await writeSnapshot();
      else if (batch.ops.length > 0) await append(`${JSON.stringify(batch.ops)}\n`);
    } catch (error) {
      tracker.rollbackBatch(batch);
      throw error;
    }
  };

  let running: Promise<void> = Promise.resolve();
  let next: Promise<void> | undefined;
  const enqueue = (compact: boolean): Promise<void> => {
    const queued = running
      .catch(() => undefined)
      .then(() => {
        if (!compact) next = undefined;
        // The batch is taken and serialised in this same turn, so it holds exactly the changes made so far.
        return write(tracker.takeBatch(), compact);
      });
    running = queued;
    return queued;
  };

  return {
    raw: options.state,
    tracked: tracker.tracked as unknown as SandboxState,
    entry: <K extends TrackedList>(list: K, index: number) => tracker.entry(list, index) as SandboxState[K][number] | undefined,
    // Without a file nothing is written: the batch is closed at once, with no queue of promises per change.
    save: () => (file === undefined ? (tracker.commit(), SAVED) : (next ??= enqueue(false))),
    persistent: file !== undefined,
    flush: () => running.catch(() => undefined),
    rollback: () => tracker.rollback(),
    rollbacks: () => tracker.rollbacks(),
    close: async () => {
      await running.catch(() => undefined);
      if (file === undefined) return;
      try {
        if (journalBytes > 0 || snapshotBytes === undefined) await enqueue(true);
        await journal?.close();
        journal = undefined;
        await unlink(journalFile(file)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      } catch {
        // The snapshot and the journal still hold the whole state; the next start replays it.
      }
      await journal?.close().catch(() => undefined);
    },
  };
}
