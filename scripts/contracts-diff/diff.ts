// Compares two bundled OpenAPI 3.1 contracts and classifies each change from the partner's side.
// Every operation says who hosts it (`x-host`): when Stream hosts it the partner sends the request
// and reads the answer; when the partner hosts it Stream sends the request and the partner answers.
// A change is breaking when something the partner already built stops working: Stream refuses
// what the partner sends, or the partner can no longer rely on what Stream sends.
// The rules, one by one, are in the README (Contract releases and the change gate).
import { resolveRef } from '../../packages/cli/src/openapi.js';

export type Side = 'partner' | 'stream';

export type ChangeKind =
  | 'operation-added'
  | 'operation-removed'
  | 'webhook-added'
  | 'webhook-removed'
  | 'field-added'
  | 'field-removed'
  | 'field-required'
  | 'field-optional'
  | 'parameter-added'
  | 'parameter-removed'
  | 'parameter-required'
  | 'parameter-optional'
  | 'enum-value-added'
  | 'enum-value-removed'
  | 'variant-added'
  | 'variant-removed'
  | 'type-changed'
  | 'format-changed'
  | 'constraint-changed'
  | 'media-type-added'
  | 'media-type-removed'
  | 'response-added'
  | 'response-removed'
  | 'security-changed'
  | 'deprecated'
  | 'description-changed';

export interface Target {
  /** What the API reference anchors: `#operation/<name>`, `#webhook/<name>`, `#schema/<name>`. */
  type: 'operation' | 'webhook' | 'schema';
  name: string;
}

export interface Change {
  kind: ChangeKind;
  breaking: boolean;
  target: Target;
  /** Stable key a deprecation entry names: `schema:PosValidation.unknownValidation`, `operation:exchangeToken#response:400`. */
  key: string;
  /** One line of Markdown (code spans, no links). */
  message: string;
  /** Why it is, or is not, breaking for the partner. */
  reason: string;
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const code = (text: string | number) => `\`${text}\``;


function componentName(node: unknown, kind = 'schemas'): string | undefined {
  if (!isObj(node) || typeof node.$ref !== 'string') return undefined;
  const prefix = `#/components/${kind}/`;
  return node.$ref.startsWith(prefix) ? node.$ref.slice(prefix.length) : undefined;
}

interface Operation {
  kind: 'operation' | 'webhook';
  /** `POST /stream-dsp/v1/token`, or the webhook key. */
  label: string;
  id: string;
  op: Obj;
  pathItem: Obj;
  /** Who sends the request; the other side answers. */
  requestSide: Side | 'both';
}

function operations(doc: Obj): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [group, kind] of [
    ['paths', 'operation'],
    ['webhooks', 'webhook'],
  ] as const) {
    for (const [name, rawItem] of Object.entries(isObj(doc[group]) ? (doc[group] as Obj) : {})) {
      const item = resolveRef(doc, rawItem);
      if (!isObj(item)) continue;
      for (const method of METHODS) {
        const op = item[method];
        if (!isObj(op)) continue;
        const host = op['x-host'];
        // Without x-host the direction is unknown, so both sides' rules apply.
        const requestSide: Side | 'both' = host === undefined ? 'both' : host === 'stream' ? 'partner' : 'stream';
        const label = kind === 'webhook' ? name : `${method.toUpperCase()} ${name}`;
        const id = kind === 'webhook' ? name : typeof op.operationId === 'string' ? op.operationId : label;
        out.set(`${kind} ${method} ${name}`, { kind, label, id, op, pathItem: item, requestSide });
      }
    }
  }
  return out;
}

const other = (side: Side): Side => (side === 'partner' ? 'stream' : 'partner');
const sidesOf = (side: Side | 'both'): Set<Side> => new Set(side === 'both' ? ['partner', 'stream'] : [side]);
const responseSides = (side: Side | 'both'): Set<Side> => new Set(side === 'both' ? ['partner', 'stream'] : [other(side)]);

