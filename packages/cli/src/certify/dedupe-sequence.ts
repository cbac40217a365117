// `DSP-EVT-09` over a sequence: Stream retries an event after others were delivered in between, so
// a DSP that remembers only the last event_id (or one per event type) processes the retry again.
import { answered, fail, pass, type CertifyContext, type CheckOutcome } from './context.js';
import { caseTurned } from './unknown-location.js';

/** A rule of certify's on DSP-EVT-09 (catalogue 1.14.0): an event_id is a duplicate whatever came after it. */
export const DEDUPE_OVER_SEQUENCE = 'dedupe-over-a-sequence';
/** Another (catalogue 1.14.0): event_ids are compared character for character, so one differing only in letter case is a new event. */
export const EVENT_ID_COMPARED_EXACTLY = 'event-id-compared-exactly';

export interface DedupeSequenceOptions {
  readonly context: CertifyContext;
  readonly token: string;
  /** The event already delivered (and repeated once) that is resent after others. */
  readonly first: Record<string, unknown>;
  readonly firstType: string;
  /** A fresh event of the named type, with a new event_id. */
  readonly make: (type: string) => Promise<Record<string, unknown>>;
  /** Event types sent in between, in order: another type first, then the first's own type again. */
  readonly between: readonly string[];
}

/** Sends A, then each of `between` with a new event_id, resending A after each: every resend must be duplicate: true. */
export async function dedupeOverSequence(options: DedupeSequenceOptions): Promise<CheckOutcome> {
  const { context, token, first, firstType } = options;
  const sent: string[] = ['A'];
  for (const [index, type] of options.between.entries()) {
    const label = String.fromCharCode(66 + index);
    const other = await context.call(`send ${type} (${label}, a new event_id)`, { target: context.target(type), body: await options.make(type), token });
    if (other.status !== 200) return pass(`repeat answered duplicate: true; the sequence stopped as ${type} ${answered(other)} (its own requirement's finding)`);
    sent.push(label);
    const resend = await context.call(`resend ${firstType} (A) after ${sent.slice(1).join(', ')}`, { target: context.target(firstType), body: first, token });
    const duplicate = resend.status === 200 && (resend.json as { duplicate?: unknown } | undefined)?.duplicate === true;
    if (!duplicate) {
      return fail(
        `[${DEDUPE_OVER_SEQUENCE}] ${firstType} A (event_id ${String(first.event_id)}) resent after ${sent.join(', ')} ${resend.status === 200 ? `was processed again, without duplicate: true (${resend.bodyText})` : answered(resend)}`,
        '200 with duplicate: true for every event_id already processed, not only the last one: remember each event_id, whatever arrived after it',
      );
    }
    sent.push('A');
  }
  // A case-insensitive store (a collation, a lower-cased key) takes another event for a repeat and drops it.
  const turned = caseTurned(String(first.event_id));
  if (turned !== first.event_id) {
    const fresh = await context.call(`send a new ${firstType} whose event_id ${turned} differs from A's only in letter case`, { target: context.target(firstType), body: { ...(await options.make(firstType)), event_id: turned }, token });
    const dropped = fresh.status === 200 && (fresh.json as { duplicate?: unknown } | undefined)?.duplicate === true;
    if (dropped) {
      return fail(
        `[${EVENT_ID_COMPARED_EXACTLY}] a new ${firstType} with event_id ${turned} was answered duplicate: true and dropped, as if it were A (${String(first.event_id)}), which differs only in letter case`,
        '200 without duplicate: true: compare event_ids character for character (a case-sensitive key or collation)',
      );
    }
  }
  return pass(`repeat answered duplicate: true, immediately and after ${options.between.length} other event(s) in between (${sent.join(', ')})`);
}
