import { fileURLToPath } from 'node:url';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { escapeRegExp } from '../registry';

/**
 * A guide whose content is plain HTML keeps its server HTML on a first load, yet its route chunk
 * still carried the content compiled to JSX: 240 KB on the decisions page, downloaded, parsed and
 * evaluated before the page could hydrate. In the browser's build such a module keeps only its
 * exports (title, metadata, table of contents); a client-side visit fetches the page's HTML
 * instead, before the page renders (src/lib/staticGuideHtml.ts). The server renders the JSX as before,
 * and so does the dev server's browser build.
 */
export default function staticContentChunkPlugin(context: LoadContext): Plugin {
  const loader = fileURLToPath(new URL('./loader.cjs', import.meta.url));
  return {
    name: 'static-content-chunk',
    getClientModules() {
      return [fileURLToPath(new URL('../../src/clientModules/keepGuideHtml.ts', import.meta.url))];
    },
    configureWebpack(_config, isServer) {
      // The dev server renders no HTML for a page to fetch its text from, so there the JSX stays.
      if (isServer || process.env.NODE_ENV !== 'production') return {};
      return {
        module: {
          rules: [
            {
              test: new RegExp(`^${escapeRegExp(context.siteDir)}[\\\\/]docs[\\\\/].*\\.mdx?$`),
              enforce: 'post' as const,
              use: [{ loader }],
            },
          ],
        },
      };
    },
  };
}
