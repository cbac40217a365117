// What every check shares: how to reach the partner, Stream's credentials, the clock, what
// earlier checks learned (an access token, a location, the catalog), and the evidence of each call.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { signWebhook } from '@stream-partner/contracts';
import type { HttpExchange } from '../http.js';
import type { OperationInfo } from '../openapi.js';
import type { ObservedExchange } from '../relations.js';
import { sendToPartner, type SendToPartnerOptions } from '../trigger/send.js';
import { findTarget, type Audience, type TriggerTarget } from '../trigger/targets.js';
import { operationUrl } from './base-url.js';
import { bearerDemandNote } from './bearer-demand.js';
import { RunSecrets } from './redact-result.js';
import type { SandboxLink } from './sandbox-link.js';
import { detachedStart } from '../detached.js';
import { OutOfTime } from './run-limit.js';

export interface CertifyConfig {
  readonly audience: Audience;
  readonly baseUrl: string;
  /** A bearer token the partner issued to Stream; without it certify runs the OAuth flow. */
  readonly token?: string;
  /** An authorization code got by approving the authorize page in a browser. */
  readonly code?: string;
  /** More codes approved the same way (a repeated --code), for the checks that need a fresh one. */
  readonly extraCodes?: readonly string[];
  /** The URL the browser landed on after approving the authorize page (with `code` and `state`), to verify the redirect. */
  readonly redirectUrl?: string;
  readonly webhookSecret: string;
  /** Where the webhook secret came from (`--webhook-secret`, `$STREAM_WEBHOOK_SECRET`, the sandbox default), for messages. */
  readonly webhookSecretSource?: string;
  /** The OAuth client the partner issued to Stream. */
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  /** How long to wait for any one answer before calling it no answer. */
  readonly timeoutMs: number;
  /** The contract's limit on how long Stream waits for an answer. */
  readonly answerLimitMs: number;
  /** How long to wait for what the partner sends to the sandbox. */
  readonly waitMs: number;
  /**
   * How long the whole run may take (`--run-limit-ms`): past it nothing more is sent or waited for,
   * and the requirements left are reported as not run. None: no limit (a test's own runs).
   */
  readonly runLimitMs?: number;
  /** The DSP menu forms certify publishes and expects downloaded (default: both). */
  readonly menuVersions?: readonly ('v1' | 'v2')[];
  /** Seeds every generated probe; the runner draws one when none is given, and reports carry it. */
  readonly seed?: number;
  /** Probes per family and body (`--depth`); the default depth when absent. */
  readonly depth?: number;
  /**
   * The catalogue version the partner was last certified under (`--certified-under`). Rules added or
   * tightened after it warn until their effective day; without it every rule of the catalogue is in
   * force, as for a new integration.
   */
  readonly certifiedUnder?: string;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
}

/** One call certify made, kept for the report. */
export interface Evidence {
  readonly what: string;
  readonly request: { readonly method: string; readonly url: string; readonly body?: string };
  readonly response: { readonly status?: number; readonly ms: number; readonly body?: string; readonly error?: string };
  /** The Stream-Signature sent, when the call was sound: signed correctly under certify's secret, with a valid token where one is needed. */
  readonly soundSignature?: string;
  /** Set when the endpoint takes no bearer token and certify sent none: a 401 there asking for one is a gate the contract does not have. */
  readonly signatureOnly?: true;
}

export interface CheckOutcome {
  readonly passed: boolean;
  /** Why it failed, or a note on how it passed. */
  readonly reason?: string;
  /** What the contract says, for a failure. */
  readonly expected?: string;
  /** Set when the check ran but could not decide (a redirect certify never saw). */
  readonly verdict?: 'not_verified';
}

/**
 * A check that could not run because something it needs is missing (no token, no location).
 * `owner` is the requirement that establishes that prerequisite: the dependant reads "blocked by
 * <owner>" and is not counted as a failure of its own when the owner failed.
 */
export class Blocked extends Error {
  readonly owner: string | undefined;

  constructor(message: string, owner?: string) {
    super(message);
    this.owner = owner;
  }
}

/** The requirement that judges how fast an audience's events are answered: a call cut at Stream's limit is its finding. */
export const TIMING_REQUIREMENT: Readonly<Record<Audience, string>> = { pos: 'POS-ORD-06', dsp: 'DSP-EVT-10', events: 'EVT-ORD-05' };

