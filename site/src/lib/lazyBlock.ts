import type { CSSProperties } from 'react';

/** The class of a guide block laid out only when scrolled near (`.lazy-block` in custom.css). */
export const LAZY_BLOCK_CLASS = 'lazy-block';

/** The custom properties the stylesheet sizes a skipped block's placeholder from. */
export function lazyBlockStyle({ rows, chars = 0 }: { rows: number; chars?: number }): CSSProperties {
  return { '--block-rows': rows, '--block-chars': chars } as CSSProperties;
}
