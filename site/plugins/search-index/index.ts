import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import logger from '@docusaurus/logger';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { EXCLUDE_SELECTORS, prepareForIndex } from './prepare';

/**
 * Full-text search with no outside service: after the build, Pagefind indexes the guides and the
 * API references from the built HTML and writes `pagefind/` beside them. The browser loads that
 * bundle only when the reader opens search (see src/theme/SearchBar).
 */

export const PAGEFIND_DIR = 'pagefind';

export interface IndexSummary {
  pages: number;
  files: number;
  bytes: number;
}

/** A built page is `<route>/index.html`, or `<route>.html` when trailingSlash is false. */
async function readBuiltPage(outDir: string, path: string): Promise<string | undefined> {
  for (const file of [join(outDir, path, 'index.html'), join(outDir, `${path.replace(/\/$/, '')}.html`)]) {
    try {
      return await readFile(file, 'utf8');
    } catch {
      // Try the next layout.
    }
  }
  return undefined;
}

async function directorySize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/**
 * Pagefind is an ES module whose package exports only an `import` condition, and Docusaurus loads
 * plugins as CommonJS, where it cannot be resolved by name. Its entry file, required by path,
 * loads as an ES module (Node 20.19 and later).
 */
function loadPagefind(siteDir: string): typeof import('pagefind') {
  const require = createRequire(join(siteDir, 'package.json'));
  for (const dir of require.resolve.paths('pagefind') ?? []) {
    const entry = join(dir, 'pagefind', 'lib', 'index.js');
    if (existsSync(entry)) return require(entry) as typeof import('pagefind');
  }
  throw new Error('The pagefind package is not installed. Run npm ci.');
}

// Pagefind's ready-made UIs, written with every index. The site has its own search dialog and
// loads only `pagefind.js` and what it fetches, so these would be dead weight in the build.
const UNUSED_BUNDLE_FILE = /^pagefind-(?:component-ui|modular-ui|ui|highlight)\.(?:js|css)$/;

async function removeUnusedBundles(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (UNUSED_BUNDLE_FILE.test(name)) await rm(join(dir, name));
  }
}

function failIfErrors(errors: string[], what: string): void {
  if (errors.length > 0) throw new Error(`Pagefind could not ${what}:\n  ${errors.join('\n  ')}`);
}

/** Indexes every searched page among `routesPaths` and writes the bundle to `<outDir>/pagefind`. */
export async function buildSearchIndex(
  siteDir: string,
  outDir: string,
  routesPaths: readonly string[],
  baseUrl: string,
): Promise<IndexSummary> {
  const pagefind = loadPagefind(siteDir);
  const { index, errors } = await pagefind.createIndex({ excludeSelectors: EXCLUDE_SELECTORS, forceLanguage: 'en' });
  failIfErrors(errors, 'start');
  if (!index) throw new Error('Pagefind could not start.');
  try {
    let pages = 0;
    const missingRoot: string[] = [];
    for (const route of [...new Set(routesPaths)].sort()) {
      if (!route.startsWith(baseUrl)) continue;
      const path = `/${route.slice(baseUrl.length)}`;
      const html = await readBuiltPage(outDir, path);
      if (html === undefined) continue;
      const prepared = prepareForIndex(html, path);
      if ('skipped' in prepared) {
        if (prepared.skipped === 'no content root') missingRoot.push(route);
        continue;
      }
      // Without the base URL: the browser side prefixes it (Pagefind's `baseUrl` option).
      const added = await index.addHTMLFile({ url: path, content: prepared.html });
      failIfErrors(added.errors, `index ${route}`);
      pages += 1;
    }
    if (missingRoot.length > 0) {
      // Every guide and reference must be findable: a theme or reference change that moves the
      // content root has to update prepare.ts, not silently drop pages from search.
      throw new Error(`Search index: no content root found in ${missingRoot.join(', ')}. Update site/plugins/search-index/prepare.ts.`);
    }
    const outputPath = join(outDir, PAGEFIND_DIR);
    await rm(outputPath, { recursive: true, force: true });
    failIfErrors((await index.writeFiles({ outputPath })).errors, `write ${outputPath}`);
    await removeUnusedBundles(outputPath);
    return { pages, ...(await directorySize(outputPath)) };
  } finally {
    await pagefind.close();
  }
}

export default function searchIndexPlugin(context: LoadContext): Plugin {
  return {
    name: 'stream-search-index',
    async postBuild({ outDir, routesPaths }) {
      const summary = await buildSearchIndex(context.siteDir, outDir, routesPaths, context.baseUrl);
      logger.info(
        `Search index: ${summary.pages} pages in ${summary.files} files, ${(summary.bytes / 1024).toFixed(0)} KiB in ${PAGEFIND_DIR}/.`,
      );
    },
  };
}
