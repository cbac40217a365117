// Comparing two versions of an operation: security, parameters, request and response bodies.
import { resolveRef } from '../../packages/cli/src/openapi.js';
import { type Context, asArray, push, responseSides, rule, sidesOf } from './classify.js';
import { diffRules } from './compare-rules.js';
import { diffSchema } from './compare-schema.js';
import { type Obj, type Operation, type Side, type Target, code, componentName, isObj } from './model.js';

export interface Security {
  /** Each alternative as a sorted list of credentials: `bearer`, `header Stream-Signature`, `oauth2 (scope)`. */
  alternatives: string[];
  /** Alternatives with apiKey headers that the operation also requires as a header parameter left out. */
  wire: string[];
}

export function security(doc: Obj, operation: Operation, requiredHeaders: Set<string>): Security {
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

export function parameters(doc: Obj, operation: Operation): Map<string, Obj> {
  const out = new Map<string, Obj>();
  for (const raw of [...asArray(operation.pathItem.parameters), ...asArray(operation.op.parameters)]) {
    const param = resolveRef(doc, raw);
    if (!isObj(param)) continue;
    const name = param.in === 'header' ? String(param.name).toLowerCase() : String(param.name);
    out.set(`${String(param.in)}:${name}`, param);
  }
  return out;
}

export function diffOperation(base: Omit<Context, 'target' | 'keyBase' | 'label' | 'sides' | 'reworded' | 'depth'>, a: Operation, b: Operation) {
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

  diffRules(opCtx, a.op, b.op, code(b.label));

  if (reworded.value) {
    push(opCtx, 'description-changed', '', `${code(b.label)}: descriptions reworded`, { breaking: false, reason: 'Documentation only.' });
  }
}

export function diffContent(ctx: Context, a: Obj, b: Obj, label: string) {
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