/** Which side sends the data each component schema describes, from every place it is used, in both documents. */
function schemaSenders(docs: Obj[]): Map<string, Set<Side>> {
  const senders = new Map<string, Set<Side>>();
  for (const doc of docs) {
    const schemas = isObj(doc.components) && isObj(doc.components.schemas) ? doc.components.schemas : {};
    const mark = (node: unknown, sides: Set<Side>, seen: Set<unknown>) => {
      if (Array.isArray(node)) return node.forEach((child) => mark(child, sides, seen));
      if (!isObj(node) || seen.has(node)) return;
      seen.add(node);
      const name = componentName(node);
      if (name !== undefined) {
        const set = senders.get(name) ?? new Set<Side>();
        const before = set.size;
        sides.forEach((side) => set.add(side));
        senders.set(name, set);
        if (set.size !== before || before === 0) mark(schemas[name], sides, new Set());
        return;
      }
      for (const [key, child] of Object.entries(node)) if (key !== 'examples' && key !== 'example') mark(child, sides, seen);
    };
    for (const operation of operations(doc).values()) {
      const request = sidesOf(operation.requestSide);
      const params = [...asArray(operation.pathItem.parameters), ...asArray(operation.op.parameters)];
      params.forEach((param) => mark(resolveRef(doc, param), request, new Set()));
      mark(resolveRef(doc, operation.op.requestBody), request, new Set());
      for (const response of Object.values(isObj(operation.op.responses) ? operation.op.responses : {})) {
        mark(resolveRef(doc, response), responseSides(operation.requestSide), new Set());
      }
    }
  }
  return senders;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

interface Context {
  before: Obj;
  after: Obj;
  out: Change[];
  target: Target;
  /** The key prefix: `schema:Name` or `operation:id#request`. */
  keyBase: string;
  /** How the message names the place: `NewOrder` or `sendOrderEvent request body`. */
  label: string;
  sides: Set<Side>;
  reworded: { value: boolean };
  depth: number;
}

/** Breaking for the partner when the rule says so for any side that sends this data. */
function rule(ctx: Context, whenPartnerSends: [boolean, string], whenStreamSends: [boolean, string]): { breaking: boolean; reason: string } {
  const applicable = [...ctx.sides].map((side) => (side === 'partner' ? whenPartnerSends : whenStreamSends));
  const breaking = applicable.find(([isBreaking]) => isBreaking) ?? applicable[0] ?? whenStreamSends;
  return { breaking: breaking[0], reason: breaking[1] };
}

function push(ctx: Context, kind: ChangeKind, path: string, message: string, verdict: { breaking: boolean; reason: string }) {
  ctx.out.push({ kind, breaking: verdict.breaking, target: ctx.target, key: `${ctx.keyBase}${path}`, message, reason: verdict.reason });
}

const where = (ctx: Context, path: string) => code(`${ctx.label}${path}`);

function types(schema: Obj): Set<string> | undefined {
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type.map(String));
  return undefined;
}

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
const EXACT = ['pattern', 'const', 'multipleOf', 'uniqueItems', 'additionalProperties'];

/** A lower bound as it takes effect: `minProperties` is at least the number of required properties. */
function bound(schema: Obj, key: string): number | undefined {
  const value = typeof schema[key] === 'number' ? (schema[key] as number) : undefined;
  if (key === 'minProperties' && Array.isArray(schema.required) && schema.required.length > 0) {
    return Math.max(value ?? 0, schema.required.length);
  }
  return value;
}

const closed = (schema: Obj) => schema.additionalProperties === false || schema.unevaluatedProperties === false;

