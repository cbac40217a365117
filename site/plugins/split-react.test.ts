import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import splitReactPlugin from './split-react';

const require = createRequire(import.meta.url);
type Configure = (config: { entry: unknown }, isServer: boolean) => { entry?: string };
const configure = splitReactPlugin().configureWebpack as unknown as Configure;

describe('the client entry that runs React DOM in a task of its own', () => {
  it("replaces Docusaurus' entry with one that exists and requires it", () => {
    const docusaurusEntry = require.resolve('@docusaurus/core/lib/client/clientEntry.js');
    const { entry } = configure({ entry: docusaurusEntry }, false);
    expect(entry).toMatch(/split-react-entry\.cjs$/);
    expect(existsSync(entry!)).toBe(true);
    const required = [...readFileSync(entry!, 'utf8').matchAll(/require\('([^']+)'\)/g)].map(([, request]) => request);
    expect(required.map((request) => require.resolve(request))).toEqual([require.resolve('react-dom/client'), docusaurusEntry]);
  });

  it('leaves the server bundle alone', () => {
    expect(configure({ entry: 'server-entry.js' }, true)).toEqual({});
  });

  it('fails the build, naming the file to update, when an upgrade starts the client elsewhere', () => {
    expect(() => configure({ entry: { main: 'somewhere/else.js' } }, false)).toThrow(/site\/plugins\/split-react-entry\.cjs/);
  });
});
