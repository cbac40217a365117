// The value relations a contract states with `x-stream-relations`: which value in an answer must
// equal which earlier value (the request's `event_id`, the first grant's `id`) or have which media
// type. Read from the bundled contracts only; certify judges exchanges with them, generically.
import { CliError } from './errors.js';
import { codeIssues } from './judge.js';
import { deref, isObject, listEvents, listOperations, loadContract, type ApiName, type JsonObject, type OperationInfo } from './openapi.js';
import { quoted } from './visible.js';

export interface Relation {
  readonly api: ApiName;
  /** The requirement a broken relation fails: `DSP-REL-01`. */
  readonly requirement: string;
  /** A name for the relation, quoted in the refusal (`[name]`), so a catalogue change can be scoped to it. */
  readonly rule?: string;
  readonly statement: string;
  /** A runtime expression: `$response.body#/event_id`, `$response.header.Content-Type`. */
  readonly value: string;
  /** The expression `value` must equal, read from the same exchange or, with `of: first-answer`, from the first success answer. */
  readonly equals?: string;
  /** An expression of the same exchange `value` must not equal, where both are given (an id that is not a value Stream sent). */
  readonly differs?: string;
  readonly of: 'same-exchange' | 'first-answer';
  /** The value `value` must be, whatever was sent: the state the call leaves (`connected: true` after a connect). */
  readonly is?: string | number | boolean;
  /** The media type `value` must name (parameters such as `charset` allowed). */
  readonly mediaType?: string;
  /** `value` must be one of the codes the answered response lists under this extension (`x-stream-error-codes`), spelled exactly. */
  readonly listed?: 'x-stream-error-codes';
  /**
   * `value` must be one of the values `in.value` took in earlier success answers of `in.operation` (an event name or
   * operationId); with `location`, an earlier answer for the location that expression names in this exchange; with
   * `kind`, a value found under the key of the answer (the first `*` of `in.value`) that expression names: an
   * `object_type` of `item` names an object listed under `item`, not one under `item_family`.
   */
  readonly in?: { readonly operation: string; readonly value: string; readonly location?: string; readonly kind?: string };
  /**
   * `value` must be none of the values `apart.values` (a body pointer, `*` for every element) takes in any success
   * answer of `apart.operation` in the run, made before or after: ids of different kinds never coincide, so a
   * merchant account's id that is also a location's id is an id of the wrong kind.
   */
  readonly apart?: { readonly operation: string; readonly values: string };
  /** Who answers the exchanges it covers: a partner (certify judges it) or Stream (the sandbox enforces it). */
  readonly host: 'partner' | 'stream';
  /** The `webhooks` key, for a relation stated on an event. */
  readonly event?: string;
  /** The operation whose answers it covers; undefined for a contract-wide relation (every JSON answer). */
  readonly operationId?: string;
  /** The answer status it covers; undefined for a contract-wide relation. */
  readonly status?: string;
}