function diffSchema(ctx: Context, rawA: unknown, rawB: unknown, path: string): void {
  if (ctx.depth > 40) return;
  const refA = componentName(rawA);
  const refB = componentName(rawB);
  // A component is compared once, on its own, with the senders of every place that uses it.
  if (refA !== undefined && refA === refB) return;
  const a = resolveRef(ctx.before, rawA);
  const b = resolveRef(ctx.after, rawB);
  if (!isObj(a) || !isObj(b)) return;
  const inner: Context = { ...ctx, depth: ctx.depth + 1 };

  if (a.description !== b.description || a.title !== b.title) ctx.reworded.value = true;
  if (a.deprecated !== true && b.deprecated === true) {
    push(ctx, 'deprecated', path, `${where(ctx, path)} is deprecated`, {
      breaking: false,
      reason: 'It keeps working for the deprecation period; move off it before it is removed.',
    });
  }

  const ta = types(a);
  const tb = types(b);
  if (ta && tb && [...ta].sort().join() !== [...tb].sort().join()) {
    const withoutNull = (set: Set<string>) => [...set].filter((t) => t !== 'null').sort().join();
    if (withoutNull(ta) === withoutNull(tb)) {
      const nowNullable = tb.has('null');
      push(
        ctx,
        'type-changed',
        path,
        `${where(ctx, path)} ${nowNullable ? 'may now be `null`' : 'is no longer `null`'}`,
        nowNullable
          ? rule(ctx, [false, 'Stream accepts `null` as well.'], [true, 'Your code may receive `null` where it never did.'])
          : rule(ctx, [true, 'Stream no longer accepts `null`.'], [false, 'You simply stop receiving `null`.']),
      );
    } else {
      push(ctx, 'type-changed', path, `${where(ctx, path)} type ${code([...ta].join(' | '))} → ${code([...tb].join(' | '))}`, {
        breaking: true,
        reason: 'A value of the old type no longer fits, whichever side sends it.',
      });
      return;
    }
  }

  if (a.format !== b.format) {
    const added = a.format === undefined;
    const removed = b.format === undefined;
    const verdict = added
      ? rule(ctx, [true, 'Stream refuses a value that does not match the new format.'], [false, 'Stream sends values in a narrower form.'])
      : removed
        ? rule(ctx, [false, 'Stream accepts more values.'], [true, 'Stream may send values your code does not parse.'])
        : { breaking: true, reason: 'Values in the old format no longer fit.' };
    push(ctx, 'format-changed', path, `${where(ctx, path)} format ${code(String(a.format ?? 'none'))} → ${code(String(b.format ?? 'none'))}`, verdict);
  }

  for (const [keys, lower] of [
    [LOWER_BOUNDS, true],
    [UPPER_BOUNDS, false],
  ] as const) {
    for (const key of keys) {
      if (a[key] === b[key]) continue;
      const va = bound(a, key);
      const vb = bound(b, key);
      if (va === vb) continue;
      // A higher lower bound, a lower upper bound or a new bound narrows what is allowed.
      const narrower = vb !== undefined && (va === undefined || (lower ? vb > va : vb < va));
      push(
        ctx,
        'constraint-changed',
        path,
        `${where(ctx, path)} ${code(key)} ${va ?? 'none'} → ${vb ?? 'none'}`,
        narrower
          ? rule(ctx, [true, 'Stream refuses values it used to accept.'], [false, 'Stream sends values within a narrower range.'])
          : rule(ctx, [false, 'Stream accepts more values.'], [true, 'Stream may send values outside the range your code expects.']),
      );
    }
  }
  for (const key of EXACT) {
    const va = a[key];
    const vb = b[key];
    if (key === 'additionalProperties' && (isObj(va) || isObj(vb))) continue;
    if (JSON.stringify(va) === JSON.stringify(vb)) continue;
    const narrower = key === 'additionalProperties' ? vb === false : key === 'uniqueItems' ? vb === true : va === undefined;
    const wider = key === 'additionalProperties' ? va === false : key === 'uniqueItems' ? va === true : vb === undefined;
    push(
      ctx,
      'constraint-changed',
      path,
      `${where(ctx, path)} ${code(key)} ${code(JSON.stringify(va ?? 'none'))} → ${code(JSON.stringify(vb ?? 'none'))}`,
      narrower
        ? rule(ctx, [true, 'Stream refuses values it used to accept.'], [false, 'Stream sends values within a narrower range.'])
        : wider
          ? rule(ctx, [false, 'Stream accepts more values.'], [true, 'Stream may send values your code does not expect.'])
          : { breaking: true, reason: 'Values that matched the old rule may not match the new one.' },
    );
  }

  const enumA = Array.isArray(a.enum) ? a.enum : undefined;
  const enumB = Array.isArray(b.enum) ? b.enum : undefined;
  if (enumA && enumB) {
    const has = (list: unknown[], value: unknown) => list.some((entry) => JSON.stringify(entry) === JSON.stringify(value));
    for (const value of enumB.filter((v) => !has(enumA, v))) {
      push(
        ctx,
        'enum-value-added',
        `${path}=${String(value)}`,
        `${where(ctx, path)} value ${code(JSON.stringify(value))} added`,
        rule(ctx, [false, 'Stream accepts one more value.'], [false, 'Stream may send it; the change policy asks your code to handle a value it does not know.']),
      );
    }
    for (const value of enumA.filter((v) => !has(enumB, v))) {
      push(
        ctx,
        'enum-value-removed',
        `${path}=${String(value)}`,
        `${where(ctx, path)} value ${code(JSON.stringify(value))} removed`,
        rule(ctx, [true, 'Stream refuses the value if you still send it.'], [false, 'You stop receiving it.']),
      );
    }
  } else if (enumA || enumB) {
    push(
      ctx,
      'constraint-changed',
      path,
      `${where(ctx, path)} ${enumB ? 'is limited to a list of values' : 'is no longer limited to a list of values'}`,
      enumB
        ? rule(ctx, [true, 'Stream refuses values outside the list.'], [false, 'Stream sends values within a narrower range.'])
        : rule(ctx, [false, 'Stream accepts more values.'], [true, 'Stream may send values your code does not expect.']),
    );
  }

  const propsA = isObj(a.properties) ? a.properties : {};
  const propsB = isObj(b.properties) ? b.properties : {};
  const reqA = new Set(asArray(a.required).map(String));
  const reqB = new Set(asArray(b.required).map(String));
  const field = (name: string) => `${path}.${name}`;
  for (const name of Object.keys(propsB)) {
    if (name in propsA) continue;
    const required = reqB.has(name);
    push(
      ctx,
      'field-added',
      field(name),
      `${where(ctx, field(name))} added (${required ? 'required' : 'optional'})`,
      required
        ? rule(ctx, [true, 'Stream refuses a request or answer without it.'], [false, 'Your receiver ignores a field it does not know until you use it.'])
        : rule(ctx, [false, 'You may send it; nothing changes until you do.'], [false, 'Your receiver ignores a field it does not know until you use it.']),
    );
  }
  for (const name of Object.keys(propsA)) {
    if (name in propsB) continue;
    push(
      ctx,
      'field-removed',
      field(name),
      `${where(ctx, field(name))} removed`,
      rule(
        ctx,
        closed(b) ? [true, 'The schema is closed: Stream refuses the field if you still send it.'] : [false, 'Stream ignores the field if you still send it.'],
        [true, 'Code that reads the field no longer gets it.'],
      ),
    );
  }
  for (const name of Object.keys(propsA)) {
    if (!(name in propsB)) continue;
    if (!reqA.has(name) && reqB.has(name)) {
      push(ctx, 'field-required', field(name), `${where(ctx, field(name))} is now required`, rule(ctx, [true, 'Stream refuses data without it.'], [false, 'You now always receive it.']));
    } else if (reqA.has(name) && !reqB.has(name)) {
      push(ctx, 'field-optional', field(name), `${where(ctx, field(name))} is now optional`, rule(ctx, [false, 'You may leave it out.'], [true, 'Code that expects it may find it missing.']));
    }
    diffSchema(inner, propsA[name], propsB[name], field(name));
  }
  for (const name of [...reqB].filter((n) => !reqA.has(n) && !(n in propsB))) {
    push(ctx, 'field-required', field(name), `${where(ctx, field(name))} is now required`, rule(ctx, [true, 'Stream refuses data without it.'], [false, 'You now always receive it.']));
  }

  if (isObj(a.additionalProperties) && isObj(b.additionalProperties)) diffSchema(inner, a.additionalProperties, b.additionalProperties, `${path}.*`);
  if (a.items !== undefined && b.items !== undefined) diffSchema(inner, a.items, b.items, `${path}[]`);

  for (const combiner of ['oneOf', 'anyOf', 'allOf'] as const) {
    const listA = asArray(a[combiner]);
    const listB = asArray(b[combiner]);
    const namesA = listA.map((member) => componentName(member));
    const namesB = listB.map((member) => componentName(member));
    if (combiner !== 'allOf' && namesA.every(Boolean) && namesB.every(Boolean) && (listA.length > 0 || listB.length > 0)) {
      for (const name of namesB.filter((n) => !namesA.includes(n))) {
        push(
          ctx,
          'variant-added',
          `|${name}`,
          `${where(ctx, path)} may now be ${code(name as string)}`,
          rule(ctx, [false, 'Stream accepts one more form.'], [false, 'Stream may send it; the change policy asks your code to handle a form it does not know.']),
        );
      }
      for (const name of namesA.filter((n) => !namesB.includes(n))) {
        push(ctx, 'variant-removed', `|${name}`, `${where(ctx, path)} may no longer be ${code(name as string)}`, rule(ctx, [true, 'Stream refuses that form if you still send it.'], [false, 'You stop receiving that form.']));
      }
      continue;
    }
    const shared = Math.min(listA.length, listB.length);
    for (let i = 0; i < shared; i++) diffSchema(inner, listA[i], listB[i], `${path}(${combiner} ${i + 1})`);
    if (listA.length !== listB.length) {
      const more = listB.length > listA.length;
      // More allOf members narrow the value; more oneOf/anyOf members widen it.
      const narrower = combiner === 'allOf' ? more : !more;
      push(
        ctx,
        'constraint-changed',
        `(${combiner})`,
        `${where(ctx, path)} ${code(combiner)} has ${listB.length} members instead of ${listA.length}`,
        narrower
          ? rule(ctx, [true, 'Stream refuses values it used to accept.'], [false, 'Stream sends values within a narrower range.'])
          : rule(ctx, [false, 'Stream accepts more values.'], [true, 'Stream may send values your code does not expect.']),
      );
    }
  }

}

