import { describe, expect, it } from 'vitest';
import { CliError } from '../src/errors.js';
import { backoffIssues, backoffRule, parseBackoffRule } from '../src/certify/retry-backoff.js';

const arrivals = (...offsets: number[]) => offsets.map((offset) => ({ at: new Date(Date.UTC(2026, 10, 29, 10) + offset).toISOString() }));
const contract = backoffRule({ api: 'events', operationId: 'sendDeliveryUpdate' });
const stated = { rule: 'retry-waits-grow', requirement: 'EVT-SND-03', status: '503', refusals: 3, first_wait_ms: 100, statement: 'Retry a `5xx` with backoff.' };
const where = "The events contract's x-stream-backoff on sendDeliveryUpdate";

describe("a sender's retries under an outage wait longer each time", () => {
  it('reads the events contract: three 503 answers and a first wait of 100 ms or more', () => {
    expect(contract).toEqual({ rule: 'retry-waits-grow', requirement: 'EVT-SND-03', status: 503, refusals: 3, firstWaitMs: 100 });
  });

  it('accepts exponential waits of half a second, a second and two', () => {
    expect(backoffIssues({ arrivals: arrivals(0, 500, 1500, 3500), rule: contract })).toEqual([]);
  });

  it('has nothing to judge when the send was not retried', () => {
    expect(backoffIssues({ arrivals: arrivals(0), rule: contract })).toEqual([]);
  });

  it('names retries sent back to back, a few milliseconds apart', () => {
    expect(backoffIssues({ arrivals: arrivals(0, 3, 6, 9), rule: contract })).toEqual(['the first retry came 3 ms after the 503, not after a wait of 100 ms or more; retry 2 waited 3 ms, no longer than the 3 ms before it (waits 3 ms, 3 ms, 3 ms)']);
  });

  it('names a fixed wait that does not grow, however long', () => {
    expect(backoffIssues({ arrivals: arrivals(0, 1000, 2000), rule: contract })).toEqual(['retry 2 waited 1000 ms, no longer than the 1000 ms before it (waits 1000 ms, 1000 ms)']);
  });

  it("judges a sender that first waits 150 ms by the contract's first_wait_ms: passes at 100, warns at 200", () => {
    const sender = arrivals(0, 150, 450, 1050);
    expect(backoffIssues({ arrivals: sender, rule: parseBackoffRule({ raw: stated, where }) })).toEqual([]);
    expect(backoffIssues({ arrivals: sender, rule: parseBackoffRule({ raw: { ...stated, first_wait_ms: 200 }, where }) })).toEqual([
      'the first retry came 150 ms after the 503, not after a wait of 200 ms or more (waits 150 ms, 300 ms, 600 ms)',
    ]);
  });

  it("names the contract's status in the finding when it asks for another 5xx", () => {
    const rule = parseBackoffRule({ raw: { ...stated, status: '502' }, where });
    expect(backoffIssues({ arrivals: arrivals(0, 10, 20), rule })[0]).toMatch(/^the first retry came 10 ms after the 502,/);
  });
});

describe('an x-stream-backoff the contract states badly', () => {
  const refusal = (raw: unknown) => {
    try {
      parseBackoffRule({ raw, where });
    } catch (error) {
      return error;
    }
    throw new Error('the value was accepted');
  };

  it('is refused as spec_invalid, naming the field, its value and what to write instead', () => {
    const error = refusal({ ...stated, first_wait_ms: -5 });
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).code).toBe('spec_invalid');
    expect((error as CliError).message).toBe(
      "The events contract's x-stream-backoff on sendDeliveryUpdate is malformed: first_wait_ms is -5: give a whole number of milliseconds from 1 to 5000. Fix the contract and run npm run specs:bundle.",
    );
  });

  it('names every bad field at once: a status the sandbox cannot answer, one refusal, a missing statement', () => {
    const message = (refusal({ ...stated, status: 503, refusals: 1, statement: undefined }) as CliError).message;
    expect(message).toContain("status is 503: give the 5xx the sandbox answers with as a string, one of '500', '502', '503', '504'");
    expect(message).toContain('refusals is 1: give a whole number from 2 (two waits to compare) to 10');
    expect(message).toContain('statement is missing: give the sentence a guide shows');
  });

  it('refuses a value that is not an object, and a first wait given as a string', () => {
    expect((refusal([100]) as CliError).message).toContain('it is [100]: give an object { rule, requirement, status, refusals, first_wait_ms, statement }');
    expect((refusal({ ...stated, first_wait_ms: '100' }) as CliError).message).toContain('first_wait_ms is "100": give a whole number of milliseconds');
  });
});