const EXPRESSION = /^\$(request|response)\.(body#(\/[^\s]*)?|header\.[A-Za-z0-9-]+|query\.[A-Za-z0-9_-]+)$/;
const KINDS = ['of', 'equals', 'is', 'differs', 'in', 'apart', 'mediaType', 'listed', 'requirement', 'statement', 'value', 'rule'];

type Place = { operationId?: string; status?: string; event?: string; host: 'partner' | 'stream' };

function readEntry(api: ApiName, raw: unknown, where: string, place: Place): Relation {
  const fail = (why: string) => new CliError('spec_invalid', `The ${api} contract's x-stream-relations at ${where} ${why}. Fix the contract and run npm run specs:bundle.`);
  if (!isObject(raw)) throw fail('holds an entry that is not an object');
  const unknown = Object.keys(raw).filter((key) => !KINDS.includes(key));
  if (unknown.length > 0) throw fail(`has unknown key(s) ${unknown.join(', ')}`);
  const { requirement, statement, value, equals, differs, mediaType, of, listed } = raw;
  const source = raw.in;
  const optionalExpression = (value: unknown) => value === undefined || (typeof value === 'string' && EXPRESSION.test(value));
  if (source !== undefined && !(isObject(source) && typeof source.operation === 'string' && typeof source.value === 'string' && EXPRESSION.test(source.value) && optionalExpression(source.location) && optionalExpression(source.kind))) {
    throw fail(`gives ${String(requirement)} an in that is not { operation, value: <runtime expression>, location?: <runtime expression>, kind?: <runtime expression> }`);
  }
  if (isObject(source) && source.kind !== undefined && !/^\$response\.body#\/\*\//.test(String(source.value))) throw fail(`gives ${String(requirement)} an in.kind, which needs an in.value whose first step is * (the key that names the kind)`);
  const apart = raw.apart;
  if (apart !== undefined && !(isObject(apart) && typeof apart.operation === 'string' && typeof apart.values === 'string' && /^\$response\.body#\/\S+$/.test(apart.values))) {
    throw fail(`gives ${String(requirement)} an apart that is not { operation, values: $response.body#/<pointer, * for every element> }`);
  }
  if (typeof requirement !== 'string' || !/^(POS|DSP|EVT)-[A-Z]{3}-\d{2}$/.test(requirement)) throw fail('needs a requirement id such as DSP-REL-01');
  if (raw.rule !== undefined && (typeof raw.rule !== 'string' || !/^[a-z][a-z0-9-]*$/.test(raw.rule))) throw fail(`gives ${requirement} a rule name that is not in kebab case`);
  if (typeof statement !== 'string' || statement.trim() === '') throw fail(`needs a statement for ${requirement}`);
  for (const [name, expression] of [['value', value], ['equals', equals], ['differs', differs]] as const) {
    if (expression !== undefined && (typeof expression !== 'string' || !EXPRESSION.test(expression))) throw fail(`gives ${requirement} a ${name} that is not a runtime expression ($request.body#/…, $request.query.name, $response.header.Name)`);
  }
  if (typeof value !== 'string') throw fail(`needs a value for ${requirement}`);
  const is = raw.is;
  if (is !== undefined && !['string', 'number', 'boolean'].includes(typeof is)) throw fail(`gives ${requirement} an is that is not a string, number or boolean`);
  if ([equals, is, differs, mediaType, source, listed, apart].filter((kind) => kind !== undefined).length !== 1) throw fail(`must give ${requirement} exactly one of equals, is, differs, mediaType, in, apart and listed`);
  if (listed !== undefined && listed !== 'x-stream-error-codes') throw fail(`gives ${requirement} listed "${String(listed)}" (only x-stream-error-codes)`);
  if (mediaType !== undefined && (typeof mediaType !== 'string' || !/^[a-z]+\/[a-z0-9.+-]+$/.test(mediaType))) throw fail(`gives ${requirement} a mediaType that is not a media type`);
  if (of !== undefined && of !== 'same-exchange' && of !== 'first-answer') throw fail(`gives ${requirement} of "${String(of)}" (same-exchange or first-answer)`);
  if (place.operationId === undefined && (equals !== undefined || is !== undefined || differs !== undefined || apart !== undefined)) throw fail(`relates ${requirement} across a whole contract, which only mediaType and listed can`);
  return {
    api,
    requirement,
    ...(typeof raw.rule === 'string' ? { rule: raw.rule } : {}),
    statement,
    value,
    ...(typeof equals === 'string' ? { equals } : {}),
    ...(is === undefined ? {} : { is: is as string | number | boolean }),
    ...(typeof differs === 'string' ? { differs } : {}),
    ...(typeof mediaType === 'string' ? { mediaType } : {}),
    ...(listed === 'x-stream-error-codes' ? { listed } : {}),
    ...(isObject(source) ? { in: { operation: String(source.operation), value: String(source.value), ...(typeof source.location === 'string' ? { location: source.location } : {}), ...(typeof source.kind === 'string' ? { kind: source.kind } : {}) } } : {}),
    ...(isObject(apart) ? { apart: { operation: String(apart.operation), values: String(apart.values) } } : {}),
    of: of === 'first-answer' ? 'first-answer' : 'same-exchange',
    ...place,
  };
}

function entries(api: ApiName, holder: unknown, where: string, place: Place): Relation[] {
  const list = isObject(holder) ? holder['x-stream-relations'] : undefined;
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new CliError('spec_invalid', `The ${api} contract's x-stream-relations at ${where} is not a list.`);
  return list.map((raw, index) => readEntry(api, raw, `${where}[${index}]`, place));
}

function operationRelations(api: ApiName, operation: OperationInfo, where: string, event?: string): Relation[] {
  const host = operation.host === 'stream' ? 'stream' : 'partner';
  return Object.entries((operation.raw.responses as JsonObject | undefined) ?? {}).flatMap(([status, response]) =>
    entries(api, deref(api, response), `${where} ${status}`, { operationId: operation.operationId, status, host, ...(event === undefined ? {} : { event }) }),
  );
}

const cache = new Map<ApiName, readonly Relation[]>();

/** Every relation one contract states: contract-wide ones first, then each operation's and event's, in contract order. */
/** Groups what the contract states (relations, named rules) by the requirement that checks it. */
export function groupByRequirement<T extends { readonly requirement: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.requirement, [...(groups.get(item.requirement) ?? []), item]);
  return groups;
}

export function listRelations(api: ApiName): readonly Relation[] {
  let list = cache.get(api);
  if (list === undefined) {
    list = [
      ...entries(api, loadContract(api), 'the top level', { host: 'partner' }),
      ...listOperations(api).flatMap((operation) => operationRelations(api, operation, `${operation.method} ${operation.path}`)),
      ...listEvents(api).flatMap((event) => operationRelations(api, event.operation, `webhook ${event.name}`, event.name)),
    ];
    cache.set(api, list);
  }
  return list;
}

/** What a relation is judged on: one request and its answer, with the operations it belongs to. */
export interface ObservedExchange {
  readonly api: ApiName;
  /** The operation ids that describe the call: the event's and the endpoint's that carries it. */
  readonly operations: readonly OperationInfo[];
  readonly what: string;
  readonly requestBody: unknown;
  readonly requestHeaders: Readonly<Record<string, string>>;
  /** The URL called, for a relation that reads its query (`$request.query.location_id`); absent where none was. */
  readonly requestUrl?: string;
  readonly status: number | undefined;
  readonly responseHeaders: Readonly<Record<string, string>>;
  readonly responseText: string;
  readonly responseBody: unknown;
  /** The requirement whose check made the call, when certify made it. */
  readonly requirement?: string;
  /** When certify read the answer (epoch ms): the moment its times are judged against. */
  readonly receivedAt?: number;
}

function pointer(value: unknown, parts: readonly string[] | undefined): { found: boolean; value: unknown } {
  if (parts === undefined) return { found: value !== undefined, value };
  let current = value;
  for (const part of parts) {
    if (Array.isArray(current) && /^\d+$/.test(part)) current = current[Number(part)];
    else if (isObject(current) && Object.hasOwn(current, part)) current = current[part];
    else return { found: false, value: undefined };
  }
  return { found: true, value: current };
}

/** A runtime expression taken apart: which side, and a header or query name or the body pointer's unescaped steps (none for the whole body). */
type Parsed = { readonly side: 'request' | 'response'; readonly header?: string; readonly query?: string; readonly parts?: readonly string[] } | null;

// The expressions are the contracts' own, evaluated on every POS event the sandbox takes: each is parsed once. Bounded all the same.
const parsedExpressions = new Map<string, Parsed>();

function parseExpression(expression: string): Parsed {
  let parsed = parsedExpressions.get(expression);
  if (parsed !== undefined) return parsed;
  const match = EXPRESSION.exec(expression);
  if (match === null) parsed = null;
  else {
    const side = match[1] === 'request' ? 'request' : 'response';
    const rest = match[2]!;
    const path = match[3] ?? '';
    if (rest.startsWith('header.')) parsed = { side, header: rest.slice('header.'.length) };
    else if (rest.startsWith('query.')) parsed = { side, query: rest.slice('query.'.length) };
    else parsed = { side, ...(path === '' ? {} : { parts: path.slice(1).split('/').map((piece) => piece.replace(/~1/g, '/').replace(/~0/g, '~')) }) };
  }
  if (parsedExpressions.size >= 1000) parsedExpressions.clear();
  parsedExpressions.set(expression, parsed);
  return parsed;
}

function header(headers: Readonly<Record<string, string>>, name: string): { found: boolean; value: unknown } {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? { found: false, value: undefined } : { found: true, value: headers[key] };
}

function query(url: string | undefined, name: string): { found: boolean; value: unknown } {
  if (url === undefined) return { found: false, value: undefined };
  let value: string | null;
  try {
    value = new URL(url, 'http://relation.invalid').searchParams.get(name);
  } catch {
    return { found: false, value: undefined };
  }
  return value === null ? { found: false, value: undefined } : { found: true, value };
}

/** The value a runtime expression names in an exchange, and whether it is there at all. */
export function evaluate(expression: string, exchange: ObservedExchange): { found: boolean; value: unknown } {
  const parsed = parseExpression(expression);
  if (parsed === null) return { found: false, value: undefined };
  const request = parsed.side === 'request';
  if (parsed.header !== undefined) return header(request ? exchange.requestHeaders : exchange.responseHeaders, parsed.header);
  if (parsed.query !== undefined) return query(request ? exchange.requestUrl : undefined, parsed.query);
  return pointer(request ? exchange.requestBody : exchange.responseBody, parsed.parts);
}

/** The codes the contract lists for the exchange's status, from the first of its operations that lists any. */
function listedCodes(exchange: ObservedExchange): readonly string[] | undefined {
  for (const operation of exchange.operations) {
    const codes = operation.responses.get(String(exchange.status))?.errorCodes;
    if (codes !== undefined) return codes;
  }
  return undefined;
}

/** True when the relation covers this exchange: its operation and status, or any answer the contract declares as JSON. */
function covers(relation: Relation, exchange: ObservedExchange): boolean {
  if (exchange.status === undefined || exchange.api !== relation.api) return false;
  if (relation.listed !== undefined && listedCodes(exchange) === undefined) return false;
  if (relation.operationId === undefined) {
    if (exchange.responseText === '') return false;
    return exchange.operations.some((operation) => /json/.test(operation.responses.get(String(exchange.status))?.contentType ?? ''));
  }
  return String(exchange.status) === relation.status && exchange.operations.some((operation) => operation.operationId === relation.operationId);
}

export interface RelationFinding {
  readonly requirement: string;
  readonly what: string;
  readonly message: string;
}

const shown = quoted;

/**
 * Judges every exchange against every relation of `requirement`, in the order the exchanges were
 * made. Returns how many exchanges a relation covered and what broke; a value the answer lacks is
 * the schema checks' finding, not this one's.
 */
export function judgeRelations(options: { relations: readonly Relation[]; exchanges: readonly ObservedExchange[] }): { covered: number; findings: RelationFinding[] } {
  const first = new Map<Relation, { value: unknown; what: string }>();
  const findings: RelationFinding[] = [];
  let covered = 0;
  const others = new Map<Relation, Map<string, string>>();
  for (const exchange of options.exchanges) {
    // One relation may be stated on both the event and the endpoint that carries it: judge it once per exchange.
    const seen = new Set<string>();
    for (const relation of options.relations) {
      const key = `${relation.requirement} ${relation.value} ${relation.equals ?? relation.differs ?? relation.mediaType ?? relation.listed ?? relation.apart?.values ?? JSON.stringify(relation.is) ?? ''}`;
      if (relation.in !== undefined || seen.has(key) || !covers(relation, exchange)) continue;
      seen.add(key);
      const actual = evaluate(relation.value, exchange);
      if (relation.mediaType !== undefined) {
        covered += 1;
        const type = typeof actual.value === 'string' ? actual.value.split(';')[0]!.trim().toLowerCase() : undefined;
        if (type !== relation.mediaType) findings.push({ requirement: relation.requirement, what: exchange.what, message: `${exchange.what}: answered ${exchange.status} with Content-Type ${shown(actual.value)}, not ${relation.mediaType}` });
        continue;
      }
      if (!actual.found) continue;
      covered += 1;
      if (relation.listed !== undefined) {
        const issues = codeIssues(listedCodes(exchange), actual.value);
        if (issues.length > 0) findings.push({ requirement: relation.requirement, what: exchange.what, message: `${exchange.what}${exchange.requirement === undefined ? '' : ` (${exchange.requirement}'s call)`}: answered ${exchange.status}, ${issues[0]}` });
        continue;
      }
      if (relation.is !== undefined) {
        if (actual.value !== relation.is) findings.push({ requirement: relation.requirement, what: exchange.what, message: `${exchange.what}: ${relation.value.replace('$response.body#', 'the answer\'s ')} is ${shown(actual.value)}, not ${shown(relation.is)}: the answer gives the state the call left, not the state before it` });
        continue;
      }
      if (relation.apart !== undefined) {
        const taken = others.get(relation) ?? valuesElsewhere(relation.apart, options.exchanges);
        others.set(relation, taken);
        const where = typeof actual.value === 'string' || typeof actual.value === 'number' ? taken.get(String(actual.value)) : undefined;
        const named = relation.rule === undefined ? '' : `[${relation.rule}] `;
        if (where !== undefined) findings.push({ requirement: relation.requirement, what: exchange.what, message: `${named}${exchange.what}: ${relation.value} is ${shown(actual.value)}, which ${where} also gives at ${relation.apart.values}: an id of another kind` });
        continue;
      }
      if (relation.differs !== undefined) {
        const other = evaluate(relation.differs, exchange);
        const named = relation.rule === undefined ? '' : `[${relation.rule}] `;
        if (other.found && JSON.stringify(other.value) === JSON.stringify(actual.value)) findings.push({ requirement: relation.requirement, what: exchange.what, message: `${named}${exchange.what}: ${relation.value} is ${shown(actual.value)}, the same value as ${relation.differs}` });
        continue;
      }
      if (relation.of === 'first-answer') {
        const earlier = first.get(relation);
        if (earlier === undefined) first.set(relation, { value: evaluate(relation.equals!, exchange).value, what: exchange.what });
        else if (JSON.stringify(earlier.value) !== JSON.stringify(actual.value)) {
          findings.push({ requirement: relation.requirement, what: exchange.what, message: `${exchange.what}: ${relation.value.replace('$response.body#', 'the answer\'s ')} is ${shown(actual.value)}, but the first answer (${earlier.what}) gave ${shown(earlier.value)}` });
        }
        continue;
      }
      const expected = evaluate(relation.equals!, exchange);
      if (!expected.found || JSON.stringify(expected.value) !== JSON.stringify(actual.value)) {
        // The rule's name lets a catalogue change scoped to it (a newly related operation) warn until its effective day.
        const named = relation.rule === undefined ? '' : `[${relation.rule}] `;
        findings.push({ requirement: relation.requirement, what: exchange.what, message: `${named}${exchange.what}: ${relation.value} is ${shown(actual.value)}, but ${relation.equals} is ${shown(expected.value)}` });
      }
    }
  }
  return { covered, findings };
}

/** Every element a pointer with `*` steps reaches in a value. */
function reach(value: unknown, parts: readonly string[]): unknown[] {
  if (parts.length === 0) return [value];
  const [step, ...rest] = parts as [string, ...string[]];
  if (step === '*') return Array.isArray(value) ? value.flatMap((item) => reach(item, rest)) : isObject(value) ? Object.values(value).flatMap((item) => reach(item, rest)) : [];
  if (Array.isArray(value) && /^\d+$/.test(step)) return reach(value[Number(step)], rest);
  return isObject(value) && Object.hasOwn(value, step) ? reach(value[step], rest) : [];
}

/** The values `apart.values` takes in the success answers of `apart.operation`, each with the first exchange that gave it. */
function valuesElsewhere(apart: NonNullable<Relation['apart']>, exchanges: readonly ObservedExchange[]): Map<string, string> {
  const parts = apart.values.replace(/^\$response\.body#\//, '').split('/').map((piece) => piece.replace(/~1/g, '/').replace(/~0/g, '~'));
  const taken = new Map<string, string>();
  for (const exchange of exchanges) {
    if (exchange.status === undefined || exchange.status < 200 || exchange.status >= 300) continue;
    if (!exchange.operations.some((operation) => operation.operationId === apart.operation)) continue;
    for (const value of reach(exchange.responseBody, parts)) {
      if ((typeof value === 'string' || typeof value === 'number') && !taken.has(String(value))) taken.set(String(value), `${exchange.what} (${apart.operation})`);
    }
  }
  return taken;
}
