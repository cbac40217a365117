import Ajv2020Module, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { StreamContractsError, type ValidationIssue } from './errors.js';
import { dspDocument } from './generated/dsp.schemas.js';
import { eventsDocument } from './generated/events.schemas.js';
import { partnerDocument } from './generated/partner.schemas.js';
import { posDocument } from './generated/pos.schemas.js';
import { describeCondition, explain, subjectOf, toPath, type ExplainContext } from './messages.js';
import type { SchemaDocument } from './schema-document.js';
import type { ApiName, ContractSchemas, Schema, SchemaName } from './types.js';

// Ajv and ajv-formats are CommonJS; under NodeNext their default import is the module object.
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as typeof Ajv2020Module.default;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as typeof addFormatsModule.default;
type Ajv = InstanceType<typeof Ajv2020>;

export const API_NAMES: readonly ApiName[] = ['partner', 'dsp', 'pos', 'events'];

const DOCUMENTS: Record<ApiName, SchemaDocument> = {
  partner: partnerDocument,
  dsp: dspDocument,
  pos: posDocument,
  events: eventsDocument,
};

/** OpenAPI keywords that annotate a schema and must not be mistaken for validation rules. */
const OPENAPI_KEYWORDS = ['discriminator', 'example', 'xml', 'externalDocs', 'x-enum-descriptions', 'x-enum-varnames'];

export type ValidationResult<T> =
  | {
      readonly valid: true;
      /** The value, now typed. */
      readonly value: T;
      /** Fields the value uses that the contract marks `deprecated`. */
      readonly warnings: readonly ValidationIssue[];
    }
  | {
      readonly valid: false;
      /**
       * Every problem found, in plain words, each naming its field path: at most 100, then one
       * `not_listed` issue saying how many more; for a value holding more than 1,000 values, the
       * first problem and a `not_listed` issue.
       */
      readonly errors: readonly ValidationIssue[];
      readonly warnings: readonly ValidationIssue[];
    };

interface Compiled {
  readonly id: string;
  /** Stops at the first error: the check every call makes. */
  readonly fast: Ajv;
  /**
   * Collects every error with its schema: run again only on invalid values, to explain them. Built
   * on the first invalid value, as most processes (a send script, a kit) never meet one and the
   * second Ajv and the condition map cost as much again as the fast check.
   */
  thorough(): Ajv;
  /** How explanations resolve a `$ref` and name a condition; built with the first explanation. */
  context(): ExplainContext;
  /** Stops at the first error, with its schema: explains a value too large for `thorough`. Built on the first such value. */
  firstExplainer(): Ajv;
  readonly validators: Map<string, ValidatorEntry>;
}

interface ValidatorEntry {
  fast: ValidateFunction;
  thorough?: ValidateFunction;
  first?: ValidateFunction;
}

const compiled = new Map<ApiName, Compiled>();

// Deprecated fields the running validation has met; set only for the duration of one call.
let deprecationSink: { path: string; schema: unknown }[] | null = null;

/** Describes which if-condition each then/else subschema depends on, for the error wording. */
function collectConditions(root: { components: SchemaDocument['components'] }): WeakMap<object, string> {
  const conditions = new WeakMap<object, string>();
  const mark = (node: unknown, text: string) => {
    // Everything inline under a then/else (not across $refs) applies only under that condition.
    const stack = [node];
    while (stack.length > 0) {
      const current = stack.pop();
      if (typeof current !== 'object' || current === null || conditions.has(current)) continue;
      conditions.set(current, text);
      stack.push(...Object.values(current));
    }
  };
  const seen = new Set<unknown>();
  // `subject` names the object an `if` tests (`the item family`) while the walk is still on a
  // component schema's own level (through allOf/anyOf/oneOf and then/else); deeper, it is unknown.
  const visit = (node: unknown, subject: string | undefined) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    const s = node as Record<string, unknown>;
    const condition = 'if' in s ? describeCondition(s.if, subject) : null;
    if (condition) {
      if (s.then !== undefined) mark(s.then, `when ${condition}`);
      if (s.else !== undefined) mark(s.else, `unless ${condition}`);
    }
    for (const [key, child] of Object.entries(s)) {
      if (Array.isArray(child) && (key === 'allOf' || key === 'anyOf' || key === 'oneOf')) child.forEach((member) => visit(member, subject));
      else visit(child, key === 'then' || key === 'else' ? subject : undefined);
    }
  };
  for (const [name, schema] of Object.entries(root.components.schemas)) visit(schema, subjectOf(name));
  return conditions;
}

