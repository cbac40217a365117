import { describe, expect, it } from 'vitest';
import { backoffIssues } from '../src/certify/retry-backoff.js';

const arrivals = (...offsets: number[]) => offsets.map((offset) => ({ at: new Date(Date.UTC(2026, 10, 29, 10) + offset).toISOString() }));

describe("a sender's retries under an outage wait longer each time", () => {
  it('accepts exponential waits of half a second, a second and two', () => {
    expect(backoffIssues({ arrivals: arrivals(0, 500, 1500, 3500) })).toEqual([]);
  });

  it('has nothing to judge when the send was not retried', () => {
    expect(backoffIssues({ arrivals: arrivals(0) })).toEqual([]);
  });

  it('names retries sent back to back, a few milliseconds apart', () => {
    expect(backoffIssues({ arrivals: arrivals(0, 3, 6, 9) })).toEqual(['the first retry came 3 ms after the 503, not after a wait of 100 ms or more; retry 2 waited 3 ms, no longer than the 3 ms before it (waits 3 ms, 3 ms, 3 ms)']);
  });

  it('names a fixed wait that does not grow, however long', () => {
    expect(backoffIssues({ arrivals: arrivals(0, 1000, 2000) })).toEqual(['retry 2 waited 1000 ms, no longer than the 1000 ms before it (waits 1000 ms, 1000 ms)']);
  });
});
