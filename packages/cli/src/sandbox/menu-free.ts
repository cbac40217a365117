// The free modifiers of the menu the sandbox publishes for a location (a group's
// `amount_of_modifiers_free`), for the `free` rules on a DSP's new_order, and the modifiers a
// free amount may price at 0 (line-price-from-the-menu takes 0 for them).
import { exampleValue } from '../openapi.js';
import { freeBookOf, type FreeBook } from '../rules-free.js';
import { publishedMenu } from './dsp-order-rules.js';
import type { SandboxState } from './state.js';

// Per published example, found once: the contract's examples do not change while the sandbox runs.
const booksByMenu = new Map<string, FreeBook>();

/** The free amounts and modifier prices of the menu published for a location. */
export function menuFree(options: { state: SandboxState; locationId: string; defaultVersion?: 'v1' | 'v2' }): FreeBook {
  const menu = publishedMenu(options);
  let book = booksByMenu.get(menu);
  if (book === undefined) {
    book = freeBookOf([exampleValue('dsp', menu)]);
    booksByMenu.set(menu, book);
  }
  return book;
}

/** The modifiers of a menu document that a group with a free amount lists (v1 by nesting, v2 by `modifier_ids`). */
export function freeableModifiers(menu: unknown): Set<string> {
  const found = new Set<string>();
  const gives = (rules: unknown) => typeof rules === 'object' && rules !== null && Number((rules as { amount_of_modifiers_free?: unknown }).amount_of_modifiers_free) > 0;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    const object = node as Record<string, unknown>;
    const overrides = Array.isArray(object.overrides) ? object.overrides : [];
    if (gives(object.rules) || overrides.some((override) => gives((override as { rules?: unknown }).rules))) {
      for (const modifier of Array.isArray(object.modifiers) ? object.modifiers : []) if (typeof (modifier as { stream_id?: unknown }).stream_id === 'string') found.add((modifier as { stream_id: string }).stream_id);
      for (const id of Array.isArray(object.modifier_ids) ? object.modifier_ids : []) if (typeof id === 'string') found.add(id);
    }
    Object.values(object).forEach(walk);
  };
  walk(menu);
  return found;
}
