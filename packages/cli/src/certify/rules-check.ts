// One check for every requirement the audience's contract names in `x-stream-rules`: it makes sure
// the answers the rules cover were read, then judges every such answer of the run with the rules.
// No rule has code of its own; the makers only say how to get an answer of an operation.
import { groupByRequirement, type ObservedExchange } from '../relations.js';
import { judgeRules, type JudgedAnswer, type RuleFinding } from '../rules-judge.js';
import { listRules, type Rule } from '../rules.js';
import type { Audience } from '../trigger/targets.js';
import { Blocked, fail, pass, type CertifyContext, type Check } from './context.js';
import { blamable } from './relations-check.js';
import { locationZones, zoneOperations } from './local-zones.js';
import { exampleValue } from '../openapi.js';
import { freeBookOf, type FreeBook } from '../rules-free.js';

// The sandbox publishes the DSP contract's own menus: a free rule on what a DSP sends is judged by them.
let contractMenus: FreeBook | undefined;
const dspMenus = () => (contractMenus ??= freeBookOf([exampleValue('dsp', 'BurgerMenuV1'), exampleValue('dsp', 'BurgerMenuV2')]));

/** Gets at least the answers a rule on this operation needs (two, for a `stable` rule), or throws Blocked. */
export type AnswerMaker = (context: CertifyContext) => Promise<unknown>;

function byRequirement(audience: Audience): Map<string, Rule[]> {
  // Rules on request bodies are the receiver's: the sandbox refuses a partner's send that breaks one.
  // Advice it takes, so certify judges advice here, on the bodies the sandbox received.
  return groupByRequirement(listRules(audience).filter((candidate) => candidate.on === 'response' || candidate.advice === true));
}

/** The bodies the sandbox took for an operation in this run, as answers to judge a rule of advice with. */
async function sentBodies(context: CertifyContext, rule: Rule): Promise<JudgedAnswer[]> {
  const found: JudgedAnswer[] = [];
  // One pass over what the sandbox received (ms 0), keeping every match rather than the first.
  await context.sandbox?.waitFor(0, (exchange) => {
    if (exchange.operation === `${rule.api}:${rule.operationId}` && exchange.verdict === 'accepted' && exchange.requestBody !== undefined) found.push({ body: exchange.requestBody, what: `the ${exchange.event ?? rule.operationId} sent at ${exchange.at}` });
    return false;
  }, 0);
  return found;
}

/** The success answers certify read of one of the audience's operations in this run. */
function answersOf(context: CertifyContext, operationId: string): unknown[] {
  const ok = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;
  return context.observed.filter((exchange) => exchange.api === context.config.audience && ok(exchange.status) && exchange.operations.some((operation) => operation.operationId === operationId)).map((exchange) => exchange.responseBody);
}

/**
 * For rules judged only on bodies the partner sends, the requirement that asks for those sends (the
 * one the contract's refusing rules on that operation name): when the sandbox took none of them, that
 * requirement's failure is why there was nothing to judge.
 */
function senderOf(rules: readonly Rule[], id: string): string | undefined {
  if (!rules.every((rule) => rule.on === 'request')) return undefined;
  const operations = new Set(rules.map((rule) => rule.operationId));
  return listRules(rules[0]!.api).find((rule) => rule.on === 'request' && !rule.advice && operations.has(rule.operationId) && rule.requirement !== id)?.requirement;
}

/** The requirements the audience's rules name: they judge every answer of the run, so the runner runs them last. */
export function ruleRequirements(audience: Audience): ReadonlySet<string> {
  return new Set(byRequirement(audience).keys());
}

function covered(rule: Rule, exchange: ObservedExchange): boolean {
  return exchange.api === rule.api && String(exchange.status) === rule.status && exchange.responseBody !== undefined && exchange.operations.some((operation) => operation.operationId === rule.operationId);
}

