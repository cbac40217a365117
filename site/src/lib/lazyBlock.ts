import type { CSSProperties } from 'react';

/** The class of a guide block laid out only when scrolled near (`.lazy-block` in custom.css). */
export const LAZY_BLOCK_CLASS = 'lazy-block';

/** Also on a lazy block that is a heading with the text under it (plugins/rehype-block-placeholders). */
export const LAZY_SECTION_CLASS = 'lazy-section';

/** Rows a code block takes: one per line of its code, which never wraps (it scrolls sideways). */
export function codeLineCount(code: string): number {
  return code.replace(/\n$/, '').split('\n').length;
}

/** The custom properties the stylesheet sizes a skipped block's placeholder from. */
export function lazyBlockStyle({ rows, chars = 0 }: { rows: number; chars?: number }): CSSProperties {
  return { '--block-rows': rows, '--block-chars': chars } as CSSProperties;
}
