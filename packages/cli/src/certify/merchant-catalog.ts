// POS-GEN-03, rule merchant-catalog-holds-locations: a catalog read with neither Provider-Location-Id
// nor Provider-Merchant-Id asks for the catalog of the token's merchant, and that catalog holds what
// its locations sell. A POS that keeps menus per store and exports nothing for a read naming no store
// answers 200 with empty lists: the status alone passes, so the two ways of asking are compared.
import type { HttpExchange } from '../http.js';
import { isObject } from '../openapi.js';
import { catalogOrBlock, firstLocation } from './checks-pos.js';
import { Blocked, type CertifyContext } from './context.js';

export const MERCHANT_CATALOG_HOLDS_LOCATIONS = 'merchant-catalog-holds-locations';

/** The object lists of a catalog, each a list of its objects' provider_ids. */
const KINDS = ['category', 'item_family', 'item', 'modifier_group', 'modifier', 'menu', 'tax'] as const;
/** How many missing ids a finding names: enough to recognise, short enough to read. */
const SHOWN = 6;

function idsOf(catalog: Record<string, unknown>, kind: string): string[] {
  const objects = catalog[kind];
  if (!Array.isArray(objects)) return [];
  return objects.filter(isObject).map((object) => object.provider_id).filter((id): id is string => typeof id === 'string' && id !== '');
}

/** The objects a location's catalog lists that the merchant's catalog does not, as `kind id`. */
export function missingFromMerchant(options: { merchant: Record<string, unknown>; location: Record<string, unknown> }): string[] {
  const missing: string[] = [];
  for (const kind of KINDS) {
    const held = idsOf(options.merchant, kind);
    const sold = idsOf(options.location, kind);
    // Ids that change from read to read are POS-CAT-02's finding: a kind counts as missing objects
    // only when the merchant's catalog lists fewer of it than the location's.
    if (held.length >= sold.length) continue;
    const heldSet = new Set(held);
    for (const id of sold) if (!heldSet.has(id)) missing.push(`${kind} ${id}`);
  }
  return missing;
}

/** The finding on a 200 answer to the catalog read without either header, or undefined when it holds the first listed location's catalog. */
export async function merchantCatalogFinding(context: CertifyContext, exchange: HttpExchange): Promise<string | undefined> {
  if (!isObject(exchange.json)) return undefined;
  let location: Record<string, unknown>;
  let locationId: string;
  try {
    location = await catalogOrBlock(context);
    locationId = await firstLocation(context);
  } catch (error) {
    // No location catalog to compare with is POS-CAT-01's or POS-LOC-01's finding, not this one's.
    if (error instanceof Blocked) return undefined;
    throw error;
  }
  const missing = missingFromMerchant({ merchant: exchange.json, location });
  if (missing.length === 0) return undefined;
  const more = missing.length > SHOWN ? ` (and ${missing.length - SHOWN} more)` : '';
  return `[${MERCHANT_CATALOG_HOLDS_LOCATIONS}] the catalog read with neither Provider-Location-Id nor Provider-Merchant-Id lacks ${missing.length} object(s) the catalog of listed location ${locationId} serves: ${missing.slice(0, SHOWN).join(', ')}${more}; the merchant's catalog holds what its locations sell`;
}

/** What each read without its optional parameters must agree with, by operationId. */
export const POS_READ_AGREEMENTS = { getCatalog: merchantCatalogFinding } as const;
