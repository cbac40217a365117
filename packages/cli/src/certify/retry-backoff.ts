// What a partner's sender does while Stream is down: the contract says it should retry a 5xx with
// backoff, and its `x-stream-backoff` says how certify judges that: how many sends the sandbox answers
// with which 5xx, and the shortest first wait. Certify has the partner's send command send one update
// and reads the arrival times the sandbox recorded for it. A sender that does not retry breaks no rule this checks.
import { CliError } from '../errors.js';
import { findOperation, isObject, type ApiName } from '../openapi.js';
import { MAX_OUTAGE_REQUESTS, OUTAGE_STATUSES, type SandboxExchange } from '../sandbox/index.js';
import { sendCommandEnv } from './checks-arrivals.js';
import type { CertifyContext } from './context.js';
import { fillCommand, placeholderEnv, platformShell, runSendCommand } from './send-command.js';

/** certify's name for the rule, shown in a finding (catalogue 1.14.0). */
export const RETRY_WAITS_GROW = 'retry-waits-grow';

// The command ends after its last retry: what it sent has arrived by then.
const AFTER_COMMAND_MS = 1000;

/** The sending operation's `x-stream-backoff`: what certify answers while Stream is down and how it judges the waits. */
export interface BackoffRule {
  readonly rule: string;
  readonly requirement: string;
  /** The 5xx the sandbox answers with. */
  readonly status: number;
  /** How many sends in a row get it: two or more, so there are waits to compare. */
  readonly refusals: number;
  /** A first retry sooner than this is a loop, not a backoff. */
  readonly firstWaitMs: number;
}

// A first wait longer than this would outlast certify's wait for the send command's retries.
const MAX_FIRST_WAIT_MS = 5000;

/** What is wrong with each field of an `x-stream-backoff` value, as sentences that say what to write instead. */
function backoffProblems(raw: Record<string, unknown>): string[] {
  const whole = (value: unknown, min: number, max: number) => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
  const shown = (key: string) => `${key} is ${JSON.stringify(raw[key]) ?? 'missing'}`;
  return [
    typeof raw.rule === 'string' && /^[a-z]+(-[a-z]+)*$/.test(raw.rule) ? '' : `${shown('rule')}: give the kebab-case name certify's finding quotes (retry-waits-grow)`,
    typeof raw.requirement === 'string' && /^[A-Z]+-[A-Z]+-\d\d$/.test(raw.requirement) ? '' : `${shown('requirement')}: give the requirement id whose check runs it (EVT-SND-03)`,
    typeof raw.status === 'string' && OUTAGE_STATUSES.some((status) => String(status) === raw.status) ? '' : `${shown('status')}: give the 5xx the sandbox answers with as a string, one of ${OUTAGE_STATUSES.map((status) => `'${status}'`).join(', ')}`,
    whole(raw.refusals, 2, MAX_OUTAGE_REQUESTS) ? '' : `${shown('refusals')}: give a whole number from 2 (two waits to compare) to ${MAX_OUTAGE_REQUESTS}`,
    whole(raw.first_wait_ms, 1, MAX_FIRST_WAIT_MS) ? '' : `${shown('first_wait_ms')}: give a whole number of milliseconds from 1 to ${MAX_FIRST_WAIT_MS}`,
    typeof raw.statement === 'string' && raw.statement.trim() !== '' ? '' : `${shown('statement')}: give the sentence a guide shows`,
  ].filter((problem) => problem !== '');
}

/** Reads an `x-stream-backoff` value as the contract states it; a malformed one is a `spec_invalid` error naming each field to fix. */
export function parseBackoffRule(options: { readonly raw: unknown; readonly where: string }): BackoffRule {
  const raw = options.raw;
  const problems = isObject(raw) ? backoffProblems(raw) : [`it is ${JSON.stringify(raw)}: give an object { rule, requirement, status, refusals, first_wait_ms, statement }`];
  if (problems.length > 0) throw new CliError('spec_invalid', `${options.where} is malformed: ${problems.join('; ')}. Fix the contract and run npm run specs:bundle.`);
  const rule = raw as Record<string, unknown>;
  return { rule: rule.rule as string, requirement: rule.requirement as string, status: Number(rule.status), refusals: rule.refusals as number, firstWaitMs: rule.first_wait_ms as number };
}