interface Security {
  /** Each alternative as a sorted list of credentials: `bearer`, `header Stream-Signature`, `oauth2 (scope)`. */
  alternatives: string[];
  /** Alternatives with apiKey headers that the operation also requires as a header parameter left out. */
  wire: string[];
}

function security(doc: Obj, operation: Operation, requiredHeaders: Set<string>): Security {
  const schemes = isObj(doc.components) && isObj(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  const requirements = asArray(operation.op.security ?? doc.security);
  const describe = (name: string, scopes: unknown): string => {
    const scheme = resolveRef(doc, schemes[name]);
    const scopeText = asArray(scopes).length > 0 ? ` (${asArray(scopes).join(', ')})` : '';
    if (!isObj(scheme)) return `${name}${scopeText}`;
    if (scheme.type === 'http') return `${String(scheme.scheme ?? 'http').toLowerCase()} (${name})`;
    if (scheme.type === 'apiKey') return `${String(scheme.in)} ${String(scheme.name)} (${name})`;
    return `${String(scheme.type)} (${name})${scopeText}`;
  };
  const onWire = (name: string) => {
    const scheme = resolveRef(doc, schemes[name]);
    return !(isObj(scheme) && scheme.type === 'apiKey' && scheme.in === 'header' && requiredHeaders.has(String(scheme.name).toLowerCase()));
  };
  const alternatives: string[] = [];
  const wire: string[] = [];
  for (const requirement of requirements) {
    if (!isObj(requirement)) continue;
    const names = Object.keys(requirement).sort();
    alternatives.push(names.map((name) => describe(name, requirement[name])).join(' + ') || 'none');
    wire.push(
      names
        .filter(onWire)
        .map((name) => describe(name, requirement[name]).replace(/ \([^)]*\)$/, ''))
        .join(' + ') || 'none',
    );
  }
  if (alternatives.length === 0) {
    alternatives.push('none');
    wire.push('none');
  }
  return { alternatives: [...new Set(alternatives)].sort(), wire: [...new Set(wire)].sort() };
}

