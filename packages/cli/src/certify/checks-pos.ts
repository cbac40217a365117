// The POS requirements: what Stream checks on a POS's endpoints and on what the POS sends.
import { randomBytes, randomUUID } from 'node:crypto';
import { validate } from '@stream-partner/contracts';
import { holdersIn } from '../holdings.js';
import type { HttpExchange } from '../http.js';
import { isObject } from '../openapi.js';
import { judge } from '../judge.js';
import { pagedIssue } from './answer-marks.js';
import { expectFromPartner } from './checks-arrivals.js';
import { accessToken, oauthChecks } from './checks-oauth.js';
import { bearerConfusion, withCredentialConfusion } from './credential-confusion.js';
import { contractBreakRefusal } from './contract-break.js';
import { assertContract, bearerRefusals, MODIFIER_LINE_ACCEPTED, eventBody, rawBytesAcceptance, signatureRefusal, type SignedBody, timingCheck, unknownFieldsAcceptance } from './checks-shared.js';
import { refusalIssues, unknownToken } from './refusals.js';
import { authorizeRefusalCheck } from './authorize-refusals.js';
import { connectionCheck } from './connection-calls.js';
import { foreignLocationCheck } from './foreign-location.js';
import { unknownLocationCheck } from './unknown-location.js';
import { caseVariant, ISSUED_VALUE_COMPARED_EXACTLY } from './near-variants.js';
import { repeatDifference } from './repeat-answer.js';
import { rotationCheck } from './rotation.js';
import { stockRefusalCheck } from './stock-refusals.js';
import { unknownTypeCheck } from './unknown-type.js';
import { answered, Blocked, fail, pass, type CertifyContext, type Check } from './context.js';
import { ownEvidence, sendBaseOnce, type SentBase } from './base-bodies.js';
import { describePosOrder } from './order-summary.js';
import { offeredModifiers, sellableItem, walkCatalog, type OrderLine } from './pos-catalog-lines.js';
import { objectUpdateKept } from './object-update-kept.js';
import { everyAmountCounted } from './order-amounts.js';
import { distinctInStoreIds, posFreedIds } from './in-store-ids.js';
import { hiddenCategoryCheck } from './hidden-category.js';
import { registerRead } from './sandbox-registrations.js';
import { inStoreAgreesCheck, listScopeCheck, offlineTakesNoOrderCheck, type ServedAgreesOptions } from './served-agrees.js';
import { echoedIdIssue } from './partner-id.js';
import { orderUpdateCheck } from './order-update.js';

type Json = Record<string, unknown>;

/** The merchant's first location, as the POS lists it. */
export function firstLocation(context: CertifyContext): Promise<string> {
  return context.once('pos-location', async () => {
    const exchange = await context.call('list locations', { target: context.target('listLocations'), token: await accessToken(context) });
    const locations = (exchange.json as { locations?: { provider_id?: unknown }[] } | undefined)?.locations;
    const id = Array.isArray(locations) ? locations.find((location) => typeof location?.provider_id === 'string')?.provider_id : undefined;
    if (typeof id !== 'string') throw new Blocked(`no location to work with: GET /stream-pos/v1/locations ${answered(exchange)}`, 'POS-LOC-01');
    // Stream knows the merchant's locations from this list: the sandbox learns it here, and refuses an event naming another.
    const listed = [...new Set(locations!.map((location) => location?.provider_id).filter((value): value is string => typeof value === 'string' && value !== ''))];
    const ids = listed.filter((value) => value.length <= 200).slice(0, 5000);
    const left = listed.length === ids.length ? undefined : `${listed.length - ids.length} of its ${listed.length} ids are past the 200 characters or the 5,000 ids it keeps`;
    await registerRead({ context, read: 'listLocations', ...(left === undefined ? {} : { left }), register: () => context.sandbox?.registerLocations(ids) });
    return id;
  });
}

export function locationParams(context: CertifyContext, locationId: string): Record<string, string> {
  const names = context.target('getCatalog').carrier.parameters.map((parameter) => String(parameter.name));
  const params: Record<string, string> = {};
  if (names.includes('Provider-Location-Id')) params['Provider-Location-Id'] = locationId;
  if (names.includes('location_id')) params.location_id = locationId;
  return params;
}

interface CatalogRead {
  readonly status: number | undefined;
  readonly catalog: Json | undefined;
  readonly summary: string;
}

