import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import logger from '@docusaurus/logger';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { aliasedSitePathToRelativePath } from '@docusaurus/utils';
import type { DocMetadata, LoadedContent, LoadedVersion } from '@docusaurus/plugin-content-docs';
import { markdownPath } from '../../src/components/CopyPageMarkdown/markdownPath';
import { API_REFERENCES, PRODUCT_NAME, SITE_TITLE } from '../../src/constants';
import { readBundledSpec } from '../../src/lib/openapi/bundledSpecs';
import type { OpenApiDocument } from '../../src/lib/openapi/types';
import { loadSpecs, type Options as ApiReferenceOptions } from '../api-reference';
import { changeListMarkdown } from '../../src/lib/contractReleases';
import { FEED_FILE } from '../changelog-feed/feed';
import { contractChangesData } from '../remark-contract-changes';
import { guideMarkdown, type GuideContext } from './guideMarkdown';
import { LLMS_FULL_FILE, llmsFullText, type MarkdownPage } from './fullText';
import { firstParagraph, referenceMarkdown } from './referenceMarkdown';

/**
 * AI-ready pages: after the build, writes a Markdown copy of every guide next to its page
 * (`/docs/intro.md`), one Markdown reference per spec (`/api/become-a-dsp.md`, `/api/index.md`),
 * `/llms.txt`, the index an assistant reads first (https://llmstxt.org conventions), and
 * `/llms-full.txt`, every copy of the newest docs version and every reference in one file.
 */

export interface Options {
  /** `specs/dist`: the guides' spec components read the bundled specs there. */
  specsDistDir: string;
  /** As for the API reference plugin, so the Markdown reference describes the spec the page renders. */
  partnerSpecUrl?: string;
  partnerSpecStrict?: boolean;
}

export const LLMS_FILE = 'llms.txt';

interface SidebarItem {
  type: string;
  id?: string;
  items?: SidebarItem[];
  link?: { type: string; id?: string };
}

/** Doc ids in sidebar order, so llms.txt reads like the site's navigation. */
function sidebarOrder(version: LoadedVersion): string[] {
  const ids: string[] = [];
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if ((item.type === 'doc' || item.type === 'ref') && item.id) ids.push(item.id);
      if (item.type === 'category') {
        if (item.link?.type === 'doc' && item.link.id) ids.push(item.link.id);
        walk(item.items ?? []);
      }
    }
  };
  for (const sidebar of Object.values(version.sidebars)) walk(sidebar as SidebarItem[]);
  return [...new Set(ids)];
}

function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

