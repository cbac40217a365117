// POS-SND-04's rule on what follows a catalog object update: the POS's catalog says the same. A
// POS that switches an item off in the event but still serves it as active (or drops it from the
// catalog instead of listing it with `is_active: false`) leaves Stream's menu saying one thing and
// the next catalog read another.
import type { SandboxExchange } from '../sandbox/index.js';
import { isObject } from '../openapi.js';
import { CATALOG_KEEPS_OBJECT_UPDATE } from './checks-shared.js';
import { answered, Blocked, fail, pass, type CheckOutcome } from './context.js';
import type { HttpExchange } from '../http.js';

/** The catalog list each object type of the event lives in. */
const LISTS: Readonly<Record<string, string>> = { item_family: 'item_family', item: 'item', modifier: 'modifier' };

export interface ObjectUpdateKept {
  /** The update the sandbox accepted. */
  readonly arrived: SandboxExchange;
  /** Reads the POS's catalog of one location, as Stream does. */
  readonly readCatalog: (locationId: string) => Promise<HttpExchange>;
}

/** Reads the location's catalog after the update and finds the object there with the `is_active` the update gave. */
export async function objectUpdateKept({ arrived, readCatalog }: ObjectUpdateKept): Promise<CheckOutcome> {
  const event = isObject(arrived.requestBody) && isObject(arrived.requestBody.object) ? arrived.requestBody.object : undefined;
  const update = isObject(event?.object_update) ? event.object_update : undefined;
  const list = LISTS[String(event?.object_type)];
  // The sandbox accepted the body, so the contract's shape holds: anything else is not this rule's to judge.
  if (event === undefined || update === undefined || list === undefined || typeof event.location_id !== 'string' || typeof update.is_active !== 'boolean') return pass();
  const { location_id: locationId, object_id: objectId } = event;
  const said = update.is_active;
  const exchange = await readCatalog(locationId);
  const catalog = exchange.status === 200 && isObject(exchange.json) ? exchange.json : undefined;
  if (catalog === undefined) throw new Blocked(`the catalog of ${locationId}, read after the update, ${answered(exchange)}`, 'POS-CAT-01');
  const objects = Array.isArray(catalog[list]) ? (catalog[list] as unknown[]) : [];
  const found = objects.find((object) => isObject(object) && object.provider_id === objectId);
  const expected = `the catalog read after it lists ${list} ${String(objectId)} with is_active: ${said}, since an object switched off stays in the catalog`;
  if (!isObject(found)) return fail(`[${CATALOG_KEEPS_OBJECT_UPDATE}] location.catalog.object.updated set ${list} ${String(objectId)} to is_active: ${said} at ${locationId}, and the catalog read after it no longer lists that ${list}`, expected);
  // `is_active` omitted means active, as the catalog's schema says.
  const served = found.is_active ?? true;
  if (served === said) return pass(`the catalog read after it lists ${list} ${String(objectId)} with is_active: ${said}, as the update said`);
  return fail(`[${CATALOG_KEEPS_OBJECT_UPDATE}] location.catalog.object.updated set ${list} ${String(objectId)} to is_active: ${said} at ${locationId}, and the catalog read after it still gives is_active: ${String(served)}`, expected);
}
