// Compares two bundled OpenAPI 3.1 contracts and classifies each change from the partner's side.
// Every operation says who hosts it (`x-host`): when Stream hosts it the partner sends the request
// and reads the answer; when the partner hosts it Stream sends the request and the partner answers.
// A change is breaking when something the partner already built stops working: Stream refuses
// what the partner sends, or the partner can no longer rely on what Stream sends.
// The rules, one by one, are in the README (Contract releases and the change gate).
import { type Context, push, schemaSenders } from './classify.js';
import { diffOperation, parameters } from './compare-operation.js';
import { diffSchema } from './compare-schema.js';
import { type Change, type Side, type Target, code, componentName, isObj, operations } from './model.js';

export type { Change, ChangeKind, Side, Target } from './model.js';
export { requiredBump, type Bump } from './classify.js';

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
