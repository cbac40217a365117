// Whether a refusal's text says what is wrong, where the contract says it does (a refusal list's
// `reason`): certify broke known fields, so the text must name each one, by its dotted path
// (`object.id`) or its own name (`id`, `occurred_at`, `occurred at`, `occurredAt`). A fixed text such
// as "Bad request." names none and leaves Stream's engineers nothing to act on.
import { isObject } from './openapi.js';
import type { RefusalList } from './refusal-lists.js';
import { quoted } from './visible.js';

function at(value: unknown, pointer: string): unknown {
  return pointer.slice(1).split('/').reduce<unknown>((node, part) => (isObject(node) && Object.hasOwn(node, part) ? node[part] : undefined), value);
}

/** The ways a text may write a field's name: its path, its name, its name with spaces, in camel case. */
function spellings(path: string): string[] {
  const leaf = path.split('.').pop() ?? path;
  const camel = leaf.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
  return [...new Set([path, leaf, leaf.replaceAll('_', ' '), camel])];
}

/** True when `text` holds the name as a word of its own (`id` in "object.id is required", not in "invalid"). */
export function namesField(text: string, path: string): boolean {
  const lower = text.toLowerCase();
  return spellings(path).some((spelling) => {
    const word = spelling.toLowerCase();
    for (let from = lower.indexOf(word); from !== -1; from = lower.indexOf(word, from + 1)) {
      const before = lower[from - 1] ?? ' ';
      const after = lower[from + word.length] ?? ' ';
      if (!/[a-z0-9_]/.test(before) && !/[a-z0-9_]/.test(after)) return true;
    }
    return false;
  });
}

/** certify's rule on a contract-break list's `reason`: its text names each field certify broke. */
export const REFUSAL_NAMES_BROKEN_FIELD = 'refusal-names-broken-field';

/** Why the refusal's entry does not name every broken field (`[rule] …`), or undefined when it does or the list names no reason. */
export function refusalReasonIssue(list: RefusalList, body: unknown, broken: readonly string[]): string | undefined {
  if (list.reason === undefined) return undefined;
  const listed = at(body, list.list);
  const entries = Array.isArray(listed) ? listed.filter(isObject) : [];
  const fits = entries.filter((entry) => Object.entries(list.entry).every(([field, value]) => entry[field] === value));
  // No fitting entry is the list's own finding (refusalListIssue); this one reads the text of one that fits.
  if (fits.length === 0) return undefined;
  const texts = fits.map((entry) => at(entry, list.reason!)).filter((text): text is string => typeof text === 'string');
  const unnamed = broken.filter((path) => !texts.some((text) => namesField(text, path)));
  if (unnamed.length === 0) return undefined;
  const field = list.reason.slice(1).replaceAll('/', '.');
  const shown = texts.length === 0 ? 'no text' : [...texts.slice(0, 3).map((text) => quoted(text)), ...(texts.length > 3 ? [`${texts.length - 3} more`] : [])].join(', ');
  return `[${REFUSAL_NAMES_BROKEN_FIELD}] the entry's ${field} (${shown}) does not name ${unnamed.join(' or ')}, which certify left out: say what is wrong, naming each field that is missing or wrong. ${list.statement}`;
}
