import { describe, expect, it } from 'vitest';
import { codeTokenClasses } from '../src/lib/codeTokenClasses';
import { darkCodeTheme, lightCodeTheme } from '../src/prismThemes';
import { codeColoursCss } from './code-colours';

describe('the code colours stylesheet', () => {
  const css = codeColoursCss({ theme: lightCodeTheme, darkTheme: darkCodeTheme });
  const classes = codeTokenClasses(lightCodeTheme, darkCodeTheme);

  it('has a rule giving every colour class the light theme style it stands for', () => {
    for (const { style } of lightCodeTheme.styles) {
      const name = classes.classFor(style);
      expect(name).toBeDefined();
      const rule = new RegExp(`\\.theme-code-block \\.${name}\\{([^}]*)\\}`).exec(css);
      expect(rule, `no rule for .${name}`).not.toBeNull();
      if (typeof style.color === 'string') expect(rule![1]).toContain(`color:${style.color.toLowerCase()}`);
    }
  });

  it('colours nothing outside code blocks and overrides no inline style', () => {
    for (const line of css.trim().split('\n')) expect(line).toMatch(/^\.theme-code-block \.ct\d+\{[^}!]*\}$/);
  });
});
