import type { Plugin } from '@docusaurus/types';

/**
 * What the browser bundle gets in place of each React entry point: Preact's compatibility layer.
 * Keys end in `$` so only the bare request matches, never a deeper path of the same package.
 */
export const CLIENT_ALIASES: Readonly<Record<string, string>> = {
  react$: 'preact/compat',
  'react-dom$': 'preact/compat',
  'react-dom/client$': 'preact/compat/client',
  'react/jsx-runtime$': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime$': 'preact/compat/jsx-dev-runtime',
};

/**
 * The browser runs the site with Preact (about 5 KB gzip) instead of React DOM (65 KB), which was
 * half of the JavaScript every page loaded. The server still renders with React, so the HTML is
 * the same; in the browser Preact hydrates it, and keeps what `dangerouslySetInnerHTML` of an
 * empty string leaves on the server's element, as React does (`src/lib/serverHtml.ts`).
 */
export default function preactClientPlugin(): Plugin {
  return {
    name: 'preact-client',
    configureWebpack(config, isServer) {
      if (isServer) return {};
      const alias = config.resolve?.alias;
      if (!alias || Array.isArray(alias)) {
        throw new Error('preact-client: the client bundle has no alias map to extend; check what the upgraded Docusaurus sets in resolve.alias.');
      }
      // Docusaurus maps the bare names `react` and `react-dom` to the site's own copies, and an
      // alias map matches its keys in order, so those two would win over the entries below.
      delete alias.react;
      delete alias['react-dom'];
      // Requests, not resolved files: the bundler then picks one build of Preact (its ES modules)
      // for every importer, where a resolved CommonJS file would bring in a second copy.
      Object.assign(alias, CLIENT_ALIASES);
      return {};
    },
  };
}
