import { createContext, type CSSProperties } from 'react';
import type { PrismTheme } from 'prism-react-renderer';

type Style = CSSProperties | Record<string, unknown>;

/** `rgb(248, 248, 242)` and `#F8F8F2` are one colour; themes spell colours both ways. */
function normalise(value: string): string {
  const rgb = /^rgb\(\s*(\d+),\s*(\d+),\s*(\d+)\s*\)$/i.exec(value.trim());
  if (rgb) return `#${rgb.slice(1, 4).map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`;
  return value.trim().toLowerCase();
}

/** A style object as sorted CSS declarations (`font-style:italic`), colours spelled one way. */
export function declarationList(style: Style): string[] {
  return Object.entries(style)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${typeof value === 'string' ? normalise(value) : String(value)}`)
    .sort();
}

const declarations = (style: Style): string => declarationList(style).join(';');

/** Each token type's style, merged over the theme's entries as prism-react-renderer does. */
function stylesByType(theme: PrismTheme): Map<string, Style> {
  const byType = new Map<string, Style>();
  for (const { types, style } of theme.styles) {
    for (const type of types) byType.set(type, { ...byType.get(type), ...style });
  }
  return byType;
}

export interface CodeTokenClasses {
  /** The class that gives a token this inline style, or undefined when no class matches it exactly. */
  classFor(style: Style): string | undefined;
  /** Whether a line's inline style only repeats the colour the `<pre>` already has. */
  isPlainLine(style: Style): boolean;
  /**
   * Whether a token looks like plain text in both colour modes (most punctuation does), so it can
   * be bare text that takes the line's colour.
   */
  isPlainToken(types: readonly string[], style: Style | undefined): boolean;
  /** One rule per class, each inside `scope`. */
  css(scope: string): string;
}

/**
 * Prism colours each token with an inline style, which in the API reference (thousands of tokens,
 * rendered once on the server) is a third of the HTML. This maps every distinct style a theme can
 * give a single token type to a short class, so the server writes `class="token string ct3"` and
 * one small stylesheet instead, and a token that is plain in the light and the dark theme is bare
 * text. Styles are matched by content, so a token whose types combine into a style the theme
 * never names keeps its inline style: the colours on screen never change.
 */
export function codeTokenClasses(theme: PrismTheme, darkTheme?: PrismTheme): CodeTokenClasses {
  const byType = stylesByType(theme);
  const darkByType = darkTheme ? stylesByType(darkTheme) : undefined;
  const classes = new Map<string, string>();
  for (const style of [...byType.values(), { display: 'inline-block' }]) {
    const key = declarations(style);
    if (key && !classes.has(key)) classes.set(key, `ct${classes.size}`);
  }
  const plainLine = declarations({ ...theme.plain, backgroundColor: undefined });
  const darkPlain = darkTheme ? declarations({ color: darkTheme.plain.color }) : undefined;
  return {
    classFor: (style) => classes.get(declarations(style)),
    isPlainLine: (style) => declarations(style) === plainLine,
    isPlainToken(types, style) {
      if (style && declarations(style) !== plainLine) return false;
      if (!darkByType) return types.every((type) => type === 'plain');
      const dark = declarations(Object.assign({}, ...types.map((type) => darkByType.get(type) ?? {})) as Style);
      return dark === '' || dark === darkPlain;
    },
    css: (scope) => [...classes].map(([key, name]) => `${scope} .${name}{${key}}`).join('\n'),
  };
}

const byThemes = new WeakMap<PrismTheme, WeakMap<object, CodeTokenClasses>>();
const NO_DARK_THEME = {};

/**
 * codeTokenClasses, built once per pair of themes: the server renders thousands of blocks, and
 * the guides and the API reference all use the site's two.
 */
export function codeTokenClassesFor({ theme, darkTheme }: { theme: PrismTheme; darkTheme?: PrismTheme }): CodeTokenClasses {
  let byDark = byThemes.get(theme);
  if (!byDark) byThemes.set(theme, (byDark = new WeakMap()));
  let classes = byDark.get(darkTheme ?? NO_DARK_THEME);
  if (!classes) byDark.set(darkTheme ?? NO_DARK_THEME, (classes = codeTokenClasses(theme, darkTheme)));
  return classes;
}

/** Set by the server render of code: the API reference and every server-highlighted guide block. */
export const CodeTokenClassesContext = createContext<CodeTokenClasses | null>(null);
