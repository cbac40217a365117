import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { refusalMarkdown } from '../../packages/cli/src/send-command-refusals';
import remarkSendCommand from './remark-send-command';

const rendered = (mdx: string) => String(unified().use(remarkParse).use(remarkMdx).use(remarkSendCommand).use(remarkStringify).processSync(mdx)).trim();

describe('<SendCommandRefusals> in a guide', () => {
  it("becomes the characters certify's own refusal tests, as code spans, for sh and for cmd.exe", () => {
    expect(rendered('A value holding one of <SendCommandRefusals shell="posix" /> is refused.')).toBe(`A value holding one of ${refusalMarkdown('posix')} is refused.`);
    expect(rendered('In cmd.exe, one of <SendCommandRefusals shell="cmd" />.')).toBe(`In cmd.exe, one of ${refusalMarkdown('cmd')}.`);
  });

  it('fails the build when the shell is missing or unknown, naming the two it takes', () => {
    expect(() => rendered('one of <SendCommandRefusals shell="bash" />')).toThrow(/shell="posix" or shell="cmd"/);
    expect(() => rendered('one of <SendCommandRefusals />')).toThrow(/shell="posix" or shell="cmd"/);
  });
});