function parameters(doc: Obj, operation: Operation): Map<string, Obj> {
  const out = new Map<string, Obj>();
  for (const raw of [...asArray(operation.pathItem.parameters), ...asArray(operation.op.parameters)]) {
    const param = resolveRef(doc, raw);
    if (!isObj(param)) continue;
    const name = param.in === 'header' ? String(param.name).toLowerCase() : String(param.name);
    out.set(`${String(param.in)}:${name}`, param);
  }
  return out;
}

function diffOperation(base: Omit<Context, 'target' | 'keyBase' | 'label' | 'sides' | 'reworded' | 'depth'>, a: Operation, b: Operation) {
  const target: Target = { type: b.kind, name: b.id };
  const reworded = { value: false };
  const keyBase = `${b.kind}:${b.id}`;
  const ctx = (part: string, label: string, sides: Set<Side>): Context => ({ ...base, target, keyBase: `${keyBase}#${part}`, label, sides, reworded, depth: 0 });
  const opCtx = ctx('', b.id, new Set<Side>(['partner', 'stream']));
  opCtx.keyBase = keyBase;
  const partnerHosts = b.requestSide === 'stream';
  const streamHosts = b.requestSide === 'partner';

  for (const key of ['summary', 'description'] as const) if (a.op[key] !== b.op[key]) reworded.value = true;
  if (a.op.deprecated !== true && b.op.deprecated === true) {
    push(opCtx, 'deprecated', '', `${code(b.label)} is deprecated`, { breaking: false, reason: 'It keeps working for the deprecation period; move off it before it is removed.' });
  }

  // Parameters: the request's sender sends them.
  const paramsA = parameters(base.before, a);
  const paramsB = parameters(base.after, b);
  const requestSides = sidesOf(b.requestSide);
  const pctx = (key: string, param: Obj) => ctx(`parameter:${key}`, `${b.id} ${String(param.in)} parameter ${String(param.name)}`, requestSides);
  for (const [key, param] of paramsB) {
    if (paramsA.has(key)) continue;
    const c = pctx(key, param);
    push(
      c,
      'parameter-added',
      '',
      `${code(b.label)}: ${param.required === true ? 'required' : 'optional'} ${String(param.in)} parameter ${code(String(param.name))} added`,
      param.required === true
        ? rule(c, [true, 'Stream refuses calls without it.'], [false, 'Stream sends one more parameter; you may use it.'])
        : rule(c, [false, 'You may send it.'], [false, 'Stream may send one more parameter; you may use it.']),
    );
  }
  for (const [key, param] of paramsA) {
    if (paramsB.has(key)) {
      const next = paramsB.get(key) as Obj;
      const c = pctx(key, next);
      if (param.required !== true && next.required === true) {
        push(c, 'parameter-required', '', `${code(b.label)}: ${String(param.in)} parameter ${code(String(param.name))} is now required`, rule(c, [true, 'Stream refuses calls without it.'], [false, 'You now always receive it.']));
      } else if (param.required === true && next.required !== true) {
        push(c, 'parameter-optional', '', `${code(b.label)}: ${String(param.in)} parameter ${code(String(param.name))} is now optional`, rule(c, [false, 'You may leave it out.'], [true, 'Code that expects it may find it missing.']));
      }
      if (param.description !== next.description) reworded.value = true;
      if (param.deprecated !== true && next.deprecated === true) {
        push(c, 'deprecated', '', `${code(b.label)}: ${String(param.in)} parameter ${code(String(param.name))} is deprecated`, { breaking: false, reason: 'It keeps working for the deprecation period.' });
      }
      diffSchema(c, param.schema, next.schema, '');
      continue;
    }
    const c = pctx(key, param);
    push(c, 'parameter-removed', '', `${code(b.label)}: ${String(param.in)} parameter ${code(String(param.name))} removed`, rule(c, [false, 'Stream ignores it if you still send it.'], [true, 'Code that reads it no longer gets it.']));
  }

  // Request body.
  const bodyA = resolveRef(base.before, a.op.requestBody);
  const bodyB = resolveRef(base.after, b.op.requestBody);
  if (isObj(bodyA) || isObj(bodyB)) {
    diffContent(ctx('request', `${b.id} request body`, requestSides), isObj(bodyA) ? bodyA : {}, isObj(bodyB) ? bodyB : {}, `${code(b.label)} request body`);
    if (isObj(bodyA) && isObj(bodyB) && bodyA.required !== true && bodyB.required === true) {
      const c = ctx('request', `${b.id} request body`, requestSides);
      push(c, 'field-required', '', `${code(b.label)}: the request body is now required`, rule(c, [true, 'Stream refuses calls without one.'], [false, 'You now always receive one.']));
    }
  }

  // Responses: the other side sends them.
  const respA = isObj(a.op.responses) ? a.op.responses : {};
  const respB = isObj(b.op.responses) ? b.op.responses : {};
  for (const status of Object.keys(respB)) {
    if (status in respA) continue;
    const success = /^[123]/.test(status);
    push(
      { ...opCtx, keyBase: `${keyBase}#response:${status}` },
      'response-added',
      '',
      `${code(b.label)}: response ${code(status)} added`,
      partnerHosts
        ? { breaking: false, reason: 'You may answer with it; Stream handles it.' }
        : streamHosts
          ? success
            ? { breaking: true, reason: 'Stream may answer a call with a success your code does not expect.' }
            : { breaking: false, reason: 'An error answer: your code handles an unknown 4xx or 5xx by its class.' }
          : { breaking: success, reason: 'A new answer.' },
    );
  }
  for (const status of Object.keys(respA)) {
    if (!(status in respB)) {
      push(
        { ...opCtx, keyBase: `${keyBase}#response:${status}` },
        'response-removed',
        '',
        `${code(b.label)}: response ${code(status)} removed`,
        streamHosts ? { breaking: false, reason: 'Stream no longer answers with it.' } : { breaking: true, reason: 'Stream no longer accepts that answer from you.' },
      );
      continue;
    }
    const ra = resolveRef(base.before, respA[status]);
    const rb = resolveRef(base.after, respB[status]);
    if (isObj(ra) && isObj(rb)) {
      if (ra.description !== rb.description) reworded.value = true;
      diffContent(ctx(`response:${status}`, `${b.id} response ${status}`, responseSides(b.requestSide)), ra, rb, `${code(b.label)} response ${code(status)}`);
    }
  }

  // Security, as the credentials on the wire: an apiKey header the operation also requires as a
  // header parameter is the same header either way, so moving it between the two changes nothing.
  const headers = (params: Map<string, Obj>) => new Set([...params.entries()].filter(([k, p]) => k.startsWith('header:') && p.required === true).map(([k]) => k.slice(7)));
  const secA = security(base.before, a, headers(paramsA));
  const secB = security(base.after, b, headers(paramsB));
  if (secA.alternatives.join('|') !== secB.alternatives.join('|')) {
    const sameWire = secA.wire.join('|') === secB.wire.join('|');
    const removed = secA.wire.filter((alt) => !secB.wire.includes(alt));
    const verdict = sameWire
      ? { breaking: false, reason: 'The same credentials are sent: an API-key header moved to a required header parameter of the same name.' }
      : streamHosts
        ? removed.length > 0
          ? { breaking: true, reason: 'Stream no longer accepts credentials you may send.' }
          : { breaking: false, reason: 'Stream accepts one more way to authenticate.' }
        : { breaking: true, reason: 'Stream authenticates its calls to you differently.' };
    push({ ...opCtx, keyBase: `${keyBase}#security` }, 'security-changed', '', `${code(b.label)}: security ${secA.alternatives.map(code).join(' or ')} → ${secB.alternatives.map(code).join(' or ')}`, verdict);
  }

  if (reworded.value) {
    push(opCtx, 'description-changed', '', `${code(b.label)}: descriptions reworded`, { breaking: false, reason: 'Documentation only.' });
  }
}

