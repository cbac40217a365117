import { describe, expect, it } from 'vitest';
import { echoedIdIssue, echoedStreamId } from '../src/certify/partner-id.js';

const sent = { event_id: 'evt-1', type: 'order.confirmed', object: { id: 'ord-9', location_id: 'loc-3', items: [{ provider_id: 'burger' }] }, dsp_order_id: 'dsp-7' };

describe('an id a partner answers with is its own', () => {
  it("finds the order's id, the event_id and a DSP's order id where Stream sent them", () => {
    expect(echoedStreamId({ sent, answered: 'ord-9' })).toBe('/object/id');
    expect(echoedStreamId({ sent, answered: 'evt-1' })).toBe('/event_id');
    expect(echoedStreamId({ sent, answered: 'dsp-7' })).toBe('/dsp_order_id');
  });

  it("accepts an id the partner minted, even one equal to a value that is not Stream's id", () => {
    expect(echoedIdIssue({ sent, answered: 'evp-1a2b' })).toBeUndefined();
    expect(echoedIdIssue({ sent, answered: 'burger' })).toBeUndefined();
    expect(echoedIdIssue({ sent, answered: 'order.confirmed' })).toBeUndefined();
  });

  it('names the rule and where the echoed id was sent', () => {
    expect(echoedIdIssue({ sent, answered: 'ord-9' })).toBe('[partner-id-is-its-own] order.provider_id "ord-9" is the id Stream sent at /object/id, not an id of the partner\'s own for the order');
  });
});
