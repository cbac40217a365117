// The last entries of a log, bounded by a count and a total cost, in a ring of fixed slots: adding
// one overwrites the oldest in place. The logs it backs (the sandbox's exchanges, the console's)
// add an entry on every partner call; a list that shifted its oldest entry out moved the rest of it
// each time, and a list of costs beside it did the same.

export class BoundedRing<Entry> {
  readonly #entries: (Entry | undefined)[];
  readonly #costs: Float64Array;
  readonly #maxCost: number;
  /** The slot of the oldest entry. */
  #first = 0;
  #count = 0;
  #total = 0;

  /** At most `maxEntries` entries and, beyond the newest one, `maxCost` of cost together. */
  constructor(options: { readonly maxEntries: number; readonly maxCost: number }) {
    if (!Number.isInteger(options.maxEntries) || options.maxEntries < 1) throw new RangeError(`A ring holds at least one entry, not ${options.maxEntries}.`);
    this.#entries = new Array<Entry | undefined>(options.maxEntries).fill(undefined);
    this.#costs = new Float64Array(options.maxEntries);
    this.#maxCost = options.maxCost;
  }

  get size(): number {
    return this.#count;
  }

  /** The cost of every entry kept. */
  get total(): number {
    return this.#total;
  }

  /** Adds `entry` as the newest; the oldest make room, by count and by cost (the newest always stays). */
  push(entry: Entry, cost: number): void {
    const capacity = this.#entries.length;
    if (this.#count === capacity) this.#dropOldest();
    const slot = (this.#first + this.#count) % capacity;
    this.#entries[slot] = entry;
    this.#costs[slot] = cost;
    this.#count += 1;
    this.#total += cost;
    this.#trim();
  }

  /** The entry `index` places from the oldest (0 the oldest), or `undefined` past the newest. */
  at(index: number): Entry | undefined {
    if (index < 0 || index >= this.#count) return undefined;
    return this.#entries[(this.#first + index) % this.#entries.length];
  }

  /** A new cost for the entry at `index` (grown after it was added); the oldest make room again. */
  recost(index: number, cost: number): void {
    if (index < 0 || index >= this.#count) return;
    const slot = (this.#first + index) % this.#entries.length;
    this.#total += cost - this.#costs[slot]!;
    this.#costs[slot] = cost;
    this.#trim();
  }

  /** Every entry, oldest first, as a new list. */
  toArray(): Entry[] {
    const list: Entry[] = [];
    for (let index = 0; index < this.#count; index += 1) list.push(this.#entries[(this.#first + index) % this.#entries.length]!);
    return list;
  }

  #trim(): void {
    while (this.#count > 1 && this.#total > this.#maxCost) this.#dropOldest();
  }

  #dropOldest(): void {
    const slot = this.#first;
    this.#total -= this.#costs[slot]!;
    // Let go of it now, not when the slot is next written: it may hold large bodies.
    this.#entries[slot] = undefined;
    this.#costs[slot] = 0;
    this.#first = (slot + 1) % this.#entries.length;
    this.#count -= 1;
  }
}
