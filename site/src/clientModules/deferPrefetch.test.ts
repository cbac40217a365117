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

describe('deferred prefetching', () => {
  it('prefetches nothing before the page has loaded', () => {
    const fetched: string[] = [];
    const idle = manualIdle();
    const deferred = deferPrefetch({ prefetch: (p) => (fetched.push(p), true), whenIdle: idle.whenIdle });
    deferred.prefetch('/docs/intro');
    deferred.prefetch('/api/');
    expect(idle.pending).toHaveLength(0);
    expect(fetched).toEqual([]);
  });

  it('prefetches every link seen, once, in idle moments after the page has loaded', () => {
    const fetched: string[] = [];
    const idle = manualIdle();
    const deferred = deferPrefetch({ prefetch: (p) => (fetched.push(p), true), whenIdle: idle.whenIdle });
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
    const fetched: string[] = [];
    const pending: Parameters<WhenIdle>[0][] = [];
    const deferred = deferPrefetch({ prefetch: (p) => (fetched.push(p), true), whenIdle: (work) => pending.push(work) });
    for (const path of ['/a', '/b', '/c']) deferred.prefetch(path);
    deferred.start();
    // An idle moment with 3 ms left: one prefetch, then it yields.
    pending.shift()!(() => 3);
    expect(fetched).toEqual(['/a']);
    expect(pending).toHaveLength(1);
    pending.shift()!(() => 40);
    expect(fetched).toEqual(['/a', '/b', '/c']);
    expect(pending).toHaveLength(0);
  });
});
