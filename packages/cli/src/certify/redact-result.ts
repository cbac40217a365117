// A requirement's result as every report shows it (live lines, --json, JUnit, Markdown, HTML, the
// console's Certify page): the client secret, the webhook secret, the authorization codes a person approved and the tokens the partner issued
// replaced by `[redacted]` (a token: `[redacted token]`), since reports go into CI artifacts and certification requests; and what
// the partner's server said with its control characters written out, so it cannot act in a terminal.
import type { HttpExchange } from '../http.js';
import { deref, isObject, type OperationInfo } from '../openapi.js';
import { redactKnownValues, redactSecretText } from '../secret-text.js';
import { visibleText } from '../visible.js';
import { detachedStart } from '../detached.js';

/**
 * The most of a reason, an expectation or a call's description a report shows: they quote values
 * the partner chose (a location id of a megabyte inside an 8 MB answer was quoted whole, in every
 * report and the terminal line), where answers themselves are quoted at 200 characters.
 */
export const SHOWN_TEXT_CHARS = 20_000;
/** A call's description (`what`) is a short sentence but for the values it names. */
const SHOWN_WHAT_CHARS = 500;
/** A call's URL and error: a partner's location id travels in a query (a DSP's connection calls) and was quoted whole. */
export const SHOWN_URL_CHARS = 2_000;

/** `text` cut to `length`, saying how much was left out; cut after redaction, so no secret's start is left unrecognised. */
function bounded(text: string, length = SHOWN_TEXT_CHARS): string {
  return text.length > length ? `${detachedStart(text, length)}… (${text.length - length} more characters)` : text;
}

// The shapes of a result and its evidence as reports read them, stated here rather than imported:
// the runner and the context use this module, so it must not depend on them.
interface ShownEvidence {
  readonly what: string;
  readonly request: { readonly method: string; readonly url: string; readonly body?: string };
  readonly response: { readonly status?: number; readonly ms: number; readonly body?: string; readonly error?: string };
}
interface ShownResult {
  readonly reason?: string;
  readonly expected?: string;
  readonly evidence: readonly ShownEvidence[];
}

/** Shorter values are left to the field-based redaction: replacing them everywhere would garble text. */
const SHORTEST_KNOWN_SECRET = 6;

/** How a token the partner issued is shown: it chose the value, so a report names what it hid. */
export const REDACTED_TOKEN = '[redacted token]';

/** An RFC 6750 token (`b64token`): what an OAuth server issues; words with spaces or punctuation are not tokens. */
const TOKEN_SYNTAX = /^[A-Za-z0-9\-._~+/]+=*$/;

const grantingOperations = new WeakMap<OperationInfo, boolean>();

/** True when the contract's 2xx answer of `operation` grants tokens (its schema has an `access_token`). */
export function grantsTokens(operation: OperationInfo): boolean {
  let grants = grantingOperations.get(operation);
  if (grants === undefined) {
    grants = [...operation.responses.values()].some((response) => {
      if (!response.status.startsWith('2') || response.schema === undefined) return false;
      const schema = deref(operation.api, { $ref: `#/components/schemas/${response.schema}` });
      return isObject(schema) && isObject(schema.properties) && 'access_token' in schema.properties;
    });
    grantingOperations.set(operation, grants);
  }
  return grants;
}

/** The secrets of one run: those certify was given (authorization codes among them), and each token the partner's token operation issued. */
export class RunSecrets {
  private readonly values = new Set<string>();
  private readonly shownAs = new Map<string, string>();

  add(value: string | undefined): void {
    if (value !== undefined && value.length >= SHORTEST_KNOWN_SECRET) this.values.add(value);
  }

  /**
   * Keeps the tokens (`access_token`, `refresh_token`, `id_token`) of a 2xx answer of an operation
   * that grants them. Only there: the partner chooses every answer's fields, and a word it named a
   * token elsewhere read `[redacted]` in every report. A given secret keeps its own label.
   */
  learn(options: { readonly exchange: Pick<HttpExchange, 'json' | 'status'>; readonly operation: OperationInfo }): void {
    const { exchange, operation } = options;
    const body = exchange.json;
    if (exchange.status === undefined || exchange.status < 200 || exchange.status > 299 || typeof body !== 'object' || body === null) return;
    if (!grantsTokens(operation)) return;
    for (const field of ['access_token', 'refresh_token', 'id_token']) {
      const value = (body as Record<string, unknown>)[field];
      if (typeof value !== 'string' || value.length < SHORTEST_KNOWN_SECRET || !TOKEN_SYNTAX.test(value) || this.values.has(value)) continue;
      this.values.add(value);
      this.shownAs.set(value, REDACTED_TOKEN);
    }
  }

  /** `text` with every known secret and every secret field's value redacted, and its control characters shown as escapes. */
  redact(text: string): string {
    return visibleText({ text: redactSecretText(redactKnownValues({ text, values: this.values, shownAs: this.shownAs })) });
  }
}

function redactEvidence<E extends ShownEvidence>(evidence: E, secrets: RunSecrets): E {
  // A request body carries the partner's values too (a connect's location_id); an answer's is cut to 4,000 characters when it is kept.
  const text = (value: string | undefined) => (value === undefined ? {} : { body: bounded(secrets.redact(value)) });
  return {
    ...evidence,
    what: bounded(secrets.redact(evidence.what), SHOWN_WHAT_CHARS),
    request: { ...evidence.request, url: bounded(secrets.redact(evidence.request.url), SHOWN_URL_CHARS), ...text(evidence.request.body) },
    response: { ...evidence.response, ...text(evidence.response.body), ...(evidence.response.error === undefined ? {} : { error: bounded(secrets.redact(evidence.response.error), SHOWN_URL_CHARS) }) },
  };
}

export function redactResult<T extends ShownResult>(options: { result: T; secrets: RunSecrets }): T {
  const { result, secrets } = options;
  return {
    ...result,
    ...(result.reason === undefined ? {} : { reason: bounded(secrets.redact(result.reason)) }),
    ...(result.expected === undefined ? {} : { expected: bounded(secrets.redact(result.expected)) }),
    evidence: result.evidence.map((evidence) => redactEvidence(evidence, secrets)),
  };
}
