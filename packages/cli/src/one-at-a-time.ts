// One order's sends one at a time, as a sending operation's contract says with
// `x-stream-one-at-a-time`: Stream keeps the latest value it receives, so two sends for one order in
// flight at once can land in either order. Core, since the sandbox notes a send that overlaps another
// for the same subject and certify reads that note.
import { CliError } from './errors.js';
import { findOperation, isObject, type ApiName } from './openapi.js';

export interface OneAtATime {
  readonly rule: string;
  /** The requirements whose checks hold an answer and judge the overlap. */
  readonly requirements: readonly string[];
  /** JSON pointers into the request body whose values together name what one at a time is about (the order). */
  readonly subject: readonly string[];
  readonly statement: string;
}

const POINTER = /^(\/[a-z0-9_]+)+$/;

/** The operation's one-at-a-time rule, or undefined when its contract states none. */
export function oneAtATime(api: ApiName, operationId: string): OneAtATime | undefined {
  const raw = findOperation(api, operationId).raw['x-stream-one-at-a-time'];
  if (raw === undefined) return undefined;
  const list = (value: unknown, pattern: RegExp) => Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && pattern.test(item));
  const valid =
    isObject(raw) && typeof raw.rule === 'string' && /^[a-z]+(-[a-z]+)*$/.test(raw.rule) && list(raw.requirements, /^[A-Z]+-[A-Z]+-\d\d$/) && list(raw.subject, POINTER) && typeof raw.statement === 'string' && raw.statement !== '';
  if (!valid) throw new CliError('spec_invalid', `The ${api} contract's x-stream-one-at-a-time on ${operationId} needs a kebab-case rule, the requirements that check it, the subject as JSON pointers into the body (/order_id) and the statement. Fix the contract and run npm run specs:bundle.`);
  return { rule: raw.rule as string, requirements: raw.requirements as string[], subject: raw.subject as string[], statement: raw.statement as string };
}

/**
 * The subject a body's send is about (`loc_1 ord_2`), or undefined when a pointer does not reach a
 * string: such a body is refused anyway, and has no order to overlap with. Own keys only.
 */
export function sendSubject(rule: OneAtATime, body: unknown): string | undefined {
  const values: string[] = [];
  for (const pointer of rule.subject) {
    let value: unknown = body;
    for (const key of pointer.slice(1).split('/')) value = isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
    if (typeof value !== 'string') return undefined;
    values.push(value);
  }
  return values.join(' ');
}
