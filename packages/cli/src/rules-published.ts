// Rules that compare a sent order's lines with the menu Stream published for the location: each
// line's price (`priced`, overrides included) and every other field the menu also gives the object
// the line names (`published`: the currency). Judged only where the menu is known (the sandbox's).
import { select, type Rule } from './rules.js';
import { quoted } from './visible.js';

/** The prices a published menu gives an object, by its id; undefined for an id the menu does not price. */
export type PriceBook = (id: string) => ReadonlySet<number> | undefined;

/** The values a published menu gives an object's field (`currency`), by the object's id; undefined for an id or field it does not have. */
export type MenuBook = (id: string, field: string) => ReadonlySet<unknown> | undefined;

function said(rule: Rule, what: string, text: string): string {
  return `[${rule.rule}] ${what}: ${text}`;
}

/** Each line at `each`, then its lines under `nested`, theirs under `deeper` (default `nested`), with their paths in the body. */
function eachLine(body: unknown, lines: { each: string; nested?: string; deeper?: string }, visit: (path: string, line: unknown) => void): void {
  const walk = (found: { path: string; value: unknown }[], under: string | undefined) => {
    for (const { path, value } of found) {
      visit(path, value);
      const next = under === undefined ? [] : select(value, `${under}/*`).map((entry) => ({ path: `${path}${entry.path}`, value: entry.value }));
      walk(next, lines.deeper ?? lines.nested);
    }
  };
  walk(select(body, lines.each), lines.nested);
}

/** What a body's priced lines break: each line's price that is not a price the menu gives its id. */
export function pricedIssues(rule: Extract<Rule, { kind: 'priced' }>, body: unknown, what: string, prices: PriceBook): string[] {
  const found: string[] = [];
  eachLine(body, rule, (path, line) => {
    const id = select(line, rule.id)[0]?.value;
    const price = select(line, rule.price)[0]?.value;
    const allowed = typeof id === 'string' ? prices(id) : undefined;
    if (allowed !== undefined && typeof price === 'number' && !allowed.has(price)) {
      found.push(said(rule, what, `${path.slice(1)}${rule.price} is ${price}, but the menu published for the location prices ${id} at ${[...allowed].join(' or ')}`));
    }
  });
  return found;
}

/** What a body's lines break of a `published` rule: each field whose value is not one the menu gives the object the line names. */
export function publishedIssues(rule: Extract<Rule, { kind: 'published' }>, body: unknown, what: string, menu: MenuBook): string[] {
  const found: string[] = [];
  eachLine(body, rule, (path, line) => {
    const id = select(line, rule.id)[0]?.value;
    if (typeof id !== 'string') return;
    for (const field of rule.fields) {
      const given = select(line, field);
      const allowed = menu(id, field.slice(1));
      // A field left out is the schema's finding; an object the menu lacks is another rule's.
      if (given.length !== 1 || allowed === undefined || allowed.has(given[0]!.value)) continue;
      found.push(said(rule, what, `${path.slice(1)}${field} is ${quoted(given[0]!.value)}, but the menu published for the location gives ${id} ${field.slice(1)} ${[...allowed].map((value) => JSON.stringify(value)).join(' or ')}`));
    }
  });
  return found;
}
