import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  STREAM_SIGNATURE_HEADER,
  StreamContractsError,
  getSignatureHeader,
  isSignatureError,
  signWebhook,
  verifyWebhook,
  type StreamContractsErrorCode,
} from '../src/index.js';

const secret = 'whsec_unit_test_secret';
const body = '{"type":"order.created","object":{"id":"ord_1","name":"Crème brûlée 🍮"}}';
const oracle = (key: string, bytes: string | Uint8Array) => createHmac('sha256', key).update(bytes).digest('hex');

function codeOf(run: () => unknown): StreamContractsErrorCode | 'no error' {
  try {
    run();
    return 'no error';
  } catch (error) {
    if (error instanceof StreamContractsError) return error.code;
    throw error;
  }
}

describe('signWebhook', () => {
  it('returns the HMAC-SHA256 of the UTF-8 body under the secret, as 64 lower-case hex characters', () => {
    const signature = signWebhook({ secret, body });
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signature).toBe(oracle(secret, Buffer.from(body, 'utf8')));
  });

  it('gives the same signature for the body as a string, a Buffer, a Uint8Array and an ArrayBuffer', () => {
    const bytes = new TextEncoder().encode(body);
    const expected = signWebhook({ secret, body });
    expect(signWebhook({ secret, body: Buffer.from(body) })).toBe(expected);
    expect(signWebhook({ secret, body: bytes })).toBe(expected);
    expect(signWebhook({ secret, body: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) })).toBe(expected);
  });

  it('accepts the secret as bytes', () => {
    expect(signWebhook({ secret: Buffer.from(secret), body })).toBe(signWebhook({ secret, body }));
  });

  it('refuses a parsed object as the body, saying to pass the raw body', () => {
    expect(() => signWebhook({ secret, body: JSON.parse(body) })).toThrow(/raw request body/);
  });

  it('refuses an empty or missing secret with secret_missing', () => {
    expect(codeOf(() => signWebhook({ secret: '', body }))).toBe('secret_missing');
    expect(codeOf(() => signWebhook({ secret: new Uint8Array(), body }))).toBe('secret_missing');
    expect(codeOf(() => signWebhook({ body } as never))).toBe('secret_missing');
  });
});

describe('verifyWebhook', () => {
  const signature = oracle(secret, Buffer.from(body, 'utf8'));

  it('accepts a correctly signed body given as a string, a Buffer or bytes', () => {
    expect(verifyWebhook({ secret, body, signature })).toBeUndefined();
    expect(() => verifyWebhook({ secret, body: Buffer.from(body), signature })).not.toThrow();
    expect(() => verifyWebhook({ secret, body: new TextEncoder().encode(body), signature })).not.toThrow();
  });

  it('reads the signature from headers, whatever their shape and casing', () => {
    expect(() => verifyWebhook({ secret, body, headers: { 'stream-signature': signature } })).not.toThrow();
    expect(() => verifyWebhook({ secret, body, headers: { 'Stream-Signature': signature } })).not.toThrow();
    expect(() => verifyWebhook({ secret, body, headers: new Headers({ 'STREAM-SIGNATURE': signature }) })).not.toThrow();
  });

  it('tolerates spaces around the header value', () => {
    expect(() => verifyWebhook({ secret, body, signature: ` ${signature}\t` })).not.toThrow();
  });

  it('rejects a tampered body, a wrong secret and a wrong signature with signature_mismatch', () => {
    expect(codeOf(() => verifyWebhook({ secret, body: body.replace('ord_1', 'ord_2'), signature }))).toBe('signature_mismatch');
    expect(codeOf(() => verifyWebhook({ secret: 'another secret', body, signature }))).toBe('signature_mismatch');
    expect(codeOf(() => verifyWebhook({ secret, body, signature: 'f'.repeat(64) }))).toBe('signature_mismatch');
  });

  it('rejects a missing header with signature_missing', () => {
    expect(codeOf(() => verifyWebhook({ secret, body, signature: undefined }))).toBe('signature_missing');
    expect(codeOf(() => verifyWebhook({ secret, body, signature: null }))).toBe('signature_missing');
    expect(codeOf(() => verifyWebhook({ secret, body, signature: '   ' }))).toBe('signature_missing');
    expect(codeOf(() => verifyWebhook({ secret, body, headers: { 'content-type': 'application/json' } }))).toBe('signature_missing');
    expect(codeOf(() => verifyWebhook({ secret, body, headers: new Headers() }))).toBe('signature_missing');
  });

  it('rejects signatures of the wrong length as malformed without throwing anything else', () => {
    for (const wrong of [signature.slice(0, 63), `${signature}0`, signature + signature, 'ab', 'a']) {
      expect(codeOf(() => verifyWebhook({ secret, body, signature: wrong }))).toBe('signature_malformed');
    }
  });

  it('rejects non-hex, upper-case, prefixed and non-string signatures as malformed, saying why', () => {
    expect(() => verifyWebhook({ secret, body, signature: `${signature.slice(0, 62)}zz` })).toThrow(/other than 0-9 and a-f/);
    expect(() => verifyWebhook({ secret, body, signature: signature.toUpperCase() })).toThrow(/upper-case/);
    expect(() => verifyWebhook({ secret, body, signature: `sha256=${signature}` })).toThrow(/sha256=/);
    expect(codeOf(() => verifyWebhook({ secret, body, signature: 42 as never }))).toBe('signature_malformed');
  });

  it('refuses a parsed body with body_not_raw and says how to get the raw body', () => {
    let error: unknown;
    try {
      verifyWebhook({ secret, body: JSON.parse(body), signature });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StreamContractsError);
    expect((error as StreamContractsError).code).toBe('body_not_raw');
    expect((error as Error).message).toMatch(/raw request body/);
    expect((error as Error).message).toContain('express.raw');
    expect((error as Error).message).toContain('request.text()');
  });

  it('refuses a missing body, or a number, with body_not_raw before looking at the signature', () => {
    expect(codeOf(() => verifyWebhook({ secret, body: undefined as never, signature: undefined }))).toBe('body_not_raw');
    expect(codeOf(() => verifyWebhook({ secret, body: null as never, signature }))).toBe('body_not_raw');
    expect(codeOf(() => verifyWebhook({ secret, body: 42 as never, signature }))).toBe('body_not_raw');
  });

  it('refuses a missing secret with secret_missing', () => {
    expect(codeOf(() => verifyWebhook({ secret: '', body, signature }))).toBe('secret_missing');
  });
});

