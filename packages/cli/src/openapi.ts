// The four bundled contracts, read once, and an index of every operation and event in them.
// The CLI takes its routes, examples and rules from here, never from a second copy.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError } from './errors.js';

export type ApiName = 'partner' | 'dsp' | 'pos' | 'events';
export const API_NAMES: readonly ApiName[] = ['partner', 'dsp', 'pos', 'events'];

export type Party = 'stream' | 'partner' | 'pos' | 'dsp' | 'event-provider';
export type JsonObject = { [key: string]: unknown };

export interface OperationInfo {
  readonly api: ApiName;
  readonly operationId: string;
  readonly method: string;
  /** The path as the contract writes it: `/pos/{partner_slug}/webhook`. */
  readonly path: string;
  readonly host: Party;
  readonly caller: Party;
  /** True when the call carries `Stream-Signature` (a required header parameter of that name). */
  readonly signed: boolean;
  /** True when the call needs `Authorization: Bearer`; false for the OAuth and signed-only calls. */
  readonly bearer: boolean;
  /** The security requirement's scopes, where the contract names any. */
  readonly parameters: readonly JsonObject[];
  /** The request body's schema name (`OrderEvent`) when it is a `$ref` to a component. */
  readonly requestSchema: string | undefined;
  readonly requestContentType: string | undefined;
  /** Named request examples: example name to value. */
  readonly requestExamples: ReadonlyMap<string, unknown>;
  /** Status code to response: its schema name and named examples. */
  readonly responses: ReadonlyMap<string, ResponseInfo>;
  readonly raw: JsonObject;
}

export interface ResponseInfo {
  readonly status: string;
  readonly schema: string | undefined;
  readonly contentType: string | undefined;
  readonly examples: ReadonlyMap<string, unknown>;
  /** The `code` values an error answer may carry (`x-stream-error-codes`), spelled exactly; undefined where the contract lists none. */
  readonly errorCodes: readonly string[] | undefined;
  /** Which listed code answers which refusal (`x-stream-error-cases`), each with the requirements that check it. */
  readonly errorCases: readonly ErrorCase[];
}

export interface ErrorCase {
  readonly rule: string;
  readonly code: string;
  readonly when: string;
  readonly requirements: readonly string[];
}

/** The cases a response names with `x-stream-error-cases`: each code of `x-stream-error-codes`, and when it is the answer. */
function errorCases(api: ApiName, response: unknown, codes: readonly string[] | undefined): readonly ErrorCase[] {
  const list = (deref(api, response) as JsonObject | undefined)?.['x-stream-error-cases'];
  if (list === undefined) return [];
  const good = (entry: unknown): entry is ErrorCase => {
    const item = entry as Partial<ErrorCase> | null;
    return (
      typeof item?.rule === 'string' && /^[a-z]+(-[a-z]+)*$/.test(item.rule) && typeof item.code === 'string' && (codes ?? []).includes(item.code) && typeof item.when === 'string' &&
      Array.isArray(item.requirements) && item.requirements.every((id) => typeof id === 'string' && /^[A-Z]+-[A-Z]+-\d{2}$/.test(id))
    );
  };
  if (!Array.isArray(list) || !list.every(good)) {
    throw new CliError('spec_invalid', `The ${api} contract has an x-stream-error-cases entry without a kebab-case rule, a code its x-stream-error-codes lists, a when and requirement ids. Fix the contract and run npm run specs:bundle.`);
  }
  return list;
}

/** The error codes a response lists with `x-stream-error-codes`, or undefined when it lists none. */
function errorCodes(api: ApiName, response: unknown): readonly string[] | undefined {
  const list = (deref(api, response) as JsonObject | undefined)?.['x-stream-error-codes'];
  if (list === undefined) return undefined;
  if (!Array.isArray(list) || list.length === 0 || !list.every((code) => typeof code === 'string' && /^[a-z]+(_[a-z]+)*$/.test(code))) {
    throw new CliError('spec_invalid', `The ${api} contract has an x-stream-error-codes that is not a list of snake_case codes. Fix the contract and run npm run specs:bundle.`);
  }
  return list as string[];
}

/** One `webhooks` entry: an event type, the operation describing it, and the endpoint that carries it. */
export interface EventInfo {
  readonly api: ApiName;
  /** The key under `webhooks`: `location.paused`, `order.status.updated`. */
  readonly name: string;
  readonly operation: OperationInfo;
  /** The path operation that delivers this event (its URL, signature and bearer rules). */
  readonly carrier: OperationInfo | undefined;
}

const here = dirname(fileURLToPath(import.meta.url));

/** Where the bundled contracts are: `openapi/` in the installed package, `specs/dist` in the repository. */
function specFile(api: ApiName): string {
  const candidates = [join(here, '..', 'openapi', `${api}.json`), join(here, '..', '..', '..', 'specs', 'dist', `${api}.json`)];
  const found = candidates.find((file) => existsSync(file));
  if (found === undefined) {
    throw new CliError('spec_missing', `The bundled ${api} contract is missing (looked in ${candidates.join(' and ')}). In the repository, run npm run specs:bundle; otherwise reinstall stream-partner.`);
  }
  return found;
}

const documents = new Map<ApiName, JsonObject>();

export function loadContract(api: ApiName): JsonObject {
  let doc = documents.get(api);
  if (doc === undefined) {
    doc = JSON.parse(readFileSync(specFile(api), 'utf8')) as JsonObject;
    documents.set(api, doc);
  }
  return doc;
}

/** Follows a local `$ref` (`#/components/examples/Name`) to its target; other values pass through. */
export function deref(api: ApiName, node: unknown): unknown {
  return resolveRef(loadContract(api), node);
}

