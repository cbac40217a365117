import type { Element, ElementContent, Root, RootContent } from 'hast';
import { LAZY_BLOCK_CLASS, LAZY_SECTION_CLASS, codeLineCount } from '../src/lib/lazyBlock';
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

/** Adds the classes and the sizes the stylesheet's `.lazy-block` rule needs to one element. */
function markLazyBlock(block: Element, size: BlockSize, classes: string[] = [LAZY_BLOCK_CLASS]): void {
  const className = block.properties.className;
  block.properties.className = [...(Array.isArray(className) ? className : []), ...classes];
  block.properties.style = `--block-rows:${size.rows};--block-chars:${size.chars}`;
}

function isLazyTag(node: RootContent): node is Element {
  return node.type === 'element' && LAZY_TAGS.has(node.tagName);
}

function isBlank(node: RootContent): boolean {
  return node.type === 'text' && node.value.trim() === '';
}

/**
 * A section's placeholder, drawn with a block's formula: each block's own size, a row for the
 * margin after it, and the heading's line and margin. The heading's text is set larger than a
 * paragraph's, so each of its characters counts one and a half.
 */
export function sectionSize(heading: Element, blocks: Element[]): BlockSize {
  const title = blockSize(heading);
  return blocks.map(blockSize).reduce((sum, block) => ({ rows: sum.rows + block.rows + 1, chars: sum.chars + block.chars }), {
    rows: 2,
    chars: Math.ceil(title.chars * 1.5),
  });
}

/**
 * Wraps each `h3` that only paragraphs, lists and quotes follow (up to the next heading or any
 * other element) in a `<section>` with them, laid out and styled as one block when scrolled near.
 * A list of short entries, such as the decisions page's 224, otherwise kept every heading, its
 * code and its anchor laid out: two thousand elements styled and laid out as the page loads.
 */
function groupSections(tree: Root): void {
  const children: RootContent[] = [];
  let index = 0;
  while (index < tree.children.length) {
    const heading = tree.children[index];
    let end = index + 1;
    if (heading.type === 'element' && heading.tagName === 'h3') {
      while (end < tree.children.length && (isBlank(tree.children[end]) || isLazyTag(tree.children[end]))) end += 1;
      while (end > index + 1 && isBlank(tree.children[end - 1])) end -= 1;
      const blocks = tree.children.slice(index + 1, end).filter(isLazyTag);
      if (blocks.length > 0) {
        const section: Element = { type: 'element', tagName: 'section', properties: {}, children: tree.children.slice(index, end) as ElementContent[] };
        markLazyBlock(section, sectionSize(heading, blocks), [LAZY_BLOCK_CLASS, LAZY_SECTION_CLASS]);
        children.push(section);
        index = end;
        continue;
      }
    }
    children.push(heading);
    index += 1;
  }
  tree.children = children;
}

/**
 * Marks a page's top-level paragraphs, lists and quotes so the browser lays out and paints only
 * those near the screen, after grouping each `h3` with the text under it into one such block.
 * Other headings stay laid out, so the parts of a page a reader jumps between are always there.
 */
export default function rehypeBlockPlaceholders() {
  return (tree: Root) => {
    groupSections(tree);
    for (const node of tree.children) {
      if (isLazyTag(node)) markLazyBlock(node, blockSize(node));
    }
  };
}
