// How a contract's `taxed` rule is read (x-stream-rules): where an order gives its tax, its lines
// and their items, the amounts that may lower the taxed base and the fees kept out of it. Judged in rules-taxed.ts.
import type { CliError } from './errors.js';
import type { JsonObject } from './openapi.js';

/**
 * The order's `total` tax is what the exclusive taxes of each line's item (`item`) come to on the
 * line's amount (`lines`, counted as a `sum` rule counts them, or its own quantity × price with
 * modifiers untaxed), rounded per line and tax; `less`
 * amounts (discounts) may lower the taxed base, `outside` amounts (a service charge, a delivery fee,
 * tips) never raise it, and an inclusive tax may be reported in it. Each line adds one cent of
 * rounding either way.
 */
export interface TaxedAmounts {
  readonly total: string;
  readonly lines: { readonly each: string; readonly quantity: string; readonly price: string; readonly nested?: string; readonly deeper?: string };
  readonly item: string;
  readonly less: readonly string[];
  /** Fees the contract keeps out of the tax: a tax that counts one is named as doing so. */
  readonly outside: readonly string[];
}

export function readTaxed(body: JsonObject, pointer: (name: string, value: unknown) => string, fail: (why: string) => CliError): TaxedAmounts {
  const lines = body.lines as JsonObject | undefined;
  if (typeof lines !== 'object' || lines === null || Array.isArray(lines)) throw fail('gives taxed.lines no object: name the lines the tax is on (each, quantity, price)');
  const list = (name: 'less' | 'outside') => {
    const value = body[name] ?? [];
    if (!Array.isArray(value)) throw fail(`gives taxed.${name} a value that is not a list of pointers`);
    return value.map((entry) => pointer(name, entry));
  };
  const optional = (name: 'nested' | 'deeper') => (lines[name] === undefined ? {} : { [name]: pointer(`lines.${name}`, lines[name]) });
  return {
    total: pointer('total', body.total),
    lines: { each: pointer('lines.each', lines.each), quantity: pointer('lines.quantity', lines.quantity), price: pointer('lines.price', lines.price), ...optional('nested'), ...optional('deeper') },
    item: pointer('item', body.item),
    less: list('less'),
    outside: list('outside'),
  };
}
