/**
 * Docusaurus prefetches the code of each internal link as soon as the link is on screen. This
 * module defers that work to idle moments after the page has loaded (see deferPrefetch.ts), so a
 * phone spends its first seconds on the page the reader opened.
 *
 * Docusaurus assigns `window.docusaurus` after the client modules run, and its links call
 * `window.docusaurus.prefetch`; an accessor on `window` wraps the object as it is assigned.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { deferPrefetch, type WhenIdle } from './deferPrefetch';

interface DocusaurusGlobal {
  prefetch: (routePath: string) => boolean;
}

const whenIdle: WhenIdle = (work) => {
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

if (ExecutionEnvironment.canUseDOM && !Object.getOwnPropertyDescriptor(window, 'docusaurus')) {
  let current: DocusaurusGlobal | undefined;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    get: () => current,
    set(value: DocusaurusGlobal) {
      const deferred = deferPrefetch({ prefetch: value.prefetch.bind(value), whenIdle });
      current = { ...value, prefetch: deferred.prefetch };
      if (document.readyState === 'complete') deferred.start();
      else window.addEventListener('load', () => deferred.start(), { once: true });
    },
  });
}
