// The events contract's meaning sentences that carry no x-stream-checked-by, each with why.
import type { MeaningList } from './meaning';

export const EVENTS: MeaningList = {
  api: 'events',
  unchecked: [
    {
      says: 'You should use `occurred_at` to ignore an update older than the last one',
      verdict: 'unseen',
      why: 'What a provider applies from an order.updated shows in no answer (204, no body) and in nothing it sends Stream, so ignoring an older one is invisible; acknowledging it is EVT-ORD-02.',
    },
    {
      says: 'Retries can deliver events for one order out of order, so you should ignore',
      verdict: 'unseen',
      why: 'The same advice as order.updated gives: applying an update is invisible on the wire, and the 204 an out-of-order update still gets is EVT-ORD-02 (delivery-status-any-order).',
    },
    {
      says: 'the extension or code to dial after it to reach this customer',
      verdict: 'stream',
      why: 'Stream fills the customer of the orders it sends; a provider answers nothing with it.',
    },
    {
      says: 'It is a schema of its own, apart from the seven-value `FulfillmentType`',
      verdict: 'definition',
      why: 'Says how the contract is built (a separate five-value enum, held by schema:enum); no body can contradict it.',
    },
    {
      says: 'When the customer placed the order (RFC 3339, UTC).',
      verdict: 'stream',
      why: 'Stream sets placed_at on the orders it sends; that a provider takes any offset is EVT-GEN-02 (utc-offset-accepted).',
    },
    {
      says: 'When the order is expected to be handed to the customer or the driver (RFC 3339, UTC).',
      verdict: 'stream',
      why: 'Stream sets estimated_fulfillment_time; a provider only reads it.',
    },
    {
      says: 'A timestamp rather than epoch milliseconds.',
      verdict: 'stream',
      why: 'Says how Stream writes the time it sends (format: date-time on a string); a provider answers nothing with it.',
    },
    {
      says: 'When the merchant gave no estimate, Stream uses 30 minutes after `placed_at`.',
      verdict: 'stream',
      why: 'What Stream fills in on its own sends.',
    },
    {
      says: 'Where the order stands after the change an `order.updated` event reports.',
      verdict: 'definition',
      why: 'Names what the enum Stream sends means; the values are schema:enum.',
    },
    {
      says: 'Omitted when Stream does not know.',
      verdict: 'stream',
      why: 'Stream leaves out the cancel status of its own sends; that a provider takes a cancellation without it is EVT-GEN-02 (every optional field present or none).',
    },
    {
      says: 'Stream sends it back on every later event for this order.',
      verdict: 'stream',
      why: 'What Stream does with the provider_id; the sandbox\'s own tests hold it.',
    },
    {
      says: 'When omitted, Stream keeps the estimate it already had for the order.',
      verdict: 'stream',
      why: 'What Stream does when prep_time_minutes is left out; leaving it out is allowed.',
    },
    {
      says: 'The order total the POS computed differs from the total Stream sent.',
      verdict: 'unseen',
      why: 'An event provider takes every order the contract allows whatever its amounts add up to (EVT-GEN-02 sends orders with tax, subtotal or total at 0, EVT-ORD-01 one with a discount), so a provider that passes never answers orderTotalsValidation: no entry shows to judge.',
    },
    {
      says: 'Both amounts are integers in the lowest currency unit (cents for USD).',
      verdict: 'unseen',
      why: 'In an orderTotalsValidation entry, which a provider that takes every valid order never sends (EVT-GEN-02); the integers are schema:type.',
    },
    {
      says: 'Total computed by the POS, in the lowest currency unit.',
      verdict: 'unseen',
      why: 'posTotal of an orderTotalsValidation entry, which no provider that passes EVT-GEN-02 sends.',
    },
    {
      says: 'Total sent by Stream, in the lowest currency unit.',
      verdict: 'unseen',
      why: 'streamTotal of an orderTotalsValidation entry, which no provider that passes EVT-GEN-02 sends.',
    },
    {
      says: 'Every reason the POS refused an order, grouped by kind.',
      verdict: 'unseen',
      why: 'The events API gives a provider no menu or stock certify could make it refuse a valid order for; the one refusal certify provokes (a contract break) is one orderValidation entry (EVT-SEC-03), and a totals refusal is EVT-VAL-01.',
    },
    {
      says: 'When the driver changes, you should send it again with the new driver',
      verdict: 'open',
      why: 'A driver change shows on the wire, but the send command gets one instruction per event and cannot be told to change the driver; it would take a send-command scenario "reassign" and a check that a second assign-driver for the order names another driver.',
    },
  ],
};
