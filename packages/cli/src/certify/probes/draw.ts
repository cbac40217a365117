// Seeded choices for the probes: the same seed derives the same probes with the same values, so a
// finding can be reproduced with `--seed`. fast-check does the generating.
import fc from 'fast-check';

/** A seed a person can type: a whole number below 2^31. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

export class Draw {
  private count = 0;
  private readonly seed: number;

  constructor(seed: number) {
    this.seed = seed;
  }

  /** One value of `arbitrary`; each call moves on, so two calls give independent values. */
  value<T>(arbitrary: fc.Arbitrary<T>): T {
    this.count += 1;
    // Mixing the call number into the seed keeps every draw reproducible on its own.
    const seed = (this.seed ^ Math.imul(this.count, 0x9e3779b1)) | 0;
    return fc.sample(arbitrary, { seed, numRuns: 1 })[0]!;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.value(fc.nat({ max: items.length - 1 }))]!;
  }

  shuffle<T>(items: readonly T[]): T[] {
    if (items.length < 2) return [...items];
    return this.value(fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length }));
  }

  /** Text with at least one character outside ASCII, within the length bounds a schema gives. */
  nonAscii(minLength = 1, maxLength = 40): string {
    const core = this.value(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }));
    // A fixed accented word keeps the text non-ASCII even if the drawn part happens to be ASCII.
    let text = `Crème ${core} 東京`;
    const length = () => [...text].length;
    while (length() < minLength) text += 'é';
    if (length() > maxLength) text = [...text].slice(0, Math.max(maxLength, 1)).join('');
    return /[^\x00-\x7f]/.test(text) ? text : 'é'.repeat(Math.max(minLength, 1));
  }
}
