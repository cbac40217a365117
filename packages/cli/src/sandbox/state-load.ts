// Loading `--state FILE`: the snapshot, then the changes its journal holds, every entry checked.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { CliError } from '../errors.js';
import { KEYED_TABLES, keyedTable, type SandboxState } from './state.js';
import { checkState } from './state-check.js';
import { journalFile, replayJournal } from './state-journal.js';
import { checkStateTrust } from './state-trust.js';

export interface LoadedState {
  readonly state: SandboxState;
  /** Sizes in bytes of the snapshot and of the journal replayed over it. */
  readonly snapshotBytes: number;
  readonly journalBytes: number;
  /** What start-up should tell the user (a torn journal line dropped). */
  readonly notices: readonly string[];
}

/**
 * Reads a saved state: the snapshot, then the changes its journal holds. A missing file is not an
 * error (the sandbox starts seeded and creates it). Every entry of every table is checked, so a
 * hand-edited file fails here with the path of the bad entry rather than later as a 500.
 */
export function loadState(file: string): SandboxState | undefined {
  return loadStateFiles(file)?.state;
}

export function loadStateFiles(file: string): LoadedState | undefined {
  if (!existsSync(file)) {
    if (existsSync(journalFile(file))) {
      throw new CliError('state_corrupt', `The state journal ${journalFile(file)} has no state file ${file} to apply to. Delete the journal to start from the seeded state, or pass another --state path.`);
    }
    return undefined;
  }
  const uid = process.getuid?.();
  checkStateTrust({ file, what: 'state file', ...(uid === undefined ? {} : { uid }) });
  checkStateTrust({ file: journalFile(file), what: 'state journal', ...(uid === undefined ? {} : { uid }) });
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError('state_unreadable', `Cannot read the state file ${file}: ${(error as Error).message}. Check its permissions, or pass another --state path.`, { cause: error });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError('state_corrupt', `The state file ${file} is not valid JSON (${(error as Error).message}). Delete it to start from the seeded state, or pass another --state path.`, { cause: error });
  }
  const snapshotBytes = statSync(file).size;
  text = '';
  let replayed = { bytes: 0, lines: 0, notices: [] as readonly string[] };
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
    const object = parsed as Record<string, unknown>;
    // Tables keyed by what clients send get no prototype before the journal adds keys to them; a
    // table an older file lacks starts empty, on every load alike, so the journal's entries find it.
    for (const name of KEYED_TABLES) {
      const table = object[name] === undefined ? {} : object[name];
      if (typeof table === 'object' && table !== null && !Array.isArray(table)) object[name] = keyedTable(table as Record<string, unknown>);
    }
    replayed = replayJournal(file, object);
  }
  const problem = checkState(parsed);
  if (problem !== undefined) {
    const where = replayed.lines > 0 ? `${file} with the ${replayed.lines} change(s) of its journal ${journalFile(file)}` : file;
    throw new CliError(
      'state_corrupt',
      `The state file ${where} is not a valid sandbox state: at ${problem.path}, ${problem.message}. Fix or remove that entry, delete the file to start from the seeded state, or pass another --state path.`,
    );
  }
  return { state: parsed as SandboxState, snapshotBytes, journalBytes: replayed.bytes, notices: replayed.notices };
}
