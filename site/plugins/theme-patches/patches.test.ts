import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATCHES, type ThemePatch } from './index';

const require = createRequire(import.meta.url);
const loader = require('./loader.cjs') as (this: LoaderContext, source: string) => string;
interface LoaderContext {
  resourcePath: string;
  getOptions: () => Omit<ThemePatch, 'file'>;
}

// The packages' exports hide lib/, so each file is found beside the package's entry point (lib/index.js).
const libOf = (pkg: string) => dirname(require.resolve(pkg));
// The core package has no entry point; its lib/ sits beside its package.json.
const coreLib = join(dirname(require.resolve('@docusaurus/core/package.json')), 'lib');
const installed: Record<string, string> = {
  'memo keys in code-unit order': join(libOf('@docusaurus/theme-common'), 'utils', 'reactUtils.js'),
  'tabs hydrate in place': join(libOf('@docusaurus/theme-classic'), 'theme', 'Tabs', 'index.js'),
  'route preload in a task of its own': join(coreLib, 'client', 'clientEntry.js'),
  'isBrowser flips in a transition': join(coreLib, 'client', 'browserContext.js'),
  'first window size in a transition': join(libOf('@docusaurus/theme-common'), 'hooks', 'useWindowSize.js'),
  'startTransition for the first window size': join(libOf('@docusaurus/theme-common'), 'hooks', 'useWindowSize.js'),
  'scroll to the heading once the new route has rendered': join(coreLib, 'client', 'ClientLifecyclesDispatcher.js'),
};
const patch = (name: string) => PATCHES.find((p) => p.name === name)!;
const apply = ({ name, from, to }: ThemePatch, resourcePath: string, source: string) =>
  loader.call({ resourcePath, getOptions: () => ({ name, from, to }) }, source);

describe('theme patches', () => {
  for (const p of PATCHES) {
    it(`"${p.name}" applies to the installed theme module exactly once`, () => {
      const file = installed[p.name];
      expect(p.file.test(file)).toBe(true);
      const source = readFileSync(file, 'utf8');
      expect(source.split(p.from).length - 1).toBe(1);
      expect(apply(p, file, source)).not.toContain(p.from);
    });
  }

  it('the mobile sidebar no longer reaches for a collator', () => {
    const file = installed['memo keys in code-unit order'];
    expect(apply(patch('memo keys in code-unit order'), file, readFileSync(file, 'utf8'))).not.toContain('localeCompare');
  });

  it('orders the keys of a props object the same way whatever order they were written in', () => {
    const rewritten = patch('memo keys in code-unit order').to.match(/deps\.sort\((.*)\);/)![1];
    const compare = new Function(`return ${rewritten}`)() as (a: [string], b: [string]) => number;
    const order = (keys: string[]) => keys.map((k) => [k] as [string]).sort(compare).map(([k]) => k);
    const keys = ['sidebar', 'path', 'onItemClick', 'activePath', 'className', 'isHidden'];
    expect(order(keys)).toEqual(order([...keys].reverse()));
    expect(order(keys)).toEqual(['activePath', 'className', 'isHidden', 'onItemClick', 'path', 'sidebar']);
  });

  it('tabs are no longer keyed on whether the page has hydrated', () => {
    const file = installed['tabs hydrate in place'];
    expect(apply(patch('tabs hydrate in place'), file, readFileSync(file, 'utf8'))).not.toMatch(/key=\{String\(isBrowser\)\}/);
  });

  it('fails the build with the patch name and what to do when the theme stops matching', () => {
    expect(() => apply(patch('tabs hydrate in place'), '/x/Tabs/index.js', 'export default 1;')).toThrow(
      /theme patch "tabs hydrate in place": \/x\/Tabs\/index\.js no longer contains .*update or drop the patch/,
    );
  });
});
