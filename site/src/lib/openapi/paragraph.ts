const ONE_PARAGRAPH = /^<p>((?:(?!<\/?p[\s>])[\s\S])*)<\/p>\s*$/;

/**
 * The inner HTML of a rendered description that is one paragraph, as most are, so a page can
 * write it into a `<p>` of its own instead of a `<div>` around the `<p>`: a reference holds a
 * thousand descriptions. Undefined for anything longer, which keeps its block.
 */
export function singleParagraph(html: string): string | undefined {
  return ONE_PARAGRAPH.exec(html)?.[1];
}