/** The operation's backoff rule; a contract that states none is an error, since a check that reads it would otherwise pass unseen. */
export function backoffRule(options: { readonly api: ApiName; readonly operationId: string }): BackoffRule {
  const where = `The ${options.api} contract's x-stream-backoff on ${options.operationId}`;
  const raw = findOperation(options.api, options.operationId).raw['x-stream-backoff'];
  if (raw === undefined) throw new CliError('spec_invalid', `${where} is missing: certify's retry check reads it. Add { rule, requirement, status, refusals, first_wait_ms, statement } beside x-stream-final-answers and run npm run specs:bundle.`);
  return parseBackoffRule({ raw, where });
}

export interface RetryBackoffOptions {
  /** The contract and sending operation whose `x-stream-backoff` is checked and whose route the outage is asked for. */
  readonly api: ApiName;
  readonly operationId: string;
  /** The event the partner's send command is asked for (delivery_status). */
  readonly event: string;
  readonly values: Readonly<Record<string, string>>;
  /** What ties an arrival to the one update asked for (the order's id): an outage's answer names no event. */
  readonly subjectOf: (exchange: SandboxExchange) => unknown;
  readonly subject: string;
}

/** The waits between the arrivals of one send and its retries that do not grow, as sentences (none when they do). */
export function backoffIssues(options: { readonly arrivals: readonly { readonly at: string }[]; readonly rule: BackoffRule }): string[] {
  const first = options.rule.firstWaitMs;
  const times = options.arrivals.map((arrival) => Date.parse(arrival.at));
  const waits = times.slice(1).map((time, index) => time - times[index]!);
  if (waits.length === 0 || waits.some((wait) => Number.isNaN(wait))) return [];
  const issues: string[] = [];
  if (waits[0]! < first) issues.push(`the first retry came ${waits[0]} ms after the ${options.rule.status}, not after a wait of ${first} ms or more`);
  const shrinking = waits.findIndex((wait, index) => index > 0 && wait <= waits[index - 1]!);
  if (shrinking > 0) issues.push(`retry ${shrinking + 1} waited ${waits[shrinking]} ms, no longer than the ${waits[shrinking - 1]} ms before it`);
  return issues.length === 0 ? [] : [`${issues.join('; ')} (waits ${waits.map((wait) => `${wait} ms`).join(', ')})`];
}

/**
 * Answers the next sends to the route with the contract's 5xx and returns the finding when the partner's sender retried
 * without a growing wait; undefined when it waited longer each time, did not retry, or has no send command.
 */
export async function retryBackoffIssue(context: CertifyContext, options: RetryBackoffOptions): Promise<string | undefined> {
  const sandbox = context.sandbox;
  const rule = backoffRule(options);
  if (sandbox === undefined || context.sendCommand === undefined) return undefined;
  const operation = `${options.api}:${options.operationId}`;
  const values = { event: options.event, sandbox_url: sandbox.url, partner_slug: sandbox.partnerSlug, partner_id: sandbox.partnerId, ...options.values };
  const { command, refused } = fillCommand({ template: context.sendCommand, values, shell: platformShell() });
  if (refused !== undefined) return undefined;
  const after = await sandbox.mark();
  await sandbox.outage({ operation, requests: rule.refusals, status: rule.status });
  try {
    await runSendCommand({ command, env: { ...placeholderEnv(values), ...sendCommandEnv(context) }, timeoutMs: context.within(context.config.waitMs) });
    const arrivals: SandboxExchange[] = [];
    await sandbox.waitFor(after, (exchange) => {
      if (exchange.operation === operation && options.subjectOf(exchange) === options.subject) arrivals.push(exchange);
      return false;
    }, context.within(AFTER_COMMAND_MS));
    const issues = backoffIssues({ arrivals: [...arrivals].sort((a, b) => a.seq - b.seq), rule });
    return issues.length === 0 ? undefined : `[${rule.rule}] ${options.event} for ${options.subject}, answered ${rule.status} ${rule.refusals} times: ${issues.join('; ')}`;
  } finally {
    // An outage the sender did not use up would answer the partner's next real send 503.
    await sandbox.outage({ operation, requests: 0, status: rule.status }).catch(() => undefined);
  }
}
