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
    expect(render(fulfillmentType)).toContain('<p>How the order reaches the customer.</p>');
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

  it('keeps a bare list of values when the spec explains none of them', () => {
    const html = bare(render({ type: 'string', enum: ['web', 'app'] }));
    expect(html).not.toContain('<dl>');
    expect(html).toContain('<code>web</code><code>app</code>');
  });
});
