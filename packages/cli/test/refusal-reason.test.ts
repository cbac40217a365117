// A contract-break refusal's text names the fields certify broke (a refusal list's `reason`), in
// every contract that says the refusal "says what is wrong".
import { describe, expect, it } from 'vitest';
import { listRefusalLists } from '../src/refusal-lists.js';
import { namesField, refusalReasonIssue } from '../src/refusal-reason.js';

const refusal = (reason: unknown) => ({ posValidation: { stockValidation: [], orderTotalsValidation: [], orderValidation: [{ order_error: 'other', order_error_reason: reason }] } });

describe('the contract-break refusal lists', () => {
  it('name the order_error_reason as the text that says what is wrong, in the events and POS contracts', () => {
    const lists = [...listRefusalLists('events'), ...listRefusalLists('pos')].filter((list) => list.names === 'contract-break');
    expect(lists.map((list) => [list.requirement, list.reason])).toEqual([
      ['EVT-SEC-03', '/order_error_reason'],
      ['POS-SEC-05', '/order_error_reason'],
    ]);
  });
});

describe('a refusal text that names a field', () => {
  it('counts the dotted path, the field name alone, the name with spaces and in camel case', () => {
    expect(namesField('object.id is required', 'object.id')).toBe(true);
    expect(namesField('The order has no id.', 'object.id')).toBe(true);
    expect(namesField('occurred at is missing', 'occurred_at')).toBe(true);
    expect(namesField('missing occurredAt', 'occurred_at')).toBe(true);
  });

  it('does not count the name inside another word', () => {
    expect(namesField('The body is invalid.', 'object.id')).toBe(false);
    expect(namesField('object.idempotency_key is required', 'object.id')).toBe(false);
  });
});

describe('the reason finding', () => {
  const [contractBreak] = listRefusalLists('events');

  it('passes a reason that names every field certify left out', () => {
    expect(refusalReasonIssue(contractBreak!, refusal('object.id is required; occurred_at is required'), ['object.id', 'occurred_at'])).toBeUndefined();
  });

  it('finds a fixed text that names nothing, quoting it and the field', () => {
    expect(refusalReasonIssue(contractBreak!, refusal('Bad request.'), ['object.id'])).toBe(
      `[refusal-names-broken-field] the entry's order_error_reason ("Bad request.") does not name object.id, which certify left out: say what is wrong, naming each field that is missing or wrong. ${contractBreak!.statement}`,
    );
  });

  it('finds a reason that names only one of two fields left out, and one with no text', () => {
    expect(refusalReasonIssue(contractBreak!, refusal('object.id is required'), ['object.id', 'occurred_at'])).toMatch(/does not name occurred_at,/);
    expect(refusalReasonIssue(contractBreak!, refusal(undefined), ['object.id'])).toMatch(/order_error_reason \(no text\) does not name object\.id/);
  });

  it('leaves a refusal with no entry of order_error other to the list finding', () => {
    const invalidCart = { posValidation: { orderValidation: [{ order_error: 'invalid_cart', order_error_reason: 'Bad request.' }] } };
    expect(refusalReasonIssue(contractBreak!, invalidCart, ['object.id'])).toBeUndefined();
  });
});
