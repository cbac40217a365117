// The contract's example bodies as a sender would send them at a given moment: the times the
// contract's `recent` rules judge are the moment of sending, every other date-time moved with them.
import { isObject, type ApiName } from '../src/openapi.js';
import { listRules, select } from '../src/rules.js';

/**
 * A body as its sender would send it at `now`: every time the contract's `recent` rules judge (an
 * in-store order's `placed_at`, a DSP event's `occurred_at_ms`) set to `now`, in the form the body gives
 * it, and every other date-time of the body moved by as much, so the times keep their order (a
 * `requested_for` stays after its `placed_at`). Where the judged time is a number of milliseconds (the
 * DSP's `occurred_at_ms`), every number within a year of it is such a time too (a pause's `start_time` and
 * `end_time`) and moves with it. The contract's examples carry fixed instants, which a window around the
 * moment of arrival refuses on any other day.
 */
export function sentAt<T>(options: { api: ApiName; operationId: string; body: T; now: number }): T {
  const body = structuredClone(options.body);
  const judged = listRules(options.api)
    .filter((rule) => rule.kind === 'recent' && rule.operationId === options.operationId && rule.on === 'request')
    .flatMap((rule) => select(body, (rule as { values: string }).values));
  if (judged.length === 0) return body;
  const first = judged[0]!.value;
  const shift = options.now - (typeof first === 'number' ? first : Date.parse(String(first)));
  const YEAR_MS = 366 * 24 * 60 * 60 * 1000;
  const moved = (node: unknown): unknown => {
    if (typeof node === 'number' && typeof first === 'number' && Math.abs(node - first) < YEAR_MS) return node + shift;
    if (typeof node === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(node) && Number.isFinite(Date.parse(node))) return new Date(Date.parse(node) + shift).toISOString();
    if (Array.isArray(node)) return node.map(moved);
    if (isObject(node)) return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, moved(value)]));
    return node;
  };
  const result = moved(body) as T;
  for (const { path, value } of judged) {
    const parts = path.slice(1).split('/');
    const holder = parts.slice(0, -1).reduce<any>((node, part) => node[part], result);
    holder[parts[parts.length - 1]!] = typeof value === 'string' ? new Date(options.now).toISOString() : options.now;
  }
  return result;
}
