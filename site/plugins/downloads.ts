import { copyFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

export interface DownloadsOptions {
  /** Files to publish: the URL path under the site root and the source file in the repository. */
  files: { path: string; source: string }[];
}

/**
 * Publishes files that live elsewhere in the repository (test vectors, for example) at stable
 * URLs, copying them at build time so there is one source and no copy in `static/` to drift.
 */
export default function downloadsPlugin(context: LoadContext, options: DownloadsOptions): Plugin {
  const sources = options.files.map((file) => ({ ...file, source: resolve(context.siteDir, file.source) }));
  return {
    name: 'stream-downloads',
    getPathsToWatch: () => sources.map((file) => file.source),
    async postBuild({ outDir }) {
      for (const file of sources) {
        const target = join(outDir, file.path);
        await mkdir(join(target, '..'), { recursive: true });
        try {
          await copyFile(file.source, target);
        } catch (error) {
          throw new Error(`Could not publish ${file.path} from ${file.source}: ${(error as Error).message}`);
        }
      }
    },
  };
}
