// The named rules a contract states on what a partner sends to Stream (`x-stream-rules` on a
// request body): the sandbox reads them from the contract and refuses a body that breaks one with
// the rule's error code, naming the rule, as Stream does.
import type { ApiName } from '../openapi.js';
import { judgeRules } from '../rules-judge.js';
import { listRules } from '../rules.js';
import { errorReply, type HandlerReply } from './context.js';

/** `undefined` when the body keeps every rule on the operation's request body; otherwise the 400 that names the first it breaks. */
export function requestRuleRefusal(options: { api: ApiName; operationId: string; body: unknown; event?: string; now: number }): HandlerReply | undefined {
  const rules = listRules(options.api).filter((rule) => rule.on === 'request' && rule.operationId === options.operationId);
  const findings = judgeRules({ rules, answers: [{ body: options.body, what: 'the body' }], now: options.now });
  if (findings.length === 0) return undefined;
  const first = rules.find((rule) => rule.rule === findings[0]!.rule)!;
  return errorReply(400, first.code!, `${findings[0]!.message}. ${first.statement}`, options.event === undefined ? {} : { event: options.event });
}
