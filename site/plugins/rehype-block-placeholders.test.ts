import type { Element, ElementContent, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import rehypeBlockPlaceholders, { blockSize, sectionSize } from './rehype-block-placeholders';

const el = (tagName: string, ...children: (ElementContent | string)[]): Element => ({
  type: 'element',
  tagName,
  properties: {},
  children: children.map((child) => (typeof child === 'string' ? { type: 'text', value: child } : child)),
});

const run = (...children: (Element | string)[]): Root => {
  const tree: Root = { type: 'root', children: children.map((child) => (typeof child === 'string' ? { type: 'text', value: child } : child)) };
  rehypeBlockPlaceholders()(tree);
  return tree;
};

describe('rehypeBlockPlaceholders', () => {
  it('gives top-level paragraphs, lists and quotes the class and the sizes their placeholder is drawn from', () => {
    const paragraph = el('p', 'Send the order within five minutes.');
    const list = el('ul', el('li', 'One'), el('li', 'Two'));
    run(paragraph, list, el('blockquote', el('p', 'Quoted')));
    expect(paragraph.properties).toEqual({ className: ['lazy-block'], style: '--block-rows:1;--block-chars:35' });
    expect(list.properties.style).toBe('--block-rows:3;--block-chars:6');
  });

  it('leaves headings, tables and blocks nested in other elements laid out with the page', () => {
    const heading = el('h2', 'Order states');
    const table = el('table', el('tr', el('td', 'CREATED')));
    const nested = el('p', 'Inside a note');
    run(heading, table, el('div', nested));
    for (const node of [heading, table, nested]) expect(node.properties).toEqual({});
  });

  it('keeps the classes a block already has', () => {
    const list = el('ul', el('li', 'Done'));
    list.properties.className = ['contains-task-list'];
    run(list);
    expect(list.properties.className).toEqual(['contains-task-list', 'lazy-block']);
  });
});

describe('sections', () => {
  it('groups an h3 with the paragraphs and lists under it into one lazy section, sized from them all', () => {
    const heading = el('h3', el('code', 'reportMonth'));
    const rule = el('p', 'Formatted YYYY-MM.');
    const list = el('ul', el('li', 'One'));
    const tree = run(heading, '\n', rule, '\n', list, '\n', el('h3', 'Next'), '\n', el('p', 'Its rule.'));
    const [section, blank, next] = tree.children as Element[];
    expect(section.tagName).toBe('section');
    expect(section.children).toEqual([heading, { type: 'text', value: '\n' }, rule, { type: 'text', value: '\n' }, list]);
    expect(section.properties).toEqual({ className: ['lazy-block', 'lazy-section'], style: '--block-rows:7;--block-chars:54' });
    expect(blank).toEqual({ type: 'text', value: '\n' });
    expect(next.tagName).toBe('section');
    expect(tree.children).toHaveLength(3);
  });

  it('leaves the blocks inside a section unmarked, so the section is the one thing skipped', () => {
    const rule = el('p', 'Every field is always present.');
    run(el('h3', 'BillingReport'), rule);
    expect(rule.properties).toEqual({});
  });

  it('counts each block, a row for the margin after each, and the heading at one and a half times its characters', () => {
    const heading = el('h3', 'Retries', el('code', 'id'));
    expect(sectionSize(heading, [el('p', 'abcd'), el('ol', el('li', 'x'), el('li', 'y'))])).toEqual({ rows: 2 + (1 + 1) + (3 + 1), chars: 17 + 4 + 2 });
  });

  it('ends a section at a table, a code block or any other element, which keep their own treatment', () => {
    const table = el('table', el('tr', el('td', 'CREATED')));
    const tree = run(el('h3', 'States'), el('p', 'An order is in one state.'), table, el('p', 'After the table.'));
    expect((tree.children as Element[]).map((node) => node.tagName)).toEqual(['section', 'table', 'p']);
    expect(table.properties).toEqual({});
    expect((tree.children[2] as Element).properties.className).toEqual(['lazy-block']);
  });

  it('keeps an h3 with no text under it, and every h2, laid out as headings of the page', () => {
    const tree = run(el('h2', 'POS API'), el('p', 'The API a POS calls.'), el('h3', 'Alone'), el('h3', 'Then text'), el('p', 'Text.'));
    expect((tree.children as Element[]).map((node) => node.tagName)).toEqual(['h2', 'p', 'h3', 'section']);
  });
});

describe('blockSize', () => {
  it('counts a line for each item, row and break, and every character of wrapping text', () => {
    expect(blockSize(el('ol', el('li', 'ab'), el('li', 'cd', el('br'), 'ef')))).toEqual({ rows: 4, chars: 6 });
  });

  it('counts inline code twice, since monospace letters are wider and long identifiers wrap whole', () => {
    expect(blockSize(el('p', 'Use ', el('code', 'order_id'), '.'))).toEqual({ rows: 1, chars: 3 + 16 + 1 });
  });

  it('counts code in a list by its lines, which never wrap, plus one for its padding', () => {
    const code = el('pre', el('code', 'curl \\\n  -X POST \\\n  https://example.com\n'));
    expect(blockSize(el('ul', el('li', 'Run:', code)))).toEqual({ rows: 1 + 1 + 3 + 1, chars: 4 });
  });
});
