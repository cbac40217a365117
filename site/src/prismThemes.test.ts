import { describe, expect, it } from 'vitest';
import { themes } from 'prism-react-renderer';
import { accessibleTheme, contrastRatio, darkCodeTheme, lightCodeTheme } from './prismThemes';

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

describe('code block colours', () => {
  it.each([
    ['light', lightCodeTheme],
    ['dark', darkCodeTheme],
  ])('every token colour of the %s theme reaches 4.5:1 on its background', (_mode, theme) => {
    const background = rgb(theme.plain.backgroundColor!.toLowerCase().slice(0, 7));
    const colours = [theme.plain.color, ...theme.styles.map((s) => s.style.color)].filter(
      (c): c is string => typeof c === 'string' && c.startsWith('#'),
    );
    expect(colours.length).toBeGreaterThan(5);
    for (const colour of colours) expect(contrastRatio(rgb(colour.toLowerCase()), background)).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves colours that already pass untouched', () => {
    const fixed = accessibleTheme({ plain: { color: '#000000', backgroundColor: '#ffffff' }, styles: [] });
    expect(fixed.plain.color).toBe('#000000');
  });

  it('the stock GitHub theme would fail, which is why the site adjusts it', () => {
    const background = rgb(themes.github.plain.backgroundColor!.toLowerCase());
    const worst = Math.min(
      ...themes.github.styles
        .map((s) => s.style.color)
        .filter((c): c is string => typeof c === 'string' && c.startsWith('#') && c.length === 7)
        .map((c) => contrastRatio(rgb(c.toLowerCase()), background)),
    );
    expect(worst).toBeLessThan(4.5);
  });
});
