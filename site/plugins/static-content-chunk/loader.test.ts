import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const loader = require('./loader.cjs') as (this: { resourcePath: string }, source: string) => string;
const run = (source: string) => loader.call({ resourcePath: '/site/docs/decisions.mdx' }, source);

/** A page module as Docusaurus' MDX loader writes it: its exports, then the compiled JSX. */
const page = (staticContent: boolean) =>
  [
    "export const frontMatter = {title: 'Contract decisions'};",
    "export const contentTitle = 'Contract decisions';",
    "export {default as metadata} from '@site/.docusaurus/docusaurus-plugin-content-docs/default/site-docs-decisions-mdx-60b.json'",
    'export const assets = {};',
    'import {jsx as _jsx, jsxs as _jsxs} from "react/jsx-runtime";',
    'import {useMDXComponents as _provideComponents} from "@mdx-js/react";',
    "export const toc = [{value: 'Partner API', id: 'partner-api', level: 2}];",
    ...(staticContent ? ['export const staticContent = true;'] : []),
    'function _createMdxContent(props) {',
    '  const _components = {h1: "h1", p: "p", ..._provideComponents(), ...props.components};',
    '  return _jsxs(_components.p, {children: ["A rule of the contracts, ", "repeated"]});',
    '}',
    'export default function MDXContent(props = {}) {',
    '  const {wrapper: MDXLayout} = {..._provideComponents(), ...props.components};',
    '  return MDXLayout ? _jsx(MDXLayout, {...props, children: _jsx(_createMdxContent, {...props})}) : _createMdxContent(props);',
    '}',
  ].join('\n');

describe('the static content chunk', () => {
  it("keeps a plain-HTML guide's exports and drops its compiled JSX", () => {
    const out = run(page(true));
    expect(out).toContain("export const toc = [{value: 'Partner API', id: 'partner-api', level: 2}];");
    expect(out).toContain("export {default as metadata} from '@site/.docusaurus/docusaurus-plugin-content-docs/default/site-docs-decisions-mdx-60b.json'");
    expect(out).toContain('export const staticContent = true;');
    expect(out).not.toContain('_createMdxContent');
    expect(out).not.toContain('A rule of the contracts');
    expect(out).toContain('export const htmlOnly = true;');
  });

  it("has the guide's module wait for its HTML, found by the guide's own permalink", () => {
    const out = run(page(true));
    expect(out).toContain(
      'import staticContentMetadata from "@site/.docusaurus/docusaurus-plugin-content-docs/default/site-docs-decisions-mdx-60b.json";',
    );
    expect(out).toContain('await loadStaticGuideHtml({ permalink: staticContentMetadata.permalink });');
    expect(out.match(/^export default /gm)).toHaveLength(1);
  });

  it('leaves a guide with components or code blocks as the MDX loader wrote it', () => {
    expect(run(page(false))).toBe(page(false));
  });

  it('fails the build, saying what to check, when the MDX output no longer has the expected shape', () => {
    const renamed = page(true).replace('function _createMdxContent(', 'function createContent(');
    expect(() => run(renamed)).toThrow(/decisions\.mdx has no function _createMdxContent.*static-content-chunk\/loader\.cjs/);
    const noMetadata = page(true).replace(/^export \{default as metadata\}.*$/m, '');
    expect(() => run(noMetadata)).toThrow(/re-exports no metadata/);
  });
});
