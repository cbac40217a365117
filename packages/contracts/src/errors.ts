/**
 * Every failure this package reports, from webhook verification to payload validation, is a
 * `StreamContractsError`. Branch on `code`, which is stable across releases; the message is
 * for people and may be reworded.
 */
export type StreamContractsErrorCode =
  /** The `Stream-Signature` header is absent or empty. */
  | 'signature_missing'
  /** The header is present but is not 64 lower-case hexadecimal characters. */
  | 'signature_malformed'
  /** The header is well formed but is not the HMAC-SHA256 of this body under this secret. */
  | 'signature_mismatch'
  /** The body passed in is a parsed object (or nothing) instead of the raw string or bytes. */
  | 'body_not_raw'
  /** No webhook secret was given, or it is empty. */
  | 'secret_missing'
  /** `validate` was asked for an API or schema name the contracts do not define. */
  | 'unknown_schema'
  /** `assertValid` found the value does not satisfy its schema; see `issues`. */
  | 'invalid_payload';

/** One reason a value does not satisfy its schema. */
export interface ValidationIssue {
  /** Where in the value, as you would write it in JavaScript: `items[0].price`; `''` for the value itself. */
  readonly path: string;
  /** The problem in plain words, starting with the path: `items[0].price must be an integer number of cents`. */
  readonly message: string;
  /** The JSON Schema keyword that failed (`type`, `required`, `enum`, `pattern`...). */
  readonly rule: string;
}

const SIGNATURE_CODES: ReadonlySet<StreamContractsErrorCode> = new Set([
  'signature_missing',
  'signature_malformed',
  'signature_mismatch',
]);

export class StreamContractsError extends Error {
  override readonly name = 'StreamContractsError';
  readonly code: StreamContractsErrorCode;
  /** The problems found, for `invalid_payload`; empty for every other code. */
  readonly issues: readonly ValidationIssue[];

  constructor(code: StreamContractsErrorCode, message: string, options: { issues?: readonly ValidationIssue[]; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.issues = options.issues ?? [];
  }
}

/**
 * True when `error` says the request is not authentically from Stream (missing, malformed or
 * wrong signature): answer `401`. Anything else thrown by `verifyWebhook` (`body_not_raw`,
 * `secret_missing`) is a bug in the receiver's set-up and should surface as a `500`.
 */
export function isSignatureError(error: unknown): error is StreamContractsError {
  return error instanceof StreamContractsError && SIGNATURE_CODES.has(error.code);
}
