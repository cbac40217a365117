import { describe, expect, it } from 'vitest';
import { BoundedRing } from '../src/bounded-ring.js';

describe('the bounded ring behind the exchange logs', () => {
  it('keeps the newest entries up to its count, oldest first, once it has wrapped around several times', () => {
    const ring = new BoundedRing<number>({ maxEntries: 3, maxCost: 1_000 });
    for (let value = 1; value <= 10; value += 1) ring.push(value, 1);
    expect(ring.toArray()).toEqual([8, 9, 10]);
    expect([ring.at(0), ring.at(2), ring.at(3), ring.at(-1)]).toEqual([8, 10, undefined, undefined]);
    expect(ring.total).toBe(3);
  });

  it('drops the oldest entries once their cost passes the budget, but always keeps the newest one', () => {
    const ring = new BoundedRing<string>({ maxEntries: 10, maxCost: 100 });
    ring.push('a', 40);
    ring.push('b', 40);
    ring.push('c', 40);
    expect(ring.toArray()).toEqual(['b', 'c']);
    expect(ring.total).toBe(80);
    ring.push('huge', 500);
    expect(ring.toArray()).toEqual(['huge']);
    expect(ring.total).toBe(500);
  });

  it('counts an entry whose cost grew after it was added, and makes room for it', () => {
    const ring = new BoundedRing<string>({ maxEntries: 10, maxCost: 100 });
    ring.push('a', 30);
    ring.push('b', 30);
    ring.push('c', 30);
    ring.recost(2, 60);
    expect(ring.toArray()).toEqual(['b', 'c']);
    expect(ring.total).toBe(90);
  });

  it('refuses a ring that could hold nothing', () => {
    expect(() => new BoundedRing({ maxEntries: 0, maxCost: 10 })).toThrow(/at least one entry/);
  });
});
