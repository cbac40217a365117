// Text a partner sent, shown on the page or copied to a terminal. A bidirectional control reorders
// what follows it (…/gnp.exe reads as …/exe.png), a control character copied into a terminal acts
// (ESC [201~ ends a bracketed paste, so the rest of the paste runs as typed), and a zero-width or
// Unicode tag character is not seen at all (tag characters spell ASCII an agent still reads): all
// are written out as escapes.

// C0 controls but tab and newline, DEL, C1 controls, line and paragraph separators, bidirectional controls,
// zero-width characters (U+200B-U+200F, U+2060-U+2064, U+FEFF), tag characters (U+E0000-U+E007F), and
// what else shows nothing: the soft hyphen, U+180E, the Hangul fillers, the interlinear annotation
// marks and the 256 variation selectors (U+FE00-U+FE0F, U+E0100-U+E01EF), one per byte of a hidden message.
const ACTING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad\u115f\u1160\u180e\u3164\uffa0\ufe00-\ufe0f\ufff9-\ufffb\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;

function code(character: string): string {
  const value = character.codePointAt(0)!;
  if (value > 0xffff) return `\\u{${value.toString(16)}}`;
  return value <= 0xff ? `\\x${value.toString(16).padStart(2, '0')}` : `\\u${value.toString(16).padStart(4, '0')}`;
}

/** `text` with each character that would reorder, act or hide shown as `\x1b`, `\u202e` or `\u{e0041}`. */
export function visible(text: string): string {
  return text.replace(ACTING, code);
}

const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad\u115f\u1160\u180e\u3164\uffa0\ufe00-\ufe0f\ufff9-\ufffb\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]+/gu;

/**
 * `text` as one shell word. The printable runs go in plain single quotes (each `'` written as
 * `'\''`); each run of control, bidirectional, zero-width and tag characters goes between them as
 * `$'\xHH...'`, its UTF-8 bytes and nothing else. bash and zsh read those bytes back exactly; dash,
 * which has no `$'...'`, reads a literal `$` and quoted text. Only `\xHH` escapes sit inside
 * `$'...'`, never a quote, so every shell ends each string at the same place and none runs any part
 * of the text.
 */
export function shellWord(text: string): string {
  const quoted = (run: string) => `'${run.replace(/'/g, `'\\''`)}'`;
  const bytes = (run: string) => `$'${[...new TextEncoder().encode(run)].map((byte) => `\\x${byte.toString(16).padStart(2, '0')}`).join('')}'`;
  let word = '';
  let from = 0;
  for (const match of text.matchAll(CONTROLS)) {
    if (match.index > from) word += quoted(text.slice(from, match.index));
    word += bytes(match[0]);
    from = match.index + match[0].length;
  }
  if (from < text.length || word === '') word += quoted(text.slice(from));
  return word;
}
