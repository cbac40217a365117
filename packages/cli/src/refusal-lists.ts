// Which list of a refusal body names what, as a contract states it with `x-stream-refusal-lists` on
// a 400 answer: an item the catalog does not list goes in one list, an item it lists as inactive in
// another. Certify orders each kind from the catalog the partner served and judges the refusal.
import { CliError } from './errors.js';
import { deref, isObject, listOperations, type ApiName, type JsonObject } from './openapi.js';

const POINTER = /^(\/[^/\s]+)+$/;
const KEYS = new Set(['rule', 'requirement', 'statement', 'names', 'object', 'list', 'entry', 'id', 'count', 'reason']);

export interface RefusalList {
  readonly api: ApiName;
  readonly rule: string;
  readonly requirement: string;
  readonly statement: string;
  readonly operationId: string;
  readonly status: string;
  /**
   * What the refused order names: an item the served catalog does not list, one it lists with
   * `is_active: false`, one it lists with `stock_count: 0`, a location that is not the merchant's, or
   * nothing the catalog decides: a body that breaks the contract (with more than one problem).
   */
  readonly names: 'unknown' | 'inactive' | 'sold-out' | 'foreign-location' | 'contract-break';
  /** Which object of the line it is: the line's item, or a modifier on it (default item). */
  readonly object: 'item' | 'modifier';
  /** The list of the refusal body that must hold an entry for it. */
  readonly list: string;
  /** Fields that entry has, with their values. */
  readonly entry: Readonly<Record<string, string | number | boolean>>;
  /** Where the entry names the line's item id, when it does. */
  readonly id?: string;
  /** How many entries the list holds, when the contract says (one entry that says what is wrong, however many problems). */
  readonly count?: number;
  /**
   * Where the entry's text is (`/order_error_reason`), when the contract says it names what is wrong:
   * certify breaks known fields and the text must name each (src/refusal-reason.ts).
   */
  readonly reason?: string;
}

function readEntry(api: ApiName, raw: unknown, where: string, place: { operationId: string; status: string }): RefusalList {
  const fail = (why: string) => new CliError('spec_invalid', `The ${api} contract's x-stream-refusal-lists at ${where} ${why}. Fix the contract and run npm run specs:bundle.`);
  if (!isObject(raw)) throw fail('holds an entry that is not an object');
  const unknown = Object.keys(raw).filter((key) => !KEYS.has(key));
  if (unknown.length > 0) throw fail(`has unknown key(s) ${unknown.join(', ')}`);
  const { rule, requirement, statement, names, object = 'item', list, entry, id, count, reason } = raw;
  if (typeof rule !== 'string' || !/^[a-z][a-z0-9-]*$/.test(rule)) throw fail('needs a rule name in kebab case, such as inactive-item-is-out-of-stock');
  if (typeof requirement !== 'string' || !/^(POS|DSP|EVT)-[A-Z]{3}-\d{2}$/.test(requirement)) throw fail(`needs a requirement id such as POS-ORD-03 for ${rule}`);
  if (typeof statement !== 'string' || statement.trim() === '') throw fail(`needs a statement for ${rule}`);
  if (names !== 'unknown' && names !== 'inactive' && names !== 'sold-out' && names !== 'foreign-location' && names !== 'contract-break') throw fail(`gives ${rule} names ${JSON.stringify(names)} (unknown, inactive, sold-out, foreign-location or contract-break)`);
  if (count !== undefined && (typeof count !== 'number' || !Number.isInteger(count) || count < 1)) throw fail(`gives ${rule} a count that is not a whole number of entries above 0`);
  if (names === 'sold-out' && object !== 'item') throw fail(`gives ${rule} names sold-out for a ${String(object)}: only items carry stock_count`);
  if (object !== 'item' && object !== 'modifier') throw fail(`gives ${rule} object ${JSON.stringify(object)} (item or modifier)`);
  if (typeof list !== 'string' || !POINTER.test(list)) throw fail(`gives ${rule} a list that is not a JSON pointer such as /posValidation/stockValidation`);
  const scalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);
  if (!isObject(entry) || Object.keys(entry).length === 0 || !Object.values(entry).every(scalar)) throw fail(`gives ${rule} an entry that is not a map of fields to plain values`);
  if (id !== undefined && (typeof id !== 'string' || !POINTER.test(id))) throw fail(`gives ${rule} an id that is not a JSON pointer such as /provider_id`);
  if (reason !== undefined && (typeof reason !== 'string' || !POINTER.test(reason))) throw fail(`gives ${rule} a reason that is not a JSON pointer such as /order_error_reason`);
  if (reason !== undefined && names !== 'contract-break') throw fail(`gives ${rule} a reason, which only a contract-break list can have: certify knows which fields it broke, not why a catalog refuses`);
  return { api, rule, requirement, statement, names, object, list, entry: entry as RefusalList['entry'], ...(typeof id === 'string' ? { id } : {}), ...(typeof count === 'number' ? { count } : {}), ...(typeof reason === 'string' ? { reason } : {}), ...place };
}

