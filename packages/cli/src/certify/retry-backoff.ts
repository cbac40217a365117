// What a partner's sender does while Stream is down: the contract says it should retry a 5xx with
// backoff, so its waits grow and the first is not immediate. Certify asks the sandbox to answer the
// next few sends with 503, has the partner's send command send one update, and reads the arrival
// times the sandbox recorded for it. A sender that does not retry breaks no rule this checks.
import type { SandboxExchange } from '../sandbox/index.js';
import { sendCommandEnv } from './checks-arrivals.js';
import type { CertifyContext } from './context.js';
import { fillCommand, placeholderEnv, platformShell, runSendCommand } from './send-command.js';

/** certify's name for the rule, shown in a finding (catalogue 1.14.0). */
export const RETRY_WAITS_GROW = 'retry-waits-grow';

// Three refusals give a sender two waits to compare before its send is taken.
const OUTAGE_REQUESTS = 3;
// A first retry sooner than this is a loop, not a backoff.
const FIRST_WAIT_MS = 100;
// The command ends after its last retry: what it sent has arrived by then.
const AFTER_COMMAND_MS = 1000;

export interface RetryBackoffOptions {
  /** `events:sendDeliveryUpdate`: the route the outage is asked for. */
  readonly operation: string;
  /** The event the partner's send command is asked for (delivery_status). */
  readonly event: string;
  readonly values: Readonly<Record<string, string>>;
  /** What ties an arrival to the one update asked for (the order's id): an outage's answer names no event. */
  readonly subjectOf: (exchange: SandboxExchange) => unknown;
  readonly subject: string;
}

/** The waits between the arrivals of one send and its retries that do not grow, as sentences (none when they do). */
export function backoffIssues(options: { readonly arrivals: readonly { readonly at: string }[] }): string[] {
  const times = options.arrivals.map((arrival) => Date.parse(arrival.at));
  const waits = times.slice(1).map((time, index) => time - times[index]!);
  if (waits.length === 0 || waits.some((wait) => Number.isNaN(wait))) return [];
  const issues: string[] = [];
  if (waits[0]! < FIRST_WAIT_MS) issues.push(`the first retry came ${waits[0]} ms after the 503, not after a wait of ${FIRST_WAIT_MS} ms or more`);
  const shrinking = waits.findIndex((wait, index) => index > 0 && wait <= waits[index - 1]!);
  if (shrinking > 0) issues.push(`retry ${shrinking + 1} waited ${waits[shrinking]} ms, no longer than the ${waits[shrinking - 1]} ms before it`);
  return issues.length === 0 ? [] : [`${issues.join('; ')} (waits ${waits.map((wait) => `${wait} ms`).join(', ')})`];
}

/**
 * Answers the next sends to the route 503 and returns the finding when the partner's sender retried
 * without a growing wait; undefined when it waited longer each time, did not retry, or has no send command.
 */
export async function retryBackoffIssue(context: CertifyContext, options: RetryBackoffOptions): Promise<string | undefined> {
  const sandbox = context.sandbox;
  if (sandbox === undefined || context.sendCommand === undefined) return undefined;
  const values = { event: options.event, sandbox_url: sandbox.url, partner_slug: sandbox.partnerSlug, partner_id: sandbox.partnerId, ...options.values };
  const { command, refused } = fillCommand({ template: context.sendCommand, values, shell: platformShell() });
  if (refused !== undefined) return undefined;
  const after = await sandbox.mark();
  await sandbox.outage({ operation: options.operation, requests: OUTAGE_REQUESTS, status: 503 });
  try {
    await runSendCommand({ command, env: { ...placeholderEnv(values), ...sendCommandEnv(context) }, timeoutMs: context.within(context.config.waitMs) });
    const arrivals: SandboxExchange[] = [];
    await sandbox.waitFor(after, (exchange) => {
      if (exchange.operation === options.operation && options.subjectOf(exchange) === options.subject) arrivals.push(exchange);
      return false;
    }, context.within(AFTER_COMMAND_MS));
    const issues = backoffIssues({ arrivals: [...arrivals].sort((a, b) => a.seq - b.seq) });
    return issues.length === 0 ? undefined : `[${RETRY_WAITS_GROW}] ${options.event} for ${options.subject}, answered 503 ${OUTAGE_REQUESTS} times: ${issues.join('; ')}`;
  } finally {
    // An outage the sender did not use up would answer the partner's next real send 503.
    await sandbox.outage({ operation: options.operation, requests: 0, status: 503 }).catch(() => undefined);
  }
}
