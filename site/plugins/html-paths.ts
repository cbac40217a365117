import { copyFile, link, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * `.html` and `/index.html` addresses show the plain path's page (seed §1), on any static host.
 *
 * `/docs/intro/index.html` is a built file everywhere; `/docs/intro.html` is not, so a plain host
 * answers 404. This writes each page's HTML a second time as `<route>.html`. A copy rather than a
 * redirect page: hosts with clean URLs (GitHub Pages, for one) serve `docs/intro.html` for
 * `/docs/intro` itself, where a redirect to the plain path would loop. The client module then
 * rewrites the address bar to the plain path before the app hydrates.
 */
export default function htmlPathsPlugin(context: LoadContext): Plugin {
  return {
    name: 'stream-html-paths',
    getClientModules: () => ['./src/clientModules/normalizeHtmlPath.ts'].map((path) => join(context.siteDir, path)),
    async postBuild({ outDir, routesPaths }) {
      for (const route of new Set(routesPaths)) {
        const path = route.slice(context.baseUrl.length).replace(/\/$/, '');
        if (path === '' || path.endsWith('.html')) continue;
        const source = join(outDir, path, 'index.html');
        const target = join(outDir, `${path}.html`);
        if (!(await isFile(source)) || (await isFile(target))) continue;
        // A hard link costs no space (the API references weigh a megabyte each); a copy where links fail.
        await link(source, target).catch(() => copyFile(source, target));
      }
    },
  };
}
