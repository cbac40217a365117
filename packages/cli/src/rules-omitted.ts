// Rule kind `omitted` (advice): an optional field the contract says to omit when there is nothing to
// give is left out, not filled with a stand-in from a NOT NULL column (`N/A` for a robot's licence
// plate) nor with another part of a value (a phone's country calling code as the code to dial after it).
import { select, type Rule } from './rules.js';
import { quoted } from './visible.js';

/** Texts that say "nothing here", compared without case, spaces or dots at the ends. */
const PLACEHOLDERS = new Set(['', 'n/a', 'na', 'n.a', 'none', 'nil', 'null', 'undefined', 'unknown', 'tbd', '-', '--', '—', '0', '00', '000', 'x', 'xx', 'xxx', '?', 'no plate', 'no code']);

export function isPlaceholder(value: string): boolean {
  return PLACEHOLDERS.has(value.trim().toLowerCase().replace(/^\.+|\.+$/g, ''));
}

/**
 * Two-digit country calling codes (ITU-T E.164 zones 2 to 9); 1 and 7 are the one-digit codes, and
 * every other prefix of an international number is three digits long.
 */
const TWO_DIGIT = new Set(['20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49', '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84', '86', '90', '91', '92', '93', '94', '95', '98']);

/** The country calling code of an international number (`+14155550188` → `1`), or undefined for one not written with `+`. */
export function countryCallingCode(number: string): string | undefined {
  const digits = /^\+(\d{4,15})$/.exec(number.replace(/[\s().-]/g, ''))?.[1];
  if (digits === undefined) return undefined;
  if (digits[0] === '1' || digits[0] === '7') return digits[0];
  return TWO_DIGIT.has(digits.slice(0, 2)) ? digits.slice(0, 2) : digits.slice(0, 3);
}

function said(rule: Rule, what: string, text: string): string {
  return `[${rule.rule}] ${what}: ${text}`;
}

/** What a body breaks of an `omitted` rule: a stand-in for nothing, or a number's own country code, where the field should be left out. */
export function omittedIssues(rule: Extract<Rule, { kind: 'omitted' }>, body: unknown, what: string): string[] {
  const found: string[] = [];
  for (const { path, value } of rule.values.flatMap((pointer) => select(body, pointer))) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const text = String(value);
    const field = path.slice(1).replaceAll('/', '.');
    if (isPlaceholder(text)) {
      found.push(said(rule, what, `${field} is ${quoted(value)}, a stand-in for "none": leave ${field} out when there is nothing to give`));
      continue;
    }
    if (rule.dialOf === undefined) continue;
    // The number beside the code: the same object's, when the pointers share a parent.
    const number = select(body, rule.dialOf).find(({ path: at }) => at.slice(0, at.lastIndexOf('/')) === path.slice(0, path.lastIndexOf('/')))?.value;
    const code = typeof number === 'string' ? countryCallingCode(number) : undefined;
    if (code !== undefined && text.replace(/^(\+|00)/, '') === code) {
      found.push(said(rule, what, `${field} is ${quoted(value)}, the country calling code of ${quoted(number)}, which the number already starts with: a code to dial after the number is a relay's extension or access code; leave ${field} out when the number reaches the person directly`));
    }
  }
  return found;
}
