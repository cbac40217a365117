// The characters certify refuses in a send-command value are listed once (send-command-refusals.ts):
// the refusal itself tests exactly those, and the certification guide and the decisions page render
// them from that list instead of writing them out, so neither can drift from what certify does.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { valueProblem } from '../src/certify/send-command.js';
import { refusalMarkdown, SEND_COMMAND_REFUSALS } from '../src/send-command-refusals.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PRINTABLE = Array.from({ length: 0x7e - 0x20 + 1 }, (_, index) => String.fromCharCode(0x20 + index));
const PAGES = ['site/docs/become-a-stream-integration/certification.mdx', 'site/docs/decisions.mdx'];

describe('the characters a send-command value may not hold', () => {
  it('are exactly the ones certify refuses inside a value, for sh and for cmd.exe', () => {
    for (const shell of ['posix', 'cmd'] as const) {
      const listed = [...SEND_COMMAND_REFUSALS[shell].code, ...SEND_COMMAND_REFUSALS[shell].split];
      const refused = PRINTABLE.filter((character) => valueProblem({ value: `a${character}b`, shell }) !== undefined);
      expect(refused.sort()).toEqual([...listed].sort());
    }
  });

  it('include a final backslash for cmd.exe only, as the list says', () => {
    expect(valueProblem({ value: 'ord_1\\', shell: 'cmd' })).toContain('ends with "\\"');
    expect(SEND_COMMAND_REFUSALS.cmd.finalBackslash).toBe(true);
    expect(SEND_COMMAND_REFUSALS.posix.finalBackslash).toBe(false);
  });

  it('are rendered in the certification guide and the decisions page from the list, never written out by hand', () => {
    for (const page of PAGES) {
      const text = readFileSync(`${ROOT}${page}`, 'utf8');
      expect(text, page).toContain('<SendCommandRefusals shell="posix" />');
      expect(text, page).toContain('<SendCommandRefusals shell="cmd" />');
      expect(text, page).not.toContain(refusalMarkdown('posix').slice(0, 12));
      expect(text, page).not.toContain('`" % ! ^');
    }
    expect(readFileSync(`${ROOT}README.md`, 'utf8')).not.toContain(refusalMarkdown('posix').slice(0, 12));
  });

  it('read as Markdown code spans whose fences hold a backtick', () => {
    expect(refusalMarkdown('posix')).toBe("`` ` $ \\ ' \" ; & | < > ( ) ``, a blank, `{` or `}`");
    expect(refusalMarkdown('cmd')).toBe('`" % ! ^ & | < > ( )`, or a final `\\`');
  });
});
