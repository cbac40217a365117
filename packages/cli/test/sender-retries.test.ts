// The answers a partner's sender must not retry, as the sending operation's contract names them
// (x-stream-final-answers); the kit mutant sender-retries-every-refusal checks certify counts the resends.
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../src/certify/catalogue.js';
import { finalAnswers } from '../src/certify/sender-retries.js';

describe('the final answers of a partner send', () => {
  it('are 400 and 404 for an events provider\'s delivery update, checked by the should requirement EVT-SND-03', () => {
    expect(finalAnswers('events', 'sendDeliveryUpdate')).toEqual({ rule: 'refusal-not-retried', requirement: 'EVT-SND-03', statuses: [400, 404] });
    const requirement = loadCatalogue('events').requirements.find((entry) => entry.id === 'EVT-SND-03');
    expect(requirement?.severity).toBe('should');
  });

  it('are not named where the contract says nothing of them, so nothing is counted there', () => {
    expect(finalAnswers('events', 'receiveOrderEvent')).toBeUndefined();
  });
});
