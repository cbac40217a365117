import { fileURLToPath } from 'node:url';
import type { Plugin } from '@docusaurus/types';

/**
 * The classic theme loads Prism and its extra grammars on every page through a client module.
 * This swaps that module for an empty one; src/theme/CodeBlock loads Prism with the highlighter
 * when a code block is used.
 */
export default function lazyPrismPlugin(): Plugin {
  const empty = fileURLToPath(new URL('./lazy-prism-client.js', import.meta.url));
  return {
    name: 'lazy-prism',
    configureWebpack(_config, isServer, { currentBundler }) {
      const { DefinePlugin, NormalModuleReplacementPlugin } = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(/theme-classic[\\/]lib[\\/]prism-include-languages\.js$/, empty),
          // Lets src/theme/CodeBlock import the highlighter statically on the server only.
          new DefinePlugin({ __SERVER_BUNDLE__: JSON.stringify(isServer) }),
        ],
      };
    },
  };
}
