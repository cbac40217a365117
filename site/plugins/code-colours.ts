import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { PrismTheme } from 'prism-react-renderer';
import { codeTokenClassesFor } from '../src/lib/codeTokenClasses';

interface PrismConfig {
  theme: PrismTheme;
  darkTheme?: PrismTheme;
}

/** The rules of the light theme's token classes (see src/lib/codeTokenClasses). */
export function codeColoursCss(prism: PrismConfig): string {
  return `${codeTokenClassesFor(prism).css('.theme-code-block')}\n`;
}

/**
 * Guides' code blocks are highlighted on the server with short colour classes instead of inline
 * styles (src/theme/CodeBlock). This adds the classes' rules to the site's stylesheet, generated
 * from themeConfig.prism so they always give the highlighter's own colours. In dark mode the
 * highlighter recolours blocks in the browser, as before.
 */
export default function codeColoursPlugin(context: LoadContext): Plugin {
  const prism = (context.siteConfig.themeConfig as { prism: PrismConfig }).prism;
  const file = join(context.generatedFilesDir, 'code-colours', 'code-colours.css');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, codeColoursCss(prism));
  return {
    name: 'code-colours',
    getClientModules: () => [file],
  };
}
