// Comparing the rules a contract writes in its own `x-stream-*` extensions (value rules, relations,
// read-backs): OpenAPI has no word for them, so a schema diff alone would call a new rule "no change".
import { type Context, push } from './classify.js';
import { type Obj, code, isObj } from './model.js';

/** Every `x-stream-*` entry under `node`, by a stable key: `x-stream-rules:<rule>`, or the extension's path. */
export function streamRules(node: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${path}/${index}`));
      return;
    }
    if (!isObj(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (!key.startsWith('x-stream-')) {
        walk(child, `${path}/${key}`);
        continue;
      }
      const entries = Array.isArray(child) ? child : [child];
      entries.forEach((entry, index) => {
        const place = Array.isArray(child) ? `${path}/${index}` : path || '/';
        const name = isObj(entry) && typeof entry.rule === 'string' ? entry.rule : place;
        found.set(`${key}:${name}`, JSON.stringify(entry));
      });
    }
  };
  walk(node, '');
  return found;
}

/** A rule's name as the message shows it: the rule id, or the extension that holds it. */
const shown = (key: string) => {
  const [extension, ...rest] = key.split(':');
  const name = rest.join(':');
  return name.startsWith('/') ? code(extension) : `${code(extension)} ${code(name)}`;
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
      push(ctx, 'rule-added', `#${key}`, `${label}: rule ${shown(key)} added`, {
        breaking: false,
        reason: 'A value rule is written down; certify warns about a new requirement until its effective date, then fails it.',
      });
    } else if (a.get(key) !== value) {
      push(ctx, 'rule-changed', `#${key}`, `${label}: rule ${shown(key)} changed`, {
        breaking: false,
        reason: 'A written value rule changed; the requirement changelog says from when certify holds you to it.',
      });
    }
  }
  for (const key of a.keys()) {
    if (!b.has(key)) {
      push(ctx, 'rule-removed', `#${key}`, `${label}: rule ${shown(key)} removed`, { breaking: false, reason: 'Stream no longer holds you to it.' });
    }
  }
}
