import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { registryEntry as entry } from '../registry.fixture';

const require = createRequire(import.meta.url);
const loader = require('./loader.cjs') as (this: { resourcePath: string }, source: string) => string;

const REGISTRY = [
  'export default {',
  entry('0e384e19', '@site/docs/intro.mdx'),
  entry('17896441', '@theme/DocItem'),
  entry('13f09f9a', '@generated/api-reference/default/p/api-become-a-pos-2c2.json'),
  '};',
].join('\n');

const run = (source: string) => loader.call({ resourcePath: '/site/.docusaurus/registry.js' }, source);

/** What each registry entry reports to the server render: its second element. */
const reported = (source: string) => [...source.matchAll(/\*\/ "([^"]+)"\), "([^"]+)"/g)].map(([, request, name]) => [request, name]);

describe('route scripts in the page HTML', () => {
  it('reports each route module by the chunk the client manifest lists it under', () => {
    expect(reported(run(REGISTRY))).toEqual([
      ['@site/docs/intro.mdx', '0e384e19'],
      ['@theme/DocItem', '17896441'],
      ['@generated/api-reference/default/p/api-become-a-pos-2c2.json', '13f09f9a'],
    ]);
  });

  it('leaves the keys, the imports and the module ids webpack resolves unchanged', () => {
    const strip = (source: string) => source.replace(/\), "[^"]+", require/g, '), require');
    expect(strip(run(REGISTRY))).toBe(strip(REGISTRY));
  });

  it('fails the build, naming the file to update, when the registry takes another form', () => {
    const other = REGISTRY.replaceAll('require.resolveWeak', 'resolveWeak');
    expect(() => run(other)).toThrow(/site\/plugins\/route-scripts\/loader\.cjs/);
  });
});
