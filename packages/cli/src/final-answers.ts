// The answers a partner's sender must not retry, as the sending operation's contract names them with
// `x-stream-final-answers`. Core, since the sandbox gives these answers on request (POST
// /_sandbox/outages) and certify counts the resends that follow them.
import { CliError } from './errors.js';
import { findOperation, isObject, type ApiName } from './openapi.js';

export interface FinalAnswers {
  readonly rule: string;
  readonly requirement: string;
  readonly statuses: readonly number[];
}

/** The statuses the operation's contract names as final for the sender, or undefined when it names none. */
export function finalAnswers(api: ApiName, operationId: string): FinalAnswers | undefined {
  const raw = findOperation(api, operationId).raw['x-stream-final-answers'];
  if (raw === undefined) return undefined;
  const valid = isObject(raw) && typeof raw.rule === 'string' && /^[a-z]+(-[a-z]+)*$/.test(raw.rule) && typeof raw.requirement === 'string' && Array.isArray(raw.statuses) && raw.statuses.length > 0 && raw.statuses.every((status) => typeof status === 'string' && /^4\d\d$/.test(status));
  if (!valid) throw new CliError('spec_invalid', `The ${api} contract's x-stream-final-answers on ${operationId} needs a kebab-case rule, a requirement and the 4xx statuses a sender must not retry. Fix the contract and run npm run specs:bundle.`);
  return { rule: raw.rule as string, requirement: raw.requirement as string, statuses: (raw.statuses as string[]).map(Number) };
}

/** The refusal code the contract lists first for `status` on the operation: what a final answer asked of the sandbox carries. */
export function finalAnswerCode(api: ApiName, operationId: string, status: number): string | undefined {
  return findOperation(api, operationId).responses.get(String(status))?.errorCodes?.[0];
}
