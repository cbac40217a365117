// The relations a contract states on what a partner sends to Stream (`x-stream-relations` with
// `in`): a value the send must repeat from an earlier answer of the partner's. The sandbox reads
// them from the contract and refuses a send that breaks one, naming the requirement.
import type { ApiName } from '../openapi.js';
import { evaluate, listRelations, type ObservedExchange, type Relation } from '../relations.js';
import { select } from '../rules.js';
import { errorReply, type HandlerReply } from './context.js';
import type { SandboxState } from './state.js';

/**
 * Where the sandbox keeps the earlier answers a relation names, by `<api> <operation> <expression>`.
 * The POS's answer to each order.created reaches the sandbox when certify or trigger registers the
 * order (POST /_sandbox/orders); in-store orders the POS sent count as answered by their own id.
 */
type Earlier = { readonly value: string; readonly location: string; readonly kind?: string };
/** The earlier values for a relation, or undefined when the sandbox saw no such answer for the location (nothing to judge by). */
type EarlierOf = (state: SandboxState, location: string | undefined) => readonly Earlier[] | undefined;
const EARLIER: Readonly<Record<string, { earlier: EarlierOf; code: string; what: string }>> = {
  'pos order.created $response.body#/order/provider_id': {
    earlier: (state) => state.orders.flatMap((order) => (order.audience === 'pos' && order.provider_id !== undefined ? [{ value: order.provider_id, location: order.location_id }] : [])),
    code: 'unknown_order',
    what: 'an order',
  },
  // Certify registers the catalog it read (POST /_sandbox/catalogs); a location whose catalog nobody registered is not judged.
  'pos getCatalog $response.body#/*/*/provider_id': {
    earlier: (state, location) => {
      if (location === undefined || !Object.hasOwn(state.pos_catalogs, location)) return undefined;
      // The key each object was listed under, where certify registered them (a catalog registered without kinds is judged by id alone).
      const kinds = new Map(Object.hasOwn(state.pos_catalog_kinds, location) ? state.pos_catalog_kinds[location]! : []);
      return state.pos_catalogs[location]!.map((value) => ({ value, location, ...(kinds.has(value) ? { kind: kinds.get(value)! } : {}) }));
    },
    code: 'unknown_catalog_object',
    what: 'an object of the catalog',
  },
  // Certify registers the location list it read (POST /_sandbox/locations); until then no location is judged.
  'pos listLocations $response.body#/locations/*/provider_id': {
    earlier: (state) => state.pos_location_ids?.map((value) => ({ value, location: '' })),
    code: 'unknown_location',
    what: 'a location',
  },
};

type Enforced = { relation: Relation; earlier: EarlierOf; code: string; what: string };

/** Every relation the sandbox enforces, with where it keeps the earlier values; a relation it cannot enforce is an error. */
export function sandboxRelations(api: ApiName): Enforced[] {
  return listRelations(api).flatMap((relation) => {
    if (relation.in === undefined) return [];
    const key = `${api} ${relation.in.operation} ${relation.in.value}`;
    const kept = EARLIER[key];
    if (kept === undefined) throw new Error(`The ${api} contract relates ${relation.requirement} to ${key}, which the sandbox does not keep: add it to EARLIER in sandbox/relations.ts.`);
    return [{ relation, ...kept }];
  });
}

/** A relation as the sandbox judges it: with the words of its refusal made once. */
type Planned = Enforced & { readonly named: string; readonly statement: string };

// Per api, then event, built once: every POS event is judged against these, and the contracts do not change while the sandbox runs.
const plans = new Map<ApiName, ReadonlyMap<string, readonly Planned[]>>();

function plannedFor(api: ApiName, event: string): readonly Planned[] {
  let byEvent = plans.get(api);
  if (byEvent === undefined) {
    const grouped = new Map<string, Planned[]>();
    for (const enforced of sandboxRelations(api)) {
      const { relation } = enforced;
      if (relation.event === undefined) continue;
      const planned: Planned = {
        ...enforced,
        named: `${relation.requirement}${relation.rule === undefined ? '' : ` [${relation.rule}]`}`,
        statement: `${relation.statement.replace(/`/g, '')} What the sandbox knows is in GET /_sandbox/state.`,
      };
      grouped.set(relation.event, [...(grouped.get(relation.event) ?? []), planned]);
    }
    byEvent = grouped;
    plans.set(api, byEvent);
  }
  return byEvent.get(event) ?? [];
}

const shown = (value: unknown) => JSON.stringify(value) ?? 'nothing';

/** Every value a relation's expression names in the send, with its field: a `*` step (each line of an order) names one per item. */
function sentValues(expression: string, exchange: ObservedExchange): { field: string; value: unknown }[] {
  const pointer = expression.startsWith('$request.body#') ? expression.slice('$request.body#'.length) : undefined;
  if (pointer === undefined || !pointer.includes('/*')) {
    const value = evaluate(expression, exchange);
    return value.found ? [{ field: expression.replace('$request.body#/', '').replaceAll('/', '.'), value: value.value }] : [];
  }
  return select(exchange.requestBody, pointer).map(({ path, value }) => ({ field: path.slice(1).replaceAll('/', '.'), value }));
}

/** The 400 for a send of `event` that names a value no earlier answer gave, or undefined when it keeps every relation. */
export function relationRefusal(options: { api: ApiName; event: string; body: unknown; state: SandboxState }): HandlerReply | undefined {
  const planned = plannedFor(options.api, options.event);
  if (planned.length === 0) return undefined;
  const exchange: ObservedExchange = { api: options.api, operations: [], what: options.event, requestBody: options.body, requestHeaders: {}, status: undefined, responseHeaders: {}, responseText: '', responseBody: undefined };
  for (const { relation, earlier, code, what, named, statement } of planned) {
    const where = relation.in!.location === undefined ? undefined : evaluate(relation.in!.location, exchange).value;
    // Nothing kept to judge by (no list, no catalog registered): the relation is not judged, whatever the send names.
    const known = earlier(options.state, typeof where === 'string' ? where : undefined);
    if (known === undefined) continue;
    for (const { field, value } of sentValues(relation.value, exchange)) {
      const matches = known.filter((answer) => answer.value === value);
      const here = matches.filter((answer) => where === undefined || answer.location === where);
      if (here.length > 0) {
        const kind = relation.in!.kind === undefined ? undefined : evaluate(relation.in!.kind, exchange).value;
        const kinds = here.flatMap((answer) => (answer.kind === undefined ? [] : [answer.kind]));
        // A reference of the right id but the wrong kind: the send names an item as an item family, say.
        if (typeof kind !== 'string' || kinds.length === 0 || kinds.includes(kind)) continue;
        const kindField = relation.in!.kind!.replace('$request.body#/', '').replaceAll('/', '.');
        return errorReply(400, code, `${named}: ${field} ${shown(value)} is listed under ${kinds.map(shown).join(', ')} in the answer to ${relation.in!.operation}, but ${kindField} says ${shown(kind)}. ${statement}`, { event: options.event });
      }
      // An order the POS did answer for, but at another location, is named as such: the fix is the location, not the id.
      const why = matches.length > 0 ? `is ${what} of ${matches.map((answer) => answer.location).join(', ')}, not of ${shown(where)}` : `is not one your POS answered to ${relation.in!.operation}${where === undefined ? '' : ` for ${shown(where)}`}`;
      return errorReply(400, code, `${named}: ${field} ${shown(value)} ${why}. ${statement}`, { event: options.event });
    }
  }
  return undefined;
}