/**
 * How much longer than Stream's limit certify waits for an event's answer before it gives up, as
 * Stream does at the limit: enough for a loaded machine's latency, never the full --timeout-ms.
 */
export const EVENT_GRACE_MS = 1500;

export class CertifyContext {
  readonly config: CertifyConfig;
  readonly sandbox: SandboxLink | undefined;
  /** Evidence of the check running now; reset by the runner for each check. */
  evidence: Evidence[] = [];
  /** Every answer's duration, by requirement id, for the timing requirements. */
  readonly timings: { readonly what: string; readonly ms: number; /** The event, for a call signed as Stream signs it (`pos:order.created`). */ readonly event?: string }[] = [];
  /** The partner's command that sends an event to the sandbox, with `{event}`-style placeholders. */
  readonly sendCommand: string | undefined;
  /** Tells the person running certify what to do, when there is no send command. */
  readonly prompt: (text: string) => void;
  /** Small facts one check leaves for a later one (the id of the order the partner sent). */
  readonly learned = new Map<string, string>();
  /** Every exchange of the run, in order, for the relations the contract states across answers (`x-stream-relations`). */
  readonly observed: ObservedExchange[] = [];
  /** Requirements that blocked another in this run, in the order they did: a check left with nothing to judge names the first. */
  readonly blockers: string[] = [];
  /** The requirement whose check runs now; set by the runner, so each call it records names its maker. */
  current: string | undefined;
  /** How a requirement of this run ended, once it has; set by the runner. */
  statusOf: (id: string) => string | undefined = () => undefined;
  /** What the reports must not show: the secrets and authorization codes certify was given and the tokens the partner issued. */
  readonly secrets = new RunSecrets();
  private readonly memo = new Map<string, Promise<unknown>>();
  /** The characters of the answers kept in `observed` so far. */
  private observedChars = 0;
  /** When the run's time is up (`runLimitMs` after the context was made); never without a limit. */
  readonly deadline: number;

  constructor(config: CertifyConfig, options: { sandbox?: SandboxLink; sendCommand?: string; prompt?: (text: string) => void } = {}) {
    this.config = config;
    this.sandbox = options.sandbox;
    this.sendCommand = options.sendCommand;
    this.prompt = options.prompt ?? (() => undefined);
    this.deadline = config.runLimitMs === undefined ? Infinity : config.now() + config.runLimitMs;
    for (const secret of [config.clientSecret, config.webhookSecret, config.token, ...urlPassword(config.baseUrl)]) this.secrets.add(secret);
    // Codes a person approved: one a server refused (a wrong client_secret) is still unspent when the report is shared.
    for (const code of [config.code, ...(config.extraCodes ?? [])]) {
      if (code === undefined) continue;
      this.secrets.add(code);
      this.secrets.add(encodeURIComponent(code));
    }
  }