/**
 * A copy of the components in which each `false` subschema (`specific_years: false` under an
 * else) becomes the equivalent `{ not: {} }`, an object, so its error can be traced to the
 * condition it sits under. Keyword values such as `additionalProperties: false` are untouched.
 */
function withFalseSchemasAsObjects(components: SchemaDocument['components']): SchemaDocument['components'] {
  const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
  const SCHEMA_SLOTS = new Set(['then', 'else', 'if', 'not', 'items', 'contains', 'propertyNames', 'unevaluatedItems']);
  const copy = (node: unknown, parentKey: string | null, grandKey: string | null): unknown => {
    if (node === false && ((grandKey !== null && SCHEMA_MAPS.has(grandKey)) || (parentKey !== null && SCHEMA_SLOTS.has(parentKey)))) {
      return { not: {} };
    }
    if (Array.isArray(node)) return node.map((child) => copy(child, null, parentKey));
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, copy(child, key, parentKey)]));
  };
  return copy(components, null, null) as SchemaDocument['components'];
}

/** `fast` stops at the first error; `every` collects every error with its schema; `first` stops at the first, with its schema. */
function createAjv(root: object, mode: 'fast' | 'every' | 'first'): Ajv {
  const explaining = mode !== 'fast';
  // No meta-schema check here: on this root it never reached the component schemas (`components` is not a
  // keyword), yet compiling the meta-schema cost more than the schema a process needs. This package's
  // tests check every component schema against the meta-schema instead.
  const ajv = new Ajv2020({ allErrors: mode === 'every', verbose: explaining, strict: false, validateSchema: false, keywords: OPENAPI_KEYWORDS });
  addFormats(ajv);
  // OpenAPI 3.1's int32/int64 formats are range checks on integers.
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addFormat('float', { type: 'number', validate: () => true });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  // `deprecated` never fails a value; it records a warning when the value uses the field.
  ajv.removeKeyword('deprecated');
  ajv.addKeyword({
    keyword: 'deprecated',
    schemaType: 'boolean',
    errors: false,
    validate: (isDeprecated: boolean, _data: unknown, parentSchema?: unknown, dataCxt?: { instancePath: string }) => {
      if (isDeprecated && deprecationSink && dataCxt) deprecationSink.push({ path: dataCxt.instancePath, schema: parentSchema });
      return true;
    },
  });
  ajv.addSchema(root);
  return ajv;
}

/** How the explanations resolve a $ref and name the condition a then/else subschema sits under. */
function explainContext(id: string, root: { components: SchemaDocument['components'] }): ExplainContext {
  const conditions = collectConditions(root);
  return {
    resolveRef(ref) {
      const pointer = ref.startsWith(id) ? ref.slice(id.length) : ref;
      if (!pointer.startsWith('#/')) return undefined;
      return pointer
        .slice(2)
        .split('/')
        .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), root);
    },
    conditionOf: (schema) => (typeof schema === 'object' && schema !== null ? conditions.get(schema) : undefined),
  };
}

function compilerFor(api: ApiName): Compiled {
  const existing = compiled.get(api);
  if (existing) return existing;
  const document = DOCUMENTS[api];
  const id = `https://contracts.stream.example/${api}.json`;
  const root = { $id: id, components: withFalseSchemasAsObjects(document.components) };

  const fast = createAjv(root, 'fast');
  let thorough: Ajv | undefined;
  let context: ExplainContext | undefined;
  let firstExplainer: Ajv | undefined;
  const result: Compiled = {
    id,
    fast,
    thorough: () => (thorough ??= createAjv(root, 'every')),
    context: () => (context ??= explainContext(id, root)),
    firstExplainer: () => (firstExplainer ??= createAjv(root, 'first')),
    validators: new Map(),
  };
  compiled.set(api, result);
  return result;
}

function assertKnownApi(api: unknown): asserts api is ApiName {
  if (typeof api !== 'string' || !Object.prototype.hasOwnProperty.call(DOCUMENTS, api)) {
    throw new StreamContractsError('unknown_schema', `There is no contract named ${JSON.stringify(api)}; expected one of ${API_NAMES.join(', ')}.`);
  }
}

