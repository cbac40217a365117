import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StreamContractsError, validate, verifyWebhook } from '../src/index.js';
import { VECTORS_PATH, renderVectors } from '../scripts/make-test-vectors.mjs';

interface Vector {
  name: string;
  description: string;
  secret: string;
  body: string;
  body_base64: string;
  signature: string | null;
  expected: 'valid' | 'signature_mismatch' | 'signature_malformed' | 'signature_missing';
}

const vectors = JSON.parse(readFileSync(VECTORS_PATH, 'utf8')) as Vector[];

function outcome(vector: Vector): string {
  try {
    verifyWebhook({ secret: vector.secret, body: vector.body, signature: vector.signature });
    return 'valid';
  } catch (error) {
    if (error instanceof StreamContractsError) return error.code;
    throw error;
  }
}

describe('the published test vectors', () => {
  it('are the committed output of scripts/make-test-vectors.mjs (run npm run vectors -w packages/contracts)', () => {
    expect(readFileSync(VECTORS_PATH, 'utf8')).toBe(renderVectors());
  });

  it('cover a valid body, a tampered body, a wrong secret, wrong-length signatures, a missing header and a non-ASCII body', () => {
    const names = vectors.map((v) => v.name);
    expect(names).toEqual(expect.arrayContaining(['valid', 'tampered-body', 'wrong-secret', 'wrong-length-signature-short', 'missing-header', 'valid-non-ascii-body']));
    expect(vectors.some((v) => /[^\x00-\x7f]/.test(v.body) && v.expected === 'valid')).toBe(true);
    expect(new Set(vectors.map((v) => v.expected))).toEqual(new Set(['valid', 'signature_mismatch', 'signature_malformed', 'signature_missing']));
    expect(new Set(names).size).toBe(names.length);
  });

  it('include an order event shaped as Stream sends it to an events provider, valid against the Events contract', () => {
    const events = vectors.find((v) => v.name === 'valid-events-order-event');
    expect(events?.expected).toBe('valid');
    expect(validate('events', 'NewOrderEvent', JSON.parse(events!.body)).valid).toBe(true);
  });

  it('give each body as the base64 of its UTF-8 bytes too', () => {
    for (const v of vectors) expect(Buffer.from(v.body_base64, 'base64').toString('utf8')).toBe(v.body);
  });

  it('have valid signatures that node:crypto computes independently of this package', () => {
    for (const v of vectors.filter((vector) => vector.expected === 'valid')) {
      expect(createHmac('sha256', Buffer.from(v.secret, 'utf8')).update(Buffer.from(v.body_base64, 'base64')).digest('hex'), v.name).toBe(v.signature);
    }
  });

  it.each(vectors.map((v) => [v.name, v] as const))('verifyWebhook gives the expected outcome for %s', (_name, vector) => {
    expect(outcome(vector)).toBe(vector.expected);
    // The same outcome from the bytes as from the string.
    const fromBytes = (() => {
      try {
        verifyWebhook({ secret: vector.secret, body: Buffer.from(vector.body_base64, 'base64'), signature: vector.signature });
        return 'valid';
      } catch (error) {
        return (error as StreamContractsError).code;
      }
    })();
    expect(fromBytes).toBe(vector.expected);
  });
});