  /** Runs `make` once and shares its result (or its failure) with every check that asks. */
  once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let value = this.memo.get(key) as Promise<T> | undefined;
    if (value === undefined) {
      value = make();
      this.memo.set(key, value);
    }
    return value;
  }

  /** True once the run's time limit has passed. */
  outOfTime(): boolean {
    return this.config.now() >= this.deadline;
  }

  /**
   * `ms`, or less so that a wait ends by the run's deadline; throws `OutOfTime` once it has passed.
   * A wait cut short ends at the deadline, so the runner reports its requirement as not run.
   */
  within(ms: number): number {
    const left = this.deadline - this.config.now();
    if (left <= 0) throw new OutOfTime(this.config.runLimitMs ?? 0);
    return Math.max(1, Math.min(ms, Math.ceil(left)));
  }

  /** Waits `ms` (a retry's pause), no later than the run's deadline. */
  pause(ms: number): Promise<void> {
    return this.config.sleep(this.within(ms));
  }

  target(name: string): TriggerTarget {
    return findTarget(`${this.config.audience}:${name}`);
  }

  /** Sends a call as Stream would (signed, with the bearer token unless told otherwise) and records it. */
  async call(what: string, options: Omit<SendToPartnerOptions, 'to' | 'timeoutMs' | 'now' | 'webhookSecret'> & { webhookSecret?: string }): Promise<HttpExchange> {
    // Stream gives up on an event's answer at its limit: so does certify, a little later, and once one
    // event of a kind was answered past the limit it sends no other of that kind (each would wait again).
    // Answers a check spliced out of the timings (events sent at once) do not count.
    const target = options.target as Partial<Pick<TriggerTarget, 'kind' | 'qualified'>>;
    const event = target.kind === 'event' ? target.qualified : undefined;
    const cap = this.config.answerLimitMs + EVENT_GRACE_MS;
    // A wrongly signed call (a security check's) is still sent: a server answers it before any slow work.
    const asStreamSends = options.signature === undefined && (options.webhookSecret === undefined || options.webhookSecret === this.config.webhookSecret);
    const earlier = event === undefined || !asStreamSends ? undefined : this.timings.find((timing) => timing.event === event && timing.ms > this.config.answerLimitMs);
    if (earlier !== undefined) throw new Blocked(`not sent: ${earlier.what} took ${earlier.ms} ms, past the ${this.config.answerLimitMs} ms Stream waits, so Stream would not get this answer either`, TIMING_REQUIREMENT[this.config.audience]);
    const exchange = await sendToPartner({
      webhookSecret: this.config.webhookSecret,
      ...options,
      // The full URL, so a path prefix in --base-url is kept (resolveUrl alone would send every call to the prefix itself).
      to: operationUrl(this.config.baseUrl, options.target.carrier, options.params ?? {}),
      timeoutMs: this.within(event === undefined ? this.config.timeoutMs : Math.min(this.config.timeoutMs, cap)),
      now: this.config.now,
    });
    const sent = exchange.request.headers?.['Stream-Signature'];
    const rightlySigned = sent !== undefined && safeEqual(sent, signWebhook({ secret: this.config.webhookSecret, body: exchange.request.body ?? '' }));
    const token = options.token;
    const rightlyAuthorised = !options.target.carrier.bearer || (typeof token === 'string' && !token.startsWith(UNKNOWN_TOKEN_PREFIX));
    this.evidence.push({
      ...(rightlySigned && rightlyAuthorised ? { soundSignature: sent } : {}),
      ...(options.target.carrier.bearer ? {} : { signatureOnly: true as const }),
      what,
      request: { method: exchange.request.method, url: exchange.request.url, ...(exchange.request.body === undefined ? {} : { body: exchange.request.body }) },
      response: {
        ...(exchange.status === undefined ? {} : { status: exchange.status }),
        ms: exchange.ms,
        ...(exchange.bodyText === '' ? {} : { body: detachedStart(exchange.bodyText, 4000) }),
        ...(exchange.error === undefined ? {} : { error: exchange.error.message }),
      },
    });
    this.secrets.learn({ exchange, operation: options.target.carrier });
    this.observe(what, options.target, exchange);
    const kind = event !== undefined && asStreamSends ? { event } : {};
    if (exchange.status !== undefined) this.timings.push({ what, ms: exchange.ms, ...kind });
    else if (event !== undefined && exchange.error?.kind === 'timeout' && !this.outOfTime() && this.config.timeoutMs > cap) {
      this.timings.push({ what: `${what}, no answer: cut off`, ms: exchange.ms, ...kind });
      throw new Blocked(`${what} had no answer after ${exchange.ms} ms, past the ${this.config.answerLimitMs} ms Stream waits`, TIMING_REQUIREMENT[this.config.audience]);
    }
    return exchange;
  }

  private observe(what: string, target: Pick<TriggerTarget, 'carrier'> & Partial<Pick<TriggerTarget, 'operation'>>, exchange: HttpExchange): void {
    // A run at the deepest depth makes a few thousand calls; past the bound, later ones go unjudged rather than unbounded.
    if (this.observed.length >= OBSERVED_LIMIT) return;
    // Each answer may hold 8 MB (a few KB of gzip on the wire): past the budget an answer is judged
    // when it is made but not kept for the relations and rules, so a server cannot fill certify's memory.
    const kept = this.observedChars + exchange.bodyText.length <= OBSERVED_TEXT_BUDGET;
    if (kept) this.observedChars += exchange.bodyText.length;
    let requestBody: unknown;
    try {
      requestBody = exchange.request.body === undefined ? undefined : JSON.parse(exchange.request.body);
    } catch {
      requestBody = undefined;
    }
    this.observed.push({
      api: target.carrier.api,
      operations: target.operation === undefined ? [target.carrier] : [target.operation, target.carrier],
      what,
      requestBody,
      requestHeaders: exchange.request.headers ?? {},
      requestUrl: exchange.request.url,
      status: exchange.status,
      responseHeaders: exchange.headers,
      // Only whether there was a body is read; a slice would keep the whole text alive.
      responseText: detachedStart(exchange.bodyText, 64),
      responseBody: kept ? exchange.json : undefined,
      receivedAt: Date.now(),
      ...(this.current === undefined ? {} : { requirement: this.current }),
    });
  }

  newEventId(): string {
    return randomUUID();
  }
}

