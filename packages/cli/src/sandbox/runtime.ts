// What the sandbox's steps share once its state is loaded: the state and its writer, the exchange
// log and its listeners, and the three things every route does with them (run a change as a
// transaction, record the exchange, register an order).
import { outages, type Outages } from './outages.js';
import { inFlight, type InFlight } from './in-flight.js';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationInfo } from '../openapi.js';
import { fullList, listLimits, sandboxFull } from './capacity.js';
import type { HandlerReply, SandboxConfig } from './context.js';
import { ExchangeLog, ExchangeRecord, type SentBody } from './exchange-log.js';
import { DEFAULT_AGREED_SOURCES, DEFAULT_REGISTERED_HOSTS } from './partner-access.js';
import { redactSecretText } from '../secret-text.js';
import { isoText } from '../iso-time.js';
import { rateLimiter, type RateLimiter } from './rate-limit.js';
import type { SandboxState } from './state.js';
import type { StateStore } from './state-store.js';
import type { RecordedExchange, RegisterOrderOptions, RequestChecks, SandboxCredentials } from './types.js';

export interface SandboxRuntime {
  readonly now: () => number;
  readonly credentials: SandboxCredentials;
  readonly host: string;
  readonly allowedHosts: readonly string[];
  /** The port asked for; the one bound once the sandbox listens. */
  port: number;
  /** The console page's own port (`listenAlso`), which the Host check takes too; absent without one. */
  consolePort: number | undefined;
  /** Empty until the sandbox listens. */
  baseUrl: string;
  /** The state for handlers: changes made through it are saved by `transact`. */
  readonly state: SandboxState;
  readonly store: StateStore;
  readonly config: SandboxConfig;
  readonly log: ExchangeLog;
  readonly listeners: Set<ExchangeListener>;
  /** Called after every change a transaction keeps (saved, or kept in memory), for views of the state. */
  readonly changeListeners: Set<() => void>;
  /** Counts Partner API requests per client for `--rate-limit` and `POST /_sandbox/throttle`. */
  readonly limiter: RateLimiter;
  /** 5xx answers asked for the next partner sends to a route (`POST /_sandbox/outages`). */
  readonly outages: Outages;
  /** The sends still unanswered per order, on routes whose contract says one order's sends go one at a time. */
  readonly inFlight: InFlight;
  /**
   * Runs a change: it either succeeds and is saved before the answer, or is rolled back. A request
   * whose change was wiped by another's rollback fails too, so no answer claims a lost change.
   */
  transact(run: (changed: () => void) => HandlerReply | Promise<HandlerReply>): HandlerReply | Promise<HandlerReply>;
  /** Logs an exchange; record it once it is answered (`answered`), so listeners see what was sent. */
  record(options: RecordOptions): void;
  /** Adds an order, or the POS's own id to a known one. Call inside `transact`. */
  addOrder(order: RegisterOrderOptions): void;
}

/** Hears of each exchange; `answered` is the reply as sent, absent for a note logged without one. */
export type ExchangeListener = (exchange: RecordedExchange, request: FastifyRequest, answered: FastifyReply | undefined) => void;

