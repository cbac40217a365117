import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import preactClientPlugin, { CLIENT_ALIASES } from './preact-client';

const require = createRequire(import.meta.url);
type Config = { resolve?: { alias?: Record<string, string> | unknown[] } };
const configure = preactClientPlugin().configureWebpack as unknown as (config: Config, isServer: boolean) => object;

// Docusaurus' own aliases for the client bundle, as its base config sets them.
const docusaurusAliases = () => ({ react: '/site/node_modules/react', 'react-dom': '/site/node_modules/react-dom', '@site': '/site' });

describe('the browser bundle runs on Preact', () => {
  it("replaces Docusaurus' React aliases with Preact's compatibility layer and keeps the others", () => {
    const config = { resolve: { alias: docusaurusAliases() } };
    configure(config, false);
    const alias = config.resolve.alias as Record<string, string>;
    expect(alias.react).toBeUndefined();
    expect(alias['react-dom']).toBeUndefined();
    expect(alias['@site']).toBe('/site');
    expect(alias).toMatchObject(CLIENT_ALIASES);
  });

  it('points every React entry point the client imports at a Preact module that is installed', () => {
    expect(Object.keys(CLIENT_ALIASES).sort()).toEqual(['react$', 'react-dom$', 'react-dom/client$', 'react/jsx-dev-runtime$', 'react/jsx-runtime$']);
    for (const target of Object.values(CLIENT_ALIASES)) expect(require.resolve(target)).toMatch(/node_modules[\\/]preact[\\/]/);
  });

  it('leaves the server bundle on React, so the HTML is rendered as before', () => {
    const config = { resolve: { alias: docusaurusAliases() } };
    expect(configure(config, true)).toEqual({});
    expect(config.resolve.alias).toEqual(docusaurusAliases());
  });

  it('fails the build with what to check when an upgrade leaves no alias map to extend', () => {
    expect(() => configure({}, false)).toThrow(/preact-client: .*resolve\.alias/);
  });
});
