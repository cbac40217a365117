// Classifying a change from the partner's side: which side sends the data a place describes, the
// rule that makes a change breaking for that side, and the version step the changes need.
import { resolveRef } from '../../packages/cli/src/openapi.js';
import { type Change, type ChangeKind, type Obj, type Side, type Target, code, componentName, isObj, operations } from './model.js';

export const other = (side: Side): Side => (side === 'partner' ? 'stream' : 'partner');
export const sidesOf = (side: Side | 'both'): Set<Side> => new Set(side === 'both' ? ['partner', 'stream'] : [side]);
export const responseSides = (side: Side | 'both'): Set<Side> => new Set(side === 'both' ? ['partner', 'stream'] : [other(side)]);

/** Which side sends the data each component schema describes, from every place it is used, in both documents. */
export function schemaSenders(docs: Obj[]): Map<string, Set<Side>> {
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

export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export interface Context {
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
export function rule(ctx: Context, whenPartnerSends: [boolean, string], whenStreamSends: [boolean, string]): { breaking: boolean; reason: string } {
  const applicable = [...ctx.sides].map((side) => (side === 'partner' ? whenPartnerSends : whenStreamSends));
  const breaking = applicable.find(([isBreaking]) => isBreaking) ?? applicable[0] ?? whenStreamSends;
  return { breaking: breaking[0], reason: breaking[1] };
}

export function push(ctx: Context, kind: ChangeKind, path: string, message: string, verdict: { breaking: boolean; reason: string }) {
  ctx.out.push({ kind, breaking: verdict.breaking, target: ctx.target, key: `${ctx.keyBase}${path}`, message, reason: verdict.reason });
}

export const where = (ctx: Context, path: string) => code(`${ctx.label}${path}`);


export type Bump = 'major' | 'minor' | 'patch' | 'none';

/** The smallest version step the changes need: breaking → major, anything else a partner can use → minor, wording → patch. */
export function requiredBump(changes: readonly Change[]): Bump {
  if (changes.some((change) => change.breaking)) return 'major';
  if (changes.some((change) => change.kind !== 'description-changed')) return 'minor';
  return changes.length > 0 ? 'patch' : 'none';
}
