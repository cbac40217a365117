import type { Element, ElementContent, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import rehypeBlockPlaceholders, { blockSize } from './rehype-block-placeholders';

const el = (tagName: string, ...children: (ElementContent | string)[]): Element => ({
  type: 'element',
  tagName,
  properties: {},
  children: children.map((child) => (typeof child === 'string' ? { type: 'text', value: child } : child)),
});

const run = (...children: Element[]): Root => {
  const tree: Root = { type: 'root', children };
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
