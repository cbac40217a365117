// What a partner's sender does when Stream answers a send with a 5xx: the contract says it should
// retry, and a retry is the same event, so it carries the same event_id and the same body (a fresh
// event_id makes Stream place a retried order twice). Certify asks the sandbox to answer the next
// send with 503, has the partner send one event, and judges whatever arrives again for it. Asked
// with a final answer instead (a 401 the contract's x-stream-final-answers names), anything that
// arrives again for it is a resend of a refusal that can never succeed.
import { isDeepStrictEqual } from 'node:util';
import type { SandboxExchange } from '../sandbox/index.js';
import { describeExit, sendCommandEnv } from './checks-arrivals.js';
import { hideCommandSecrets, shownCommand } from './command-shown.js';
import { Blocked, fail, pass, type CertifyContext, type CheckOutcome } from './context.js';
import { fillCommand, placeholderEnv, platformShell, runSendCommand } from './send-command.js';

/** The contract's name for the rule, shown in a finding. */
export const RETRY_KEEPS_THE_EVENT = 'retry-keeps-the-event';

export interface SendRetryOptions {
  /** `dsp:sendOrderEvent`: the route the outage is asked for. */
  readonly operation: string;
  /** The event the partner's send command is asked for (new_order). */
  readonly event: string;
  readonly instruction: string;
  readonly values: Readonly<Record<string, string>>;
  /** What ties an arrival to the one thing the partner was asked to send (the order's id), whatever its event_id. */
  readonly subjectOf: (exchange: SandboxExchange) => unknown;
  readonly subject: string;
  /** The requirement whose finding nothing arriving is. */
  readonly sentBy: string;
  /** The status the sandbox answers the first send with: 503 (the default), or a final answer that must not be resent. */
  readonly status?: number;
  /** Set with a final status: the contract's rule name, shown in a finding. */
  readonly finalRule?: string;
}

// A sender's first retry comes within seconds; a person's tool may wait longer.
const AFTER_COMMAND_MS = 1000;
const AFTER_PERSON_MS = 15_000;

function eventIdOf(exchange: SandboxExchange): unknown {
  return (exchange.requestBody as { event_id?: unknown } | undefined)?.event_id;
}

/** Answers the partner's first send with 503 and fails when a retry of it is another event: a new event_id or another body. */
export async function sendRetryCheck(context: CertifyContext, options: SendRetryOptions): Promise<CheckOutcome> {
  const sandbox = context.sandbox;
  if (sandbox === undefined) throw new Blocked('no sandbox: this requirement is checked through the sandbox (drop --skip-sandbox)');
  const after = await sandbox.mark();
  await sandbox.outage({ operation: options.operation, requests: 1, status: options.status ?? 503 });
  try {
    return await judgeRetries(context, options, after);
  } finally {
    // An outage nothing took (no send, a refused command, the run's limit) would answer the partner's next real send 503.
    await sandbox.outage({ operation: options.operation, requests: 0, status: 503 }).catch(() => undefined);
  }
}

async function judgeRetries(context: CertifyContext, options: SendRetryOptions, after: number): Promise<CheckOutcome> {
  const sandbox = context.sandbox!;
  const status = options.status ?? 503;
  const ours = (exchange: SandboxExchange) => exchange.operation === options.operation && exchange.event === options.event && options.subjectOf(exchange) === options.subject;
  const values = { event: options.event, sandbox_url: sandbox.url, partner_slug: sandbox.partnerSlug, partner_id: sandbox.partnerId, ...options.values };
  let note = '';
  if (context.sendCommand !== undefined) {
    const { command, refused } = fillCommand({ template: context.sendCommand, values, shell: platformShell() });
    if (refused !== undefined) return fail(refused, options.instruction);
    // The command ends after its last retry: everything it sent has arrived by then.
    const run = await runSendCommand({ command, env: { ...placeholderEnv(values), ...sendCommandEnv(context) }, timeoutMs: context.within(context.config.waitMs) });
    if (run.exitCode !== 0) note = ` (the send command ${hideCommandSecrets({ text: describeExit(run), secrets: shownCommand(command).secrets })}, as a send answered ${status} may)`;
  } else {
    context.prompt(`${options.instruction} Stream will answer it ${status} once: ${options.finalRule === undefined ? 'retry it' : 'answer that'} as your sender does. Send it to ${sandbox.url}, signed with your webhook secret. Waiting ${Math.round(context.config.waitMs / 1000)} s...`);
  }
  const first = await sandbox.waitFor(after, ours, context.within(context.sendCommand === undefined ? context.config.waitMs : AFTER_COMMAND_MS));
  if (first === undefined) throw new Blocked(`no ${options.event} for ${options.subject} arrived at the sandbox${note}, so no retry could be judged`, options.sentBy);
  if (first.status !== status) throw new Blocked(`the first ${options.event} for ${options.subject} was answered ${first.status}, not the ${status} asked for: another send took the outage`, options.sentBy);
  const retries: SandboxExchange[] = [];
  await sandbox.waitFor(first.seq, (exchange) => {
    if (ours(exchange)) retries.push(exchange);
    return false;
  }, context.within(context.sendCommand === undefined ? AFTER_PERSON_MS : AFTER_COMMAND_MS));
  if (options.finalRule !== undefined) {
    if (retries.length === 0) return pass(`the ${options.event} for ${options.subject} answered ${status} was sent once`);
    return fail(`[${options.finalRule}] the ${options.event} for ${options.subject}, which Stream answered ${status}, was sent ${retries.length} more time(s)${note}`, `no resend after a ${status}: the answer is final; fix the body or the signature, and retry only a timeout, a network error or a 5xx`);
  }
  // Retrying is a should: a sender that does not retry breaks no rule this requirement states.
  if (retries.length === 0) return pass(`the ${options.event} answered 503 was not retried (the contract says a sender should retry a 5xx with the same event_id)`);
  const issues: string[] = [];
  for (const retry of retries) {
    if (eventIdOf(retry) !== eventIdOf(first)) issues.push(`a retry carried event_id ${String(eventIdOf(retry))}, not the ${String(eventIdOf(first))} of the ${options.event} answered 503`);
    else if (!isDeepStrictEqual(retry.requestBody, first.requestBody)) issues.push(`a retry under event_id ${String(eventIdOf(first))} carried another body than the ${options.event} answered 503`);
  }
  if (issues.length > 0) return fail(`[${RETRY_KEEPS_THE_EVENT}] ${options.event} for ${options.subject}: ${[...new Set(issues)].join('; ')}${note}`, 'retry a 5xx or a timeout with the same event_id and the same body: Stream answers a repeat with duplicate: true and does not place the order twice');
  return pass(`the ${options.event} answered 503 was retried ${retries.length} time(s), each with the same event_id and body`);
}
