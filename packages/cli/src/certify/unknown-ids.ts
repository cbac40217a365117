// Ids a receiver cannot know (`x-stream-any-state` state `unknown-ids`): an object added on Stream
// after the last menu the partner downloaded, named in an event about a location it holds. The
// state a partner keeps is no reason to refuse a valid body, so such an event gets its success answer.
import { randomBytes } from 'node:crypto';
import { isObject } from '../openapi.js';

/**
 * A copy of `body` whose string at each JSON pointer (`*` for every entry of a list) is a fresh id
 * no menu or earlier event gave, with the ids written; nothing written when no pointer holds a string.
 */
export function withUnknownIds(body: Record<string, unknown>, pointers: readonly string[]): { readonly body: Record<string, unknown>; readonly ids: readonly string[] } {
  const copy = structuredClone(body);
  const ids: string[] = [];
  const visit = (node: unknown, parts: readonly string[]): void => {
    const [part, ...rest] = parts;
    if (part === undefined) return;
    const keys = part === '*' ? (Array.isArray(node) ? node.map((_, index) => String(index)) : []) : [part];
    for (const key of keys) {
      // Own keys only: a contract pointer naming `__proto__` reaches nothing.
      if (!(Array.isArray(node) || isObject(node)) || !Object.hasOwn(node, key)) continue;
      const holder = node as Record<string, unknown>;
      if (rest.length > 0) visit(holder[key], rest);
      else if (typeof holder[key] === 'string') {
        const id = `${holder[key]}_added_${randomBytes(4).toString('hex')}`;
        holder[key] = id;
        ids.push(id);
      }
    }
  };
  for (const pointer of pointers) visit(copy, pointer.slice(1).split('/'));
  return { body: copy, ids };
}