function diffContent(ctx: Context, a: Obj, b: Obj, label: string) {
  const contentA = isObj(a.content) ? a.content : {};
  const contentB = isObj(b.content) ? b.content : {};
  for (const type of Object.keys(contentB)) {
    if (type in contentA) continue;
    push(ctx, 'media-type-added', `:${type}`, `${label}: media type ${code(type)} added`, rule(ctx, [false, 'Stream accepts one more form.'], [true, 'Stream may send a form your code does not parse.']));
  }
  for (const type of Object.keys(contentA)) {
    if (!(type in contentB)) {
      push(ctx, 'media-type-removed', `:${type}`, `${label}: media type ${code(type)} removed`, rule(ctx, [true, 'Stream refuses that form if you still send it.'], [false, 'You stop receiving that form.']));
      continue;
    }
    const ma = contentA[type];
    const mb = contentB[type];
    if (isObj(ma) && isObj(mb)) {
      const refA = componentName(ma.schema);
      const refB = componentName(mb.schema);
      if (refA !== undefined && refB !== undefined && refA !== refB) {
        ctx.label = `${ctx.label} (${refB})`;
      }
      diffSchema(ctx, ma.schema, mb.schema, '');
    }
  }
}

export interface DiffOptions {
  /** The released bundle. */
  before: unknown;
  /** The bundle to compare with it. */
  after: unknown;
}

