import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TARGET } from './index';

const require = createRequire(import.meta.url);
const loader = require('./loader.cjs') as ((this: { resourcePath: string }, source: string) => string) & {
  FROM: string;
};
// The package's exports hide lib/, so find the file beside its entry point (lib/index.js).
const themeFile = join(dirname(require.resolve('@docusaurus/theme-common')), 'utils', 'reactUtils.js');
const run = (source: string) => loader.call({ resourcePath: themeFile }, source);

describe('the key-order loader', () => {
  it('targets the installed theme module that sorts memo keys', () => {
    expect(TARGET.test(themeFile)).toBe(true);
  });

  it('leaves no localeCompare in the installed theme module', () => {
    const out = run(readFileSync(themeFile, 'utf8'));
    expect(out).not.toContain('localeCompare');
  });

  it('orders the keys of a props object the same way whatever order they were written in', () => {
    const rewritten = run(loader.FROM).match(/deps\.sort\((.*)\);/)![1];
    const compare = new Function(`return ${rewritten}`)() as (a: [string], b: [string]) => number;
    const order = (keys: string[]) => keys.map((k) => [k] as [string]).sort(compare).map(([k]) => k);
    const keys = ['sidebar', 'path', 'onItemClick', 'activePath', 'className', 'isHidden'];
    expect(order(keys)).toEqual(order([...keys].reverse()));
    expect(order(keys)).toEqual(['activePath', 'className', 'isHidden', 'onItemClick', 'path', 'sidebar']);
  });

  it('fails the build with a clear message when the theme stops matching', () => {
    expect(() => run('export const x = 1;')).toThrow(/no longer contains .*update site\/plugins\/key-order/);
  });
});
