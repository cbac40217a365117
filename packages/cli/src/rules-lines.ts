// What an order's priced lines come to, shared by the rules that add them up (`sum`) and those
// that tax them (`taxed`), so both read a line the same way.
import { select, type SumLines } from './rules.js';

/** The number at a pointer, or undefined when it is absent, repeated or not a number. */
export function numberAt(root: unknown, pointer: string): number | undefined {
  const found = select(root, pointer);
  return found.length === 1 && typeof found[0]!.value === 'number' ? found[0]!.value : undefined;
}

/** What one priced line comes to: quantity × (price + what its nested lines come to, each per unit). */
export function lineValue(line: unknown, lines: SumLines, top = true): number | undefined {
  const quantity = numberAt(line, lines.quantity);
  const price = numberAt(line, lines.price);
  if (quantity === undefined || price === undefined) return undefined;
  let unit = price;
  const under = top ? lines.nested : (lines.deeper ?? lines.nested);
  for (const { value } of under === undefined ? [] : select(line, `${under}/*`)) {
    const nested = lineValue(value, lines, false);
    if (nested === undefined) return undefined;
    unit += nested;
  }
  return quantity * unit;
}
