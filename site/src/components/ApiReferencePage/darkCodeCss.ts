import type { PrismTheme } from 'prism-react-renderer';
import { declarationList } from '../../lib/codeTokenClasses';

const declarations = (style: Record<string, unknown>): string =>
  declarationList(style)
    .map((declaration) => `${declaration} !important`)
    .join(';');

/**
 * Code blocks in the reference are highlighted once, on the server, in the light Prism theme
 * (see codeTokenClasses), and never re-rendered in the browser. This stylesheet recolours them
 * from the configured dark theme under `[data-theme='dark']`, so dark mode needs no script.
 */
export function darkCodeCss(theme: PrismTheme, scope: string): string {
  const root = `[data-theme='dark'] ${scope}`;
  const rules = [
    `${root} .theme-code-block{--prism-color:${theme.plain.color ?? 'inherit'} !important;--prism-background-color:${theme.plain.backgroundColor ?? 'inherit'} !important}`,
    `${root} .theme-code-block pre,${root} .theme-code-block .token-line,${root} .theme-code-block .token{${declarations({ color: theme.plain.color, backgroundColor: 'transparent', fontStyle: 'normal' })}}`,
    `${root} .theme-code-block pre{background-color:${theme.plain.backgroundColor ?? 'inherit'} !important}`,
  ];
  for (const { types, style } of theme.styles) {
    const selector = types.map((type) => `${root} .theme-code-block .token.${type}`).join(',');
    rules.push(`${selector}{${declarations(style as Record<string, unknown>)}}`);
  }
  return rules.join('\n');
}