/** Follows local `$ref`s inside `doc` (at most 20 hops); other values pass through. */
export function resolveRef(doc: unknown, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < 20 && isObject(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return current;
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), doc);
  }
  return current;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function schemaName(schema: unknown): string | undefined {
  if (isObject(schema) && typeof schema.$ref === 'string') {
    const match = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref);
    return match?.[1];
  }
  return undefined;
}

function namedExamples(api: ApiName, media: JsonObject | undefined): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const examples = media?.examples;
  if (isObject(examples)) {
    for (const [name, example] of Object.entries(examples)) {
      const resolved = deref(api, example);
      if (isObject(resolved) && 'value' in resolved) out.set(name, resolved.value);
    }
  }
  return out;
}

function firstMedia(api: ApiName, holder: unknown): [string, JsonObject] | undefined {
  const resolved = deref(api, holder);
  if (!isObject(resolved) || !isObject(resolved.content)) return undefined;
  const entry = Object.entries(resolved.content)[0];
  return entry === undefined ? undefined : [entry[0], entry[1] as JsonObject];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function describeOperation(api: ApiName, path: string, method: string, op: JsonObject, pathItem: JsonObject): OperationInfo {
  const doc = loadContract(api);
  const parameters = [...((pathItem.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].map((p) => deref(api, p) as JsonObject);
  const security = (op.security ?? doc.security ?? []) as JsonObject[];
  const signed = parameters.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'stream-signature');
  const bearer = security.some((requirement) => isObject(requirement) && 'bearerAuth' in requirement);
  const request = firstMedia(api, op.requestBody);
  const responses = new Map<string, ResponseInfo>();
  for (const [status, response] of Object.entries((op.responses as JsonObject) ?? {})) {
    const media = firstMedia(api, response);
    const codes = errorCodes(api, response);
    responses.set(status, {
      status,
      schema: schemaName(media?.[1].schema),
      contentType: media?.[0],
      examples: namedExamples(api, media?.[1]),
      errorCodes: codes,
      errorCases: errorCases(api, response, codes),
    });
  }
  return {
    api,
    operationId: String(op.operationId),
    method: method.toUpperCase(),
    path,
    host: op['x-host'] as Party,
    caller: op['x-caller'] as Party,
    signed,
    bearer,
    parameters,
    requestSchema: schemaName(request?.[1].schema),
    requestContentType: request?.[0],
    requestExamples: namedExamples(api, request?.[1]),
    responses,
    raw: op,
  };
}

const operationCache = new Map<ApiName, OperationInfo[]>();

/** Every HTTP operation under `paths` of one contract. */
export function listOperations(api: ApiName): readonly OperationInfo[] {
  let list = operationCache.get(api);
  if (list === undefined) {
    list = [];
    for (const [path, item] of Object.entries((loadContract(api).paths as JsonObject) ?? {})) {
      if (!isObject(item)) continue;
      for (const method of METHODS) {
        const op = item[method];
        if (isObject(op)) list.push(describeOperation(api, path, method, op, item));
      }
    }
    operationCache.set(api, list);
  }
  return list;
}

/** Every HTTP operation Stream hosts (`x-host: stream`), across the four contracts. */
export function streamHostedOperations(): OperationInfo[] {
  return API_NAMES.flatMap((api) => listOperations(api).filter((op) => op.host === 'stream'));
}

export function findOperation(api: ApiName, operationId: string): OperationInfo {
  const op = listOperations(api).find((candidate) => candidate.operationId === operationId);
  if (op === undefined) throw new CliError('spec_missing', `The ${api} contract has no operation ${operationId}.`);
  return op;
}

/**
 * Every event under `webhooks`, with the path operation that carries it: the one whose request
 * schema (or a member of its `oneOf`) is the event's schema.
 */
export function listEvents(api: ApiName): EventInfo[] {
  const doc = loadContract(api);
  const out: EventInfo[] = [];
  for (const [name, item] of Object.entries((doc.webhooks as JsonObject) ?? {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const operation = describeOperation(api, name, method, op, item);
      const carrier = listOperations(api).find(
        (candidate) =>
          candidate.host === operation.host &&
          candidate.requestSchema !== undefined &&
          operation.requestSchema !== undefined &&
          schemaCovers(api, candidate.requestSchema, operation.requestSchema),
      );
      out.push({ api, name, operation, carrier });
    }
  }
  return out;
}

/** True when schema `outer` is `inner` or lists it (directly or through nested unions). */
export function schemaCovers(api: ApiName, outer: string, inner: string, seen = new Set<string>()): boolean {
  if (outer === inner) return true;
  if (seen.has(outer)) return false;
  seen.add(outer);
  const schema = (loadContract(api).components as JsonObject).schemas as JsonObject;
  const node = schema[outer];
  if (!isObject(node)) return false;
  const members = [...((node.oneOf as unknown[]) ?? []), ...((node.anyOf as unknown[]) ?? [])];
  return members.some((member) => {
    const name = schemaName(member);
    return name !== undefined && schemaCovers(api, name, inner, seen);
  });
}

/** A named example's value from `components/examples`. */
export function exampleValue(api: ApiName, name: string): unknown {
  const examples = (loadContract(api).components as JsonObject).examples as JsonObject | undefined;
  const example = examples?.[name];
  if (!isObject(example)) throw new CliError('unknown_example', `The ${api} contract has no example named ${name}.`);
  return structuredClone(example.value);
}

/** Fills `{name}` path parameters: `fillPath('/pos/{partner_slug}/webhook', { partner_slug: 'acme' })`. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, key: string) => encodeURIComponent(values[key] ?? `{${key}}`));
}
