// What a partner's sender does with a refusal from Stream, as the sending operation's contract says
// with `x-stream-final-answers`: the statuses it must not retry. Certify asks the partner to send an
// update the sandbox refuses (an order it does not know: 404), then counts what arrives with the
// same body; a second one is a retry of a final answer, which can never succeed.
import { randomBytes } from 'node:crypto';
import { finalAnswers } from '../final-answers.js';
import type { ApiName } from '../openapi.js';
import type { SandboxExchange } from '../sandbox/index.js';
import { describeExit, sendCommandEnv } from './checks-arrivals.js';
import { Blocked, fail, pass, type CertifyContext, type CheckOutcome } from './context.js';
import { hideCommandSecrets, shownCommand } from './command-shown.js';
import { fillCommand, placeholderEnv, platformShell, runSendCommand } from './send-command.js';

export { finalAnswers, type FinalAnswers } from '../final-answers.js';

export interface RetryCheckOptions {
  readonly api: ApiName;
  readonly operationId: string;
  /** The name the partner's send command knows (delivery_status). */
  readonly event: string;
  /** What to tell a person when there is no send command. */
  readonly instruction: (orderId: string) => string;
  /** The placeholder values, with an order id the sandbox does not know. */
  readonly values: (orderId: string) => Readonly<Record<string, string>>;
  readonly orderIdOf: (exchange: SandboxExchange) => unknown;
  /** The requirement that judges whether this update is sent at all, and for the order asked: nothing arriving is its finding. */
  readonly sentBy: string;
}

// After the first refusal, how long certify keeps counting: a sender's retries come within seconds.
const AFTER_COMMAND_MS = 500;
const AFTER_PERSON_MS = 5000;

/** Sends through the partner an update the sandbox refuses as final and fails when the same update arrives again. */
export async function refusalRetryCheck(context: CertifyContext, options: RetryCheckOptions): Promise<CheckOutcome> {
  const final = finalAnswers(options.api, options.operationId);
  const sandbox = context.sandbox;
  if (final === undefined) return pass('the contract names no final answers for the sender');
  if (sandbox === undefined) throw new Blocked('no sandbox: this requirement is checked through the sandbox (drop --skip-sandbox)');
  const orderId = `ord_cert_unknown_${randomBytes(5).toString('hex')}`;
  const ours = (exchange: SandboxExchange) => exchange.operation === `${options.api}:${options.operationId}` && options.orderIdOf(exchange) === orderId;
  const after = await sandbox.mark();
  const values = { event: options.event, sandbox_url: sandbox.url, partner_slug: sandbox.partnerSlug, partner_id: sandbox.partnerId, ...options.values(orderId) };
  let note = '';
  if (context.sendCommand !== undefined) {
    const { command, refused } = fillCommand({ template: context.sendCommand, values, shell: platformShell() });
    if (refused !== undefined) return fail(refused, options.instruction(orderId));
    // The command ends after its last retry: everything it sent has arrived by then.
    const run = await runSendCommand({ command, env: { ...placeholderEnv(values), ...sendCommandEnv(context) }, timeoutMs: context.within(context.config.waitMs) });
    if (run.exitCode !== 0) note = ` (the send command ${hideCommandSecrets({ text: describeExit(run), secrets: shownCommand(command).secrets })}, as a refused send may)`;
  } else {
    context.prompt(`${options.instruction(orderId)} Send it to ${sandbox.url}, signed with your webhook secret. Waiting ${Math.round(context.config.waitMs / 1000)} s...`);
  }
  const first = await sandbox.waitFor(after, ours, context.within(context.sendCommand === undefined ? context.config.waitMs : AFTER_COMMAND_MS));
  if (first === undefined) throw new Blocked(`nothing for order ${orderId} arrived at the sandbox${note}, so no resend could be counted`, options.sentBy);
  if (first.status === undefined || !final.statuses.includes(first.status)) return pass(`the sandbox answered the update ${first.status ?? 'nothing'}, not a final refusal; nothing to count`);
  let again = 0;
  await sandbox.waitFor(first.seq, (exchange) => {
    if (ours(exchange)) again += 1;
    return false;
  }, context.within(context.sendCommand === undefined ? AFTER_PERSON_MS : AFTER_COMMAND_MS));
  if (again === 0) return pass(`the update for an order Stream does not know was answered ${first.status} and sent once`);
  return fail(`[${final.rule}] the update for order ${orderId}, which Stream answered ${first.status}, was sent ${again} more time(s)${note}`, `no resend after ${final.statuses.join(' or ')}: the answer is final; retry only a timeout, a network error, a 429 or a 5xx`);
}
