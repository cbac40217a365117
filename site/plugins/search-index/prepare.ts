import { ROOT_ID } from '../../src/components/ApiReferencePage/constants';
import { AUDIENCE_FILTER, GROUP_META, audienceOf } from '../../src/components/SearchDialog/audiences';

/**
 * What Pagefind must skip inside an indexed page: heading link icons, buttons, the API
 * reference's contents list and its examples pane (code samples and JSON that repeat the field
 * lists beside them, and would triple the index), and diagrams.
 */
export const EXCLUDE_SELECTORS = [
  '.hash-link',
  'button',
  'nav',
  'aside',
  'svg',
  '.theme-doc-breadcrumbs',
  '.theme-doc-footer',
  '.pagination-nav',
  '.docusaurus-mermaid-container',
  '[data-search-ignore]',
];

// The element that holds a guide's text: the classic theme's `theme-doc-markdown` block.
const GUIDE_ROOT = /<div\b[^>]*\bclass=(?:"[^"]*\btheme-doc-markdown\b[^"]*"|theme-doc-markdown\b)[^>]*>/;
// The element that holds an API reference, rendered by ApiReferencePage.
const REFERENCE_ROOT = new RegExp(`<div\\b[^>]*\\bid=(?:"${ROOT_ID}"|${ROOT_ID}(?=[\\s>]))[^>]*>`);

// The API reference prints each path between the method and the server URL with no space on
// either side (`POSThttps://api.stream.example/onboarding/…`). The server URL is the same on every
// operation and worth nothing as a search term, so it goes.
const REFERENCE_BASE_URL = /<span\b[^>]*\bclass=(?:"[^"]*\bbaseUrl_[^"]*"|baseUrl_[^\s>]*)[^>]*>[^<]*<\/span>/g;
// Adjacent elements are written with nothing between them, which Pagefind would read as one word:
// an enum's values (`<code>completed</code><code>merchant_canceled</code>`), a method and its path,
// and table cells and list items, whose optional end tags the HTML minifier drops
// (`<td>disconnected<td>Your endpoint`). A space after each closing code or span, and before each
// block that starts a new cell, item or paragraph, keeps the words apart; no word spans them.
const GLUED_INLINE = /<\/(code|span)>(?=<)/g;
const BLOCK_START = /(?=<(?:td|th|tr|li|dt|dd|p|div|br|h[1-6])[\s>/])/g;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/**
 * Marks the content of one built page for Pagefind: the content root becomes the indexed body
 * (so navbar, sidebar, table of contents and footer stay out) and carries the page's audience
 * as a filter and a group. Returns undefined for a page that is not searched, or whose content
 * root is missing (the caller reports it, since every guide and reference must be findable).
 */
export function prepareForIndex(html: string, path: string): { html: string } | { skipped: 'not searched' | 'no content root' } {
  const audience = audienceOf(path);
  if (!audience) return { skipped: 'not searched' };
  const guide = path.startsWith('/docs/');
  const root = (guide ? GUIDE_ROOT : REFERENCE_ROOT).exec(html);
  if (!root) return { skipped: 'no content root' };
  const markers = [
    ...audience.filters.map((id) => `<span data-pagefind-filter="${escapeAttribute(`${AUDIENCE_FILTER}:${id}`)}"></span>`),
    `<span data-pagefind-meta="${escapeAttribute(`${GROUP_META}:${audience.group}`)}"></span>`,
  ].join('');
  const opening = root[0].replace(/^<div\b/, '<div data-pagefind-body');
  const end = root.index + root[0].length;
  const rest = (guide ? html.slice(end) : html.slice(end).replace(REFERENCE_BASE_URL, ''))
    .replace(GLUED_INLINE, '</$1> ')
    .replace(BLOCK_START, ' ');
  return { html: `${html.slice(0, root.index)}${opening}${markers}${rest}` };
}