const ORDER: Record<string, number> = { operation: 0, webhook: 1, schema: 2 };

/** Every change from `before` to `after`, breaking ones first, then in reference order. */
export function diffContracts({ before, after }: DiffOptions): Change[] {
  if (!isObj(before) || !isObj(after)) throw new TypeError('diffContracts needs two OpenAPI documents (objects).');
  const out: Change[] = [];
  const base = { before, after, out };
  const opsA = operations(before);
  const opsB = operations(after);
  for (const [key, b] of opsB) {
    const a = opsA.get(key);
    if (a !== undefined) {
      diffOperation(base, a, b);
      continue;
    }
    const target: Target = { type: b.kind, name: b.id };
    const partnerHosts = b.requestSide === 'stream';
    out.push(
      b.kind === 'webhook'
        ? {
            kind: 'webhook-added',
            breaking: false,
            target,
            key: `webhook:${b.id}`,
            message: `New event ${code(b.label)}`,
            reason: 'A new event type: the change policy asks your receiver to acknowledge an event type it does not know.',
          }
        : {
            kind: 'operation-added',
            breaking: partnerHosts,
            target,
            key: `operation:${b.id}`,
            message: `New operation ${code(b.label)} (${code(b.id)})`,
            reason: partnerHosts ? 'Stream calls an endpoint you do not host yet.' : 'You may call it; nothing changes until you do.',
          },
    );
  }
  for (const [key, a] of opsA) {
    if (opsB.has(key)) continue;
    const target: Target = { type: a.kind, name: a.id };
    out.push({
      kind: a.kind === 'webhook' ? 'webhook-removed' : 'operation-removed',
      breaking: true,
      target,
      key: `${a.kind}:${a.id}`,
      message: a.kind === 'webhook' ? `Event ${code(a.label)} removed` : `Operation ${code(a.label)} (${code(a.id)}) removed`,
      reason: a.kind === 'webhook' ? 'Stream stops sending an event your integration may rely on.' : 'A call your integration makes or answers goes away.',
    });
  }

  // Component schemas, each once, with the senders of every place either version uses it.
  const senders = schemaSenders([before, after]);
  const schemasA = isObj(before.components) && isObj(before.components.schemas) ? before.components.schemas : {};
  const schemasB = isObj(after.components) && isObj(after.components.schemas) ? after.components.schemas : {};
  for (const name of Object.keys(schemasB)) {
    if (!(name in schemasA)) continue;
    const reworded = { value: false };
    const ctx: Context = {
      ...base,
      target: { type: 'schema', name },
      keyBase: `schema:${name}`,
      label: name,
      sides: senders.get(name) ?? new Set<Side>(['partner', 'stream']),
      reworded,
      depth: 0,
    };
    diffSchema(ctx, schemasA[name], schemasB[name], '');
    if (reworded.value) push(ctx, 'description-changed', '', `${code(name)}: descriptions reworded`, { breaking: false, reason: 'Documentation only.' });
  }

  const rank = (change: Change) => (change.breaking ? 0 : 1) * 10 + (ORDER[change.target.type] ?? 3);
  return out
    .map((change, index) => ({ change, index }))
    .sort((x, y) => rank(x.change) - rank(y.change) || x.index - y.index)
    .map(({ change }) => change);
}

