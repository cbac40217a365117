import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SchemaNode } from '../../lib/openapi/schemaTree';
import SchemaTree from './SchemaTree';

const fulfillmentType: SchemaNode = {
  type: 'string',
  ref: 'FulfillmentType',
  description: '<p>How the order reaches the customer.</p>',
  enum: ['delivery', 'drive_thru'],
  enumDescriptions: { delivery: '<p>The courier delivers the order.</p>' },
};

const render = (node: SchemaNode, showRoot = false) => renderToStaticMarkup(createElement(SchemaTree, { node, showRoot }));

/** The HTML with the generated CSS module class names taken out, to match on structure. */
const bare = (html: string) => html.replace(/ class="[^"]*"/g, '');

describe('SchemaTree', () => {
  it('shows a scalar schema\'s own description even without showRoot, as <SchemaFields> renders it', () => {
    expect(bare(render(fulfillmentType))).toContain('<p>How the order reaches the customer.</p>');
  });

  it('pairs each enum value with its sentence in a definition list', () => {
    const html = bare(render(fulfillmentType));
    expect(html).toContain('<dl><div><dt><code>delivery</code></dt><dd><p>The courier delivers the order.</p></dd></div>');
    expect(html).toContain('<dt><code>drive_thru</code></dt><dd>No description.</dd>');
  });

  it('does the same for an enum property inside an object', () => {
    const order: SchemaNode = { type: 'object', properties: [{ ...fulfillmentType, name: 'fulfillment_type', description: undefined }] };
    const html = bare(render(order));
    expect(html).toContain('<code>fulfillment_type</code>');
    expect(html).toContain('<dt><code>delivery</code></dt><dd><p>The courier delivers the order.</p></dd>');
  });

  it('writes a field as its name line, then a one-paragraph description as the paragraph itself, with no wrapper', () => {
    const order: SchemaNode = {
      type: 'object',
      properties: [{ name: 'note', type: 'string', description: '<p>What the <em>customer</em> asked for.</p>', constraints: ['maxLength: 200'] }],
    };
    const html = bare(render(order));
    expect(html).toContain('<li><div><code>note</code><span>string</span></div><p>What the <em>customer</em> asked for.</p><div><span>Constraints</span> <code>maxLength: 200</code></div></li>');
  });

  it('keeps a description of several paragraphs whole, in its own block', () => {
    const description = '<p>First paragraph.</p>\n<p>Second paragraph.</p>';
    const html = bare(render({ type: 'object', properties: [{ name: 'note', type: 'string', description }] }));
    expect(html).toContain(`</div><div>${description}</div></li>`);
  });

  it('keeps a bare list of values when the spec explains none of them', () => {
    const html = bare(render({ type: 'string', enum: ['web', 'app'] }));
    expect(html).not.toContain('<dl>');
    expect(html).toContain('<code>web</code><code>app</code>');
  });
});
