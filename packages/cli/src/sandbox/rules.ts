// The named rules a contract states on what a partner sends to Stream (`x-stream-rules` on a
// request body): the sandbox reads them from the contract and refuses a body that breaks one with
// the rule's error code, naming the rule, as Stream does.
import type { ApiName } from '../openapi.js';
import { judgeRules, type FreeBook, type Holders, type MenuBook, type PriceBook, type TaxBook } from '../rules-judge.js';
import { rulesToJudge } from '../rules-gate.js';
import { listRules, type Rule } from '../rules.js';
import { errorReply, type HandlerReply } from './context.js';

/** `undefined` when the body keeps every rule on the operation's request body; otherwise the 400 that names the first it breaks. */
export function requestRuleRefusal(options: { api: ApiName; operationId: string; body: unknown; event?: string; now: number; prices?: PriceBook; menu?: MenuBook; holders?: Holders; taxes?: TaxBook; free?: FreeBook }): HandlerReply | undefined {
  const rules = rulesToJudge(requestRules(options.api, options.operationId), options.body);
  if (rules.length === 0) return undefined;
  const findings = judgeRules({ rules, answers: [{ body: options.body, what: 'the body' }], now: options.now, prices: options.prices, menu: options.menu, holders: options.holders, taxes: options.taxes, free: options.free });
  if (findings.length === 0) return undefined;
  const first = rules.find((rule) => rule.rule === findings[0]!.rule)!;
  return errorReply(400, first.code!, `${findings[0]!.message}${/[.?!]$/.test(findings[0]!.message) ? '' : '.'} ${first.statement}`, options.event === undefined ? {} : { event: options.event });
}

// Per operation, found once: every partner call looks its rules up, and the contracts do not change
// while the sandbox runs. Keyed by api, then operation, so a look-up builds no key string.
const byOperation = new Map<ApiName, Map<string, readonly Rule[]>>();

function requestRules(api: ApiName, operationId: string): readonly Rule[] {
  let forApi = byOperation.get(api);
  if (forApi === undefined) {
    forApi = new Map();
    byOperation.set(api, forApi);
  }
  let rules = forApi.get(operationId);
  if (rules === undefined) {
    // Advice finds what is only implausible: Stream takes such a body, and certify warns.
    rules = listRules(api).filter((rule) => rule.on === 'request' && rule.advice !== true && rule.operationId === operationId);
    forApi.set(operationId, rules);
  }
  return rules;
}
