// The ways a body and its Stream-Signature can be wrong or merely unusual, as the contracts
// package's published test vectors name them. Certify sends each form with its own bodies, so a
// receiver that verifies anything but the raw bytes against the exact lower-case hex digest fails.
import { createHmac } from 'node:crypto';
import { signWebhook } from '@stream-partner/contracts';
import { setPath } from '../trigger/payload.js';
import type { SignatureCase } from '../signature-cases.js';
import { SIGNATURE_LIST_REFUSED } from './rules-1-14.js';

type Json = Record<string, unknown>;

/** Text outside ASCII (an en dash and accented letters), sent as UTF-8. */
export const NON_ASCII_TEXT = 'Crème brûlée – extra café';

export interface SignedForm {
  /** The test vector this form follows (`packages/contracts/test-vectors.json`), when one does. */
  readonly vector?: string;
  /** What is wrong or unusual, in words a partner recognises. */
  readonly what: string;
  /** For a form the receiver refuses: which failure it is, so the 401 names it (`x-stream-signature-cases`). */
  readonly case?: SignatureCase;
  /** The rule certify names when this form is not refused as it should be (a form added after the others). */
  readonly rule?: string;
  /** The exact body text and the Stream-Signature value to send (`null`: no header). */
  readonly build: (body: Json, textPath: string, secret: string) => { readonly raw: string; readonly signature: string | null };
}

function sign(secret: string, raw: string): string {
  return signWebhook({ secret, body: raw });
}

/** The same JSON with every object's keys in reverse order: the same document, other bytes. */
export function reorderKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorderKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([key, item]) => [key, reorderKeys(item)]));
}

function withText(body: Json, textPath: string): Json {
  return setPath(structuredClone(body), textPath, NON_ASCII_TEXT) as Json;
}

/** Correctly signed bodies whose bytes differ from `JSON.stringify` of what they parse to. */
export const ACCEPTED_FORMS: readonly SignedForm[] = [
  {
    vector: 'valid-pretty-printed-body',
    what: 'pretty-printed, with a trailing newline',
    build: (body, _path, secret) => {
      const raw = `${JSON.stringify(body, null, 2)}\n`;
      return { raw, signature: sign(secret, raw) };
    },
  },
  {
    what: 'with its keys in another order',
    build: (body, _path, secret) => {
      const raw = JSON.stringify(reorderKeys(body));
      return { raw, signature: sign(secret, raw) };
    },
  },
  {
    vector: 'valid-non-ascii-body',
    what: `with non-ASCII text as UTF-8 ("${NON_ASCII_TEXT}")`,
    build: (body, path, secret) => {
      const raw = JSON.stringify(withText(body, path));
      return { raw, signature: sign(secret, raw) };
    },
  },
  {
    what: 'ending in a newline',
    build: (body, _path, secret) => {
      const raw = `${JSON.stringify(body)}\n`;
      return { raw, signature: sign(secret, raw) };
    },
  },
];

/** Signatures a receiver must refuse with 401: every wrong form of the published test vectors. */
export const REFUSED_FORMS: readonly SignedForm[] = [
  { vector: 'tampered-body', case: 'mismatch', what: 'the signature of other bytes', build: (body, _path, secret) => ({ raw: JSON.stringify(body), signature: sign(secret, `${JSON.stringify(body)} `) }) },
  {
    vector: 're-serialised-body', case: 'mismatch',
    what: 'a pretty-printed body with the signature of its compact re-serialisation',
    build: (body, _path, secret) => ({ raw: JSON.stringify(body, null, 1), signature: sign(secret, JSON.stringify(body)) }),
  },
  { vector: 'wrong-secret', case: 'mismatch', what: 'a signature made with another secret', build: (body, _path, secret) => ({ raw: JSON.stringify(body), signature: sign(`${secret}-old`, JSON.stringify(body)) }) },
  {
    vector: 'non-ascii-body-signed-as-latin-1', case: 'mismatch',
    what: 'a non-ASCII body signed over its ISO-8859-1 bytes instead of UTF-8',
    build: (body, path, secret) => {
      const raw = JSON.stringify(withText(body, path));
      return { raw, signature: createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(raw, 'latin1')).digest('hex') };
    },
  },
  { vector: 'wrong-length-signature-short', case: 'malformed', what: 'the right signature less its last character', build: (body, _path, secret) => ({ raw: JSON.stringify(body), signature: sign(secret, JSON.stringify(body)).slice(0, -1) }) },
  { vector: 'wrong-length-signature-long', case: 'malformed', what: 'the right signature followed by more hex', build: (body, _path, secret) => ({ raw: JSON.stringify(body), signature: sign(secret, JSON.stringify(body)).repeat(2) }) },
  {
    vector: 'wrong-length-signature-sha1', case: 'malformed',
    what: 'an HMAC-SHA1 of the body',
    build: (body, _path, secret) => ({ raw: JSON.stringify(body), signature: createHmac('sha1', Buffer.from(secret, 'utf8')).update(JSON.stringify(body), 'utf8').digest('hex') }),
  },
  { vector: 'upper-case-signature', case: 'malformed', what: 'the right signature in upper-case hex', build: (body, _path, secret) => ({ raw: JSON.stringify(body), signature: sign(secret, JSON.stringify(body)).toUpperCase() }) },
  { vector: 'prefixed-signature', case: 'malformed', what: 'the right signature with a "sha256=" prefix', build: (body, _path, secret) => ({ raw: JSON.stringify(body), signature: `sha256=${sign(secret, JSON.stringify(body))}` }) },
  {
    vector: 'listed-signature', rule: SIGNATURE_LIST_REFUSED, case: 'malformed',
    what: 'a comma-separated list of two signatures, a wrong one and the right one (as some gateways send during a secret rotation)',
    build: (body, _path, secret) => ({ raw: JSON.stringify(body), signature: `${sign(`${secret}-old`, JSON.stringify(body))},${sign(secret, JSON.stringify(body))}` }),
  },
  { vector: 'non-hex-signature', case: 'malformed', what: '64 characters, not all of them hex', build: (body, _path, secret) => ({ raw: JSON.stringify(body), signature: `${sign(secret, JSON.stringify(body)).slice(0, 60)}zzzz` }) },
];

/** No signature at all, and an empty header: both are a missing signature. */
export const MISSING_FORMS: readonly SignedForm[] = [
  { vector: 'missing-header', case: 'missing', what: 'no Stream-Signature header', build: (body) => ({ raw: JSON.stringify(body), signature: null }) },
  { vector: 'empty-header', case: 'missing', what: 'an empty Stream-Signature header', build: (body) => ({ raw: JSON.stringify(body), signature: '' }) },
];
