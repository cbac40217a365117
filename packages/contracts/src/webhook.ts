import { createHmac, timingSafeEqual } from 'node:crypto';
import { StreamContractsError } from './errors.js';

/** The header that carries the signature on every signed call, in either direction. */
export const STREAM_SIGNATURE_HEADER = 'Stream-Signature';

/**
 * The request body exactly as it travelled: the string (encoded as UTF-8) or the bytes. Never
 * the object a JSON body parser made of it, because re-serialising changes the bytes.
 */
export type RawBody = string | Uint8Array | ArrayBuffer;

/** The webhook secret issued for the integration, as given (a string is used as its UTF-8 bytes). */
export type WebhookSecret = string | Uint8Array;

/**
 * Request headers in any of the usual shapes: a Fetch `Headers` (Next.js, Deno, Bun, Workers)
 * or a plain object such as Node's `IncomingHttpHeaders` (Express, Fastify), any casing.
 */
export type HeadersLike =
  | { get(name: string): string | null | undefined }
  | Readonly<Record<string, string | readonly string[] | number | null | undefined>>;

export interface SignWebhookOptions {
  /** The webhook secret for the integration. */
  secret: WebhookSecret;
  /** The exact body that will be sent. */
  body: RawBody;
}

export interface VerifyWithSignature {
  secret: WebhookSecret;
  /** The body exactly as received: the raw string or bytes, not a parsed object. */
  body: RawBody;
  /** The value of the `Stream-Signature` header; `undefined` or `null` when the request had none. */
  signature: string | null | undefined;
  headers?: never;
}

export interface VerifyWithHeaders {
  secret: WebhookSecret;
  /** The body exactly as received: the raw string or bytes, not a parsed object. */
  body: RawBody;
  /** The request headers; the `Stream-Signature` header is read from them, whatever its casing. */
  headers: HeadersLike;
  signature?: never;
}

export type VerifyWebhookOptions = VerifyWithSignature | VerifyWithHeaders;

const SIGNATURE_FORMAT = /^[0-9a-f]{64}$/;
const RAW_BODY_HINT =
  'Pass the raw request body, exactly as received: express.raw({ type: "application/json" }) in Express, ' +
  'a content-type parser with parseAs: "buffer" in Fastify, await request.text() in a Next.js route handler.';

function secretBytes(secret: unknown): Uint8Array {
  if (typeof secret === 'string' && secret.length > 0) return Buffer.from(secret, 'utf8');
  if (secret instanceof Uint8Array && secret.byteLength > 0) return secret;
  throw new StreamContractsError(
    'secret_missing',
    'No webhook secret was given. Pass the secret Stream issued for this integration as a non-empty string or bytes (for example from an environment variable).',
  );
}

function describeNonRaw(body: unknown): string {
  if (body === undefined || body === null) {
    return `got ${String(body)}: the body was not read, or a body parser already consumed the stream`;
  }
  if (typeof body === 'object') return 'got a parsed object: a JSON body parser has already turned the body into an object';
  return `got a ${typeof body}`;
}

function bodyBytes(body: unknown, fn: string): Uint8Array {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  throw new StreamContractsError(
    'body_not_raw',
    `${fn} needs the raw request body as a string or bytes, but ${describeNonRaw(body)}. ` +
      `The signature covers the exact bytes sent, and re-serialising a parsed object does not reproduce them. ${RAW_BODY_HINT}`,
  );
}

function hmac(secret: Uint8Array, body: Uint8Array): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

/**
 * Returns the `Stream-Signature` value for a body: the HMAC-SHA256 of its bytes under the
 * webhook secret, as 64 lower-case hexadecimal characters.
 */
export function signWebhook(options: SignWebhookOptions): string {
  const key = secretBytes(options?.secret);
  const body = bodyBytes(options?.body, 'signWebhook');
  return hmac(key, body).toString('hex');
}

/**
 * Reads the `Stream-Signature` header from request headers, whatever their shape and the
 * header's casing. Returns `undefined` when it is absent.
 */
export function getSignatureHeader(headers: HeadersLike | null | undefined): string | undefined {
  if (!headers || typeof headers !== 'object') return undefined;
  const maybeGet = (headers as { get?: unknown }).get;
  if (typeof maybeGet === 'function') {
    const get = maybeGet as (name: string) => unknown;
    const value = get.call(headers, STREAM_SIGNATURE_HEADER) ?? get.call(headers, STREAM_SIGNATURE_HEADER.toLowerCase());
    return typeof value === 'string' ? value : undefined;
  }
  const wanted = STREAM_SIGNATURE_HEADER.toLowerCase();
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== wanted || value === undefined || value === null) continue;
    if (Array.isArray(value)) return value.length === 0 ? undefined : value.join(', ');
    return String(value);
  }
  return undefined;
}

function malformedReason(value: string): string {
  if (/^sha256=/i.test(value)) return 'it has a "sha256=" prefix; the value is the bare hex digest';
  if (/^[0-9a-fA-F]+$/.test(value)) {
    if (value.length !== 64) return `it has ${value.length} characters`;
    return 'it has upper-case letters';
  }
  return 'it contains characters other than 0-9 and a-f';
}

/**
 * Checks that `signature` (or the `Stream-Signature` header in `headers`) is the HMAC-SHA256 of
 * the raw `body` under `secret`. Returns nothing when it is; throws a `StreamContractsError`
 * otherwise, with `code` `signature_missing`, `signature_malformed` or `signature_mismatch`
 * (answer `401`), or `body_not_raw` / `secret_missing` when the receiver is set up wrongly.
 *
 * The comparison runs in constant time, and a signature of the wrong length is reported as
 * malformed, never as an exception from the comparison.
 */
export function verifyWebhook(options: VerifyWebhookOptions): void {
  const key = secretBytes(options?.secret);
  const body = bodyBytes(options?.body, 'verifyWebhook');
  const raw: unknown =
    options && 'signature' in options && options.signature !== undefined
      ? options.signature
      : options?.headers
        ? getSignatureHeader(options.headers)
        : undefined;

  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    throw new StreamContractsError(
      'signature_missing',
      `The ${STREAM_SIGNATURE_HEADER} header is missing. Every call from Stream carries it; reject the request with 401.`,
    );
  }
  if (typeof raw !== 'string') {
    throw new StreamContractsError('signature_malformed', `The ${STREAM_SIGNATURE_HEADER} header must be a string, got a ${typeof raw}.`);
  }
  const value = raw.trim();
  if (!SIGNATURE_FORMAT.test(value)) {
    throw new StreamContractsError(
      'signature_malformed',
      `The ${STREAM_SIGNATURE_HEADER} header must be 64 lower-case hexadecimal characters, but ${malformedReason(value)}.`,
    );
  }

  const expected = hmac(key, body);
  const received = Buffer.from(value, 'hex');
  // The format check makes both 32 bytes; the length check keeps timingSafeEqual from ever throwing.
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
    throw new StreamContractsError(
      'signature_mismatch',
      `The ${STREAM_SIGNATURE_HEADER} header does not match the body. Check that you verify the exact bytes received ` +
        '(before any JSON parsing or re-serialising) with the webhook secret of this integration.',
    );
  }
}
