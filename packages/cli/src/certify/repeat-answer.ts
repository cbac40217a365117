// A repeated delivery gets the same answer: the contracts say to store the answer given to an event
// and give it again, so certify compares the whole answer, status and body, not one field of it. The
// only fields a repeat may change are those the contract marks with `x-stream-varies-on-repeat` on
// the answer's schema (a DSP receipt's `duplicate`).
import type { HttpExchange } from '../http.js';
import { judge } from '../judge.js';
import { isObject, loadContract, type ApiName } from '../openapi.js';
import type { TriggerTarget } from '../trigger/targets.js';

/** A rule of certify's on the repeat requirements: the whole answer is repeated, not only its id. */
export const WHOLE_ANSWER_REPEATED = 'whole-answer-repeated';

/** The top-level fields of a schema that the contract says a repeat's answer may change. */
export function variesOnRepeat(api: ApiName, schema: string | undefined): readonly string[] {
  if (schema === undefined) return [];
  const schemas = (loadContract(api).components as { schemas?: Record<string, unknown> } | undefined)?.schemas;
  const properties = (schemas?.[schema] as { properties?: unknown } | undefined)?.properties;
  if (!isObject(properties)) return [];
  return Object.entries(properties).filter(([, property]) => isObject(property) && property['x-stream-varies-on-repeat'] === true).map(([name]) => name);
}

const pointer = (path: readonly string[]) => `/${path.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

/** Where two JSON values differ, as JSON Pointers with both values, at most `limit` of them. */
function differences(a: unknown, b: unknown, path: string[], found: string[], limit: number): void {
  if (found.length >= limit) return;
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, index) => differences(item, b[index], [...path, String(index)], found, limit));
    return;
  }
  if (isObject(a) && isObject(b) && !Array.isArray(a) && !Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const left = Object.hasOwn(a, key) ? a[key] : undefined;
      const right = Object.hasOwn(b, key) ? b[key] : undefined;
      differences(left, right, [...path, key], found, limit);
    }
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) found.push(`${path.length === 0 ? 'the body' : pointer(path)}: ${JSON.stringify(a) ?? '(absent)'} first, ${JSON.stringify(b) ?? '(absent)'} on the repeat`);
}

/** How a repeat's answer differs from the first answer to the same delivery, or `undefined` when it is the same. */
export function repeatDifference(target: Pick<TriggerTarget, 'operation' | 'audience'>, first: HttpExchange, again: HttpExchange): string | undefined {
  // A first answer the contract does not shape is its own requirement's finding; a repeat that differs from it says nothing more.
  if (!judge(target.operation, first).ok) return undefined;
  if (again.status !== first.status) return `the repeat answered ${again.status ?? '(no answer)'}, the first delivery ${first.status ?? '(no answer)'}`;
  const varies = variesOnRepeat(target.audience, target.operation.responses.get(String(first.status))?.schema);
  const strip = (exchange: HttpExchange) => {
    if (exchange.json === undefined) return exchange.bodyText;
    if (!isObject(exchange.json)) return exchange.json;
    return Object.fromEntries(Object.entries(exchange.json).filter(([key]) => !varies.includes(key)));
  };
  const found: string[] = [];
  differences(strip(first), strip(again), [], found, 5);
  if (found.length === 0) return undefined;
  const allowed = varies.length === 0 ? '' : ` (only ${varies.join(', ')} may differ)`;
  return `[${WHOLE_ANSWER_REPEATED}] the repeat's answer differs from the first${allowed}: ${found.join('; ')}`;
}
