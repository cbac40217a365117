import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { registryEntry as entry } from '../registry.fixture';
import { ANCHOR, MEMBERS } from './index';

const require = createRequire(import.meta.url);
const loader = require('./loader.cjs') as (this: LoaderContext, source: string) => string;
interface LoaderContext {
  resourcePath: string;
  getOptions: () => { anchor: string; members: string[] };
}

const REGISTRY = [
  'export default {',
  entry('0058b4c6', '@generated/docusaurus-plugin-content-docs/default/p/docs-175.json'),
  entry('0e384e19', '@site/docs/intro.mdx'),
  entry('13f09f9a', '@generated/api-reference/default/p/api-become-a-pos-2c2.json'),
  entry('17896441', '@theme/DocItem'),
  entry('1df93b7f', '@site/src/pages/index.tsx'),
  entry('5e95c892', '@theme/DocsRoot'),
  entry('a7456010', '@generated/docusaurus-plugin-content-pages/default/__plugin.json'),
  entry('a7bd4aaa', '@theme/DocVersionRoot'),
  entry('a94703ab', '@theme/DocRoot'),
  entry('aba21aa0', '@generated/docusaurus-plugin-content-docs/default/__plugin.json'),
  '};',
].join('\n');

const run = (source: string) =>
  loader.call({ resourcePath: '/site/.docusaurus/registry.js', getOptions: () => ({ anchor: ANCHOR, members: MEMBERS }) }, source);

/** The webpack chunk each module of a registry is put in. */
const chunkOf = (source: string) =>
  Object.fromEntries([...source.matchAll(/webpackChunkName: "([^"]+)" \*\/ "([^"]+)"/g)].map(([, chunk, request]) => [request, chunk]));

describe('the docs shell chunk', () => {
  it("puts the docs root, version, sidebar and plugin data in DocItem's chunk", () => {
    const chunks = chunkOf(run(REGISTRY));
    for (const request of [
      '@theme/DocsRoot',
      '@theme/DocVersionRoot',
      '@theme/DocRoot',
      '@generated/docusaurus-plugin-content-docs/default/__plugin.json',
      '@generated/docusaurus-plugin-content-docs/default/p/docs-175.json',
    ]) {
      expect(chunks[request], request).toBe('17896441');
    }
    expect(chunks['@theme/DocItem']).toBe('17896441');
  });

  it("leaves each guide's content, the home page and the other plugins in chunks of their own", () => {
    const chunks = chunkOf(run(REGISTRY));
    expect(chunks['@site/docs/intro.mdx']).toBe('0e384e19');
    expect(chunks['@site/src/pages/index.tsx']).toBe('1df93b7f');
    expect(chunks['@generated/docusaurus-plugin-content-pages/default/__plugin.json']).toBe('a7456010');
    expect(chunks['@generated/api-reference/default/p/api-become-a-pos-2c2.json']).toBe('13f09f9a');
  });

  it('keeps the registry keys that prefetching looks chunks up by', () => {
    const keys = (source: string) => [...source.matchAll(/^ {2}"([^"]+)": \[/gm)].map(([, key]) => key);
    expect(keys(run(REGISTRY))).toEqual(keys(REGISTRY));
  });

  it('fails the build, naming the module and the file to update, when an upgrade renames one', () => {
    const renamed = REGISTRY.replace('@theme/DocVersionRoot', '@theme/DocsVersionRoot');
    expect(() => run(renamed)).toThrow(/DocVersionRoot[\s\S]*site\/plugins\/docs-shell-chunk\/index\.ts/);
    expect(() => run(REGISTRY.replaceAll('@theme/DocItem', '@theme/DocPage'))).toThrow(/no import of @theme\/DocItem/);
  });
});