function readCatalog(context: CertifyContext): Promise<CatalogRead> {
  return context.once('pos-catalog', async () => {
    const locationId = await firstLocation(context);
    const exchange = await context.call('read the catalog', { target: context.target('getCatalog'), token: await accessToken(context), params: locationParams(context, locationId) });
    const catalog = isObject(exchange.json) ? exchange.json : undefined;
    // Stream judges a catalog object update against the catalog it read: the sandbox learns it from this read.
    if (exchange.status === 200 && catalog !== undefined) await registerRead({ context, read: 'getCatalog', register: () => context.sandbox?.registerCatalog({ locationId, providerIds: catalogIds(catalog), holders: catalogHolders(catalog), kinds: catalogKinds(catalog) }) });
    return { status: exchange.status, catalog, summary: answered(exchange) };
  });
}

/** Every provider_id of every object list of a catalog, at most the 5,000 the sandbox keeps. */
function catalogIds(catalog: Json): string[] {
  const ids = Object.values(catalog).flatMap((objects) => (Array.isArray(objects) ? objects.filter(isObject).map((object) => object.provider_id) : []));
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== '' && id.length <= 200))].slice(0, 5000);
}

/** The key each object of a catalog is listed under (`item`, `item_family`), as [id, key] pairs, at most the 5,000 the sandbox keeps. */
function catalogKinds(catalog: Json): [string, string][] {
  const pairs = Object.entries(catalog).flatMap(([key, objects]) => (Array.isArray(objects) ? objects.filter(isObject).map((object): [unknown, string] => [object.provider_id, key]) : []));
  return pairs.filter((pair): pair is [string, string] => typeof pair[0] === 'string' && pair[0] !== '' && pair[0].length <= 200 && pair[1].length <= 200).slice(0, 5000);
}

/** Which object holds which in a catalog (a family its items, a group its modifiers), as [member, holder] pairs, at most the 5,000 the sandbox keeps. */
function catalogHolders(catalog: Json): [string, string][] {
  const pairs = [...holdersIn({ document: catalog, idKey: 'provider_id' })].flatMap(([member, holders]) => [...holders].map((holder): [string, string] => [member, holder]));
  return pairs.filter((pair) => pair.every((id) => id.length <= 200)).slice(0, 5000);
}

/** The catalog of the same location read a second time, for the rules that compare reads (ids stable). */
export async function catalogReadTwice(context: CertifyContext): Promise<void> {
  await catalogOrBlock(context);
  const locationId = await firstLocation(context);
  await context.once('pos-catalog-again', async () => context.call('read the catalog again', { target: context.target('getCatalog'), token: await accessToken(context), params: locationParams(context, locationId) }));
}

export async function catalogOrBlock(context: CertifyContext): Promise<Json> {
  const read = await readCatalog(context);
  if (read.status !== 200 || read.catalog === undefined) throw new Blocked(`no catalog to check: GET /stream-pos/v1/catalog ${read.summary}`, 'POS-CAT-01');
  return read.catalog;
}

const PRICE_KEYS = /(^|\.)(price_amount)$|\]\.price_amount$/;
const CURRENCY_KEYS = /price_currency$/;

interface SentOrder {
  readonly id: string;
  readonly idempotencyKey: string;
  readonly locationId: string;
  readonly body: Json;
}

/** The modifiers a line of the catalog's first sellable item can carry: none when its family offers none. */
export async function lineModifiers(context: CertifyContext): Promise<Json[]> {
  const catalog = await catalogOrBlock(context);
  return offeredModifiers(catalog, sellableItem(catalog).family);
}

/** What a certify order holds: lines of the caller's choosing instead of the catalog's first sellable item, and modifiers on that item's line. */
export interface OrderShape {
  readonly lines?: readonly OrderLine[];
  readonly modifiers?: readonly Json[];
}

