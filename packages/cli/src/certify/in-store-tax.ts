// An in-store order held against the catalog the POS serves, on currency and tax: the order is in the
// currency the catalog prices its items in, and its tax is what the catalog's taxes make of its lines.
import { isObject } from '../openapi.js';
import { familiesByItem, firstFamily } from './catalog-families.js';

/** Rules of certify's on POS-SND-08 (a must: the currency) and POS-SND-07 (a should: the tax, a heuristic read from one order), catalogue 1.14.0. */
export const IN_STORE_CURRENCY_SERVED = 'in-store-currency-served';
export const IN_STORE_TAX_AT_SERVED_RATES = 'in-store-tax-at-served-rates';

type Json = Record<string, unknown>;

const listed = (catalog: Json, key: string): Json[] => (Array.isArray(catalog[key]) ? catalog[key].filter(isObject) : []);

/** Lines whose item the catalog prices (on the item or its family) in another currency than the order's. */
export function currencyFinding(order: Json, catalog: Json): string | undefined {
  if (typeof order.currency !== 'string') return undefined;
  const lines = Array.isArray(order.line_items) ? order.line_items.filter(isObject) : [];
  const items = new Map(listed(catalog, 'item').map((item) => [item.provider_id, item]));
  const families = familiesByItem(catalog);
  const other = lines.flatMap((line) => {
    const item = items.get(line.provider_id);
    const served = item?.price_currency ?? firstFamily(families, line.provider_id)?.price_currency;
    return typeof served === 'string' && served !== order.currency ? [`${String(line.provider_id)} in ${served}`] : [];
  });
  if (other.length === 0) return undefined;
  return `[${IN_STORE_CURRENCY_SERVED}] the POS's in-store order is in ${order.currency}, but the catalog it serves prices ${other.join(', ')}: amounts are in the lowest unit of currency, so the order's currency is the one the location sells in`;
}

/** A line's amount: quantity × (price + each modifier's quantity × its own amount, nested ones included). */
function lineAmount(line: Json, quantity = typeof line.quantity === 'number' ? line.quantity : 1): number {
  const modifiers = Array.isArray(line.modifiers) ? line.modifiers.filter(isObject) : [];
  const unit = (typeof line.price_amount === 'number' ? line.price_amount : 0) + modifiers.reduce((sum, modifier) => sum + lineAmount(modifier), 0);
  return quantity * unit;
}

/** The exclusive rates (in %) the catalog applies to a family, or undefined when an inclusive tax applies or the family is unknown. */
function ratesFor(catalog: Json, family: Json | undefined): number[] | undefined {
  if (family === undefined) return undefined;
  if (family.is_tax_exempt === true) return [];
  const taxes = listed(catalog, 'tax').filter((tax) => typeof tax.rate === 'number');
  const named = Array.isArray(family.tax_ids) ? family.tax_ids : [];
  const applied = taxes.filter((tax) => named.includes(tax.provider_id) || (family.use_default_tax_rates !== false && tax.is_default === true));
  if (applied.some((tax) => tax.is_inclusive === true)) return undefined;
  return applied.map((tax) => tax.rate as number);
}

/**
 * The order's tax against the catalog's rates for its lines, judged only where nothing else could be
 * taxed or discounted (no delivery fee, service charge or discount) and the tax is not the source's:
 * a tax more than a cent per line away from the served rates' is charged at rates the catalog does not serve.
 */
export function taxRateFinding(order: Json, catalog: Json): string | undefined {
  if (typeof order.tax !== 'number' || order.tax_withheld_by_dsp === true) return undefined;
  if ([order.delivery_fee, order.service_charge, order.discount_total].some((amount) => typeof amount === 'number' && amount !== 0)) return undefined;
  // Rates all below 1 are fractions, tax-rate-percent's finding (POS-VAL-01): judged there, not twice.
  const given = listed(catalog, 'tax').map((tax) => tax.rate).filter((rate): rate is number => typeof rate === 'number' && rate > 0);
  if (given.length > 0 && given.every((rate) => rate < 1)) return undefined;
  const lines = Array.isArray(order.line_items) ? order.line_items.filter(isObject) : [];
  const families = familiesByItem(catalog);
  let expected = 0;
  const rates = new Set<number>();
  for (const line of lines) {
    const applied = ratesFor(catalog, firstFamily(families, line.provider_id));
    if (applied === undefined) return undefined;
    applied.forEach((rate) => rates.add(rate));
    expected += (lineAmount(line) * applied.reduce((sum, rate) => sum + rate, 0)) / 100;
  }
  if (lines.length === 0 || Math.abs(order.tax - expected) <= Math.max(1, lines.length)) return undefined;
  const served = rates.size === 0 ? 'no tax' : `${[...rates].join(' % + ')} %`;
  return `[${IN_STORE_TAX_AT_SERVED_RATES}] the POS's in-store order charges tax ${order.tax}, but the taxes the catalog serves for its items (${served}) make ${Math.round(expected)}: serve the rates the POS charges (is_default, tax_ids, rate), and charge those`;
}
