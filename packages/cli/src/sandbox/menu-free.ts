// The free modifiers of the menu the sandbox publishes for a location (a group's
// `amount_of_modifiers_free`), for the `free` rules on a DSP's new_order.
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
