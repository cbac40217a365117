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
 * Small fixes to the classic theme's first render on a phone, each an exact-text edit of one
 * module. Both remove work React would otherwise do in one task right after hydration.
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
