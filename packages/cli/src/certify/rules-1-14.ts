// Rules certify names in its reasons that requirement catalogue 1.14.0 scopes its event-provider
// changes to: each is a family of bodies or states a receiver met too rarely before.

/** Every separator an open set's pattern allows (`stream_added_later` next to `stream-added-later`). */
export const OPEN_SEPARATOR_ACCEPTED = 'open-value-every-separator';
/** A string the contract marks `x-stream-any-value` is taken in a shape other than its example's. */
export const ANY_VALUE_ACCEPTED = 'any-value-accepted';
/** A UTC date-time written with the offset `+00:00` instead of `Z`. */
export const UTC_OFFSET_ACCEPTED = 'utc-offset-accepted';
/** Another value of a list, on an event whose 400 is only for a body that breaks the contract, is never refused. */
export const VALID_EVENT_NEVER_REFUSED = 'valid-event-never-refused';
/** An order's events after the event that closed it (`x-stream-any-state` state `after-closing`) get their success answer. */
export const ORDER_CLOSED_STILL_ANSWERED = 'closed-order-still-answered';
/** A Stream-Signature holding a list of signatures is malformed, even when one of them is right. */
export const SIGNATURE_LIST_REFUSED = 'signature-list-refused';
/** A 401 never shows the signature the receiver expected. */
export const EXPECTED_SIGNATURE_NOT_SHOWN = 'expected-signature-not-shown';
/** An event naming an object the receiver does not hold (`x-stream-any-state` state `unknown-ids`) gets its success answer. */
export const UNKNOWN_ID_ACCEPTED = 'unknown-id-accepted';

export const RULES_1_14: readonly string[] = [OPEN_SEPARATOR_ACCEPTED, ANY_VALUE_ACCEPTED, UTC_OFFSET_ACCEPTED, VALID_EVENT_NEVER_REFUSED, ORDER_CLOSED_STILL_ANSWERED, SIGNATURE_LIST_REFUSED, EXPECTED_SIGNATURE_NOT_SHOWN, UNKNOWN_ID_ACCEPTED];
