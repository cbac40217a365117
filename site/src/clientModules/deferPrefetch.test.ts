import { describe, expect, it } from 'vitest';
import { deferPrefetch, type WhenIdle } from './deferPrefetch';

/** An idle scheduler the test drives, one idle moment at a time. */
function manualIdle() {
  const pending: Parameters<WhenIdle>[0][] = [];
  return {
    whenIdle: ((work) => pending.push(work)) as WhenIdle,
    pending,
    runIdle(budgetMs: number) {
      const work = pending.shift();
      if (!work) return;
      work(() => budgetMs);
    },
  };
}

/** A deferred prefetcher over a manual idle scheduler, recording what it prefetched. */
function setup() {
  const fetched: string[] = [];
  const idle = manualIdle();
  const deferred = deferPrefetch({ prefetch: (p) => (fetched.push(p), true), whenIdle: idle.whenIdle });
  return { fetched, idle, deferred };
}

describe('deferred prefetching', () => {
  it('prefetches nothing before the page has loaded', () => {
    const { fetched, idle, deferred } = setup();
    deferred.prefetch('/docs/intro');
    deferred.prefetch('/api/');
    expect(idle.pending).toHaveLength(0);
    expect(fetched).toEqual([]);
  });

  it('prefetches every link seen, once, in idle moments after the page has loaded', () => {
    const { fetched, idle, deferred } = setup();
    deferred.prefetch('/docs/intro');
    deferred.prefetch('/api/');
    deferred.prefetch('/docs/intro');
    deferred.start();
    idle.runIdle(50);
    expect(fetched).toEqual(['/docs/intro', '/api/']);
    deferred.prefetch('/docs/decisions');
    idle.runIdle(50);
    expect(fetched).toEqual(['/docs/intro', '/api/', '/docs/decisions']);
  });

  it('stops when the idle moment runs out and carries on in the next one', () => {
    const { fetched, idle, deferred } = setup();
    for (const path of ['/a', '/b', '/c']) deferred.prefetch(path);
    deferred.start();
    // An idle moment with 3 ms left: one prefetch, then it yields.
    idle.runIdle(3);
    expect(fetched).toEqual(['/a']);
    expect(idle.pending).toHaveLength(1);
    idle.runIdle(40);
    expect(fetched).toEqual(['/a', '/b', '/c']);
    expect(idle.pending).toHaveLength(0);
  });
});
