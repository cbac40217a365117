// The sandbox's public types: how to start one, and what a running one offers the rooms above it
// (certify, the console) and tests.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ControlGate } from './control-gate.js';
import type { OrderRecord } from './state.js';

export interface SandboxOptions {
  readonly port?: number;
  readonly host?: string;
  readonly clientId?: string;
  readonly clientSecret?: string;
  readonly webhookSecret?: string;
  readonly partnerSlug?: string;
  readonly partnerId?: string;
  /** The DSP menu form published when none is asked for: v1 (nested) or v2 (normalised). */
  readonly menuVersion?: 'v1' | 'v2';
  /** Save state here on every change and load it on start. Without it, state lives in memory. */
  readonly stateFile?: string;
  /** Bytes of the state journal past which a save folds it into a new snapshot (default: the snapshot's size, at least 1 MiB). */
  readonly stateJournalLimit?: number;
  /** The clock, in milliseconds since the epoch. Tests pass their own. */
  readonly now?: () => number;
  /** More host names the sandbox answers to besides 127.0.0.1, localhost, [::1] and `host` (`--allowed-host`). */
  readonly allowedHosts?: readonly string[];
  /** `return_url` hosts registered for the partner account (`--registered-host`); others get 400. */
  readonly registeredHosts?: readonly string[];
  /** POS and DSP slugs agreed for the partner account (`--agreed-source`); others get 400. */
  readonly agreedSources?: readonly string[];
  /** Partner API requests each client may send per minute before a 429 (`--rate-limit`); 0 or absent: no limit. */
  readonly rateLimit?: number;
  /**
   * Who may call the routes that read or change the sandbox's data (`/_sandbox/state`, `/orders`...).
   * By default only holders of a per-process token that only the starting process knows
   * (`RunningSandbox.controlToken`); the console passes its own gate.
   */
  readonly control?: ControlGate;
  /**
   * Mounts more routes and hooks (the console) on the sandbox's server before it listens, so the
   * sandbox knows nothing of what is built on it. `sandbox` is readable once it listens;
   * `onExchange` and `onStateChange` subscribe at once, so no request is missed and none pays for
   * a late subscription (or a hook of its own on every request).
   */
  readonly extend?: (app: FastifyInstance, sandbox: () => RunningSandbox, onExchange: RunningSandbox['onExchange'], onStateChange: RunningSandbox['onStateChange']) => void;
}

export { SANDBOX_DEFAULTS } from '../sandbox-settings.js';

export interface SandboxExchange {
  /** 1, 2, 3... in arrival order. */
  readonly seq: number;
  readonly at: string;
  readonly method: string;
  readonly path: string;
  /** `pos:sendWebhookEvent`; absent for a route the contracts do not have. */
  readonly operation?: string;
  readonly status: number;
  readonly verdict: 'accepted' | 'refused' | 'error';
  readonly event?: string;
  /** What the sandbox did, or why it refused. */
  readonly note?: string;
  readonly ms: number;
  readonly requestBody?: unknown;
  readonly responseBody?: unknown;
  /** Present when the send arrived while a different send for the same order was still unanswered (`x-stream-one-at-a-time`). */
  readonly overlap?: string;
}

/** What the sandbox's own checks found on a request's way through its handler. */
export interface RequestChecks {
  /** True once the body met the operation's own request schema. */
  valid?: boolean;
  /** Set once the signature was checked: `null` when good, else the 401 that named what was wrong. */
  signature?: HandlerReplyLike | null;
  /** Set when the send arrived while a different send for the same order was unanswered (`x-stream-one-at-a-time`): what to do about it. */
  overlap?: string;
}

/** The part of a handler's reply a signature refusal is read from (the console shows its code and message). */
export interface HandlerReplyLike {
  readonly body?: unknown;
}

/** An exchange as listeners receive it when it happens: its bodies are read on demand (bounded, redacted), with what the sandbox's checks found. */
export interface RecordedExchange extends SandboxExchange {
  readonly checks: RequestChecks | undefined;
  /** What keeping it costs in memory (bodies as kept, path), counted against the bounds of whatever holds it. */
  readonly bytes: number;
  /** The answer's body as sent, not redacted: for a view that redacts what it shows. */
  sentText(): string;
  /** The answer's headers as sent, not redacted, when the sandbox recorded them as it answered; else read them from the reply. */
  sentHeaders(): Readonly<Record<string, string>> | undefined;
  /** Set when `sentHeaders` answers: the headers shared by every answer of this kind, but its Content-Length. */
  readonly sharedHeaders: Readonly<Record<string, string>> | undefined;
}

export interface SandboxCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookSecret: string;
  readonly partnerSlug: string;
  readonly partnerId: string;
}

export interface RegisterOrderOptions {
  readonly id: string;
  readonly audience: OrderRecord['audience'];
  readonly locationId: string;
  readonly providerId?: string;
  readonly status?: string;
}

export interface RunningSandbox {
  readonly url: string;
  readonly port: number;
  readonly credentials: SandboxCredentials;
  /** The token the sandbox's read and change routes take (`x-sandbox-console-token`); the sandbox never prints it. */
  readonly controlToken: string;
  /** What loading the state file found worth telling (a torn journal line dropped after a crash). */
  readonly notices: readonly string[];
  exchanges(after?: number): readonly SandboxExchange[];
  /**
   * Calls `listener` for every exchange from now on, once answered, with the request and the reply
   * as sent (absent for a note logged without a reply of its own); returns the unsubscribe function.
   */
  onExchange(listener: (exchange: RecordedExchange, request: FastifyRequest, answered: FastifyReply | undefined) => void): () => void;
  /** Calls `listener` after every change to the state that is kept; returns the unsubscribe function. */
  onStateChange(listener: () => void): () => void;
  /** A read-only view of the state (what `GET /_sandbox/state` answers). */
  state(): SandboxStateView;
  /** Each list's latest entries and every list's total: what a console page is sent at each change. */
  stateSummary(): SandboxStateSummary;
  /** The whole state as the state file holds it (compact JSON), secrets included: for tests and tools. */
  stateJson(): string;
  /** Tells the sandbox about an order Stream sent a partner, so the partner's updates for it are recognised; resolves once saved. */
  registerOrder(options: RegisterOrderOptions): Promise<void>;
  /** Back to the seeded state (the console's Reset), saved like any change; the exchange log stays. */
  reset(): Promise<void>;
  /**
   * Serves the same routes, behind the same checks, on a second port of `host` that the system
   * picks, and answers the address bound (`127.0.0.1:41873`). The console's page lives there: an
   * origin of its own each run, which nothing answering the sandbox's port while it was free could
   * have left a service worker or a cached script in. Closed with the sandbox.
   */
  listenAlso(host: string): Promise<string>;
  close(): Promise<void>;
}

export interface SandboxStateView {
  readonly partner: { readonly partner_id: string; readonly partner_slug: string };
  readonly organizations: unknown[];
  readonly locations: unknown[];
  readonly onboardings: unknown[];
  readonly partner_tokens: unknown[];
  readonly orders: unknown[];
  readonly active_access_tokens: number;
  readonly menu_files: unknown[];
}

export interface SandboxStateSummary extends SandboxStateView {
  /** How many of each list's latest entries are shown (an order's history: its latest 20 steps, with `history_total`). */
  readonly latest: number;
  /** Each list's whole length. */
  readonly totals: Readonly<Record<'organizations' | 'locations' | 'onboardings' | 'partner_tokens' | 'orders' | 'menu_files', number>>;
}
