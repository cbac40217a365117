// Secrets out of what is shown or shared: the exchange log, the console, the reports a terminal
// tool sends to a running sandbox. One module, so every place redacts the same fields.

import { redactKnownValues, redactSecretText, SECRET_FIELD_NAMES } from './secret-text.js';
import { detachedStart } from './detached.js';

const REDACTED_KEYS: ReadonlySet<string> = new Set(SECRET_FIELD_NAMES);
const SECRET_HINTS = [...SECRET_FIELD_NAMES, 'bearer', 'basic'];

/**
 * `false` only when no redaction here could change `text`: it names no secret field and no
 * credential scheme in any case, and has no escape (`\u0063lient_secret`, `client%5Fsecret`) that
 * could spell one. Every exchange is redacted on the request's path, and most hold no secret.
 */
export function mayHoldSecret(text: string): boolean {
  if (text.includes('\\') || text.includes('%')) return true;
  const lower = text.toLowerCase();
  return SECRET_HINTS.some((hint) => lower.includes(hint));
}

/**
 * Copies a body with every secret replaced by `[redacted]`, so logs can be shared: in objects, by
 * key at any depth; in text (a body kept as text), wherever a secret field's JSON appears.
 */
export function redact(value: unknown, keys: ReadonlySet<string> = REDACTED_KEYS): unknown {
  // Text may be JSON cut short, a form, or anything: every secret field is looked for in it.
  if (typeof value === 'string') return redactSecretText(value);
  if (Array.isArray(value)) return value.map((item) => redact(item, keys));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, keys.has(key) ? '[redacted]' : redact(item, keys)]));
}

const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-sandbox-console-token', 'x-sandbox-console-session', 'x-sandbox-console-replay']);
/** Bodies longer than this are cut in the console log, so the log stays bounded in bytes too. */
export const BODY_LIMIT = 64 * 1024;

export function redactHeaders(headers: Readonly<Record<string, string | string[] | number | undefined>>): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    const lower = name.toLowerCase();
    out[lower] = SECRET_HEADERS.has(lower) ? `${/^bearer /i.test(text) ? 'Bearer ' : ''}[redacted]` : text;
  }
  return out;
}

/** The body as sent when it holds no secret; otherwise the same body with each secret replaced. */
export function redactBody(raw: string): string {
  // A copy, not a slice: the log keeps the cut, and a slice would keep the whole body alive with it.
  const cut = (text: string) => (text.length > BODY_LIMIT ? `${detachedStart(text, BODY_LIMIT)}… [${text.length - BODY_LIMIT} more characters]` : text);
  if (raw === '') return '';
  if (!mayHoldSecret(raw)) return cut(raw);
  try {
    const parsed = JSON.parse(raw) as unknown;
    const cleaned = redact(parsed);
    return cut(JSON.stringify(cleaned) === JSON.stringify(parsed) ? raw : JSON.stringify(cleaned));
  } catch {
    // A form body (OAuth token requests): replace the secret fields' values.
    if (/^[\w.%+-]+=/.test(raw) && !raw.includes(' ')) {
      const form = new URLSearchParams(raw);
      let changed = false;
      for (const field of SECRET_FIELD_NAMES) {
        if (form.has(field)) {
          form.set(field, '[redacted]');
          changed = true;
        }
      }
      return redactSecretText(cut(changed ? form.toString() : raw));
    }
    // Not JSON nor a form (a cut-off or malformed body): its secrets are found in the text.
    return redactSecretText(cut(raw));
  }
}

/**
 * A value to show (a tool's result) with every secret field redacted, by key at any depth and in
 * text, and each of `known` (secrets the caller was given, at least 6 characters) wherever a
 * string holds it: a partner's answer may echo the token it was sent.
 */
export function redactShown(options: { value: unknown; known: readonly (string | undefined)[] }): unknown {
  const known = options.known.filter((value): value is string => value !== undefined && value.length >= 6);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return redactKnownValues({ text: redactSecretText(value), values: known });
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, REDACTED_KEYS.has(key) ? '[redacted]' : walk(item)]));
  };
  return walk(options.value);
}