/**
 * One check per requirement the rules name. A requirement that also has a check of its own (`own`:
 * POS-CAT-01's schema check) runs that first, and the rules judge once it passes.
 */
export function ruleChecks(audience: Audience, makers: Readonly<Record<string, AnswerMaker>>, own: Readonly<Record<string, Check>> = {}): Record<string, Check> {
  return Object.fromEntries([...byRequirement(audience)].map(([id, rules]) => [id, withOwn(own[id], ruleCheck(id, rules, makers))]));
}

function withOwn(first: Check | undefined, rules: Check): Check {
  if (first === undefined) return rules;
  return async (context) => {
    const outcome = await first(context);
    if (!outcome.passed) return outcome;
    const judged = await rules(context);
    return judged.passed ? pass([outcome.reason, judged.reason].filter((text) => text !== undefined && text !== '').join('; ')) : judged;
  };
}

function ruleCheck(id: string, rules: readonly Rule[], makers: Readonly<Record<string, AnswerMaker>>): Check {
  return (async (context) => {
    const operations = [...new Set(rules.map((rule) => rule.operationId))];
    for (const operation of [...zoneOperations(rules), ...operations]) await makers[operation]?.(context);
    // A rule that compares a body with the partner's own listing needs that listing read.
    for (const listed of new Set(rules.flatMap((rule) => (rule.kind === 'away' ? [rule.listed] : [])))) await makers[listed]?.(context);
    const zones = locationZones(rules, context.observed);
    let answers = 0;
    const findings: RuleFinding[] = [];
    for (const operation of operations) {
      const own = rules.filter((rule) => rule.operationId === operation && rule.on === 'response');
      const exchanges = own.length === 0 ? [] : context.observed.filter((exchange) => covered(own[0]!, exchange));
      answers += exchanges.length;
      findings.push(...judgeRules({ rules: own, ...(zones === undefined ? {} : { zones }), answers: exchanges.map((exchange) => ({ body: exchange.responseBody, what: exchange.what, requestHeaders: exchange.requestHeaders, ...(exchange.receivedAt === undefined ? {} : { receivedAt: exchange.receivedAt }) })) }));
      const advice = rules.filter((rule) => rule.operationId === operation && rule.on === 'request');
      if (advice.length === 0) continue;
      const sent = await sentBodies(context, advice[0]!);
      answers += sent.length;
      const free = advice.some((rule) => rule.kind === 'free') ? { free: dspMenus() } : {};
      findings.push(...judgeRules({ rules: advice, answers: sent, ...free, answersOf: (listed) => answersOf(context, listed) }));
    }
    if (answers === 0) {
      // The calls were made but answered another status (that requirement's failure), or never made
      // because another requirement's failure blocked them: either way, blocked by that requirement.
      const what = `no answer it covers (${operations.join(', ')} ${[...new Set(rules.map((rule) => rule.status))].join('/')}) was made in this run`;
      const maker = context.observed.find((exchange) => blamable(exchange.requirement, id, context) && exchange.operations.some((operation) => operations.includes(operation.operationId)))?.requirement;
      const owner = maker ?? senderOf(rules, id) ?? context.blockers[0];
      if (owner !== undefined && owner !== id) throw new Blocked(what, owner);
      throw new Blocked(`${what}; run certify without --only, or with the requirements that make those calls`);
    }
    const names = rules.map((rule) => rule.rule).join(', ');
    if (findings.length === 0) return pass(`${answers} answer(s) keep ${names}`);
    const shown = [...new Set(findings.map((finding) => finding.message))];
    const more = shown.length > 6 ? ` (and ${shown.length - 6} more)` : '';
    const broken = [...new Set(findings.map((finding) => finding.rule))];
    return fail(`${shown.slice(0, 6).join('; ')}${more}`, broken.map((name) => `${name}: ${rules.find((rule) => rule.rule === name)!.statement}`).join(' '));
  }) satisfies Check;
}
