import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';

// A minimal site for behaviours the real site must not ship fixtures for: a cut docs
// version, a page that crashes and a page whose lazy chunk can fail to load.
export default {
  title: 'Fixture site',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  noIndex: true,
  onBrokenLinks: 'throw',
  future: { faster: true, v4: { removeLegacyPostBuildHeadAttribute: true } },
  presets: [
    [
      'classic',
      {
        docs: { sidebarPath: './sidebars.ts' },
        blog: false,
        theme: {},
      } satisfies Preset.Options,
    ],
  ],
  themeConfig: {
    navbar: {
      items: [
        { type: 'doc', docId: 'intro', label: 'Docs', position: 'left' },
        { type: 'docsVersionDropdown', position: 'right' },
      ],
    },
  } satisfies Preset.ThemeConfig,
} satisfies Config;
