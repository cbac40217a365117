/** Runs `work` when the browser has a moment; `remaining()` says how many ms are left of it. */
export type WhenIdle = (work: (remaining: () => number) => void) => void;

export const whenIdle: WhenIdle = (work) => {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback((deadline) => work(() => deadline.timeRemaining()));
  } else {
    // Safari has no requestIdleCallback: a short budget after a pause stands in for it.
    setTimeout(() => {
      const end = performance.now() + 10;
      work(() => end - performance.now());
    }, 50);
  }
};

/** Calls `work` once the page's load event has fired (at once if it already has). */
export function afterLoad(work: () => void): void {
  if (document.readyState === 'complete') work();
  else window.addEventListener('load', work, { once: true });
}
