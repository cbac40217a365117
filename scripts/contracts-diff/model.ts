// What the contract diff reads from a bundled contract: its operations (with who hosts them) and
// component names, and the shape of a change it reports.
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
  | 'rule-added'
  | 'rule-changed'
  | 'rule-removed'
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

export type Obj = Record<string, unknown>;
export const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
export const code = (text: string | number) => `\`${text}\``;


export function componentName(node: unknown, kind = 'schemas'): string | undefined {
  if (!isObj(node) || typeof node.$ref !== 'string') return undefined;
  const prefix = `#/components/${kind}/`;
  return node.$ref.startsWith(prefix) ? node.$ref.slice(prefix.length) : undefined;
}

export interface Operation {
  kind: 'operation' | 'webhook';
  /** `POST /stream-dsp/v1/token`, or the webhook key. */
  label: string;
  id: string;
  op: Obj;
  pathItem: Obj;
  /** Who sends the request; the other side answers. */
  requestSide: Side | 'both';
}

export function operations(doc: Obj): Map<string, Operation> {
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
