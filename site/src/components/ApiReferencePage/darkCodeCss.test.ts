import { describe, expect, it } from 'vitest';
import { darkCodeCss } from './darkCodeCss';

describe('darkCodeCss', () => {
  it('recolours code blocks under the dark theme only, inside the given scope', () => {
    const css = darkCodeCss(
      { plain: { color: '#f8f8f2', backgroundColor: '#282a36' }, styles: [{ types: ['keyword', 'builtin'], style: { color: '#bd93f9', fontStyle: 'italic' } }] },
      '.api-reference-root',
    );
    expect(css).toContain("[data-theme='dark'] .api-reference-root .theme-code-block{--prism-color:#f8f8f2 !important;--prism-background-color:#282a36 !important}");
    expect(css).toContain(
      "[data-theme='dark'] .api-reference-root .theme-code-block .token.keyword,[data-theme='dark'] .api-reference-root .theme-code-block .token.builtin{color:#bd93f9 !important;font-style:italic !important}",
    );
    expect(css.split('\n').every((rule) => rule.startsWith("[data-theme='dark'] .api-reference-root"))).toBe(true);
  });
});
