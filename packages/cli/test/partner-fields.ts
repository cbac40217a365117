// The schema fields of what partners serve (answers to Stream's calls) and send (their calls to
// Stream), for the contract tests that require every field of one kind (HTTPS URLs, times) to carry a rule.
import { deref, isObject, listOperations, type ApiName } from '../src/openapi.js';

export interface PartnerField<T> {
  readonly place: string;
  readonly operationId: string;
  readonly on: 'request' | 'response';
  readonly status?: string;
  readonly pointer: string;
  readonly found: T;
}

/** What `pick` returns for a schema node, or `undefined` to skip it; `pointer` uses `*` for list items and map values. */
export type Pick<T> = (node: Record<string, unknown>, api: ApiName) => { pointer?: string; found: T } | undefined;

function walk<T>(api: ApiName, schema: unknown, pointer: string, pick: Pick<T>, found: { pointer: string; found: T }[], seen: Set<unknown>): void {
  const node = deref(api, schema);
  if (!isObject(node) || seen.has(node)) return;
  seen.add(node);
  const picked = pick(node, api);
  if (picked !== undefined) found.push({ pointer: `${pointer}${picked.pointer ?? ''}`, found: picked.found });
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) if (Array.isArray(node[key])) for (const part of node[key]) walk(api, part, pointer, pick, found, seen);
  if (isObject(node.properties)) for (const [name, value] of Object.entries(node.properties)) walk(api, value, `${pointer}/${name}`, pick, found, seen);
  if (node.items !== undefined) walk(api, node.items, `${pointer}/*`, pick, found, seen);
  if (isObject(node.additionalProperties)) walk(api, node.additionalProperties, `${pointer}/*`, pick, found, seen);
  seen.delete(node);
}

const jsonSchema = (api: ApiName, holder: unknown): unknown => {
  const node = deref(api, holder);
  const content = isObject(node) && isObject(node.content) ? node.content['application/json'] : undefined;
  return isObject(content) ? content.schema : undefined;
};

/** Every field `pick` chooses in the bodies partners send and the answers they serve, once per place. */
export function partnerFields<T>(api: ApiName, pick: Pick<T>): PartnerField<T>[] {
  const fields: PartnerField<T>[] = [];
  for (const operation of listOperations(api)) {
    const sides: { on: 'request' | 'response'; status?: string; schema: unknown }[] =
      operation.host === 'stream'
        ? [{ on: 'request', schema: jsonSchema(api, operation.raw.requestBody) }]
        : Object.entries(isObject(operation.raw.responses) ? operation.raw.responses : {}).map(([status, response]) => ({ on: 'response' as const, status, schema: jsonSchema(api, response) }));
    for (const side of sides) {
      const found: { pointer: string; found: T }[] = [];
      walk(api, side.schema, '', pick, found, new Set());
      // One pointer may hold different fields in the options of a oneOf (each event's own location_id).
      const seenFields = new Set<string>();
      for (const field of found) {
        const key = `${field.pointer} ${JSON.stringify(field.found)}`;
        if (seenFields.has(key)) continue;
        seenFields.add(key);
        fields.push({ place: `${api} ${operation.operationId} ${side.on}${side.status === undefined ? '' : ` ${side.status}`} ${field.pointer}`, operationId: operation.operationId, on: side.on, ...(side.status === undefined ? {} : { status: side.status }), pointer: field.pointer, found: field.found });
      }
    }
  }
  return fields;
}

/** Whether a rule's pointer, with `*` wildcards, names the field's pointer (whose `*` are list items or map values). */
export function names(rulePointer: string, fieldPointer: string): boolean {
  const rule = rulePointer.split('/');
  const field = fieldPointer.split('/');
  return rule.length === field.length && rule.every((part, index) => part === field[index] || part === '*');
}
