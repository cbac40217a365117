import { describe, expect, it } from 'vitest';
import { themes } from 'prism-react-renderer';
import { codeTokenClasses } from './codeTokenClasses';

const theme = {
  plain: { color: '#393A34', backgroundColor: '#f6f8fa' },
  styles: [
    { types: ['comment'], style: { color: '#999988', fontStyle: 'italic' as const } },
    { types: ['string', 'attr-value'], style: { color: '#e3116c' } },
    { types: ['punctuation'], style: { color: '#393A34' } },
  ],
};

describe('codeTokenClasses', () => {
  it('gives tokens of the same colour the same class, and a different one to another colour', () => {
    const classes = codeTokenClasses(theme);
    const string = classes.classFor({ color: '#e3116c' });
    expect(string).toMatch(/^ct\d+$/);
    expect(classes.classFor({ color: '#999988', fontStyle: 'italic' })).not.toBe(string);
    expect(classes.classFor({ fontStyle: 'italic', color: '#999988' })).toBe(classes.classFor({ color: '#999988', fontStyle: 'italic' }));
  });

  it('keeps the inline style of a token whose combined types make a style the theme never names', () => {
    expect(codeTokenClasses(theme).classFor({ color: '#e3116c', fontStyle: 'italic' })).toBeUndefined();
  });

  it('writes each class with exactly the declarations it replaces, inside the scope', () => {
    const classes = codeTokenClasses(theme);
    const css = classes.css('.api-reference-root');
    expect(css).toContain(`.api-reference-root .${classes.classFor({ color: '#999988', fontStyle: 'italic' })}{color:#999988;font-style:italic}`);
    expect(css).toContain(`.api-reference-root .${classes.classFor({ display: 'inline-block' })}{display:inline-block}`);
    expect(css.split('\n').every((rule) => rule.startsWith('.api-reference-root .ct'))).toBe(true);
  });

  it('recognises a line whose colour only repeats the plain colour', () => {
    const classes = codeTokenClasses(theme);
    expect(classes.isPlainLine({ color: '#393A34' })).toBe(true);
    expect(classes.isPlainLine({ color: '#393A34', backgroundColor: 'yellow' })).toBe(false);
  });

  it('has a class for every token type of a stock theme', () => {
    const classes = codeTokenClasses(themes.github);
    for (const { style } of themes.github.styles) expect(classes.classFor(style)).toBeDefined();
  });

  it('treats a token as plain text only when both colour modes colour it like plain text', () => {
    const dark = {
      plain: { color: '#F8F8F2', backgroundColor: '#282A36' },
      styles: [
        { types: ['punctuation'], style: { color: 'rgb(248, 248, 242)' } },
        { types: ['string'], style: { color: 'rgb(255, 121, 198)' } },
        { types: ['comment'], style: { color: '#6272a4' } },
      ],
    };
    const classes = codeTokenClasses(theme, dark);
    expect(classes.isPlainToken(['punctuation'], { color: '#393A34' })).toBe(true);
    expect(classes.isPlainToken(['operator'], { color: '#393a34' })).toBe(true);
    expect(classes.isPlainToken(['plain'], undefined)).toBe(true);
    expect(classes.isPlainToken(['string'], { color: '#e3116c' })).toBe(false);
    // Plain in the light theme, coloured in the dark one.
    expect(classes.isPlainToken(['comment'], { color: '#393A34' })).toBe(false);
    expect(classes.isPlainToken(['plain'], { display: 'inline-block' })).toBe(false);
  });

  it('without a dark theme only plain tokens are bare text', () => {
    const classes = codeTokenClasses(theme);
    expect(classes.isPlainToken(['plain'], undefined)).toBe(true);
    expect(classes.isPlainToken(['punctuation'], { color: '#393A34' })).toBe(false);
  });
});
