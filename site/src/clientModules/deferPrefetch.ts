import type { WhenIdle } from '../lib/idle';

export interface DeferPrefetchOptions {
  /** Docusaurus' own `window.docusaurus.prefetch`. */
  prefetch: (routePath: string) => boolean;
  /** Schedules work for an idle moment (requestIdleCallback in the browser). */
  whenIdle: WhenIdle;
}

/**
 * Longest stretch of prefetching in one go, in ms. An idle period can last 50 ms, and a tap that
 * arrives during one waits for it to end; short stretches keep the page quick to answer.
 */
const SLICE_MS = 8;

/**
 * Wraps Docusaurus' prefetch-on-sight. Each link that scrolls into view asks for its page's code,
 * and on a first load that is dozens of DOM writes and requests competing with the page itself.
 * The returned function queues those asks and runs them a few at a time in idle moments, once
 * `start` has been called (after the page's load event), so they never hold up the page. A link
 * the reader hovers or taps still loads at once through Docusaurus' separate `preload`, and
 * Docusaurus itself still skips prefetching on 2G or when the reader asked to save data.
 */
export function deferPrefetch({ prefetch, whenIdle }: DeferPrefetchOptions) {
  const queue = new Set<string>();
  let started = false;
  let scheduled = false;

  const drain = (remaining: () => number) => {
    scheduled = false;
    const atStart = remaining();
    let done = 0;
    for (const routePath of queue) {
      // Stop a little short of the idle period's end so the next frame is never late, or once
      // this stretch has run SLICE_MS; one ask per idle moment at least, so a busy page still
      // gets there.
      if (done > 0) {
        const left = remaining();
        if (left < 4 || atStart - left >= SLICE_MS) break;
      }
      done += 1;
      queue.delete(routePath);
      prefetch(routePath);
    }
    schedule();
  };

  const schedule = () => {
    if (!started || scheduled || queue.size === 0) return;
    scheduled = true;
    whenIdle(drain);
  };

  return {
    prefetch(routePath: string): boolean {
      queue.add(routePath);
      schedule();
      return true;
    },
    start() {
      started = true;
      schedule();
    },
  };
}
