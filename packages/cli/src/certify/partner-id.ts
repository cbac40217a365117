// An id a partner mints for an object is its own: Stream stores it and sends it back beside its own
// ids, so a partner that answers with an id Stream sent it (the order's object.id, an event_id) has
// not recorded the object under an id of its own. The ids Stream sent are read from the body itself.
import { isObject } from '../openapi.js';

/** certify's name for the rule, shown in a finding (catalogue 1.14.0). */
export const PARTNER_ID_IS_ITS_OWN = 'partner-id-is-its-own';

/** Keys that hold an id Stream minted: `id`, `event_id` and any order id it names (`dsp_order_id`). */
function isStreamIdKey(key: string): boolean {
  return key === 'id' || key === 'event_id' || key.endsWith('order_id');
}

/** The JSON pointer of an id Stream sent in `sent` that equals `answered`, or undefined when none does. */
export function echoedStreamId(options: { readonly sent: unknown; readonly answered: string }): string | undefined {
  const walk = (value: unknown, path: string, depth: number): string | undefined => {
    if (depth > 8) return undefined;
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) {
        const found = walk(item, `${path}/${index}`, depth + 1);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    if (!isObject(value)) return undefined;
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (typeof item === 'string' && isStreamIdKey(key) && item === options.answered) return `${path}/${key}`;
      const found = walk(item, `${path}/${key}`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(options.sent, '', 0);
}

/** A finding when the answer's provider_id is an id Stream sent it, else undefined. */
export function echoedIdIssue(options: { readonly sent: unknown; readonly answered: string }): string | undefined {
  const pointer = echoedStreamId(options);
  if (pointer === undefined) return undefined;
  return `[${PARTNER_ID_IS_ITS_OWN}] order.provider_id ${JSON.stringify(options.answered)} is the id Stream sent at ${pointer}, not an id of the partner's own for the order`;
}