export interface RecordOptions {
  readonly request: FastifyRequest;
  readonly operation?: OperationInfo;
  /** What the handler answered. */
  readonly reply: HandlerReply;
  /** `Date.now()` when the request reached its handler. */
  readonly started: number;
  /** The body as sent (see `replyPayload`); made from `reply` when absent. */
  readonly sent?: SentBody;
  /** What the handler's checks found (signature, schema). */
  readonly checks?: RequestChecks;
  /** The reply once sent: its status and headers are final. */
  readonly answered?: FastifyReply;
  /** The answer's headers but its Content-Length, when the sender knows them (`sentHeaders`). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

export interface RuntimeOptions {
  readonly now: () => number;
  readonly credentials: SandboxCredentials;
  readonly host: string;
  readonly port: number;
  readonly allowedHosts: readonly string[];
  readonly menuVersion: 'v1' | 'v2';
  readonly store: StateStore;
  readonly registeredHosts?: readonly string[];
  readonly agreedSources?: readonly string[];
  readonly rateLimit?: number;
}

/** The 500 a client sees: no internal detail, a reference to find the detail in the log. */
export function internalError(error: unknown): HandlerReply {
  const reference = `err_${randomBytes(6).toString('hex')}`;
  return {
    status: 500,
    body: { code: 'sandbox_error', message: `The sandbox failed on this request and changed nothing. Find ${reference} in the sandbox's output or exchange log, and report it with the request.`, reference },
    note: `${reference}: ${(error as Error)?.message ?? String(error)}`,
  };
}

/** A change that failed: puts back every change not yet saved (a failed write has rolled back its own already). */
function failed(store: StateStore, before: number, error: unknown): HandlerReply {
  if (store.rollbacks() === before) store.rollback();
  return internalError(error);
}

/** The body of a reply as it goes out: serialised once, for the answer and the log alike. */
export function replyPayload(reply: HandlerReply): SentBody {
  const { body } = reply;
  if (body === undefined) return undefined;
  if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
  try {
    return JSON.stringify(body);
  } catch {
    return '<a body that cannot be written as JSON>';
  }
}

const qualifiedNames = new WeakMap<OperationInfo, string>();

/** `pos:sendWebhookEvent`, made once per operation rather than per request. */
function qualifiedName(operation: OperationInfo): string {
  let name = qualifiedNames.get(operation);
  if (name === undefined) {
    name = `${operation.api}:${operation.operationId}`;
    qualifiedNames.set(operation, name);
  }
  return name;
}

/** An ISO 8601 clock that formats each millisecond once: requests arriving together share the string. */
function isoClock(): (ms: number) => string {
  let lastMs = Number.NaN;
  let last = '';
  return (ms) => {
    if (ms !== lastMs) {
      last = isoText(ms);
      lastMs = ms;
    }
    return last;
  };
}

export function createRuntime(options: RuntimeOptions): SandboxRuntime {
  const { now, store } = options;
  const state = store.tracked;
  // A state saved above a list's limit still loads and works; it just does not grow further.
  const limits = listLimits(state);
  /** Past a record limit a change is undone before anything is saved or answered. */
  const overLimit = (): HandlerReply | undefined => {
    const full = fullList({ plain: store.raw, tracked: state, limits });
    if (full === undefined) return undefined;
    store.rollback();
    return sandboxFull(full);
  };
  const isoTime = isoClock();
  const changedState = () => {
    for (const listener of runtime.changeListeners) {
      try {
        listener();
      } catch {
        // A view that fails to refresh must not turn a kept change into a 500.
      }
    }
  };
  const runtime: SandboxRuntime = {
    now,
    credentials: options.credentials,
    host: options.host,
    allowedHosts: options.allowedHosts,
    port: options.port,
    consolePort: undefined,
    baseUrl: '',
    state,
    config: {
      ...options.credentials,
      baseUrl: () => runtime.baseUrl,
      menuVersion: options.menuVersion,
      registeredHosts: (options.registeredHosts ?? DEFAULT_REGISTERED_HOSTS).map((name) => name.toLowerCase()),
      agreedSources: options.agreedSources ?? DEFAULT_AGREED_SOURCES,
      ssoSessions: new Map(),
    },
    limiter: rateLimiter({ perMinute: options.rateLimit ?? 0, now }),
    outages: outages(),
    inFlight: inFlight(),
    log: new ExchangeLog(),
    listeners: new Set(),
    changeListeners: new Set(),
    store,
    transact: (run) => {
      const before = store.rollbacks();
      let changed = false;
      let result: HandlerReply | Promise<HandlerReply>;
      try {
        result = run(() => (changed = true));
        // A handler that answered at once, on a state kept in memory: nothing to wait for, so no
        // promise (the usual partner call; a promise and a turn per request is work for nothing).
        if (!(result instanceof Promise) && (!changed || !store.persistent)) {
          if (!changed) return result;
          const refusal = overLimit();
          if (refusal !== undefined) return refusal;
          void store.save();
          changedState();
          return result;
        }
      } catch (error) {
        return failed(store, before, error);
      }
      return (async () => {
        try {
          const reply = await result;
          if (changed) {
            const refusal = overLimit();
            if (refusal !== undefined) return refusal;
            await store.save();
          }
          if (changed && store.rollbacks() !== before) throw new Error('another request failed meanwhile and the state was rolled back to the last saved state');
          if (changed) changedState();
          return reply;
        } catch (error) {
          return failed(store, before, error);
        }
      })();
    },
    record: ({ request, operation, reply, started, sent = replyPayload(reply), checks, answered, headers }) => {
      const exchange = new ExchangeRecord({
        seq: runtime.log.nextSeq(),
        at: isoTime(now()),
        method: request.method,
        // A query may carry a secret (a partner's ?access_token=, a sign-in link's token): shown redacted like a body.
        path: request.url.includes('?') ? redactSecretText(request.url) : request.url,
        operation: operation === undefined ? undefined : qualifiedName(operation),
        status: reply.status,
        event: reply.event,
        note: reply.note,
        ms: Date.now() - started,
        received: typeof request.body === 'string' ? request.body : '',
        sent,
        checks,
        headers,
      });
      runtime.log.add(exchange);
      for (const listener of runtime.listeners) {
        try {
          listener(exchange, request, answered);
        } catch {
          // A listener's failure (a full disk for the jsonl log) must not turn this answer into a 500.
        }
      }
    },
    addOrder: (order) => {
      // Searched untracked: the tracker's proxies make a scan of a large state slow.
      const index = store.raw.orders.findIndex((candidate) => candidate.id === order.id && candidate.location_id === order.locationId);
      if (index >= 0) {
        if (order.providerId !== undefined) state.orders[index]!.provider_id = order.providerId;
        return;
      }
      state.orders.push({
        id: order.id,
        audience: order.audience,
        location_id: order.locationId,
        status: order.status ?? 'sent',
        ...(order.providerId === undefined ? {} : { provider_id: order.providerId }),
        history: [{ at: new Date(now()).toISOString(), status: order.status ?? 'sent', source: 'registered' }],
      });
    },
  };
  return runtime;
}
