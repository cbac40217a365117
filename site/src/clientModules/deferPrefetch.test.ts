import { describe, expect, it } from 'vitest';
import type { WhenIdle } from '../lib/idle';
import { deferPrefetch } from './deferPrefetch';

/** An idle scheduler the test drives, one idle moment at a time. */
function manualIdle() {
  let spent = 0;
  const pending: Parameters<WhenIdle>[0][] = [];
  return {
    whenIdle: ((work) => pending.push(work)) as WhenIdle,
    pending,
    /** Runs the next idle work with `budgetMs` to spend; prefetches `charge` what they cost. */
    runIdle(budgetMs: number) {
      const work = pending.shift();
      if (!work) return;
      spent = 0;
      work(() => budgetMs - spent);
    },
    charge(costMs: number) {
      spent += costMs;
    },
  };
}

/** A deferred prefetcher over a manual idle scheduler, recording what it prefetched. */
function setup({ prefetchCostMs = 0 } = {}) {
  const fetched: string[] = [];
  const idle = manualIdle();
  const prefetch = (path: string) => {
    fetched.push(path);
    idle.charge(prefetchCostMs);
    return true;
  };
  const deferred = deferPrefetch({ prefetch, whenIdle: idle.whenIdle });
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

  it('works in short stretches even when the browser offers a long idle moment', () => {
    const { fetched, idle, deferred } = setup({ prefetchCostMs: 3 });
    for (const path of ['/a', '/b', '/c', '/d', '/e']) deferred.prefetch(path);
    deferred.start();
    // 50 ms on offer, 3 ms per prefetch: it stops once 8 ms are spent, after the third.
    idle.runIdle(50);
    expect(fetched).toEqual(['/a', '/b', '/c']);
    expect(idle.pending).toHaveLength(1);
    idle.runIdle(50);
    expect(fetched).toEqual(['/a', '/b', '/c', '/d', '/e']);
  });
});
