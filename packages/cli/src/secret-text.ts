// Secrets in text that is not a parsed body: a body that is not valid JSON, a reason that quotes an
// answer, a URL. Each secret field's value is replaced wherever it appears as JSON (quotes escaped
// or not, closed or cut off), as a form or query field, or as a bearer credential.

/** The fields whose values are secrets, in any body or text the tools show or save. */
export const SECRET_FIELD_NAMES = ['client_secret', 'access_token', 'refresh_token', 'id_token', 'sso_login_token', 'code_verifier', 'password', 'authorization'] as const;

const NAMES = SECRET_FIELD_NAMES.join('|');
// "name": "value", also without the closing quote (a body cut short).
const JSON_FIELD = new RegExp(`"(${NAMES})"(\\s*:\\s*)"(?:[^"\\\\]|\\\\[\\s\\S])*"?`, 'gi');
// \"name\": \"value\": the same inside a JSON string (a body that carries JSON as text).
const ESCAPED_FIELD = new RegExp(`\\\\"(${NAMES})\\\\"(\\s*:\\s*)\\\\"(?:[^"\\\\]|\\\\{2}[\\s\\S])*(?:\\\\")?`, 'gi');
// name=value in a form body, a query string or a log line.
const FORM_FIELD = new RegExp(`(^|[^\\w])(${NAMES})=[^&\\s"'<>]*`, 'gi');
// An Authorization header's credential as text: after "Authorization:" or as a whole value, not in prose ("Basic plan").
const BEARER = /(^|authorization["']?\s*[:=]\s*["']?)(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;

// The user info after a URL's `://` (user:password@), matched where one `://` ends. Neither part can
// hold a `/`, so each match stops before the next `://` and the whole scan stays linear in the text.
const USER_INFO = /([^\s/?#@:"'<>]*:)([^\s/?#@"'<>]+)@/y;
const SCHEME_CHAR = /[a-z0-9+.-]/i;
const LETTER = /[a-z]/i;

/**
 * `text` with the password of each URL's user info (https://user:password@host, which Node sends as
 * basic auth) shown as `[redacted]`. Found from each `://` rather than by a pattern that starts at
 * every letter: text such as `a.a.a.a…` from a web page's request made that quadratic.
 */
function redactUrlPasswords(text: string): string {
  let result = '';
  let copied = 0;
  let separator = text.indexOf('://');
  while (separator !== -1) {
    // The scheme: the letters, digits, `+`, `.` and `-` before `://`, beginning with a letter.
    let start = separator;
    while (start > copied && SCHEME_CHAR.test(text[start - 1]!)) start -= 1;
    while (start < separator && !LETTER.test(text[start]!)) start += 1;
    USER_INFO.lastIndex = separator + 3;
    const match = start < separator ? USER_INFO.exec(text) : null;
    if (match) {
      const passwordStart = separator + 3 + match[1]!.length;
      result += `${text.slice(copied, passwordStart)}[redacted]@`;
      copied = USER_INFO.lastIndex;
      separator = text.indexOf('://', copied);
    } else {
      separator = text.indexOf('://', separator + 3);
    }
  }
  return copied === 0 ? text : result + text.slice(copied);
}

/** `text` with every secret field's value, every bearer or basic credential and every URL's password shown as `[redacted]`. */
export function redactSecretText(text: string): string {
  return redactUrlPasswords(text)
    .replace(JSON_FIELD, (_match, name: string, colon: string) => `"${name}"${colon}"[redacted]"`)
    .replace(ESCAPED_FIELD, (_match, name: string, colon: string) => `\\"${name}\\"${colon}\\"[redacted]\\"`)
    .replace(FORM_FIELD, (_match, before: string, name: string) => `${before}${name}=[redacted]`)
    .replace(BEARER, (_match, before: string, scheme: string) => `${before}${scheme} [redacted]`);
}

/**
 * `text` with each of `values` (secrets certify knows: the ones it was given and the tokens it was
 * issued) shown as `[redacted]`, or as its label in `shownAs` (a token the partner chose reads
 * `[redacted token]`, so a report says what kind of value it hid).
 */
export function redactKnownValues(options: { text: string; values: Iterable<string>; shownAs?: ReadonlyMap<string, string> }): string {
  let text = options.text;
  // Longest first, so a token that contains another is replaced whole.
  for (const value of [...options.values].sort((a, b) => b.length - a.length)) text = text.split(value).join(options.shownAs?.get(value) ?? '[redacted]');
  return text;
}