/** Places the contract marks `deprecated: true`, as the keys a deprecation entry names. */
export function deprecatedKeys(doc: unknown): string[] {
  if (!isObj(doc)) return [];
  const keys: string[] = [];
  for (const operation of operations(doc).values()) {
    const base = `${operation.kind}:${operation.id}`;
    if (operation.op.deprecated === true) keys.push(base);
    for (const [key, param] of parameters(doc, operation)) if (param.deprecated === true) keys.push(`${base}#parameter:${key}`);
  }
  const walk = (schema: unknown, key: string, depth: number) => {
    if (!isObj(schema) || componentName(schema) !== undefined || depth > 20) return;
    if (schema.deprecated === true) keys.push(key);
    for (const [name, child] of Object.entries(isObj(schema.properties) ? schema.properties : {})) walk(child, `${key}.${name}`, depth + 1);
    if (schema.items !== undefined) walk(schema.items, `${key}[]`, depth + 1);
  };
  const schemas = isObj(doc.components) && isObj(doc.components.schemas) ? doc.components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) walk(schema, `schema:${name}`, 0);
  return keys;
}

export type Bump = 'major' | 'minor' | 'patch' | 'none';

/** The smallest version step the changes need: breaking → major, anything else a partner can use → minor, wording → patch. */
export function requiredBump(changes: readonly Change[]): Bump {
  if (changes.some((change) => change.breaking)) return 'major';
  if (changes.some((change) => change.kind !== 'description-changed')) return 'minor';
  return changes.length > 0 ? 'patch' : 'none';
}
