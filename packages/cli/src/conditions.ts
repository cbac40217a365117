// The conditional fields a contract names (`x-stream-rule` beside a schema's `if`): the validator
// quotes the name as `[name]` in each message, so the catalogue can scope a notice to it.
import { isObject, loadContract, type ApiName } from './openapi.js';

/** Every named condition in one contract's schemas, in document order. */
export function listConditionRules(api: ApiName): readonly string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (!isObject(node) && !Array.isArray(node)) return;
    if (seen.has(node)) return;
    seen.add(node);
    if (isObject(node) && 'if' in node && typeof node['x-stream-rule'] === 'string') found.push(node['x-stream-rule']);
    Object.values(node).forEach(visit);
  };
  visit((loadContract(api).components as Record<string, unknown> | undefined)?.schemas);
  return found;
}
