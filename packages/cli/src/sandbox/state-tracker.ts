// Which parts of the state a change touched, so a save writes only those and a failed request puts
// only those back. Handlers change the state through a proxy that notes each touched unit (a
// top-level field, or one entry of a top-level list or table) for the journal, and each change with
// the value it replaced, to undo in reverse order. (Copying a unit before its first change cost more
// than the rest of a partner's call.)

/** `[field]` or `[field, key]`: an entry of a top-level list (by index, or `length`) or table. */
export type UnitPath = readonly [string] | readonly [string, string];
/** Set a unit to a value, or (without one) delete it: a journal line is a list of these. */
export type UnitOp = readonly [UnitPath, unknown] | readonly [UnitPath];

const ABSENT: unique symbol = Symbol('absent');
type Before = unknown | typeof ABSENT;
/** One change: the object, its key, and what the key held before (`ABSENT`: nothing). */
interface Step {
  readonly target: object;
  readonly key: string;
  readonly before: Before;
}
interface Undo {
  /** The touched units by id, for the journal. */
  readonly units: Map<string, UnitPath>;
  /** Every change, oldest first. */
  readonly steps: Step[];
}
// A tracker without a journal never notes units: its undo records share one empty map instead of a map per change.
const NO_UNITS = new Map<string, UnitPath>();
const emptyUndo = (noteUnits: boolean): Undo => ({ units: noteUnits ? new Map() : NO_UNITS, steps: [] });

/** Where an object below a top-level table lives: its record in that table, found again by identity. */
interface UnitRef {
  readonly table: string;
  readonly record: object;
  hint: string;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

export interface Batch {
  /** The touched units with their current values, to serialise at once (they are live). */
  readonly ops: UnitOp[];
  /** What puts these units back, should writing them fail. */
  readonly undo: Undo;
}

export interface StateTrackerOptions {
  /** Note the touched units for a journal (a state kept in a file); without one only the undo steps are kept. */
  readonly units?: boolean;
}

export class StateTracker {
  /** The plain state: read it freely, change it only through `tracked`. */
  readonly raw: Record<string, unknown>;
  readonly tracked: Record<string, unknown>;
  // Made at the first change after a batch: a request that changes nothing allocates none.
  private undo: Undo | undefined;
  private readonly noteUnits: boolean;
  private rolledBack = 0;
  private readonly proxies = new WeakMap<object, object>();
  private readonly targets = new WeakMap<object, object>();
  /** A top-level table's name, or the unit an object further down belongs to. */
  private readonly places = new WeakMap<object, string | UnitRef>();

  constructor(raw: Record<string, unknown>, options: StateTrackerOptions = {}) {
    this.raw = raw;
    this.noteUnits = options.units ?? true;
    this.tracked = this.wrap(raw) as Record<string, unknown>;
  }

  /** How many rollbacks there have been: a change made before one and saved after it was lost. */
  rollbacks(): number {
    return this.rolledBack;
  }

  /** Puts back every unit changed since the last batch was taken. */
  rollback(): void {
    this.revert(this.undo);
    this.undo = undefined;
    this.rolledBack += 1;
  }

  /** After a failed write: puts back the changes made since, then the batch that failed. */
  rollbackBatch(batch: Batch): void {
    this.revert(this.undo);
    this.revert(batch.undo);
    this.undo = undefined;
    this.rolledBack += 1;
  }

  /** The units changed since the last batch, from now on the next batch's to change. */
  takeBatch(): Batch {
    const undo = this.undo ?? emptyUndo(this.noteUnits);
    this.undo = undefined;
    const whole = new Set<string>();
    for (const path of undo.units.values()) if (path.length === 1) whole.add(path[0]);
    const ops: UnitOp[] = [];
    const lengths: UnitOp[] = [];
    for (const path of undo.units.values()) {
      // A table written whole already holds its entries' current values.
      if (path.length === 2 && whole.has(path[0])) continue;
      const value = this.current(path);
      // Every value is the current one, so order does not matter, except that a list's length
      // goes last: by then its new entries are in place and the length only trims.
      (path[1] === 'length' && Array.isArray(this.raw[path[0]]) ? lengths : ops).push(value === ABSENT ? [path] : [path, value]);
    }
    return { ops: [...ops, ...lengths], undo };
  }

  private current(path: UnitPath): Before {
    if (path.length === 1) return Object.hasOwn(this.raw, path[0]) ? this.raw[path[0]] : ABSENT;
    const table = this.raw[path[0]];
    if (!isObject(table) || !Object.hasOwn(table, path[1])) return ABSENT;
    return (table as Record<string, unknown>)[path[1]];
  }

  /**
   * `tracked[list][index]`, as the proxies would answer it: the tracked entry of a top-level list.
   * A read by index through a list's proxy leaves JavaScript for V8's runtime (a POS event reaches
   * its location so); this reads the plain list and wraps what it finds, placed as the traps place it.
   */
  entry(list: string, index: number): unknown {
    const table = this.raw[list];
    if (!Array.isArray(table)) return (this.tracked[list] as Record<number, unknown> | undefined)?.[index];
    this.wrap(table, list);
    const value: unknown = table[index];
    return isObject(value) ? this.wrap(value, this.childPlace(table, String(index), value)) : value;
  }

