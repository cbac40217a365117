// Orders in a few words (lines, modifiers, sums), so the requirement that owns the order every
// later check builds on says which order the partner refused.

type Json = Record<string, unknown>;

/** What an order holds, in a few words, so a refusal of it says which order was refused: an events order.created. */
export function describeEventsOrder(body: Json): string {
  const object = (body.object ?? {}) as Json;
  const items = Array.isArray(object.items) ? (object.items as Json[]) : [];
  const modifiers = items.flatMap((item) => (Array.isArray(item.modifiers) ? (item.modifiers as Json[]) : []));
  const priced = modifiers.filter((modifier) => typeof modifier.price === 'number' && modifier.price > 0);
  const lines = items.map((item) => `${String(item.quantity)} x ${String(item.name)} at ${String(item.price)}`).join(', ');
  const extras = priced.length === 0 ? '' : `, with priced modifier(s) ${priced.map((modifier) => `${String(modifier.name)} (${String(modifier.price)})`).join(', ')}`;
  return `order ${String(object.id)}, ${String(object.fulfillment_type)}, source ${String(object.source)}: ${lines}${extras}; subtotal ${String(object.subtotal)} ${String(object.currency)}`;
}

/** What an order holds, in a few words, so a refusal of it says which order was refused: a POS order.created. */
export function describePosOrder(body: Json): string {
  const object = (body.object ?? {}) as Json;
  const lines = Array.isArray(object.line_items) ? (object.line_items as Json[]) : [];
  const shown = lines.map((line) => {
    const modifiers = Array.isArray(line.modifiers) ? (line.modifiers as Json[]) : [];
    const extras = modifiers.length === 0 ? '' : ` with ${modifiers.map((modifier) => `${String(modifier.provider_id)} (${String(modifier.price_amount)})`).join(', ')}`;
    return `${String(line.quantity)} x ${String(line.provider_id)} at ${String(line.price_amount)}${extras}`;
  });
  return `order ${String(object.id)} at ${String(object.location_id)}, ${String(object.fulfillment_type)}: ${shown.join(', ')}; subtotal ${String(object.subtotal)} ${String(object.currency)}`;
}