/** The names of the schemas of one contract, in spec order. */
export function listSchemas<A extends ApiName>(api: A): SchemaName<A>[] {
  assertKnownApi(api);
  return Object.keys(DOCUMENTS[api].components.schemas) as SchemaName<A>[];
}

function schemaEntry(api: ApiName, schemaName: string): { compiler: Compiled; entry: ValidatorEntry } {
  assertKnownApi(api);
  const compiler = compilerFor(api);
  let entry = compiler.validators.get(schemaName);
  if (!entry) {
    if (typeof schemaName !== 'string' || !Object.prototype.hasOwnProperty.call(DOCUMENTS[api].components.schemas, schemaName)) {
      const names = Object.keys(DOCUMENTS[api].components.schemas);
      const lower = String(schemaName).toLowerCase();
      const close = names.filter((n) => n.toLowerCase().includes(lower) || lower.includes(n.toLowerCase()));
      const hint = close.length > 0 ? ` Did you mean ${close.slice(0, 5).join(', ')}?` : ` Known schemas: ${names.join(', ')}.`;
      throw new StreamContractsError('unknown_schema', `The ${api} contract has no schema named ${JSON.stringify(schemaName)}.${hint}`);
    }
    const fast = compiler.fast.getSchema(`${compiler.id}${pointerTo(schemaName)}`);
    if (!fast) throw new StreamContractsError('unknown_schema', `Could not compile ${api} ${schemaName}.`);
    entry = { fast };
    compiler.validators.set(schemaName, entry);
  }
  return { compiler, entry };
}

