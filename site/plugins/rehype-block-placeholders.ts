import type { Element, ElementContent, Root } from 'hast';
import { LAZY_BLOCK_CLASS, codeLineCount } from '../src/lib/lazyBlock';
import { textOf } from './hast-text';

/**
 * Top-level Markdown blocks that lay out only when scrolled near (`.lazy-block` in custom.css).
 * Not tables: their columns wrap text into more lines than a width-based size can bound.
 */
const LAZY_TAGS = new Set(['p', 'ul', 'ol', 'blockquote', 'dl']);
/** Elements inside a block that start a line of their own. */
const LINE_TAGS = new Set(['li', 'tr', 'dt', 'dd', 'p', 'br', 'h4', 'h5', 'h6']);

export interface BlockSize {
  /** Lines the block starts whatever the width: items, rows, breaks, code lines. */
  rows: number;
  /**
   * Characters of wrapping text, which take more lines the narrower the column. Inline code counts
   * twice: its letters are wider, and a long identifier wraps whole, leaving the line before short.
   */
  chars: number;
}

/** What a block's placeholder is sized from while it is off screen. */
export function blockSize(block: Element): BlockSize {
  const size: BlockSize = { rows: 1, chars: 0 };
  const walk = (node: ElementContent, weight = 1) => {
    if (node.type === 'text') size.chars += node.value.trim().length * weight;
    if (node.type !== 'element') return;
    if (node.tagName === 'pre') {
      // Its lines, plus one for its padding.
      size.rows += codeLineCount(textOf(node)) + 1;
      return;
    }
    if (LINE_TAGS.has(node.tagName)) size.rows += 1;
    for (const child of node.children) walk(child, node.tagName === 'code' ? 2 : weight);
  };
  for (const child of block.children) walk(child);
  return size;
}

/** Adds the class and the sizes the stylesheet's `.lazy-block` rule needs to one element. */
function markLazyBlock(block: Element): void {
  const { rows, chars } = blockSize(block);
  const className = block.properties.className;
  block.properties.className = [...(Array.isArray(className) ? className : []), LAZY_BLOCK_CLASS];
  block.properties.style = `--block-rows:${rows};--block-chars:${chars}`;
}

/**
 * Marks a page's top-level paragraphs, lists and quotes so the browser lays out and paints
 * only those near the screen. Headings stay laid out, so every anchor lands where it always did.
 */
export default function rehypeBlockPlaceholders() {
  return (tree: Root) => {
    for (const node of tree.children) {
      if (node.type === 'element' && LAZY_TAGS.has(node.tagName)) markLazyBlock(node);
    }
  };
}
