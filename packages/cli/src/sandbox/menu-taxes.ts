// The taxes the menu the sandbox publishes for a location puts on each item (the contract's `Tax`:
// an item's `tax_ids`, or every `is_default` tax where it lists none), for the `taxed` rule on a
// DSP's new_order: Stream knows the menu the customer ordered from, so it knows the tax.
import { exampleValue } from '../openapi.js';
import type { TaxBook } from '../rules-judge.js';
import { publishedMenu } from './dsp-order-rules.js';
import type { SandboxState } from './state.js';

type Taxes = { exclusive: number[]; inclusive: number[] };

/** The lists that hold what an order line's `item_id` names: a v1 category's `items`, a v2 file's `item_families`. */
const ITEM_LISTS = new Set(['items', 'item_families']);

// Per published example, found once: the contract's examples do not change while the sandbox runs.
const taxesByMenu = new Map<string, Map<string, Taxes>>();

export function itemTaxes(menu: unknown): Map<string, Taxes> {
  const rates = new Map<string, { rate: number; inclusive: boolean; default: boolean }>();
  const items = new Map<string, readonly string[]>();
  const walk = (node: unknown, under: string): void => {
    if (Array.isArray(node)) return node.forEach((entry) => walk(entry, under));
    if (typeof node !== 'object' || node === null) return;
    const object = node as Record<string, unknown>;
    const id = object.stream_id;
    if (typeof id === 'string' && under === 'taxes' && typeof object.rate === 'number') rates.set(id, { rate: object.rate, inclusive: object.is_inclusive === true, default: object.is_default === true });
    // An item (v1) or item family (v2) without `tax_ids` is taxed at the defaults, as one with an empty list is.
    const taxIds = Array.isArray(object.tax_ids) ? object.tax_ids : ITEM_LISTS.has(under) ? [] : undefined;
    if (typeof id === 'string' && taxIds !== undefined) items.set(id, taxIds.filter((entry): entry is string => typeof entry === 'string'));
    for (const [key, value] of Object.entries(object)) walk(value, key);
  };
  walk(menu, '');
  const defaults = [...rates].filter(([, tax]) => tax.default).map(([id]) => id);
  const found = new Map<string, Taxes>();
  for (const [item, ids] of items) {
    const taxes: Taxes = { exclusive: [], inclusive: [] };
    for (const id of ids.length === 0 ? defaults : ids) {
      const tax = rates.get(id);
      if (tax !== undefined) (tax.inclusive ? taxes.inclusive : taxes.exclusive).push(tax.rate);
    }
    found.set(item, taxes);
  }
  return found;
}

/** The taxes the menu published for a location puts on each item, by the item's stream_id (the order line's `item_id`). */
export function menuTaxes(options: { state: SandboxState; locationId: string; defaultVersion?: 'v1' | 'v2' }): TaxBook {
  const menu = publishedMenu(options);
  let taxes = taxesByMenu.get(menu);
  if (taxes === undefined) {
    taxes = itemTaxes(exampleValue('dsp', menu));
    taxesByMenu.set(menu, taxes);
  }
  const known = taxes;
  return (id) => known.get(id);
}
