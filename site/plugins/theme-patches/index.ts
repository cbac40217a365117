import { fileURLToPath } from 'node:url';
import type { Plugin } from '@docusaurus/types';

export interface ThemePatch {
  /** Named in the build error when the patch stops matching. */
  name: string;
  /** The theme module the patch applies to. */
  file: RegExp;
  /** Exact source text to replace; it must occur in the module. */
  from: string;
  to: string;
}

/**
 * Small fixes to Docusaurus' start-up on a phone, each an exact-text edit of one module. Each
 * removes work the browser would otherwise do in one long task while the page becomes interactive,
 * or cuts that work into tasks short enough for a tap to be answered in between.
 */
export const PATCHES: ThemePatch[] = [
  {
    // The mobile doc sidebar sorts its props' keys with localeCompare to give memo dependencies a
    // stable order. The first localeCompare on a page builds an ICU collator (21-35 ms on a desktop
    // CPU, four times that on a mid-range phone); any consistent order will do, and code units
    // cost nothing.
    name: 'memo keys in code-unit order',
    file: /@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/,
    from: 'deps.sort((a, b) => a[0].localeCompare(b[0]));',
    to: 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));',
  },
  {
    // Tabs were remounted once hydration finished, replacing the DOM of every tab group (about
    // 3,000 elements on the headless onboarding guide) to work around a mismatch that can no longer
    // happen: the first render uses the default tab, as the server did, and a stored or linked
    // choice is applied afterwards as an ordinary update.
    name: 'tabs hydrate in place',
    file: /@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]Tabs[\\/]index\.js$/,
    from: 'key={String(isBrowser)}>',
    to: '>',
  },
  {
    // main.js ran its modules and then, in the same task, matched the route and created a script
    // element for each of its chunks (a third of that task under Lighthouse's tracing). A timer
    // puts the second half in a task of its own; the chunks start downloading a moment later.
    name: 'route preload in a task of its own',
    file: /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]clientEntry\.js$/,
    from: `    preload(window.location.pathname).then(() => {
        startTransition(renderApp);
    });`,
    to: `    setTimeout(() => {
        preload(window.location.pathname).then(() => {
            startTransition(renderApp);
        });
    }, 0);`,
  },
  {
    // Right after hydration, isBrowser turning true and the window size becoming known re-render
    // much of the page (the theme swaps desktop parts for mobile ones). As an ordinary update that
    // render runs in one piece; in a transition React yields every few milliseconds.
    name: 'isBrowser flips in a transition',
    file: /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]browserContext\.js$/,
    from: `    useEffect(() => {
        setIsBrowser(true);
    }, []);`,
    to: `    useEffect(() => {
        React.startTransition(() => setIsBrowser(true));
    }, []);`,
  },
  {
    // The other half of the update above. Later resizes stay ordinary updates.
    name: 'first window size in a transition',
    file: /@docusaurus[\\/]theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize\.js$/,
    from: `        updateWindowSize();
        window.addEventListener('resize', updateWindowSize);`,
    to: `        startTransition(updateWindowSize);
        window.addEventListener('resize', updateWindowSize);`,
  },
  {
    name: 'startTransition for the first window size',
    file: /@docusaurus[\\/]theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize\.js$/,
    from: `import { useEffect, useState } from 'react';`,
    to: `import { startTransition, useEffect, useState } from 'react';`,
  },
  {
    // After a client-side navigation the router scrolls to the new URL's heading and tells client
    // modules the route changed, from a layout effect above the routes. Preact (see
    // ../preact-client.ts) renders the new route's content in the same task but after that effect,
    // as the context update it is, so the heading was not there yet and the page stayed at the top.
    // A microtask runs once that render is done, still before the browser paints.
    name: 'scroll to the heading once the new route has rendered',
    file: /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]ClientLifecyclesDispatcher\.js$/,
    from: `        if (previousLocation !== location) {
            scrollAfterNavigation({ location, previousLocation });
            dispatchLifecycleAction('onRouteDidUpdate', { previousLocation, location });
        }`,
    to: `        if (previousLocation !== location) {
            queueMicrotask(() => {
                scrollAfterNavigation({ location, previousLocation });
                dispatchLifecycleAction('onRouteDidUpdate', { previousLocation, location });
            });
        }`,
  },
];

export default function themePatchesPlugin(): Plugin {
  const loader = fileURLToPath(new URL('./loader.cjs', import.meta.url));
  return {
    name: 'theme-patches',
    configureWebpack() {
      return {
        module: {
          // `pre`: the patches match the theme's published source, before JSX is compiled.
          rules: PATCHES.map(({ name, file, from, to }) => ({
            test: file,
            enforce: 'pre' as const,
            use: [{ loader, options: { name, from, to } }],
          })),
        },
      };
    },
  };
}
