// One order's sends one at a time (`x-stream-one-at-a-time` on the sending operation): a second send
// for an order made before the first was answered can land first, and Stream keeps the latest value
// it receives. Two parallel sends overlap for a millisecond, too short to see, so certify asks the
// sandbox to hold the next answer a second while the partner's send runs, and then reads whether a
// different send for the same order arrived during the hold (the sandbox notes it as `overlap`).
import { oneAtATime, sendSubject, type OneAtATime } from '../one-at-a-time.js';
import type { ApiName } from '../openapi.js';
import type { SandboxExchange } from '../sandbox/index.js';
import type { CertifyContext } from './context.js';

// Long enough for a send made at the same moment to arrive meanwhile, on a busy machine too.
export const HOLD_MS = 1000;
// What arrived has been noted by the time the send command ended; this covers a person sending by hand.
const AFTER_ARRIVAL_MS = 300;

export interface HeldSend {
  readonly rule: OneAtATime;
  /** Reads the overlap once the partner's send has arrived: the finding, or undefined when its sends went one at a time. */
  overlapIssue(options: { readonly subject: unknown }): Promise<string | undefined>;
  /** Ends the hold if the partner's sender did not use it, so its next real send is answered at once. */
  end(): Promise<void>;
}

/**
 * Holds the next answer of the operation when its contract says one order's sends go one at a time
 * and names the current requirement; undefined when it does not, or no sandbox is linked.
 */
export async function holdNextSend(context: CertifyContext, options: { readonly api: ApiName; readonly operationId: string }): Promise<HeldSend | undefined> {
  const sandbox = context.sandbox;
  const rule = oneAtATime(options.api, options.operationId);
  if (sandbox === undefined || rule === undefined || context.current === undefined || !rule.requirements.includes(context.current)) return undefined;
  const operation = `${options.api}:${options.operationId}`;
  const after = await sandbox.mark();
  await sandbox.outage({ operation, requests: 1, delay_ms: HOLD_MS });
  return {
    rule,
    overlapIssue: async ({ subject }) => {
      const wanted = sendSubject(rule, subject);
      if (wanted === undefined) return undefined;
      const overlapped = await sandbox.waitFor(
        after,
        (exchange: SandboxExchange) => exchange.operation === operation && exchange.overlap !== undefined && sendSubject(rule, exchange.requestBody) === wanted,
        context.within(AFTER_ARRIVAL_MS),
      );
      if (overlapped === undefined) return undefined;
      const what = overlapped.event === undefined ? 'a send' : `a ${overlapped.event} send`;
      return `[${rule.rule}] ${what} for the same order (${rule.subject.join(', ')}: ${wanted}) arrived while certify held the answer to another for ${HOLD_MS} ms: the sender did not wait for the previous send's answer (${rule.statement})`;
    },
    end: async () => {
      await sandbox.outage({ operation, requests: 0 }).catch(() => undefined);
    },
  };
}
