import { fileURLToPath } from 'node:url';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { registryFile } from '../registry';

/**
 * Each page's HTML names the scripts of its own route, not only the app's.
 *
 * Docusaurus writes into a page the scripts its client manifest lists for the modules the page
 * rendered. The manifest names a route's chunks by chunk name, while the registry reports each
 * module by its request, so the two never met: the HTML carried main.js alone, and main.js then
 * created a script element for each of the route's chunks once it ran. Reported by chunk name, the
 * route's scripts download with the app's from the start and run before main.js (see
 * ssrTemplate.ts), so starting the page creates no script elements at all.
 */
export default function routeScriptsPlugin(context: LoadContext): Plugin {
  const loader = fileURLToPath(new URL('./loader.cjs', import.meta.url));
  return {
    name: 'route-scripts',
    configureWebpack(_config, isServer) {
      // The names are read only while the server renders; the browser never uses them.
      if (!isServer) return {};
      return {
        module: {
          rules: [{ test: registryFile(context), enforce: 'pre' as const, use: [{ loader }] }],
        },
      };
    },
  };
}