  /** Keeps every change made so far: nothing to write, nothing to undo any more. */
  commit(): void {
    this.undo = undefined;
  }

  private revert(undo: Undo | undefined): void {
    if (undo === undefined) return;
    const { steps } = undo;
    for (let index = steps.length - 1; index >= 0; index -= 1) {
      const { target, key, before } = steps[index]!;
      if (before === ABSENT) Reflect.deleteProperty(target, key);
      else Reflect.set(target, key, before);
    }
  }

  /** Notes the change of `key` on `target` (a plain object of the state) and the unit it belongs to. */
  private touch(target: object, key: string): void {
    // Setting an index past the end lengthens a list before `length` itself is set (by push):
    // note the old length too, or undoing leaves an empty slot behind.
    const undo = (this.undo ??= emptyUndo(this.noteUnits));
    if (Array.isArray(target) && /^\d+$/.test(key) && Number(key) >= target.length) undo.steps.push({ target, key: 'length', before: target.length });
    undo.steps.push({ target, key, before: Object.hasOwn(target, key) ? (target as Record<string, unknown>)[key] : ABSENT });
    if (!this.noteUnits) return;
    const path = this.unitOf(target, key);
    if (path === undefined) return;
    const id = path.length === 1 ? path[0] : `${path[0]}\u0000${path[1]}`;
    if (!undo.units.has(id)) undo.units.set(id, path);
  }

  private unitOf(target: object, key: string): UnitPath | undefined {
    if (target === this.raw) return [key];
    const place = this.places.get(target);
    if (typeof place === 'string') return [place, key];
    if (place === undefined) return undefined;
    const table = this.raw[place.table];
    if (!isObject(table)) return undefined;
    const entries = table as Record<string, unknown>;
    if (entries[place.hint] !== place.record) {
      // The record moved (a list was spliced) or left its table (then changing it changes nothing saved).
      const found = Array.isArray(table) ? String(table.indexOf(place.record)) : Object.keys(table).find((name) => entries[name] === place.record);
      if (found === undefined || found === '-1') return undefined;
      place.hint = found;
    }
    return [place.table, place.hint];
  }

  private wrap(value: object, place?: string | UnitRef): object {
    const existing = this.proxies.get(value);
    if (place !== undefined) {
      const known = this.places.get(value);
      if (known === undefined || typeof place === 'string') this.places.set(value, place);
      else if (typeof known !== 'string' && typeof place !== 'string' && known.record === value) known.hint = place.hint;
    }
    if (existing !== undefined) return existing;
    const proxy = new Proxy(value, this.handler);
    this.proxies.set(value, proxy);
    this.targets.set(proxy, value);
    return proxy;
  }

  /** The plain value to store: proxies replaced by their targets, at any depth. */
  private unwrap(value: unknown): unknown {
    if (!isObject(value)) return value;
    const target = this.targets.get(value);
    if (target !== undefined) return target;
    const entries = value as Record<string, unknown>;
    for (const key of Object.keys(entries)) {
      const inner = entries[key];
      if (isObject(inner)) {
        const plain = this.unwrap(inner);
        if (plain !== inner) entries[key] = plain;
      }
    }
    return value;
  }

  /** Where a child reached through `target` lives; a record of a table is noted with its key. */
  private childPlace(target: object, key: string, value: object): string | UnitRef | undefined {
    if (target === this.raw) return key;
    const place = this.places.get(target);
    if (typeof place !== 'string') return place;
    const known = this.places.get(value);
    if (known !== undefined && typeof known !== 'string' && known.record === value) {
      known.hint = key;
      return undefined;
    }
    return { table: place, record: value, hint: key };
  }

  private readonly handler: ProxyHandler<object> = {
    get: (target, key) => {
      // A plain read rather than Reflect.get, which left JavaScript for the runtime on a list's index (every POS event reads its location so).
      const value = (target as Record<PropertyKey, unknown>)[key];
      if (typeof key === 'symbol' || !isObject(value)) return value;
      return this.wrap(value, this.childPlace(target, key, value));
    },
    set: (target, key, value) => {
      if (typeof key === 'string') this.touch(target, key);
      // An assignment rather than Reflect.set: the state holds plain data, which takes it alike, and a
      // key that would refuse it throws here as the refusal would at the caller's.
      (target as Record<PropertyKey, unknown>)[key] = this.unwrap(value);
      return true;
    },
    deleteProperty: (target, key) => {
      if (typeof key === 'string') this.touch(target, key);
      return Reflect.deleteProperty(target, key);
    },
    defineProperty: (target, key, descriptor) => {
      if (typeof key === 'string') this.touch(target, key);
      return Reflect.defineProperty(target, key, 'value' in descriptor ? { ...descriptor, value: this.unwrap(descriptor.value) } : descriptor);
    },
  };
}
