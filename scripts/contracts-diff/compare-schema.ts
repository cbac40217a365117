// Comparing two versions of a schema, keyword by keyword, at any depth.
import { resolveRef } from '../../packages/cli/src/openapi.js';
import { type Context, asArray, push, rule, where } from './classify.js';
import { type Obj, code, componentName, isObj } from './model.js';

export function types(schema: Obj): Set<string> | undefined {
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type.map(String));
  return undefined;
}

export const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
export const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
export const EXACT = ['pattern', 'const', 'multipleOf', 'uniqueItems', 'additionalProperties'];

/** A lower bound as it takes effect: `minProperties` is at least the number of required properties. */
export function bound(schema: Obj, key: string): number | undefined {
  const value = typeof schema[key] === 'number' ? (schema[key] as number) : undefined;
  if (key === 'minProperties' && Array.isArray(schema.required) && schema.required.length > 0) {
    return Math.max(value ?? 0, schema.required.length);
  }
  return value;
}

export const closed = (schema: Obj) => schema.additionalProperties === false || schema.unevaluatedProperties === false;

export function diffSchema(ctx: Context, rawA: unknown, rawB: unknown, path: string): void {
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
