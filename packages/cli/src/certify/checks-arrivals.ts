// Waiting for what the partner sends to the sandbox: by its send command, or by asking a person.
import type { SandboxExchange } from '../sandbox/index.js';
import { Blocked, fail, type CertifyContext, type CheckOutcome } from './context.js';
import { hideCommandSecrets, shownCommand } from './command-shown.js';
import { fillCommand, placeholderEnv, platformShell, runSendCommand, type CommandRun } from './send-command.js';

export interface SandboxAsk {
  /** The name the partner's send command knows: `order.status.updated`, `new_order`. */
  readonly event: string;
  /** The sandbox operation the partner calls; by default the audience's one (SENDING_OPERATIONS). A refusal there answers the ask even when it names no event. */
  readonly operation?: string;
  /** What to tell a person when there is no send command. */
  readonly instruction: string;
  readonly values: Readonly<Record<string, string>>;
  readonly match: (exchange: SandboxExchange) => boolean;
}

/** The sandbox operation each audience sends through: a refusal there belongs to whatever certify is waiting for. */
export const SENDING_OPERATIONS: Readonly<Record<string, string>> = { pos: 'pos:sendWebhookEvent', dsp: 'dsp:sendOrderEvent', events: 'events:sendDeliveryUpdate' };

/** Asks the partner to send something to the sandbox (by its send command, or by telling a person) and waits for it. */
export async function expectFromPartner(context: CertifyContext, ask: SandboxAsk, judgeArrival: (exchange: SandboxExchange) => CheckOutcome | Promise<CheckOutcome>): Promise<CheckOutcome> {
  const sandbox = context.sandbox;
  if (sandbox === undefined) throw new Blocked('no sandbox: this requirement is checked through the sandbox (drop --skip-sandbox)');
  const after = await sandbox.mark();
  const values = { event: ask.event, sandbox_url: sandbox.url, partner_slug: sandbox.partnerSlug, partner_id: sandbox.partnerId, ...ask.values };
  let commandNote = '';
  if (context.sendCommand !== undefined) {
    const { command, refused } = fillCommand({ template: context.sendCommand, values, shell: platformShell() });
    if (refused !== undefined) return fail(refused, ask.instruction);
    const run = await runSendCommand({ command, env: { ...placeholderEnv(values), ...sendCommandEnv(context) }, timeoutMs: context.within(context.config.waitMs) });
    if (run.exitCode !== 0) {
      const { shown, secrets } = shownCommand(command);
      commandNote = ` The send command (${shown}) ${hideCommandSecrets({ text: describeExit(run), secrets })}.`;
    }
  } else {
    context.prompt(`${ask.instruction} Send it to ${sandbox.url}, signed with your webhook secret. Waiting ${Math.round(context.config.waitMs / 1000)} s...`);
  }
  // A refusal the sandbox could not tie to an event (a bad signature on a body without a type) still answers this ask.
  const operation = ask.operation ?? SENDING_OPERATIONS[context.config.audience];
  const match = (exchange: SandboxExchange) => ask.match(exchange) || (exchange.operation === operation && exchange.verdict !== 'accepted' && exchange.event === undefined);
  const arrived = await sandbox.waitFor(after, match, context.within(commandNote === '' ? context.config.waitMs : 500));
  if (arrived === undefined) {
    return fail(commandNote === '' ? `nothing arrived at the sandbox within ${Math.round(context.config.waitMs / 1000)} s.` : `nothing arrived at the sandbox.${commandNote}`, ask.instruction);
  }
  context.evidence.push({
    what: `received ${arrived.event ?? arrived.path}`,
    request: { method: arrived.method, url: `${sandbox.url}${arrived.path}`, ...(arrived.requestBody === undefined ? {} : { body: JSON.stringify(arrived.requestBody) }) },
    response: { status: arrived.status, ms: arrived.ms, ...(arrived.responseBody === undefined ? {} : { body: JSON.stringify(arrived.responseBody) }) },
  });
  if (arrived.verdict !== 'accepted') return fail(`the sandbox refused it with ${arrived.status}: ${refusalReason(arrived)}${commandNote}`, 'a signed body that matches the contract');
  return judgeArrival(arrived);
}

/** The environment certify gives the send command: where Stream is and how to sign, under the names the starter kits read. */
export function sendCommandEnv(context: CertifyContext): Record<string, string> {
  const sandbox = context.sandbox!;
  return { STREAM_BASE_URL: sandbox.url, STREAM_WEBHOOK_SECRET: context.config.webhookSecret, PARTNER_SLUG: sandbox.partnerSlug, PARTNER_ID: sandbox.partnerId };
}

/** `exited with code 1 (stderr: ...)` or `was stopped by SIGKILL`: how a send command ended, with the tail of its error output. */
export function describeExit(run: CommandRun): string {
  const tail = (text: string) => text.trim().split('\n').slice(-3).join(' / ');
  const stderr = tail(run.stderr);
  const output = stderr === '' ? tail(run.output) : stderr;
  const detail = output === '' ? '' : ` (${stderr === '' ? 'output' : 'stderr'}: ${output})`;
  if (run.exitCode !== null) return `exited with code ${run.exitCode}${detail}`;
  if (run.signal !== null) return `was stopped by ${run.signal}${run.timedOut ? ' after the --wait-ms limit' : ''}${detail}`;
  return `could not start${detail}`;
}

/** The sandbox's refusal reason: its note, else the error body's message. */
function refusalReason(exchange: SandboxExchange): string {
  if (exchange.note !== undefined && exchange.note !== '') return exchange.note;
  const body = exchange.responseBody as { code?: unknown; message?: unknown } | undefined;
  if (typeof body?.message === 'string') return `${typeof body.code === 'string' ? `${body.code}: ` : ''}${body.message}`;
  return 'no reason given';
}
