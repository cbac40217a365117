import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {
  API_REFERENCES,
  COLLECTION_FILES,
  COPYRIGHT_YEAR,
  PRODUCT_NAME,
  PRODUCT_SLUG,
  PRODUCT_WEBSITE,
  SITE_TITLE,
} from './src/constants';
import { darkCodeTheme, lightCodeTheme } from './src/prismThemes';
import rehypeAccessibleMarkdown from './plugins/rehype-accessible-markdown';
import rehypeBlockPlaceholders from './plugins/rehype-block-placeholders';
import rehypeStaticContent from './plugins/rehype-static-content';
import remarkSpecComponents from './plugins/remark-spec-components';
import remarkSendCommand from './plugins/remark-send-command';
import remarkContractChanges from './plugins/remark-contract-changes';
import remarkPrerenderedDiagrams from './plugins/diagrams/remark';
import { ssrTemplate } from './ssrTemplate';
import apiReferencePlugin, { type Options as ApiReferenceOptions } from './plugins/api-reference';

// Environment flags, read once here so the rest of the config stays declarative.
const SITE_URL = process.env.SITE_URL ?? 'https://partners.stream.example';
const BASE_URL = process.env.BASE_URL ?? '/';

// Bundled specs (`npm run specs:bundle`), read at build time by the guides' spec components.
const SPECS_DIST_DIR = fileURLToPath(new URL('../specs/dist', import.meta.url));
// The partner API reference renders the spec at this URL when set, else the embedded copy.
const PARTNER_API_SPEC_URL = process.env.PARTNER_API_SPEC_URL || undefined;
// With PARTNER_API_SPEC_STRICT=1 an unusable remote partner spec fails the build instead of warning.
const PARTNER_API_SPEC_STRICT = process.env.PARTNER_API_SPEC_STRICT === '1';

// `npm run docs:version <v>` writes versions.json; from then on the navbar offers a version menu
// and the reader's choice persists in local storage.
// The packages' npm tarballs (`npm run pack`, part of `npm run build`), published under /downloads/
// so a partner without this repository can `npx <site>/downloads/stream-partner-<version>.tgz`.
const packageVersion = (dir: string): string =>
  (JSON.parse(readFileSync(fileURLToPath(new URL(`../packages/${dir}/package.json`, import.meta.url)), 'utf8')) as { version: string }).version;
const CLI_TARBALL = `stream-partner-${packageVersion('cli')}.tgz`;
const CONTRACTS_TARBALL = `stream-partner-contracts-${packageVersion('contracts')}.tgz`;

const HAS_DOCS_VERSIONS = existsSync(fileURLToPath(new URL('./versions.json', import.meta.url)));

const POS_OVERVIEW = `/docs/become-a-${PRODUCT_SLUG}-integration/integrate-with-${PRODUCT_SLUG}-as-a-pos/overview`;
const DSP_OVERVIEW = `/docs/become-a-${PRODUCT_SLUG}-integration/integrate-with-${PRODUCT_SLUG}-as-a-dsp/overview`;

