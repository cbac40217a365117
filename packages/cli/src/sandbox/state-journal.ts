// The journal beside a state file (`<state>.journal`): one JSON line per saved change, each a list
// of unit operations (state-tracker.ts), appended in one write. Start-up replays it over the
// snapshot; a last line cut short by a crash is dropped with a notice, any other bad line refused.
import { existsSync, readFileSync, truncateSync } from 'node:fs';
import { CliError } from '../errors.js';
import { KEYED_TABLES, keyedTable } from './state.js';
import type { UnitOp } from './state-tracker.js';

export function journalFile(stateFile: string): string {
  return `${stateFile}.journal`;
}

const INDEX = /^(0|[1-9]\d{0,8})$/;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Why `op` cannot be applied to `state`, or `undefined` once it is applied. */
function applyOp(state: Record<string, unknown>, op: unknown): string | undefined {
  if (!Array.isArray(op) || (op.length !== 1 && op.length !== 2)) return 'an operation is not [path] or [path, value]';
  const [path, value] = op as [unknown, unknown];
  const deleting = op.length === 1;
  if (!Array.isArray(path) || (path.length !== 1 && path.length !== 2) || !path.every((part) => typeof part === 'string')) return 'a path is not ["field"] or ["field", "key"]';
  const [field, key] = path as [string, string | undefined];
  if (!/^[a-z_]{1,64}$/.test(field) || field === '__proto__') return `"${field}" is not a state field`;
  if (key === undefined) {
    if (deleting) delete state[field];
    // defineProperty, so no name reaches a setter.
    else Object.defineProperty(state, field, { value: (KEYED_TABLES as readonly string[]).includes(field) && isObject(value) ? keyedTable(value) : value, writable: true, enumerable: true, configurable: true });
    return undefined;
  }
  const table = state[field];
  if (Array.isArray(table)) {
    if (key === 'length') {
      if (deleting || !Number.isInteger(value) || (value as number) < 0 || (value as number) > table.length) return `the length of ${field} is not a whole number up to its number of entries`;
      table.length = value as number;
      return undefined;
    }
    if (!INDEX.test(key) || Number(key) > table.length) return `"${key}" is not an index of ${field} at most its length`;
    if (deleting) delete table[Number(key)];
    else table[Number(key)] = value;
    return undefined;
  }
  if (!isObject(table) || Object.getPrototypeOf(table) !== null) return `${field} is not a list or a table`;
  if (deleting) delete table[key];
  else table[key] = value;
  return undefined;
}

export interface ReplayResult {
  /** Bytes of the journal kept (a torn last line is cut off the file). */
  readonly bytes: number;
  readonly lines: number;
  readonly notices: readonly string[];
}

/** Applies `<state>.journal` to the state loaded from its snapshot; no journal is no change. */
export function replayJournal(stateFile: string, state: Record<string, unknown>): ReplayResult {
  const file = journalFile(stateFile);
  if (!existsSync(file)) return { bytes: 0, lines: 0, notices: [] };
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch (error) {
    throw new CliError('state_unreadable', `Cannot read the state journal ${file}: ${(error as Error).message}. Check its permissions, or pass another --state path.`, { cause: error });
  }
  let start = 0;
  let lines = 0;
  while (start < data.length) {
    const end = data.indexOf(10, start);
    const whole = end >= 0;
    if (!whole) {
      // A write cut short by kill -9 or a full disk: the change it held was never answered.
      truncateJournal(file, start);
      return { bytes: start, lines, notices: [`The state journal ${file} ended in a line cut short (${data.length - start} bytes, a write interrupted by a crash); it was dropped and the state before it kept.`] };
    }
    let ops: unknown;
    try {
      ops = JSON.parse(data.toString('utf8', start, end));
    } catch (error) {
      throw corrupt(stateFile, file, lines + 1, `is not valid JSON (${(error as Error).message})`);
    }
    if (!Array.isArray(ops)) throw corrupt(stateFile, file, lines + 1, 'is not a list of operations');
    for (const op of ops as UnitOp[]) {
      const problem = applyOp(state, op);
      if (problem !== undefined) throw corrupt(stateFile, file, lines + 1, `cannot be applied: ${problem}`);
    }
    lines += 1;
    start = end + 1;
  }
  return { bytes: data.length, lines, notices: [] };
}

function truncateJournal(file: string, bytes: number): void {
  try {
    truncateSync(file, bytes);
  } catch (error) {
    throw new CliError('state_unreadable', `Cannot cut the broken end off the state journal ${file}: ${(error as Error).message}. Check its permissions, or pass another --state path.`, { cause: error });
  }
}

function corrupt(stateFile: string, file: string, line: number, what: string): CliError {
  return new CliError(
    'state_corrupt',
    `Line ${line} of the state journal ${file} ${what}. Delete the journal to go back to the state saved in ${stateFile} (losing the changes after it), delete both to start from the seeded state, or pass another --state path.`,
  );
}
