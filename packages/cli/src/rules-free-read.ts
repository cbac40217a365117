// How a contract's `free` rule is read (x-stream-rules): where an order's lines list their chosen
// modifiers, the group, id, quantity and price of each, and which break it finds. Judged in rules-free.ts.
import type { CliError } from './errors.js';
import type { JsonObject } from './openapi.js';

/**
 * Choices listed at `list` under each line at `each` (and under each choice at `deeper`), grouped
 * per parent by `group`: the menu's free amount for that group (for the line's `holder`) makes the
 * cheapest units free. `finds: charged` reports a group charging more than that leaves (a free
 * choice charged), `finds: freed` one charging less (more made free, or not the cheapest).
 */
export interface FreeChoices {
  readonly each: string;
  readonly holder: string;
  readonly list: string;
  readonly group: string;
  readonly id: string;
  readonly quantity: string;
  readonly price: string;
  readonly deeper: string;
  readonly finds: 'charged' | 'freed';
}

export function readFree(body: JsonObject, pointer: (name: string, value: unknown) => string, fail: (why: string) => CliError): FreeChoices {
  if (body.finds !== 'charged' && body.finds !== 'freed') throw fail(`gives free.finds ${JSON.stringify(body.finds)}: write charged (a free choice charged) or freed (more made free than the menu gives)`);
  return {
    each: pointer('each', body.each),
    holder: pointer('holder', body.holder),
    list: pointer('list', body.list),
    group: pointer('group', body.group),
    id: pointer('id', body.id),
    quantity: pointer('quantity', body.quantity),
    price: pointer('price', body.price),
    deeper: pointer('deeper', body.deeper),
    finds: body.finds,
  };
}
