// The read-backs a contract states with `x-stream-read-back` on a read operation: after which call
// of the same location (connect, disconnect) the read answers which values. Certify follows each
// one as a sequence, so a server whose read ignores what the calls before it did is found.
import { CliError } from './errors.js';
import { isObject, listOperations, type ApiName, type OperationInfo } from './openapi.js';

export interface ReadBackStep {
  /** The call that changes the state: `connectLocation`. */
  readonly operation: OperationInfo;
  /** Where the call carries the key: a query parameter of that name, or a top-level body field. */
  readonly carries: 'query' | 'body';
  /** The top-level fields of the read's answer after that call, and their values. */
  readonly expect: Readonly<Record<string, string | number | boolean | null>>;
}

export interface ReadBack {
  readonly api: ApiName;
  readonly requirement: string;
  readonly statement: string;
  /** The read: `getLocationConnection`. */
  readonly read: OperationInfo;
  /** The query parameter of the read that names the thing read, the answer's field that names it back, and the field the calls carry. */
  readonly key: string;
  readonly steps: readonly ReadBackStep[];
}

const KEYS = ['requirement', 'statement', 'key', 'after'];

function hasQuery(operation: OperationInfo, name: string): boolean {
  return operation.parameters.some((parameter) => parameter.in === 'query' && parameter.name === name);
}

function readEntry(api: ApiName, read: OperationInfo, raw: unknown, where: string, operations: ReadonlyMap<string, OperationInfo>): ReadBack {
  const fail = (why: string) => new CliError('spec_invalid', `The ${api} contract's x-stream-read-back at ${where} ${why}. Fix the contract and run npm run specs:bundle.`);
  if (!isObject(raw)) throw fail('holds an entry that is not an object');
  const unknown = Object.keys(raw).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0) throw fail(`has unknown key(s) ${unknown.join(', ')}`);
  const { requirement, statement, key, after } = raw;
  if (typeof requirement !== 'string' || !/^(POS|DSP|EVT)-[A-Z]{3}-\d{2}$/.test(requirement)) throw fail('needs a requirement id such as DSP-SEQ-05');
  if (typeof statement !== 'string' || statement.trim() === '') throw fail(`needs a statement for ${requirement}`);
  if (typeof key !== 'string' || !hasQuery(read, key)) throw fail(`gives ${requirement} a key that is not a query parameter of ${read.operationId}`);
  if (!isObject(after) || Object.keys(after).length === 0) throw fail(`needs an after map (operationId: { field: value }) for ${requirement}`);
  const steps = Object.entries(after).map(([operationId, expect]): ReadBackStep => {
    const operation = operations.get(operationId);
    if (operation === undefined) throw fail(`names ${operationId}, which is not an operation of the contract`);
    const scalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
    if (!isObject(expect) || Object.keys(expect).length === 0 || !Object.values(expect).every(scalar)) throw fail(`gives ${operationId} an answer that is not a map of fields to plain values`);
    return { operation, carries: hasQuery(operation, key) ? 'query' : 'body', expect: expect as ReadBackStep['expect'] };
  });
  return { api, requirement, statement, read, key, steps };
}

const cache = new Map<ApiName, readonly ReadBack[]>();

/** Every read-back one contract states, in contract order. */
export function listReadBacks(api: ApiName): readonly ReadBack[] {
  let list = cache.get(api);
  if (list === undefined) {
    const all = listOperations(api);
    const byId = new Map(all.map((operation) => [operation.operationId, operation]));
    list = all.flatMap((read) => {
      const entries = read.raw['x-stream-read-back'];
      if (entries === undefined) return [];
      if (!Array.isArray(entries)) throw new CliError('spec_invalid', `The ${api} contract's x-stream-read-back on ${read.operationId} is not a list.`);
      return entries.map((entry, index) => readEntry(api, read, entry, `${read.operationId}[${index}]`, byId));
    });
    cache.set(api, list);
  }
  return list;
}
