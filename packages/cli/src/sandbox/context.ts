// What a sandbox handler receives and returns. Handlers are plain functions of the request and
// the state, so they read like the contract and can be tested without a socket.
import { validate } from '@stream-partner/contracts';
import type { ApiName, OperationInfo } from '../openapi.js';
import type { RequestChecks } from './types.js';
import type { SandboxState } from './state.js';
import type { StateStore } from './state-store.js';
import { MAX_TIME_MS } from './state-check.js';

export interface SandboxConfig {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookSecret: string;
  readonly partnerSlug: string;
  readonly partnerId: string;
  /** The sandbox's own base URL, for links it hands out (`entry_url`, menu file links). */
  readonly baseUrl: () => string;
  /** The DSP menu form published when none is asked for (`--menu-version`). */
  readonly menuVersion?: 'v1' | 'v2';
  /** The `return_url` hosts registered for the partner account (`--registered-host`), lower case. */
  readonly registeredHosts: readonly string[];
  /** The POS and DSP slugs agreed for the partner account (`--agreed-source`). */
  readonly agreedSources: readonly string[];
  /** Single sign-on tokens handed out and not yet used, kept in memory only: each lives 60 seconds. */
  readonly ssoSessions: SsoSessions;
}

export interface SsoSession {
  readonly email: string;
  readonly full_name: string;
  readonly role: string;
  readonly org_id: string;
  readonly org_name: string;
  /** Epoch milliseconds. */
  readonly expires_at: number;
}

export type SsoSessions = Map<string, SsoSession>;

export interface HandlerContext {
  readonly operation: OperationInfo;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string | string[] | undefined>>;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body exactly as received: what a signature covers. */
  readonly rawBody: string;
  readonly state: SandboxState;
  /** The same state untracked, for look-ups: a scan through the tracker's proxies costs a trap per read. Change nothing through it. */
  readonly plain?: SandboxState;
  /** `state[list][index]` as tracked, reached without a read by index through the list's proxy (which costs a trip into V8's runtime). */
  readonly entry?: StateStore['entry'];
  readonly config: SandboxConfig;
  /** Milliseconds since the epoch, from the clock the sandbox was started with. */
  readonly now: number;
  /** Marks the state as changed, so it is saved. */
  readonly changed: () => void;
  /** What the checks found, for the console: `parseBody` and `checkSignature` note their verdicts here. */
  readonly checks?: RequestChecks;
}

export interface HandlerReply {
  readonly status: number;
  readonly body?: unknown;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** The event type the call carried, for the log. */
  readonly event?: string;
  /** What the sandbox did or why it refused, in plain words, for the log. */
  readonly note?: string;
}

export type Handler = (context: HandlerContext) => HandlerReply | Promise<HandlerReply>;

export function errorReply(status: number, code: string, message: string, extra: Partial<HandlerReply> = {}): HandlerReply {
  return { status, body: { code, message }, note: `${code}: ${message}`, ...extra };
}

export type ParsedBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reply: HandlerReply };

/**
 * Parses the raw body as JSON and checks it against the operation's request schema. A body that
 * breaks the contract is a `400` whose message lists the plain-words issues, each naming its field.
 */
export function parseBody(context: HandlerContext, code = 'invalid_request', api: ApiName = context.operation.api, schema = context.operation.requestSchema): ParsedBody {
  let value: unknown;
  try {
    value = context.rawBody === '' ? undefined : JSON.parse(context.rawBody);
  } catch (error) {
    return { ok: false, reply: errorReply(400, code, `The body is not valid JSON (${(error as Error).message}). Send one JSON object with Content-Type: application/json.`) };
  }
  if (value === undefined) return { ok: false, reply: errorReply(400, code, 'The body is empty; this call needs a JSON object.') };
  if (schema === undefined) return { ok: true, value };
  const result = validate(api, schema as never, value);
  if (result.valid && context.checks !== undefined && api === context.operation.api && schema === context.operation.requestSchema) context.checks.valid = true;
  if (result.valid) return { ok: true, value };
  const issues = result.errors.map((issue) => issue.message);
  const shown = issues.slice(0, 5).join('; ');
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return { ok: false, reply: errorReply(400, code, `The body breaks the ${api} contract's ${schema}: ${shown}${more}.`, { event: eventType(value) }) };
}

export function eventType(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' ? (value as { type: string }).type : undefined;
}

export function queryString(context: HandlerContext, name: string): string | undefined {
  const value = context.query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}

export function header(context: HandlerContext, name: string): string | undefined {
  const value = context.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The 400 for a time field outside what the sandbox can keep and show (a JavaScript date ends in
 * the year 275760; ISO 8601 dates in 9999); `undefined` when `value` is absent, null or in range.
 */
export function timeOutOfRange(field: string, value: unknown, code = 'invalid_request'): HandlerReply | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_TIME_MS) return undefined;
  return errorReply(
    400,
    code,
    `${field} must be a time in milliseconds since the Unix epoch, a whole number from 0 to ${MAX_TIME_MS} (9999-12-31T23:59:59.999Z); got ${String(value)}.`,
  );
}
