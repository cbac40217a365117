// Why each meaning sentence of the DSP contract that no check quotes stays unchecked. The DSP reads
// Stream's menu file and events and answers Stream's OAuth and location calls; what it sends Stream
// is orders and store status, which the order rules (specs/dsp/paths/order.yaml) judge.
import type { MeaningList } from './meaning';

const MENU = 'Stream writes the menu file and the sandbox publishes the contract example, which specs/test/examples.test.ts validates; the DSP only reads it';

export const DSP: MeaningList = {
  api: 'dsp',
  unchecked: [
    { says: 'Each event type is also listed under *Webhooks*', verdict: 'definition', why: 'says where the reference shows each event, not what a value means' },
    { says: 'Each type has its own page under *Webhooks*.', verdict: 'definition', why: 'says where the reference shows each event, not what a value means' },
    { says: 'right after the merchant authorises Stream, Stream exchanges the `code`', verdict: 'stream', why: "when Stream calls the token endpoint is Stream's; the answers are judged by DSP-OAU-03 and DSP-OAU-05" },
    { says: 'Stream checks whether a location is still connected, for example', verdict: 'stream', why: "when Stream reads a connection is Stream's; the answer is judged by DSP-SEQ-05" },
    { says: 'Stream sends every location and order event for your connected', verdict: 'stream', why: "which events Stream sends, and where, is Stream's; DSP-EVT-01 to DSP-EVT-08 judge the answers" },
    { says: 'Sent by Stream to get a new access token before the current one expires.', verdict: 'stream', why: "when Stream refreshes is Stream's; the refresh answer is judged by DSP-OAU-05" },
    { says: 'The refresh token you returned from the last exchange or refresh.', verdict: 'stream', why: "what Stream sends; a DSP that refuses the token it issued fails DSP-OAU-05 and DSP-OAU-11" },
    { says: 'Stream refreshes before `expire_time` and stores the new pair.', verdict: 'stream', why: "what Stream does with the tokens; the times themselves are judged by DSP-OAU-10 and DSP-OAU-13" },
    { says: 'When the pause ends, in milliseconds since the Unix epoch.', verdict: 'stream', why: 'Stream writes until_ms in location.paused; the DSP only reads it' },
    { says: "Each update names the object's kind in `object_type`", verdict: 'stream', why: 'Stream writes location.update; the DSP only reads it' },
    { says: 'If it is missing or invalid (not after the order time)', verdict: 'stream', why: "what Stream does with a missing ready time; a future order's is required by future-order-gives-ready-time" },
    { says: 'Usual minutes the store needs to prepare an order.', verdict: 'stream', why: MENU },
    { says: 'Opening hours as `HH:mm-HH:mm`, 24-hour clock', verdict: 'stream', why: `${MENU}; how the DSP shows hours to customers never reaches Stream` },
    { says: 'A range whose end is not after its start runs past midnight', verdict: 'stream', why: `${MENU}; how the DSP shows hours to customers never reaches Stream` },
    { says: 'When a menu is available, per weekday', verdict: 'stream', why: `${MENU}; how the DSP shows hours to customers never reaches Stream` },
    { says: 'All seven weekdays are present, and an empty list means', verdict: 'stream', why: `${MENU}; the schema requires all seven days` },
    { says: 'Modifiers chosen before the customer changes anything', verdict: 'stream', why: `${MENU}; an order lists what the customer chose, defaults included, and each choice is judged by modifier-group-holds-the-modifier` },
    { says: 'Image URLs, best first.', verdict: 'stream', why: `${MENU}; which image a DSP shows never reaches Stream` },
    { says: 'Opening hours on that day, replacing every menu schedule.', verdict: 'stream', why: `${MENU}; how the DSP shows hours to customers never reaches Stream` },
    { says: 'Omitted means the store is closed all day.', verdict: 'stream', why: `${MENU}; how the DSP shows hours to customers never reaches Stream` },
    { says: '`true` when the holiday falls on `date` every year.', verdict: 'stream', why: MENU },
    { says: 'The `stream_id` of each category on this menu, in display order.', verdict: 'stream', why: `${MENU}; the order a DSP shows categories in never reaches Stream` },
    { says: 'The `stream_id` of each item family in this category, in display order.', verdict: 'stream', why: `${MENU}; the order a DSP shows items in never reaches Stream` },
    { says: 'Every id a list points at is present in the file.', verdict: 'stream', why: `${MENU}; an order naming an id the file lacks is refused with invalid_order` },
    {
      says: 'Until then it may keep working, and should',
      verdict: 'open',
      why: 'advice on the wire (a refresh token refused before the new one is used): it takes a should requirement whose check refreshes a chain of its own (a fresh code), sends the spent token again before the new one is used and fails a 401; the DSP and POS starter kits both revoke at once today, so they would change with it',
    },
    {
      says: 'the merchant disconnected this location, so stop sending its orders',
      verdict: 'open',
      why: "certify sends a DSP's orders only on its send command, which stands in for a customer; judging it needs a probe that disconnects a location and then asks for an order there, and a kit that declines the command",
    },
    {
      says: 'Stop taking orders for the location until `until_ms`',
      verdict: 'open',
      why: 'as with a disconnected location: a probe that pauses a location and then asks the kit for an order there, judging a send that goes through; the sandbox does not refuse such an order, as the specification does not say Stream would',
    },
    { says: 'Omitted means until `location.resumed`.', verdict: 'open', why: 'the paused-location probe above, with the pause left open until location.resumed' },
    { says: 'The store takes orders again after a pause.', verdict: 'open', why: 'the paused-location probe above, then location.resumed and an order that must go through' },
    {
      says: 'Apply the updates to the last published menu.',
      verdict: 'open',
      why: 'a probe that deactivates the variation the kit orders with location.update and then asks for an order of it; the sandbox would need to keep what certify sent',
    },
    { says: '`true` activates the object, `false` deactivates it until a later update or publish.', verdict: 'open', why: 'the location.update probe above, then a later publish that makes the variation orderable again' },
  ],
};
