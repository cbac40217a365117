import { fileURLToPath } from 'node:url';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { escapeRegExp as escape, registryFile } from '../registry';

/** The doc page component; the other modules join its chunk, which prefetching already knows by name. */
export const ANCHOR = '@theme/DocItem';

/**
 * Route modules every doc page loads along with DocItem, as patterns over the module's request.
 * The last is the props of the `/docs` route: the docs version with its sidebar.
 */
export const MEMBERS = [
  escape('@theme/DocsRoot'),
  escape('@theme/DocVersionRoot'),
  escape('@theme/DocRoot'),
  escape('@generated/docusaurus-plugin-content-docs/default/__plugin.json'),
  `${escape('@generated/docusaurus-plugin-content-docs/default/p/docs-')}[0-9a-f]{3}${escape('.json')}`,
];

/**
 * A doc page's route needs six modules besides its content: four of them under 1.1 KB. Each was
 * a chunk of its own, so a script element, a request and a task, and main.js creates them all in
 * one task while the page starts. They always load together, so they now share one chunk.
 */
export default function docsShellChunkPlugin(context: LoadContext): Plugin {
  const loader = fileURLToPath(new URL('./loader.cjs', import.meta.url));
  return {
    name: 'docs-shell-chunk',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        module: {
          rules: [
            {
              test: registryFile(context),
              enforce: 'pre' as const,
              use: [{ loader, options: { anchor: ANCHOR, members: MEMBERS } }],
            },
          ],
        },
      };
    },
  };
}
