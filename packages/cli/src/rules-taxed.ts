// A sent order's tax against the taxes the menu Stream published puts on its lines (`taxed`):
// Stream knows each item's taxes and rates, so a tax the lines cannot come to (a rate written as
// an amount, a tax left out, one counted twice) is refused. Judged only where the menu is known
// (the sandbox's) and gives every line's item.
import { select, type Rule } from './rules.js';
import { lineValue, numberAt } from './rules-lines.js';

/** The taxes a published menu puts on an item, by its id: the rates (percent) added on top and those already in its prices. */
export type TaxBook = (itemId: string) => { readonly exclusive: readonly number[]; readonly inclusive: readonly number[] } | undefined;

const sumAt = (body: unknown, pointers: readonly string[]) => pointers.reduce((sum, pointer) => sum + select(body, pointer).reduce((inner, { value }) => inner + (typeof value === 'number' ? value : 0), 0), 0);

/** What a body's tax breaks of a `taxed` rule: a tax outside what the menu's taxes on its lines can come to. */
export function taxedIssues(rule: Extract<Rule, { kind: 'taxed' }>, body: unknown, what: string, taxes: TaxBook): string[] {
  const tax = numberAt(body, rule.total);
  if (tax === undefined) return [];
  let onTop = 0;
  // Modifiers left untaxed: the menu does not say whether a modifier is taxed with its item.
  let bare = 0;
  let within = 0;
  let top = 0;
  const rates = new Set<number>();
  const parts: string[] = [];
  for (const { value } of select(body, rule.lines.each)) {
    const amount = lineValue(value, rule.lines);
    const item = select(value, rule.item)[0]?.value;
    const known = typeof item === 'string' ? taxes(item) : undefined;
    // A line the menu does not give (another rule's finding) or that is not a number (the schema's): nothing certain.
    if (amount === undefined || known === undefined) return [];
    const own = (numberAt(value, rule.lines.quantity) ?? 0) * (numberAt(value, rule.lines.price) ?? 0);
    for (const rate of known.exclusive) {
      onTop += Math.round((amount * rate) / 100);
      bare += Math.round((own * rate) / 100);
      top = Math.max(top, rate);
      rates.add(rate);
      parts.push(`${rate}% of ${amount}`);
    }
    for (const rate of known.inclusive) within += Math.round((amount * rate) / (100 + rate));
  }
  const lines = Math.max(1, select(body, rule.lines.each).length);
  const low = Math.max(0, bare - Math.ceil((sumAt(body, rule.less) * top) / 100) - lines);
  const high = onTop + within + lines;
  if (tax >= low && tax <= high) return [];
  const rate = [...rates].find((each) => Math.abs(tax - each) < 1);
  // A tax that comes within the band once a fee is taxed too is a receipt's tax line, which counts what the contract keeps out.
  const fee = rule.outside.map((pointer) => ({ pointer, amount: sumAt(body, [pointer]) })).find(({ amount }) => amount > 0 && tax > high && tax <= high + Math.ceil((amount * top) / 100));
  const counted = fee === undefined ? '' : `: ${tax} counts the tax on ${fee.pointer.slice(1)} (${fee.amount}), which stays out of ${rule.total.slice(1)}`;
  const why = rate === undefined ? counted : `: ${tax} is the rate ${rate} written as an amount, not the tax in cents`;
  const expected = parts.length === 0 ? 'no tax added on top' : `${onTop} (${parts.join(' + ')}, rounded per line${bare === onTop ? '' : `; ${bare} with modifiers untaxed`})`;
  return [`[${rule.rule}] ${what}: ${rule.total.slice(1)} is ${tax}, but the menu published for the location puts ${expected} on these lines, so it lies between ${low} and ${high}${why}`];
}