export default function llmsPlugin(context: LoadContext, options: Options): Plugin {
  const { siteConfig, siteDir, baseUrl } = context;
  const absolute = (path: string) => `${siteConfig.url.replace(/\/$/, '')}${path}`;
  let versions: LoadedVersion[] = [];

  return {
    name: 'stream-llms',

    allContentLoaded({ allContent }) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      versions = docs?.loadedVersions ?? [];
    },

    async postBuild({ outDir }) {
      const write = async (path: string, text: string) => {
        const file = join(outDir, path.slice(baseUrl.length));
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, text);
      };

      const bySource = new Map<string, DocMetadata>();
      const byPermalink = new Map<string, DocMetadata>();
      for (const version of versions) {
        for (const doc of version.docs) {
          bySource.set(resolve(siteDir, aliasedSitePathToRelativePath(doc.source)), doc);
          byPermalink.set(doc.permalink, doc);
        }
      }
      const referenceRoutes = new Map(API_REFERENCES.map((reference) => [reference.spec as string, reference]));

      function linkFrom(sourceFile: string): GuideContext['link'] {
        return (url) => {
          // `pathname:///changelog.xml`: a file the build writes, outside the router.
          if (url.startsWith('pathname:///')) return absolute(`${baseUrl}${url.slice('pathname:///'.length)}`);
          if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('#')) return undefined;
          const [path = '', hash = ''] = url.split(/(?=#)/);
          if (path.startsWith('/')) {
            const page = `${baseUrl}${path.slice(1)}`;
            return absolute(byPermalink.has(page) ? `${markdownPath(page)}${hash}` : `${page}${hash}`);
          }
          const target = bySource.get(resolve(dirname(sourceFile), decodeURI(path)));
          return target ? absolute(`${markdownPath(target.permalink)}${hash}`) : undefined;
        };
      }

      const specs = new Map<string, OpenApiDocument>();
      const guideSpec = (api: string) => {
        if (!specs.has(api)) specs.set(api, readBundledSpec(options.specsDistDir, api));
        return specs.get(api) as OpenApiDocument;
      };
      const reference: GuideContext['reference'] = (api) => {
        const found = referenceRoutes.get(api);
        return found ? { label: found.label, url: absolute(`${baseUrl}${found.route.replace(/^\//, '')}`) } : undefined;
      };

      let copies = 0;
      const copyOf = new Map<string, string>();
      for (const doc of bySource.values()) {
        const sourceFile = resolve(siteDir, aliasedSitePathToRelativePath(doc.source));
        const link = linkFrom(sourceFile);
        const { markdown } = guideMarkdown(await readFile(sourceFile, 'utf8'), doc.title, doc.description, {
          spec: guideSpec,
          reference,
          link,
          changes: (api, version) => changeListMarkdown(contractChangesData(options.specsDistDir, api, version), (url) => link(url) ?? url),
        });
        await write(markdownPath(doc.permalink), markdown);
        copyOf.set(doc.permalink, markdown);
        copies += 1;
      }

      const loaded = await loadSpecs(options satisfies ApiReferenceOptions, {
        // The API reference plugin already reports on the partner spec; one message is enough.
        info: () => undefined,
        warn: () => undefined,
      });
      const references: { title: string; url: string; description: string; markdown: string }[] = [];
      for (const { api: spec, doc } of loaded) {
        const route = referenceRoutes.get(spec);
        if (!route) continue;
        const page = `${baseUrl}${route.route.replace(/^\//, '')}`;
        const markdown = referenceMarkdown(doc, {
            api: spec,
            page: absolute(page),
            yaml: absolute(`${baseUrl}openapi/${spec}.yaml`),
            json: absolute(`${baseUrl}openapi/${spec}.json`),
        });
        await write(markdownPath(page), markdown);
        references.push({
          markdown,
          title: doc.info?.title ?? route.label,
          url: absolute(markdownPath(page)),
          description: oneLine(firstParagraph(doc.info?.description)) || `${route.label}: operations, webhooks and schemas.`,
        });
      }

      // llms.txt lists the newest docs version only; older versions keep their copies.
      const current = versions.find((version) => version.isLast) ?? versions[0];
      const order = current ? sidebarOrder(current) : [];
      const guides = [...(current?.docs ?? [])]
        .filter((doc) => !doc.unlisted)
        .sort((a, b) => (order.indexOf(a.id) + 1 || Infinity) - (order.indexOf(b.id) + 1 || Infinity));
      const summary = `Developer documentation for integrating with ${PRODUCT_NAME}, an online food-ordering platform: guides for POS vendors, delivery and ordering platforms (DSPs), event providers and white-label partners, and the four API references they build against.`;
      const llms = [
        `# ${SITE_TITLE}`,
        `> ${summary}`,
        `Every guide and API reference below is available as Markdown at the linked URL; the HTML page is the same URL without \`.md\` (\`index.md\` for a reference served at a folder). Field tables and examples in the guides are generated from the OpenAPI contracts, which are also published as YAML and JSON beside each reference.`,
        '## Guides',
        guides.map((doc) => `- [${doc.title}](${absolute(markdownPath(doc.permalink))}): ${oneLine(doc.description)}`).join('\n'),
        '## API reference',
        references.map((entry) => `- [${entry.title}](${entry.url}): ${entry.description}`).join('\n'),
        '## Everything in one file',
        `- [${LLMS_FULL_FILE}](${absolute(`${baseUrl}${LLMS_FULL_FILE}`)}): the Markdown of every guide above, in this order, then of every API reference, in one file.`,
        '## Contract changes',
        `- [Contract changes feed](${absolute(`${baseUrl}${FEED_FILE}`)}): Atom, one entry per release of each contract with its generated change list; each audience's changelog guide above lists the same releases.`,
      ].join('\n\n');
      await write(`${baseUrl}${LLMS_FILE}`, `${llms}\n`);
      const pages: MarkdownPage[] = [
        ...guides.flatMap((doc) => {
          const markdown = copyOf.get(doc.permalink);
          return markdown === undefined ? [] : [{ url: absolute(markdownPath(doc.permalink)), markdown }];
        }),
        ...references.map(({ url, markdown }) => ({ url, markdown })),
      ];
      await write(`${baseUrl}${LLMS_FULL_FILE}`, llmsFullText({ title: SITE_TITLE, summary, pages }));
      logger.info(`AI-ready pages: ${copies} guide copies, ${references.length} Markdown references, /${LLMS_FILE} and /${LLMS_FULL_FILE}.`);
    },
  };
}