export default {
  title: SITE_TITLE,
  tagline: `Build POS, DSP, events and white-label integrations with ${PRODUCT_NAME}.`,
  favicon: 'img/favicon.svg',
  url: SITE_URL,
  baseUrl: BASE_URL,
  // Partner documentation is not for search engines: every page carries robots noindex.
  noIndex: true,
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'warn',
  markdown: {
    hooks: {
      onBrokenMarkdownLinks: 'warn',
    },
  },
  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
  },
  future: {
    faster: true,
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
    },
  },
  // Prefetching of on-screen links waits until the page has loaded and the browser is idle.
  clientModules: ['./src/clientModules/idlePrefetch.ts', './src/clientModules/linkedHeading.ts'],
  // Pages paint their server-rendered HTML before the site's scripts run.
  ssrTemplate,
  plugins: [
    // Mermaid diagrams are drawn ahead of time (`npm run diagrams`) and placed as SVG images.
    './plugins/diagrams/index.ts',
    // Prism and its grammars load with the first code block a reader uses, not with every page.
    './plugins/lazy-prism.ts',
    // The browser hydrates and runs the site with Preact's React-compatible layer, not React DOM.
    './plugins/preact-client.ts',
    // Colours of server-highlighted code, as classes rather than inline styles.
    './plugins/code-colours.ts',
    // Exact-text fixes to the theme's first render on phones, checked at build time.
    './plugins/theme-patches/index.ts',
    // The docs shell's route modules, which every doc page loads together, in one chunk.
    './plugins/docs-shell-chunk/index.ts',
    // Each page's HTML names its route's scripts, which then download with main.js.
    './plugins/route-scripts/index.ts',
    // A guide whose text is plain HTML sends no JSX to the browser; a client-side visit fetches its HTML.
    './plugins/static-content-chunk/index.ts',
    [
      apiReferencePlugin,
      {
        specsDistDir: SPECS_DIST_DIR,
        partnerSpecUrl: PARTNER_API_SPEC_URL,
        partnerSpecStrict: PARTNER_API_SPEC_STRICT,
      } satisfies ApiReferenceOptions,
    ],
    [
      './plugins/downloads.ts',
      {
        files: [
          { path: 'downloads/webhook-test-vectors.json', source: '../packages/contracts/test-vectors.json' },
          { path: `downloads/${CLI_TARBALL}`, source: `../dist/${CLI_TARBALL}` },
          { path: `downloads/${CONTRACTS_TARBALL}`, source: `../dist/${CONTRACTS_TARBALL}` },
          // Postman and Bruno collections generated from the contracts (npm run collections).
          ...COLLECTION_FILES.map((file) => ({ path: `downloads/${file}`, source: `../dist/collections/${file}` })),
        ],
      },
    ],
    // Full-text search: Pagefind indexes the built guides and API references (src/theme/SearchBar).
    './plugins/search-index/index.ts',
    // `.html` and `/index.html` addresses show the plain path's page on any host.
    './plugins/html-paths.ts',
    // The Atom feed of contract releases at /changelog.xml, linked from every page's head.
    ['./plugins/changelog-feed/index.ts', { specsDistDir: SPECS_DIST_DIR }],
    // llms.txt and a Markdown copy of every guide and API reference.
    [
      './plugins/llms/index.ts',
      { specsDistDir: SPECS_DIST_DIR, partnerSpecUrl: PARTNER_API_SPEC_URL, partnerSpecStrict: PARTNER_API_SPEC_STRICT },
    ],
    [
      '@docusaurus/plugin-client-redirects',
      {
        // `/docs` itself has no page: send readers to the intro, which it shows.
        redirects: [{ from: '/docs', to: '/docs/intro' }],
      },
    ],
  ],
  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          routeBasePath: 'docs',
          showLastUpdateTime: false,
          remarkPlugins: [
            [remarkSpecComponents, { specsDistDir: SPECS_DIST_DIR }],
            remarkSendCommand,
            [remarkContractChanges, { specsDistDir: SPECS_DIST_DIR }],
            [remarkPrerenderedDiagrams, { baseUrl: BASE_URL }],
          ],
          // Long guides lay out only the blocks near the screen (.lazy-block in custom.css); a guide
          // of plain HTML keeps its server HTML in the browser (theme/DocItem/Content).
          rehypePlugins: [rehypeAccessibleMarkdown, rehypeBlockPlaceholders, rehypeStaticContent],
        },
        pages: {
          remarkPlugins: [[remarkPrerenderedDiagrams, { baseUrl: BASE_URL }]],
          rehypePlugins: [rehypeAccessibleMarkdown],
        },
        blog: false,
        theme: {
          customCss: './src/css/custom.css',
        },
      } satisfies Preset.Options,
    ],
  ],
  themeConfig: {
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    docs: {
      sidebar: {
        hideable: false,
        autoCollapseCategories: false,
      },
    },
    tableOfContents: {
      minHeadingLevel: 2,
      maxHeadingLevel: 3,
    },
    navbar: {
      title: SITE_TITLE,
      logo: {
        alt: `${PRODUCT_NAME} logo`,
        src: 'img/logo.svg',
      },
      items: [
        { type: 'doc', docId: 'intro', label: 'Guides', position: 'left' },
        {
          type: 'dropdown',
          label: 'API reference',
          position: 'left',
          items: API_REFERENCES.map(({ route, label }) => ({ label, to: route })),
        },
        ...(HAS_DOCS_VERSIONS ? [{ type: 'docsVersionDropdown', position: 'right' } as const] : []),
        { type: 'search', position: 'right' },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Docs',
          items: [
            { label: 'Guides', to: '/docs/intro' },
            { label: 'Integrating as a POS', to: POS_OVERVIEW },
            { label: 'Integrating as a DSP', to: DSP_OVERVIEW },
          ],
        },
        {
          title: 'More',
          items: [{ label: 'Website', href: PRODUCT_WEBSITE }],
        },
      ],
      copyright: `Copyright © ${COPYRIGHT_YEAR} ${PRODUCT_NAME}.`,
    },
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      // Only what the guides need beyond Prism's defaults; they load with the highlighter (src/theme/CodeBlock).
      additionalLanguages: ['bash'],
    },
  } satisfies Preset.ThemeConfig,
} satisfies Config;
