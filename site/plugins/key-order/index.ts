import { fileURLToPath } from 'node:url';
import type { Plugin } from '@docusaurus/types';

/** The theme module whose memo-key sort the loader rewrites (see loader.cjs for why). */
export const TARGET = /@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/;

/**
 * Keeps the first render of the mobile doc sidebar free of ICU collation: the theme sorts a
 * props object's keys with `localeCompare`, whose first call on a page costs a phone 100 ms or
 * more in one task. The client bundle gets a plain code-unit sort of those keys instead.
 */
export default function keyOrderPlugin(): Plugin {
  const loader = fileURLToPath(new URL('./loader.cjs', import.meta.url));
  return {
    name: 'key-order',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return { module: { rules: [{ test: TARGET, use: [{ loader }] }] } };
    },
  };
}
