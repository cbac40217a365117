// Text a partner sent, shown on the page or copied to a terminal. A bidirectional control reorders
// what follows it (…/gnp.exe reads as …/exe.png) and a control character copied into a terminal
// acts (ESC [201~ ends a bracketed paste, so the rest of the paste runs as typed): both are written
// out as escapes.

// C0 controls but tab and newline, DEL, C1 controls, line and paragraph separators, bidirectional controls.
const ACTING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function code(character: string): string {
  const value = character.charCodeAt(0);
  return value <= 0xff ? `\\x${value.toString(16).padStart(2, '0')}` : `\\u${value.toString(16).padStart(4, '0')}`;
}

/** `text` with each character that would reorder or act shown as `\x1b` or `\u202e`. */
export function visible(text: string): string {
  return text.replace(ACTING, code);
}

/**
 * `text` as one shell word. Plain single quotes when it holds no control character; otherwise
 * $'...' (bash, zsh, POSIX.1-2024) with every control character and bidirectional control written
 * as its UTF-8 bytes in \xHH, so the copied command holds no raw control byte.
 */
export function shellWord(text: string): string {
  if (!/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  const bytes = (character: string) => [...new TextEncoder().encode(character)].map((byte) => `\\x${byte.toString(16).padStart(2, '0')}`).join('');
  return `$'${text.replace(/[\\']/g, '\\$&').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, bytes)}'`;
}
