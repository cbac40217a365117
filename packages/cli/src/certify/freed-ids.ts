// Rule distinct-orders-distinct-ids, over a sequence that frees an id: a partner whose order ids are
// slots (a route slot, a ticket number) may give a canceled order's id to the next order. Stream keeps
// the canceled order's id and matches later events by it, so the next order's updates would name the
// canceled one. Certify takes an order, cancels it, takes another, and compares their ids.
import { quoted } from '../visible.js';
/** An id a partner mints names one object: two orders never share one (POS in-store orders too, in-store-ids.ts). */
export const DISTINCT_ORDERS_DISTINCT_IDS = 'distinct-orders-distinct-ids';

export interface FreedIdOptions {
  /** Sends a new order: Stream's id for it, the partner's id it was answered with (undefined when refused), and how to cancel it. */
  readonly create: (what: string) => Promise<{ readonly orderId: string; readonly providerId: unknown; readonly cancel: () => Promise<void> }>;
}

/** The finding when the order after a canceled one is answered with the canceled order's id, or undefined. */
export async function freedIdIssue(options: FreedIdOptions): Promise<string | undefined> {
  const first = await options.create('send a new order, to cancel it and send another');
  // A refused order has no id to free: the refusal is the plain order requirement's finding.
  if (typeof first.providerId !== 'string' || first.providerId === '') return undefined;
  await first.cancel();
  const next = await options.create('send the next new order, after the cancellation');
  if (next.providerId !== first.providerId) return undefined;
  return `[${DISTINCT_ORDERS_DISTINCT_IDS}] order ${first.orderId} was answered with provider_id ${quoted(first.providerId)} and canceled, and the next order, ${next.orderId}, was answered with the same provider_id: Stream keeps a canceled order's provider_id, so the next order's events would be matched to the canceled one`;
}
