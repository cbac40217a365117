// Text from the network shown to a person: in a terminal a control character acts (ESC sequences
// set the title, clear the screen, write the clipboard) and a bidirectional control reorders what
// follows, so both are shown as escapes instead.

// C0 controls but tab and newline, DEL, C1 controls, line and paragraph separators, bidirectional controls.
const ACTING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const ACTING_OR_LINES = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const ANY_ACTING_OR_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function escape(character: string): string {
  const code = character.codePointAt(0)!;
  if (character === '\n') return '\\n';
  if (character === '\t') return '\\t';
  if (character === '\r') return '\\r';
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every character that would act or reorder written as `\x1b` or `\u202e`; `oneLine` escapes tabs and newlines too. */
export function visibleText(options: { text: string; oneLine?: boolean }): string {
  // The sandbox shows a line for every exchange and most text has nothing to escape: a plain test
  // (no global or unicode flag; every character it looks for is one UTF-16 unit) answers in a third of the replace's time.
  if (!ANY_ACTING_OR_LINE.test(options.text)) return options.text;
  return options.text.replace(options.oneLine === true ? ACTING_OR_LINES : ACTING, escape);
}

/**
 * JSON whose strings carry no character that acts in a terminal or reorders text: JSON.stringify
 * escapes C0 controls but not C1 ones nor bidirectional marks, so those are written as \\uXXXX
 * too (still the same JSON value; outside strings JSON has none of them).
 */
export function inertJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
