import type { Element, ElementContent, Root, RootContent } from 'hast';
import { describe, expect, it } from 'vitest';
import rehypeStaticContent, { STATIC_CONTENT_EXPORT } from './rehype-static-content';

const el = (tagName: string, ...children: (ElementContent | string)[]): Element => ({
  type: 'element',
  tagName,
  properties: {},
  children: children.map((child) => (typeof child === 'string' ? { type: 'text', value: child } : child)),
});

const jsx = (name: string, attributes: unknown[] = [], ...children: RootContent[]) =>
  ({ type: 'mdxJsxFlowElement', name, attributes, children }) as unknown as Element;

/** The names the plugin exported from the page's module, read from the ESM nodes it added. */
function exportsOf(...children: RootContent[]): string[] {
  const tree: Root = { type: 'root', children };
  rehypeStaticContent()(tree);
  return tree.children
    .filter((node) => (node.type as string) === 'mdxjsEsm')
    .map((node) => (node as unknown as { data: { estree: { body: { declaration: { declarations: { id: { name: string } }[] } }[] } } }).data.estree.body[0].declaration.declarations[0].id.name);
}

describe('rehypeStaticContent', () => {
  it('marks a page of headings, paragraphs, links, lists and tables as static content', () => {
    const page = [
      jsx('header', [], el('h1', 'Contract decisions')),
      el('h2', 'Partner API'),
      el('p', 'See ', el('a', 'the reference'), ' and ', el('code', 'BillingReport'), '.'),
      el('ul', el('li', 'One'), el('li', 'Two')),
      el('table', el('tr', el('td', 'CREATED'))),
    ];
    expect(exportsOf(...page)).toEqual([STATIC_CONTENT_EXPORT]);
  });

  it('leaves a page with a code block, a collapsible section or a component unmarked, since those hydrate', () => {
    expect(exportsOf(el('p', 'Run it:'), el('pre', el('code', 'npm start\n')))).toEqual([]);
    expect(exportsOf(el('details', el('summary', 'More'), el('p', 'Hidden')))).toEqual([]);
    expect(exportsOf(el('p', 'Fields:'), jsx('SchemaFields', [{ type: 'mdxJsxAttribute', name: 'spec', value: 'pos' }]))).toEqual([]);
  });

  it('leaves a page unmarked when an HTML element in JSX takes an expression, which only a script evaluates', () => {
    const expression = { type: 'mdxJsxAttributeValueExpression', value: 'styles.box' };
    expect(exportsOf(jsx('div', [{ type: 'mdxJsxAttribute', name: 'className', value: expression }], el('p', 'Boxed')))).toEqual([]);
    expect(exportsOf(el('p', 'Today is '), { type: 'mdxFlowExpression', value: 'new Date().getDay()' } as unknown as Element)).toEqual([]);
  });
});
