// Text from the network shown to a person or an agent: in a terminal a control character acts (ESC
// sequences set the title, clear the screen, write the clipboard), a bidirectional control reorders
// what follows, and a zero-width or Unicode tag character is not seen at all while an agent reading
// the text still reads it (tag characters spell ASCII: hidden instructions). All are shown as escapes.

// C0 controls but tab and newline, DEL, C1 controls, line and paragraph separators, bidirectional controls,
// zero-width characters (U+200B-U+200F, U+2060-U+2064, U+FEFF), tag characters (U+E0000-U+E007F), and
// what else shows nothing: the soft hyphen, U+180E, the Hangul fillers, the interlinear annotation
// marks, and the 256 variation selectors (U+FE00-U+FE0F, U+E0100-U+E01EF), one per byte of a message
// hidden behind any visible character (an emoji's U+FE0F is written out with them).
const ACTING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad\u115f\u1160\u180e\u3164\uffa0\ufe00-\ufe0f\ufff9-\ufffb\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;
const ACTING_OR_LINES = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad\u115f\u1160\u180e\u3164\uffa0\ufe00-\ufe0f\ufff9-\ufffb\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;
// A tag character or a supplementary variation selector is a surrogate pair led by \udb40: that lead
// unit (shared with a few other rare characters, which then take the slower replace and are kept)
// stands for them in the quick test.
const ANY_ACTING_OR_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad\u115f\u1160\u180e\u3164\uffa0\ufe00-\ufe0f\ufff9-\ufffb\udb40]/;

function escape(character: string): string {
  const code = character.codePointAt(0)!;
  if (character === '\n') return '\\n';
  if (character === '\t') return '\\t';
  if (character === '\r') return '\\r';
  if (code > 0xffff) return `\\u{${code.toString(16)}}`;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every character that would act, reorder or hide written as `\x1b`, `\u202e` or `\u{e0041}`; `oneLine` escapes tabs and newlines too. */
export function visibleText(options: { text: string; oneLine?: boolean }): string {
  // The sandbox shows a line for every exchange and most text has nothing to escape: a plain test
  // (no global or unicode flag) answers in a third of the replace's time.
  if (!ANY_ACTING_OR_LINE.test(options.text)) return options.text;
  return options.text.replace(options.oneLine === true ? ACTING_OR_LINES : ACTING, escape);
}

// What JSON.stringify leaves raw in strings: C1 controls, separators, bidirectional, zero-width, tag
// characters and the other invisible ones above.
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad\u115f\u1160\u180e\u3164\uffa0\ufe00-\ufe0f\ufff9-\ufffb]|\udb40[\udc00-\udc7f\udd00-\uddef]/g;

/**
 * JSON whose strings carry no character that acts in a terminal, reorders text or hides: JSON.stringify
 * escapes C0 controls but none of those, so they are written as \\uXXXX too (a tag character as its
 * two surrogate escapes; still the same JSON value; outside strings JSON has none of them).
 */
export function inertJson(value: unknown, options: { indent?: number } = {}): string {
  return JSON.stringify(value, null, options.indent ?? 2).replace(RAW_IN_JSON, unitEscapes);
}

function unitEscapes(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) out += `\\u${text.charCodeAt(index).toString(16).padStart(4, '0')}`;
  return out;
}

/** How many characters of a partner's value a finding quotes: enough to recognise it, never a screenful. */
export const QUOTED_CHARS = 120;

/**
 * A value from a partner's answer as a finding quotes it: JSON (a string in double quotes, `\n` and
 * `\u202e` escaped) cut to QUOTED_CHARS characters, saying how long it was, so a megabyte-long state
 * or id neither fills the terminal and the reports nor hides a second line behind a control character.
 */
export function quoted(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return String(value);
  // Cut before escaping, by code points (a surrogate pair stays whole), reading no more of a long value than the cut needs.
  const kept = text.length <= QUOTED_CHARS ? text : Array.from(text.slice(0, QUOTED_CHARS * 2)).slice(0, QUOTED_CHARS).join('');
  if (kept.length === text.length) return typeof value === 'string' ? inertJson(text, { indent: 0 }) : text.replace(RAW_IN_JSON, unitEscapes);
  const size = `(${text.length.toLocaleString('en-US')} characters${typeof value === 'string' ? '' : ' of JSON'})`;
  // A cut JSON text is no longer JSON: what it holds is escaped as in a JSON string, so a cut string's own quote cannot end anything.
  return typeof value === 'string' ? `${inertJson(`${kept}…`, { indent: 0 })} ${size}` : `${inertJson(kept, { indent: 0 }).slice(1, -1)}… ${size}`;
}
