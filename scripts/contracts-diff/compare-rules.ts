// Comparing the rules a contract writes in its own extensions (`x-stream-rules`, the value rules on
// what is sent, `x-stream-read-back`, and `x-stream-varies-on-repeat` on a field a repeat's answer may change): OpenAPI has no word for them, so a schema diff alone would
// call a new rule "no change". They sit inline in the operation: `x-stream-error-cases` too, which
// names the error code of each case of one refusal. Other error codes and relations are
// judged where they are read (certify, the sandbox), not listed here.
import { type Context, push } from './classify.js';
import { type Obj, code, isObj } from './model.js';

/**
 * The entry's own name where it has one: a value rule's `rule`, a relation's requirement and the
 * value it reads, an error code itself. Anything else is named by where it sits.
 */
function entryName(entry: unknown, place: string): string {
  if (typeof entry === 'string') return entry;
  if (isObj(entry) && typeof entry.rule === 'string') return entry.rule;
  if (isObj(entry) && typeof entry.requirement === 'string') return `${entry.requirement} ${typeof entry.value === 'string' ? entry.value : ''}`.trim();
  return place;
}

const RULE_EXTENSIONS = new Set(['x-stream-rules', 'x-stream-read-back', 'x-stream-refusal-lists', 'x-stream-error-cases', 'x-stream-varies-on-repeat']);

/** Every rule entry under `node`, by a stable key: `<extension>:<where>:<name>`. */
export function streamRules(node: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${path}/${index}`));
      return;
    }
    if (!isObj(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (!RULE_EXTENSIONS.has(key)) {
        walk(child, `${path}/${key}`);
        continue;
      }
      const entries = Array.isArray(child) ? child : [child];
      for (const entry of entries) found.set(`${key}:${path || '/'}:${entryName(entry, '')}`, JSON.stringify(entry));
    }
  };
  walk(node, '');
  return found;
}

/** An entry as the message shows it: the extension, and the entry's name when it has one. */
const shown = (key: string) => {
  const [extension, , ...rest] = key.split(':');
  const name = rest.join(':');
  return name === '' ? code(extension) : `${code(extension)} ${code(name)}`;
};

/**
 * Rules are compatible changes under the contract's policy: each states a value the contract
 * already asked for, and certify warns about a new requirement until its effective date before it
 * fails. They are still listed, so a release cannot carry one silently.
 */
export function diffRules(ctx: Context, before: Obj, after: Obj, label: string) {
  const a = streamRules(before);
  const b = streamRules(after);
  for (const [key, value] of b) {
    if (!a.has(key)) {
      push(ctx, 'rule-added', `#${key}`, `${label}: ${shown(key)} added`, {
        breaking: false,
        reason: 'A value rule is written down; certify warns about a new requirement until its effective date, then fails it.',
      });
    } else if (a.get(key) !== value) {
      push(ctx, 'rule-changed', `#${key}`, `${label}: ${shown(key)} changed`, {
        breaking: false,
        reason: 'A written value rule changed; the requirement changelog says from when certify holds you to it.',
      });
    }
  }
  for (const key of a.keys()) {
    if (!b.has(key)) {
      push(ctx, 'rule-removed', `#${key}`, `${label}: ${shown(key)} removed`, { breaking: false, reason: 'Stream no longer holds you to it.' });
    }
  }
}