describe('getSignatureHeader', () => {
  it('finds the header in Node-style headers, a Fetch Headers object and a Map, in any casing', () => {
    expect(getSignatureHeader({ 'stream-signature': 'abc' })).toBe('abc');
    expect(getSignatureHeader({ 'Stream-Signature': 'abc', host: 'x' })).toBe('abc');
    expect(getSignatureHeader(new Headers({ 'stream-signature': 'abc' }))).toBe('abc');
    expect(getSignatureHeader(new Map([['stream-signature', 'abc']]))).toBe('abc');
  });

  it('returns undefined when the header is absent, and joins a repeated header so it cannot verify', () => {
    expect(getSignatureHeader({})).toBeUndefined();
    expect(getSignatureHeader(undefined)).toBeUndefined();
    expect(getSignatureHeader({ 'stream-signature': undefined })).toBeUndefined();
    expect(getSignatureHeader({ 'stream-signature': ['a', 'b'] })).toBe('a, b');
  });
});

describe('STREAM_SIGNATURE_HEADER', () => {
  it('is the header name the specs define', () => {
    expect(STREAM_SIGNATURE_HEADER).toBe('Stream-Signature');
  });
});

describe('StreamContractsError and isSignatureError', () => {
  it('tell signature failures (answer 401) from set-up mistakes (answer 500)', () => {
    const failures = (['signature_missing', 'signature_malformed', 'signature_mismatch'] as const).map((code) => new StreamContractsError(code, code));
    for (const failure of failures) expect(isSignatureError(failure)).toBe(true);
    expect(isSignatureError(new StreamContractsError('body_not_raw', 'x'))).toBe(false);
    expect(isSignatureError(new StreamContractsError('secret_missing', 'x'))).toBe(false);
    expect(isSignatureError(new Error('signature_mismatch'))).toBe(false);
    expect(isSignatureError(undefined)).toBe(false);
  });

  it('is an Error with a name, a stable code and, by default, no issues', () => {
    const error = new StreamContractsError('signature_mismatch', 'does not match');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('StreamContractsError');
    expect(error.code).toBe('signature_mismatch');
    expect(error.issues).toEqual([]);
    expect(error.message).toBe('does not match');
  });
});