const pointerTo = (schemaName: string) => `#/components/schemas/${schemaName.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/**
 * The most values (objects, arrays, strings, numbers...) a refused value may hold for every problem
 * in it to be listed. Collecting every error costs more than linear time in the errors (Ajv's own
 * pass took 6 s for a 480 KB body with 90,000 of them, minutes for a few MB), so a larger value is
 * explained by its first problem: a sender of any size gets an answer in milliseconds.
 */
const LISTED_VALUES = 1000;
/** The most problems listed; a closing issue says how many more there are. */
const LISTED_ISSUES = 100;

/** Whether `value` holds more than `limit` values, counted without walking past the limit. */
function holdsMoreThan(value: unknown, limit: number): boolean {
  const stack: unknown[] = [value];
  let count = 0;
  while (stack.length > 0) {
    const current = stack.pop();
    count += 1;
    if (count > limit) return true;
    if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (typeof current === 'object' && current !== null) {
      for (const key in current) if (Object.hasOwn(current, key)) stack.push((current as Record<string, unknown>)[key]);
    }
    // Pushed items count only when popped: a list of millions must not be copied whole first.
    if (stack.length > limit) return true;
  }
  return false;
}

/** The problems of a value the fast check refused, in plain words: every one (up to `LISTED_ISSUES`), or the first of a value past `LISTED_VALUES`. */
function explainFailure(api: ApiName, schemaName: string, value: unknown): ValidationIssue[] {
  const { compiler, entry } = schemaEntry(api, schemaName);
  const large = holdsMoreThan(value, LISTED_VALUES);
  let issues: ValidationIssue[];
  if (large) {
    entry.first ??= compiler.firstExplainer().getSchema(`${compiler.id}${pointerTo(schemaName)}`);
    const first = entry.first!;
    first(value);
    issues = explain((first.errors ?? []) as ErrorObject[], compiler.context());
  } else {
    entry.thorough ??= compiler.thorough().getSchema(`${compiler.id}${pointerTo(schemaName)}`);
    const thorough = entry.thorough!;
    thorough(value);
    issues = explain((thorough.errors ?? []) as ErrorObject[], compiler.context());
  }
  const listed = issues.slice(0, LISTED_ISSUES);
  if (large) listed.push({ path: '', rule: 'not_listed', message: `The value holds more than ${LISTED_VALUES} values, so only its first problem is listed: fix it and validate again to see the next` });
  else if (issues.length > LISTED_ISSUES) listed.push({ path: '', rule: 'not_listed', message: `The value has ${issues.length - LISTED_ISSUES} more problems than the ${LISTED_ISSUES} listed: fix these and validate again to see the rest` });
  return listed;
}

function deprecationWarnings(found: { path: string; schema: unknown }[]): ValidationIssue[] {
  const seen = new Set<string>();
  return found
    .filter(({ path }) => !seen.has(path) && seen.add(path) !== undefined)
    .map(({ path, schema }) => {
      const description = typeof schema === 'object' && schema !== null ? (schema as { description?: unknown }).description : undefined;
      const advice =
        typeof description === 'string' ? description.split(/(?<=\.)\s+/).find((s) => /deprecat|instead/i.test(s)) : undefined;
      const where = toPath(path);
      const rest = advice?.trim().replace(/^deprecated[.;:,]?\s*/i, '');
      return {
        path: where,
        rule: 'deprecated',
        message: `${where === '' ? 'The value' : where} is deprecated${rest ? `: ${rest}` : ''}`,
      };
    });
}

/**
 * Validates `value` against the named schema of a contract: `validate('dsp', 'NewOrder', body)`.
 * Returns `{ valid: true, value }` (typed) or `{ valid: false, errors }` with one plain-words issue
 * per problem. Validators are compiled on first use and reused.
 */
export function validate<A extends ApiName, S extends SchemaName<A>>(api: A, schemaName: S, value: unknown): ValidationResult<Schema<A, S>> {
  const { entry } = schemaEntry(api, schemaName);
  const sink: { path: string; schema: unknown }[] = [];
  deprecationSink = sink;
  let ok: boolean;
  try {
    ok = entry.fast(value) as boolean;
  } finally {
    deprecationSink = null;
  }
  const warnings = sink.length > 0 ? deprecationWarnings(sink) : [];
  if (ok) return { valid: true, value: value as Schema<A, S>, warnings };
  return { valid: false, errors: explainFailure(api, schemaName, value), warnings };
}

/** `true` when `value` satisfies the named schema, narrowing its type. */
export function isValid<A extends ApiName, S extends SchemaName<A>>(api: A, schemaName: S, value: unknown): value is Schema<A, S> {
  return schemaEntry(api, schemaName).entry.fast(value) as boolean;
}

/**
 * Returns `value`, typed, when it satisfies the named schema; otherwise throws a
 * `StreamContractsError` with code `invalid_payload`, whose message lists every problem and
 * whose `issues` hold them one by one.
 */
export function assertValid<A extends ApiName, S extends SchemaName<A>>(api: A, schemaName: S, value: unknown): Schema<A, S> {
  const result = validate(api, schemaName, value);
  if (result.valid) return result.value;
  const list = result.errors.map((issue) => `  - ${issue.message}`).join('\n');
  throw new StreamContractsError('invalid_payload', `The value is not a valid ${api} ${schemaName}:\n${list}`, { issues: result.errors });
}

/** A typed validator for one schema: call it as a type guard, or use `validate` / `assert`. */
export interface SchemaValidator<T> {
  (value: unknown): value is T;
  readonly api: ApiName;
  readonly schemaName: string;
  validate(value: unknown): ValidationResult<T>;
  assert(value: unknown): T;
}

export type Validators = {
  readonly [A in ApiName]: { readonly [S in SchemaName<A>]: SchemaValidator<ContractSchemas[A][S]> };
};

function makeValidator(api: ApiName, schemaName: string): SchemaValidator<unknown> {
  const guard = (value: unknown): boolean => isValid(api, schemaName as never, value);
  return Object.assign(guard as (value: unknown) => value is unknown, {
    api,
    schemaName,
    validate: (value: unknown) => validate(api, schemaName as never, value) as ValidationResult<unknown>,
    assert: (value: unknown) => assertValid(api, schemaName as never, value) as unknown,
  });
}

/**
 * One typed validator per schema of every contract, built from the schema names so it is
 * always complete: `validators.dsp.NewOrder(body)` narrows `body` to `Dsp.NewOrder`.
 */
export const validators: Validators = Object.fromEntries(
  API_NAMES.map((api) => [
    api,
    Object.freeze(Object.fromEntries(Object.keys(DOCUMENTS[api].components.schemas).map((name) => [name, makeValidator(api, name)]))),
  ]),
) as unknown as Validators;

/** The title and version of a contract, as its spec states them. */
export function contractInfo(api: ApiName): { readonly title: string; readonly version: string } {
  assertKnownApi(api);
  return DOCUMENTS[api].info;
}
