import { fileURLToPath } from 'node:url';
import type { Plugin } from '@docusaurus/types';

/** The entry Docusaurus gives the client bundle, which ./split-react-entry.cjs requires in turn. */
const DOCUSAURUS_ENTRY = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]clientEntry\.js$/;

/**
 * React DOM, half of what main.js was, ships as a script of its own that loads beside it.
 *
 * Each script is compiled and run in a task of its own, and a browser's work on a script before it
 * runs grows with its size. One 400 KB main.js made one long task at the moment a phone reader
 * might first tap; two scripts of about 200 KB make two shorter ones with a chance to respond in
 * between. The page downloads the same bytes, in one more request. Splitting the rest of
 * node_modules out as well measured worse on the intro (Lighthouse 90 to 82).
 *
 * A script's modules, though, run when the entry asks for them, and the entry asked for React DOM
 * and the app together, in main.js's task. The bundle's entry is therefore ./split-react-entry.cjs:
 * it runs React DOM's module, then Docusaurus' own entry in a task of its own.
 */
export default function splitReactPlugin(): Plugin {
  return {
    name: 'split-react',
    configureWebpack(config, isServer) {
      if (isServer) return {};
      if (typeof config.entry !== 'string' || !DOCUSAURUS_ENTRY.test(config.entry)) {
        throw new Error(
          `split-react: the client bundle's entry is ${JSON.stringify(config.entry)}, not Docusaurus' clientEntry.js. ` +
            'Check what the upgraded Docusaurus starts from, then update site/plugins/split-react-entry.cjs.',
        );
      }
      return {
        entry: fileURLToPath(new URL('./split-react-entry.cjs', import.meta.url)),
        optimization: {
          splitChunks: {
            cacheGroups: {
              react: {
                test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
                name: 'react-dom',
                chunks: 'initial',
                enforce: true,
                priority: 60,
              },
            },
          },
        },
      };
    },
  };
}
