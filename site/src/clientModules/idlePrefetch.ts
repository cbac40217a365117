/**
 * Docusaurus prefetches the code of each internal link as soon as the link is on screen. This
 * module defers that work to idle moments after the page has loaded (see deferPrefetch.ts), so a
 * phone spends its first seconds on the page the reader opened.
 *
 * Docusaurus assigns `window.docusaurus` after the client modules run, and its links call
 * `window.docusaurus.prefetch`; an accessor on `window` wraps the object as it is assigned.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { afterLoad, whenIdle } from '../lib/idle';
import { deferPrefetch } from './deferPrefetch';

interface DocusaurusGlobal {
  prefetch: (routePath: string) => boolean;
}

if (ExecutionEnvironment.canUseDOM && !Object.getOwnPropertyDescriptor(window, 'docusaurus')) {
  let current: DocusaurusGlobal | undefined;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    get: () => current,
    set(value: DocusaurusGlobal) {
      const deferred = deferPrefetch({ prefetch: value.prefetch.bind(value), whenIdle });
      current = { ...value, prefetch: deferred.prefetch };
      afterLoad(() => deferred.start());
    },
  });
}