const cache = new Map<ApiName, readonly RefusalList[]>();

/** Every refusal list one contract states, in contract order. */
export function listRefusalLists(api: ApiName): readonly RefusalList[] {
  let found = cache.get(api);
  if (found === undefined) {
    found = listOperations(api).flatMap((operation) =>
      Object.entries((operation.raw.responses as JsonObject | undefined) ?? {}).flatMap(([status, response]) => {
        const node = deref(api, response);
        const entries = isObject(node) ? node['x-stream-refusal-lists'] : undefined;
        if (entries === undefined) return [];
        const where = `${operation.method} ${operation.path} ${status}`;
        if (!Array.isArray(entries)) throw new CliError('spec_invalid', `The ${api} contract's x-stream-refusal-lists at ${where} is not a list.`);
        return entries.map((raw, index) => readEntry(api, raw, `${where}[${index}]`, { operationId: operation.operationId, status }));
      }),
    );
    cache.set(api, found);
  }
  return found;
}

/** Why a refusal body does not list the line as the entry says (`[rule] …`), or undefined when it does. */
export function refusalListIssue(list: RefusalList, body: unknown, itemId: string): string | undefined {
  let node: unknown = body;
  for (const part of list.list.slice(1).split('/')) node = isObject(node) && Object.hasOwn(node, part) ? node[part] : undefined;
  const entries = Array.isArray(node) ? node.filter(isObject) : [];
  const idOf = (entry: JsonObject) => (list.id === undefined ? undefined : list.id.slice(1).split('/').reduce<unknown>((value, part) => (isObject(value) ? value[part] : undefined), entry));
  const fits = (entry: JsonObject) => Object.entries(list.entry).every(([field, value]) => entry[field] === value) && (list.id === undefined || idOf(entry) === itemId);
  const wrongCount = list.count !== undefined && Array.isArray(node) && node.length !== list.count;
  if (entries.some(fits) && !wrongCount) return undefined;
  if (wrongCount && entries.some(fits)) return `[${list.rule}] ${list.list.slice(1).replaceAll('/', '.')} holds ${(node as unknown[]).length} entries, not ${list.count} (it holds ${JSON.stringify(node)}). ${list.statement}`;
  const wanted = [...Object.entries(list.entry).map(([field, value]) => `${field}: ${JSON.stringify(value)}`), ...(list.id === undefined ? [] : [`${list.id.slice(1)}: ${JSON.stringify(itemId)}`])].join(', ');
  return `[${list.rule}] ${list.list.slice(1).replaceAll('/', '.')} holds no entry { ${wanted} } for ${itemId} (it holds ${JSON.stringify(Array.isArray(node) ? node : null)}). ${list.statement}`;
}
