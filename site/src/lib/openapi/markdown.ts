import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/**
 * Renders a spec description (CommonMark + GFM) to HTML at build time. micromark's defaults
 * escape raw HTML and drop `javascript:` links, which matters because the partner spec can
 * come from a remote URL.
 */
export function markdownToHtml(markdown: string | undefined): string | undefined {
  if (markdown === undefined || markdown.trim() === '') return undefined;
  return micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] }).trim();
}
