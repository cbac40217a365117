// The characters certify refuses in a value it puts into a `--send-command` (certify/send-command.ts),
// per shell: written once here, so the refusal, the certification guide and the decisions page (which
// render them from this list at build time) say the same thing.
export type SendShell = 'posix' | 'cmd';

export interface ShellRefusals {
  /** Characters the shell reads as code or quoting when it parses a value a second time (or, for cmd.exe, even inside double quotes). */
  readonly code: readonly string[];
  /** Characters a second parse splits a value into arguments at: a blank, a brace list. */
  readonly split: readonly string[];
  /** Whether a value may not end with a backslash (a Windows program reads `\"` as a literal quote). */
  readonly finalBackslash: boolean;
}

export const SEND_COMMAND_REFUSALS: Readonly<Record<SendShell, ShellRefusals>> = {
  posix: { code: ['`', '$', '\\', "'", '"', ';', '&', '|', '<', '>', '(', ')'], split: [' ', '{', '}'], finalBackslash: false },
  cmd: { code: ['"', '%', '!', '^', '&', '|', '<', '>', '(', ')'], split: [], finalBackslash: true },
};

/** A piece of the sentence that lists a shell's refused characters: plain words, or characters set as code. */
export type RefusalPart = { readonly text: string } | { readonly code: string };

/** What a value may not hold in `shell`, as a guide writes it after "one of": `` ` $ … ``, a blank, `{` or `}`; or `" % …`, or a final `\`. */
export function refusalParts(shell: SendShell): RefusalPart[] {
  const { code, split, finalBackslash } = SEND_COMMAND_REFUSALS[shell];
  const parts: RefusalPart[] = [{ code: code.join(' ') }];
  const braces = split.filter((character) => character !== ' ');
  if (split.includes(' ')) parts.push({ text: ', a blank' });
  braces.forEach((character, index) => parts.push({ text: index === 0 ? ', ' : index === braces.length - 1 ? ' or ' : ', ' }, { code: character }));
  if (finalBackslash) parts.push({ text: ', or a final ' }, { code: '\\' });
  return parts;
}

/** The parts as Markdown: a code span's fence is one backtick longer than any run inside it, padded when it starts or ends with one. */
export function refusalMarkdown(shell: SendShell): string {
  return refusalParts(shell)
    .map((part) => {
      if ('text' in part) return part.text;
      const fence = '`'.repeat(Math.max(0, ...[...part.code.matchAll(/`+/g)].map((run) => run[0].length)) + 1);
      const pad = part.code.startsWith('`') || part.code.endsWith('`') ? ' ' : '';
      return `${fence}${pad}${part.code}${pad}${fence}`;
    })
    .join('');
}

/** The sentence's plain text, as the refusal says it to a person in a terminal. */
export function refusalText(shell: SendShell): string {
  return refusalParts(shell)
    .map((part) => ('text' in part ? part.text : part.code))
    .join('');
}