const OBSERVED_LIMIT = 20_000;

/** The most answer text a run keeps for the relations and rules: far more than a server's real answers add up to. */
export const OBSERVED_TEXT_BUDGET = 32 * 1024 * 1024;

/** Tokens certify makes up to test refusals start with this; a call carrying one is not expected to succeed. */
export const UNKNOWN_TOKEN_PREFIX = 'certify-unknown-';

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The secret redacted, with where it came from: enough to tell which secret, never the secret. */
export function describeSecret(config: Pick<CertifyConfig, 'webhookSecret' | 'webhookSecretSource'>): string {
  const secret = config.webhookSecret;
  // Only the conventional prefix and, for a long secret, its last two characters: enough to tell two secrets apart.
  const prefix = /^whsec_/.test(secret) ? 'whsec_' : '';
  const rest = secret.slice(prefix.length);
  const shown = `${prefix}…${rest.length >= 16 ? rest.slice(-2) : ''}`;
  return `${shown} (${secret.length} characters, from ${config.webhookSecretSource ?? 'the caller'})`;
}

/**
 * For a check that failed on a 401 to a sound call (signed right, with a valid token): certify's own
 * signature over those exact bytes, so the partner looks at their verifier and not at certify.
 */
export function soundRefusalNote(config: CertifyConfig, evidence: readonly Evidence[]): string {
  const refused = [...evidence].reverse().find((item) => item.response.status === 401 && item.soundSignature !== undefined);
  if (refused === undefined) return '';
  const demand = bearerDemandNote(refused);
  if (demand !== undefined) return demand;
  const bytes = Buffer.byteLength(refused.request.body ?? '');
  return ` Your server answered 401 to a correctly signed call (${refused.what}): certify's Stream-Signature ${refused.soundSignature} is the HMAC-SHA256 of the exact ${bytes} bytes it sent, under the webhook secret ${describeSecret(config)}. Check that your verifier hashes the raw body before parsing it, with that secret.`;
}

export function describe(operation: OperationInfo): string {
  return `${operation.method} ${operation.path}`;
}

export type Check = (context: CertifyContext) => Promise<CheckOutcome>;

export const pass = (reason?: string): CheckOutcome => ({ passed: true, ...(reason === undefined ? {} : { reason }) });
export const fail = (reason: string, expected?: string): CheckOutcome => ({ passed: false, reason, ...(expected === undefined ? {} : { expected }) });
export const notVerified = (reason: string, expected?: string): CheckOutcome => ({ passed: false, verdict: 'not_verified', reason, ...(expected === undefined ? {} : { expected }) });

/** `answered 500` / `no answer: no answer within 10000 ms`: how an exchange went, in a few words. */
export function answered(exchange: HttpExchange): string {
  if (exchange.status === undefined) return exchange.error?.kind === 'timeout' ? `no answer: ${exchange.error.message}` : exchange.error?.kind === 'too_large' ? exchange.error.message : `could not connect: ${exchange.error?.message ?? 'unknown error'}`;
  const body = exchange.bodyText === '' ? 'no body' : exchange.bodyText.length > 200 ? `${detachedStart(exchange.bodyText, 200)}…` : exchange.bodyText;
  return `answered ${exchange.status} (${body})`;
}

/** The password of a base URL with user info (sent as basic auth), as written and decoded, so an answer that repeats it is redacted too. */
function urlPassword(url: string): string[] {
  try {
    const password = new URL(url).password;
    return password === '' ? [] : [password, decodeURIComponent(password)];
  } catch {
    return [];
  }
}