export async function newOrder(context: CertifyContext, shape: OrderShape = {}): Promise<SentOrder> {
  const { lines, modifiers = [] } = shape;
  const catalog = await catalogOrBlock(context);
  const locationId = await firstLocation(context);
  const { item, family, price: itemPrice, currency } = sellableItem(catalog);
  const lineItems: Json[] = (lines ?? [undefined]).map((line) => {
    const carried = line === undefined ? modifiers : (line.modifiers ?? []);
    return {
      provider_id: line?.provider_id ?? item.provider_id,
      ...(family === undefined || line?.provider_id !== undefined ? {} : { item_family_id: family.provider_id }),
      name: line?.name ?? String(item.name),
      quantity: 1,
      price_amount: itemPrice,
      ...(carried.length === 0 ? {} : { modifiers: carried }),
    };
  });
  // Each line once, with its modifiers per unit: what the POS adds up too.
  const price = lineItems.reduce((sum, line) => sum + itemPrice + ((line.modifiers as Json[] | undefined) ?? []).reduce((extra, modifier) => extra + (modifier.price_amount as number) * (modifier.quantity as number), 0), 0);
  const id = `ord_cert_${randomBytes(5).toString('hex')}`;
  const idempotencyKey = randomUUID();
  const target = context.target('order.created');
  const body = eventBody(target, undefined, {
    'object.id': id,
    'object.idempotency_key': idempotencyKey,
    'object.location_id': locationId,
    'object.line_items': lineItems,
    'object.currency': currency,
    'object.subtotal': price,
    'object.tax': 0,
    'object.total': price,
  });
  assertContract(target, body);
  return { id, idempotencyKey, locationId, body };
}

interface Accepted {
  readonly order: SentOrder;
  readonly providerId: string;
  readonly status: number | undefined;
  readonly exchange: HttpExchange;
}

/** The order the later checks build on, sent once: POS-ORD-01 judges this very send. */
function sentOrder(context: CertifyContext): Promise<SentBase<SentOrder>> {
  return sendBaseOnce(context, {
    key: 'pos-order-sent',
    build: () => newOrder(context),
    send: async (order) => context.call('send order.created, the order later checks build on', { target: context.target('order.created'), body: order.body, token: await accessToken(context) }),
  });
}

/** The order every later check refers to: sent once, accepted (any 2xx with a provider_id). */
export function acceptedOrder(context: CertifyContext): Promise<Accepted> {
  return context.once('pos-order', async () => {
    const { sent: order, exchange } = await sentOrder(context);
    const providerId = (exchange.json as { order?: { provider_id?: unknown } } | undefined)?.order?.provider_id;
    if (typeof providerId !== 'string' || providerId === '') throw new Blocked(`order.created was not accepted with a provider_id: ${answered(exchange)}`, 'POS-ORD-01');
    await context.sandbox?.registerOrder({ id: order.id, audience: 'pos', location_id: order.locationId, provider_id: providerId }).catch(() => undefined);
    return { order, providerId, status: exchange.status, exchange };
  });
}

function bearerCalls(context: CertifyContext, locationId: string) {
  const orderTarget = context.target('order.created');
  return [
    { name: 'list locations', target: context.target('listLocations') },
    { name: 'read the catalog', target: context.target('getCatalog'), params: locationParams(context, locationId) },
    { name: 'send order.created', target: orderTarget, body: eventBody(orderTarget, undefined, {}) },
    { name: 'connect a location', target: context.target('enableLocationConnection'), body: { location_id: locationId } },
    { name: 'disconnect a location', target: context.target('disableLocationConnection'), body: { location_id: locationId } },
  ];
}

/**
 * The catalog's problems but its prices' and currencies' (POS-CAT-04 and -05 report those). They are
 * set right in a copy before it is checked, not only left out of the answer: the validator lists
 * only the first problem of a catalog past 1,000 values, which must not be a price.
 */
function catalogIssues(catalog: Json, keep: (path: string) => boolean): string[] {
  const priced = JSON.parse(JSON.stringify(catalog), (key, value: unknown) => (key === 'price_amount' ? 0 : key === 'price_currency' ? 'USD' : value)) as Json;
  const result = validate('pos', 'CatalogResponse', priced);
  return result.valid ? [] : result.errors.filter((issue) => keep(issue.path)).map((issue) => issue.message);
}

/** A new order, for the signature checks: a line item's name is free text, so it can carry non-ASCII. */
function signedOrder(context: CertifyContext): SignedBody {
  return { make: async () => (await newOrder(context)).body, textPath: 'object.line_items[0].name' };
}

const SERVED: ServedAgreesOptions = { firstLocation, catalog: catalogOrBlock, catalogParams: locationParams, acceptOrder: acceptedOrder, orderedItem: (catalog) => sellableItem(catalog).item.provider_id,
  orderFor: async (context, line) => context.call(`send order.created for ${String(line.provider_id)}`, { target: context.target('order.created'), body: (await newOrder(context, { lines: [line] })).body, token: await accessToken(context) }) };

