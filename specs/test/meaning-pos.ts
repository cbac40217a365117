// The POS contract's meaning sentences that carry no x-stream-checked-by, each with why not.
import type { MeaningList } from './meaning';

export const POS: MeaningList = {
  api: 'pos',
  unchecked: [
    // What Stream sends or does: the sandbox and Stream's sender implement it, and their own tests hold it.
    { says: 'Every call except `authorize` and `token` carries the access token', verdict: 'stream', why: 'What Stream sends; a POS refusing a call without it is POS-SEC-01/02.' },
    { says: 'Each call is signed with the `Stream-Signature` header.', verdict: 'stream', why: 'Stream signs; the POS verifying it is POS-SEC-03/04/06.' },
    { says: 'Stream exchanges the code from `authorize` for tokens', verdict: 'stream', why: "Describes Stream's calls to the token endpoint; the POS's answers are POS-OAU-03/05." },
    { says: 'Stream reads the catalog when a location is connected', verdict: 'stream', why: 'When Stream reads; nothing the POS serves can contradict it.' },
    { says: 'Stream sends that id back as `order_id` on every later event', verdict: 'stream', why: "Stream's sender does it; the POS answering with that id is POS-REL-01." },
    { says: 'so Stream stops sending it orders until the location reconnects', verdict: 'stream', why: 'What Stream does on receiving the event; the sandbox implements it.' },
    { says: 'The body is not a valid event (`invalid_event`), holds a time no POS could mean', verdict: 'stream', why: "The sandbox's refusals, each a rule with its code that the sandbox's tests hold." },
    { says: 'Sent by Stream to get a new access token before the current one expires.', verdict: 'stream', why: 'When Stream refreshes.' },
    { says: 'The refresh token you returned from the last exchange or refresh.', verdict: 'stream', why: 'What Stream sends; the POS accepting it is POS-OAU-05.' },
    { says: 'Stream refreshes before `expire_time` and stores the new pair.', verdict: 'stream', why: 'What Stream does with the answer.' },
    { says: 'When `true`, Stream stops taking orders on this menu', verdict: 'stream', why: "Stream's ordering pages apply it; a POS only sets the flag." },
    { says: 'Stream reads `tax_rate` only when `tax` is empty', verdict: 'stream', why: "How Stream's catalog reader reads the deprecated list." },
    { says: 'Deprecated: send `tax` entries (`Tax`) instead.', verdict: 'stream', why: 'A catalog with only tax_rate stays valid (Stream reads it as Tax), so nothing on the wire is wrong.' },
    { says: 'Stream sends it as `location_id` in every call about the location.', verdict: 'stream', why: 'What Stream sends; the POS naming its own locations by it is POS-LOC-04 and the *-names-a-listed-location relations.' },
    { says: 'The customer who placed the order first, then any others in a group order.', verdict: 'stream', why: 'Stream orders the customers it sends.' },
    { says: 'Where the order stands after the change an `order.updated` event reports.', verdict: 'stream', why: 'Stream sets it on the update it sends.' },
    { says: 'Stream sends it back on every later event for this order.', verdict: 'stream', why: "Stream's sender does it; the POS recognising it is POS-REL-01 and POS-ORD-10." },
    // Driver details travel from Stream to the POS (order.updated): Stream's sender fills them.
    { says: 'Extension or access code to enter after dialling `number`', verdict: 'stream', why: 'Sent by Stream in order.updated; a POS refusing an allowed shape is POS-GEN-02.' },
    { says: 'Omit it when the number reaches the driver directly.', verdict: 'stream', why: 'Sent by Stream in order.updated; the events contract judges the sender of it (EVT-VAL-02).' },
    { says: 'Omitted when the vehicle has none, as with most delivery robots.', verdict: 'stream', why: 'Sent by Stream in order.updated; a POS refusing a body without it is POS-GEN-02.' },
    { says: 'Code the driver or robot shows or asks for', verdict: 'stream', why: 'Sent by Stream in order.updated; the POS only shows it.' },
    // Names and labels.
    { says: 'The `webhooks` section lists every event type on its own', verdict: 'definition', why: 'Says how the contract document is laid out.' },
    { says: 'Per-location price, availability', verdict: 'definition', why: 'Names what the override list holds; its entries are judged by the schema and location-catalog-without-overrides.' },
    { says: 'Per-menu price and availability.', verdict: 'definition', why: 'Names what the override list holds; menu-overrides-resolve judges its ids.' },
    { says: 'give a POS what it needs to build the ticket and check the totals', verdict: 'definition', why: 'Says why the fields are there.' },
    // What a partner may get wrong but no answer shows.
    {
      says: 'in display order',
      verdict: 'unseen',
      why: 'The order the merchant arranged lives only in the POS: no call shows it, so a list sorted by id cannot be told from one the merchant sorted that way.',
    },
    {
      says: 'The order total the POS computed differs from the total Stream sent.',
      verdict: 'unseen',
      why: "Certify's orders always add up, so a totals refusal fails POS-ORD-01 (every-amount-counted) before its inner amounts could be read.",
    },
    {
      says: 'Deposit charged per unit for the container',
      verdict: 'unseen',
      why: 'The integer type refuses a decimal, but a deposit written in whole dollars is an integer too, and nothing else in the catalog bounds a deposit.',
    },
    { says: 'Both amounts are integers in the lowest currency unit (cents for USD).', verdict: 'unseen', why: 'Only in a totals refusal, which certify never provokes rightly (see above); the schema types them integer.' },
    { says: 'Total computed by the POS, in the lowest currency unit.', verdict: 'unseen', why: 'Only in a totals refusal, which fails POS-ORD-01 first.' },
    { says: 'Total sent by Stream, in the lowest currency unit.', verdict: 'unseen', why: 'Only in a totals refusal, which fails POS-ORD-01 first.' },
    // Open: a partner can break these on the wire and nothing judges them yet.
    {
      says: 'Omitted means active.',
      verdict: 'open',
      why: "Items and families are POS-ORD-03 (active-item-not-sold-out), and a group's first active modifier POS-ORD-01 (modifier-line-accepted); the group's other modifiers would each need an order of their own, and a menu or category shows in no refusal.",
    },
    {
      says: "Omitted fields keep the object's own values.",
      verdict: 'open',
      why: "Needs certify to resolve the merchant's global catalog through one location's overrides and compare it with that location's catalog; the kit serves no overrides to prove it on.",
    },
    { says: "Omitted means the object's own `is_active`.", verdict: 'open', why: 'The same global-to-location comparison as the overrides above.' },
    { says: 'omitted means every location of the merchant.', verdict: 'open', why: "The same comparison: an object without memberships must be in each location's catalog." },
    { says: 'Omitted means every location of the merchant.', verdict: 'open', why: "The same comparison, for taxes: a tax without memberships applies in each location's catalog." },
    {
      says: 'Until then it may keep working, and should:',
      verdict: 'open',
      why: "A should: a refresh retried with the just-used refresh token before the new one's first use gets tokens; the probe must keep the token chain later checks use.",
    },
    {
      says: '`unsupported_grant_type` when `grant_type` is neither',
      verdict: 'open',
      why: 'The shared OAU-06 check sends grant_type password and reads only the status and that the code is listed; both starter kits answer invalid_request, so naming the code lands with a fix to both kits and the DSP contract.',
    },
  ],
};
