import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import logger from '@docusaurus/logger';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { API_REFERENCES, PRODUCT_NAME } from '../../src/constants';
import { readBundledSpec } from '../../src/lib/openapi/bundledSpecs';
import { readReleaseManifest } from '../remark-contract-changes';
import { changelogFeed, FEED_FILE } from './feed';

export interface Options {
  /** `specs/dist`; the release manifests are in `specs/releases` beside it. */
  specsDistDir: string;
}

/** Writes the Atom feed of contract releases to /changelog.xml and names it in every page's head. */
export default function changelogFeedPlugin(context: LoadContext, options: Options): Plugin {
  const { siteConfig, baseUrl } = context;
  return {
    name: 'stream-changelog-feed',

    injectHtmlTags() {
      return {
        headTags: [
          {
            tagName: 'link',
            attributes: { rel: 'alternate', type: 'application/atom+xml', title: `${PRODUCT_NAME} contract changes`, href: `${baseUrl}${FEED_FILE}` },
          },
        ],
      };
    },

    async postBuild({ outDir }) {
      const contracts = API_REFERENCES.map(({ spec }) => ({ manifest: readReleaseManifest(options.specsDistDir, spec), doc: readBundledSpec(options.specsDistDir, spec) }));
      const xml = changelogFeed({ siteUrl: siteConfig.url, baseUrl, contracts });
      await mkdir(outDir, { recursive: true });
      await writeFile(join(outDir, FEED_FILE), xml);
      const count = contracts.reduce((sum, { manifest }) => sum + manifest.releases.length, 0);
      logger.info(`Contract changes feed: /${FEED_FILE} with ${count} releases.`);
    },
  };
}