export const POS_CHECKS: Readonly<Record<string, Check>> = {
  'POS-LOC-06': listScopeCheck(SERVED),
  'POS-CAT-12': hiddenCategoryCheck(SERVED),
  'POS-LOC-07': offlineTakesNoOrderCheck(SERVED),
  'POS-SND-07': inStoreAgreesCheck({ ...SERVED, amounts: false }),
  'POS-SND-08': inStoreAgreesCheck({ ...SERVED, amounts: true }),
  ...withCredentialConfusion('POS', oauthChecks('POS', '201')),
  'POS-OAU-11': rotationCheck(),
  'POS-OAU-12': authorizeRefusalCheck(),
  'POS-ORD-09': foreignLocationCheck({ order: (context) => newOrder(context), accepted: acceptedOrder }),
  'POS-ORD-08': async (context) => unknownFieldsAcceptance(context, context.target('order.created'), signedOrder(context).make, 'object'),
  'POS-SEC-01': async (context) => bearerRefusals(context, bearerCalls(context, await firstLocation(context)), null),
  'POS-SEC-02': async (context) => {
    const calls = bearerCalls(context, await firstLocation(context));
    return bearerConfusion(context, 'POS', await bearerRefusals(context, calls, unknownToken()), calls);
  },
  'POS-SEC-03': async (context) => signatureRefusal(context, context.target('order.created'), signedOrder(context), 'missing'),
  'POS-SEC-04': async (context) => signatureRefusal(context, context.target('order.created'), signedOrder(context), 'wrong'),
  'POS-SEC-06': async (context) => rawBytesAcceptance(context, context.target('order.created'), signedOrder(context)),
  'POS-SEC-05': async (context) => contractBreakRefusal(context, { target: context.target('order.created'), requirement: 'POS-SEC-05', body: (await newOrder(context)).body, remove: ['object.line_items', 'object.currency'] }),
  'POS-LOC-01': async (context) => {
    const exchange = await context.call('list locations', { target: context.target('listLocations'), token: await accessToken(context) });
    const verdict = judge(context.target('listLocations').operation, exchange, ['200']);
    if (!verdict.ok) return fail(verdict.issues.join('; '), '200 with LocationsResponse');
    const count = (exchange.json as { locations: unknown[] }).locations.length;
    if (count === 0) return fail('the list is empty: Stream cannot connect a merchant with no locations', 'at least one location');
    const paged = pagedIssue(context.target('listLocations').operation, exchange);
    return paged === undefined ? pass(`${count} location(s)`) : fail(paged, 'every location in the one answer, with no next page');
  },
  'POS-LOC-02': connectionCheck({ operationId: 'enableLocationConnection', location: firstLocation }),
  'POS-LOC-03': connectionCheck({ operationId: 'disableLocationConnection', location: firstLocation }),
  'POS-LOC-05': unknownLocationCheck(['enableLocationConnection', 'disableLocationConnection']),
  'POS-CAT-01': async (context) => {
    const read = await readCatalog(context);
    if (read.status !== 200 || read.catalog === undefined) return fail(`GET /stream-pos/v1/catalog ${read.summary}`, '200 with CatalogResponse');
    const issues = catalogIssues(read.catalog, (path) => !PRICE_KEYS.test(path) && !CURRENCY_KEYS.test(path));
    return issues.length === 0 ? pass() : fail(issues.slice(0, 8).join('; '), 'a CatalogResponse (price and currency problems are reported under POS-CAT-04 and POS-CAT-05)');
  },
  'POS-CAT-04': async (context) => {
    const catalog = await catalogOrBlock(context);
    const wrong: string[] = [];
    walkCatalog(catalog, '', (path, key, value) => {
      if (key === 'price_amount' && !(typeof value === 'number' && Number.isInteger(value) && value >= 0)) wrong.push(`${path} is ${JSON.stringify(value)}`);
    });
    return wrong.length === 0 ? pass() : fail(wrong.slice(0, 8).join('; '), 'whole numbers of minor units (1299 for $12.99)');
  },
  'POS-CAT-05': async (context) => {
    const catalog = await catalogOrBlock(context);
    const wrong: string[] = [];
    walkCatalog(catalog, '', (path, key, value) => {
      if (key === 'price_currency' && !(typeof value === 'string' && /^[A-Z]{3}$/.test(value))) wrong.push(`${path} is ${JSON.stringify(value)}`);
    });
    return wrong.length === 0 ? pass() : fail(wrong.slice(0, 8).join('; '), 'ISO 4217 codes in upper case (USD)');
  },
  'POS-CAT-06': async (context) => {
    const exchange = await context.call('read the catalog of an unknown location', {
      target: context.target('getCatalog'),
      token: await accessToken(context),
      params: locationParams(context, `certify-unknown-location-${randomBytes(3).toString('hex')}`),
    });
    const issues = refusalIssues(context.target('getCatalog'), exchange, 404);
    if (issues.length > 0) return fail(`the catalog of an unknown location: ${issues.join('; ')}`, "404 with the contract's Error body");
    // A listed location's id in another case names no location: a case-insensitive lookup (a database collation) serves it. HTTP trims a header's spaces, so an id without letters has no variant.
    const [what, near] = caseVariant(await firstLocation(context));
    if (!/[a-z]/i.test(near)) return pass();
    const variant = await context.call(`read the catalog of a listed location's id ${what}`, { target: context.target('getCatalog'), token: await accessToken(context), params: locationParams(context, near) });
    const nearIssues = refusalIssues(context.target('getCatalog'), variant, 404);
    return nearIssues.length === 0 ? pass() : fail(`[${ISSUED_VALUE_COMPARED_EXACTLY}] the catalog of ${JSON.stringify(near)}, a listed location's id ${what}: ${nearIssues.join('; ')}`, "404 with the contract's Error body: compare location ids character for character");
  },
  'POS-ORD-01': async (context) => {
    // The order every later order check builds on: refused here, they are blocked by this requirement.
    const base = await sentOrder(context);
    ownEvidence(context, base);
    const target = context.target('order.created');
    const verdict = judge(target.operation, base.exchange, ['201']);
    const baseId = (base.exchange.json as { order?: { provider_id?: unknown } } | undefined)?.order?.provider_id;
    if (!verdict.ok || typeof baseId !== 'string' || baseId === '') {
      // `answered 400 (its body)` already says what came back: the issues add what the contract expects.
      const issues = verdict.ok ? ['its provider_id is empty'] : verdict.issues.map((issue) => issue.replace(/^answered \d+; /, ''));
      return fail(`the order certify builds every later order check on (${describePosOrder(base.sent.body)}) ${answered(base.exchange)}: ${issues.join('; ')}`, '201 with CreatedOrderEventResponse (order.provider_id)');
    }
    const echoed = echoedIdIssue({ sent: base.sent.body, answered: baseId });
    if (echoed !== undefined) return fail(`${echoed} (${describePosOrder(base.sent.body)})`, "201 with a provider_id the POS minted for the order, never one of Stream's ids");
    // A line carries modifiers by their own ids and groups: an order with the ones the catalog offers must be taken too.
    const modifiers = await lineModifiers(context);
    if (modifiers.length === 0) return everyAmountCounted({ context, order: base.sent.body, passed: 'the catalog offers no modifier for its first sellable item', catalog: await catalogOrBlock(context) });
    const withModifiers = await newOrder(context, { modifiers });
    const shown = modifiers.map((modifier) => `${String(modifier.modifier_group_id)}/${String(modifier.provider_id)}`).join(', ');
    const again = await context.call(`send order.created with modifiers ${shown}`, { target, body: withModifiers.body, token: await accessToken(context) });
    const second = judge(target.operation, again, ['201']);
    if (second.ok) return everyAmountCounted({ context, order: withModifiers.body, passed: `an order and an order with modifiers ${shown} were taken`, catalog: await catalogOrBlock(context) });
    return fail(`[${MODIFIER_LINE_ACCEPTED}] an order whose line carries the modifiers the catalog offers for it (${shown}): ${second.issues.join('; ')}`, '201 with CreatedOrderEventResponse: a modifier is found among the catalog\'s modifiers, under its modifier_group_id');
  },
  'POS-ORD-02': async (context) => {
    const first = await acceptedOrder(context);
    const again = await context.call('send the same order.created again', { target: context.target('order.created'), body: first.order.body, token: await accessToken(context) });
    const providerId = (again.json as { order?: { provider_id?: unknown } } | undefined)?.order?.provider_id;
    if (providerId !== first.providerId) return fail(`the retry ${answered(again)}; the first answer named provider_id ${first.providerId}`, 'the same provider_id for the same idempotency_key, and no second order');
    const differs = repeatDifference(context.target('order.created'), first.exchange, again);
    return differs === undefined ? pass(`both answers name ${first.providerId}, the whole answer repeated`) : fail(differs, 'the same answer, whole, for the same idempotency_key');
  },
  'POS-ORD-03': stockRefusalCheck({ requirement: 'POS-ORD-03', order: (context, lines) => newOrder(context, { lines }), catalog: catalogOrBlock, base: (context) => newOrder(context), offered: lineModifiers }),
  'POS-ORD-04': orderUpdateCheck({ acceptedOrder }),
  'POS-ORD-05': async (context) => {
    const accepted = await acceptedOrder(context);
    const target = context.target('order.canceled');
    const body = eventBody(target, undefined, { 'object.order_id': accepted.providerId, 'object.location_id': accepted.order.locationId });
    assertContract(target, body);
    const exchange = await context.call('send order.canceled', { target, body, token: await accessToken(context) });
    const verdict = judge(target.operation, exchange);
    return verdict.ok ? posFreedIds({ context, newOrder, passed: verdict.summary }) : fail(verdict.issues.join('; '), [...target.operation.responses.keys()].filter((status) => status.startsWith('2')).join(' or '));
  },
  'POS-ORD-06': timingCheck(),
  'POS-ORD-07': unknownTypeCheck({
    target: (context) => context.target('order.created'),
    body: async (context) => ({ type: 'order.refunded', object: { id: `ord_cert_unknown_${randomBytes(3).toString('hex')}`, location_id: await firstLocation(context) } }),
    token: accessToken,
  }),
  'POS-SND-01': async (context) => {
    const accepted = await acceptedOrder(context);
    return expectFromPartner(
      context,
      {
        event: 'order.status.updated',
        instruction: `Send order.status.updated for the order Stream just sent (provider_id ${accepted.providerId}, location ${accepted.order.locationId}).`,
        values: { order_id: accepted.providerId, provider_id: accepted.providerId, stream_order_id: accepted.order.id, location_id: accepted.order.locationId },
        match: (exchange) => exchange.operation === 'pos:sendWebhookEvent' && exchange.event === 'order.status.updated',
      },
      // The sandbox refuses an update naming another order (the contract's x-stream-relations on order.status.updated), so an accepted one passes.
      () => pass(),
    );
  },
  ...Object.fromEntries(
    (
      [
        ['POS-SND-02', 'location.status.updated'],
        ['POS-SND-03', 'location.catalog.updated'],
        ['POS-SND-04', 'location.catalog.object.updated'],
        ['POS-SND-05', 'location.connection.offline'],
        ['POS-SND-06', 'incoming.order.created'],
      ] as const
    ).map(([id, event]) => [
      id,
      (async (context) => {
        const locationId = await firstLocation(context).catch(() => 'loc-downtown');
        // The sandbox judges a catalog object update and an in-store order's lines by the catalog the POS served: read it first.
        if (event === 'location.catalog.object.updated' || event === 'incoming.order.created') await readCatalog(context).catch(() => undefined);
        const type = event === 'incoming.order.created' ? 'order.created' : event;
        const orderId = `instore_${randomBytes(3).toString('hex')}`;
        return expectFromPartner(
          context,
          {
            event,
            instruction: `Send ${event === 'incoming.order.created' ? 'an in-store order (type order.created)' : event} for location ${locationId}.`,
            values: { location_id: locationId, order_id: orderId },
            match: (exchange) => exchange.operation === 'pos:sendWebhookEvent' && exchange.event === type,
          },
          async (arrived) => {
            if (event === 'incoming.order.created') return distinctInStoreIds({ context, first: arrived, firstOrderId: orderId, locationId });
            if (event !== 'location.catalog.object.updated') return pass();
            const readCatalog = async (location: string) => context.call('read the catalog again after the object update', { target: context.target('getCatalog'), token: await accessToken(context), params: locationParams(context, location) });
            return objectUpdateKept({ arrived, readCatalog });
          },
        );
      }) satisfies Check,
    ]),
  ),
};
