import { describe, expect, it } from 'vitest';
import { describeCondition, subjectOf } from '../src/messages.js';

describe('describeCondition', () => {
  it('words a property pinned by const or enum, and a required one, as before', () => {
    expect(describeCondition({ properties: { recurring_yearly: { const: false } }, required: ['recurring_yearly'] })).toBe('recurring_yearly is false');
    expect(describeCondition({ properties: { fulfillment_type: { enum: ['pickup', 'dine_in'] } } })).toBe('fulfillment_type is pickup or dine_in');
    expect(describeCondition({ required: ['details'] })).toBe('details is present');
  });

  it('reads properties: { x: false } as the object having no x, naming the object when it is known', () => {
    expect(describeCondition({ properties: { price_amount: false } }, 'the item family')).toBe('the item family has no price_amount');
    expect(describeCondition({ properties: { price_amount: false } })).toBe('price_amount is absent');
  });

  it('reads the { not: {} } the validator turns false into the same way', () => {
    expect(describeCondition({ properties: { price_amount: { not: {} } } }, 'the item family')).toBe('the item family has no price_amount');
  });

  it('reads not: { required: [x] } as the object having no x', () => {
    expect(describeCondition({ not: { required: ['end_time'] } }, 'the store status update')).toBe('the store status update has no end_time');
    expect(describeCondition({ not: { required: ['a', 'b'] } })).toBe('a and b are not all present');
  });

  it('joins several absent properties and other conditions into one sentence', () => {
    expect(describeCondition({ properties: { status: { const: 'active' }, paused_until: false, reason: false } }, 'the location')).toBe(
      'status is active and the location has none of paused_until or reason',
    );
    expect(describeCondition({ properties: { a: false, b: false } })).toBe('a, b are all absent');
  });

  it('gives up, rather than guess, on a condition it has no words for', () => {
    expect(describeCondition({ properties: { amount: { minimum: 10 } } })).toBeNull();
    expect(describeCondition(true)).toBeNull();
  });
});

describe('subjectOf', () => {
  it('turns a schema name into the words for one such object', () => {
    expect(subjectOf('ItemFamily')).toBe('the item family');
    expect(subjectOf('DSPOrder')).toBe('the DSP order');
    expect(subjectOf('Holiday')).toBe('the holiday');
    expect(subjectOf('weird_name')).toBeUndefined();
  });
});
