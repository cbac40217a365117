// The sandbox: a real HTTP server (Fastify) that plays Stream. Its routes are every operation the
// four contracts host at Stream (`x-host: stream`); a contract operation without a handler stops
// it from starting, so the sandbox can never silently lag behind the specs.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { CliError } from '../errors.js';
import { isObject, listEvents, streamHostedOperations, type OperationInfo } from '../openapi.js';
import { errorReply, type Handler, type HandlerReply, type SandboxConfig } from './context.js';
import { registerConsole } from './console.js';
import { ExchangeLog, storeBodyText, storeReplyBody } from './exchange-log.js';
import { installGuard } from './guard.js';
import { INBOUND_HANDLERS } from './inbound.js';
import { DEFAULT_AGREED_SOURCES, DEFAULT_REGISTERED_HOSTS } from './partner-access.js';
import { PARTNER_HANDLERS } from './partner-api.js';
import { rateKey, rateLimiter } from './rate-limit.js';
import { registerSsoPage } from './sso-page.js';
import { KEYED_TABLES, keyedTable, loadState, own, seedState, type OrderRecord, type SandboxState } from './state.js';
import { fileSink, lockState, stateWriter, type StateLock, type StateWriter } from './state-file.js';

export { LOG_LIMITS, redact } from './exchange-log.js';

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
}

export const SANDBOX_DEFAULTS = {
  port: 4010,
  host: '127.0.0.1',
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-secret',
  webhookSecret: 'whsec_sandbox',
  partnerSlug: 'demo-partner',
  partnerId: 'demo-partner-id',
} as const;

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
  exchanges(after?: number): readonly SandboxExchange[];
  /** Calls `listener` for every exchange from now on; returns the unsubscribe function. */
  onExchange(listener: (exchange: SandboxExchange) => void): () => void;
  /** A read-only view of the state (what `GET /_sandbox/state` answers). */
  state(): SandboxStateView;
  /** The whole state as the state file holds it (compact JSON), secrets included: for tests and tools. */
  stateJson(): string;
  /** Tells the sandbox about an order Stream sent a partner, so the partner's updates for it are recognised; resolves once saved. */
  registerOrder(options: RegisterOrderOptions): Promise<void>;
  /** The console's per-process control token (its page carries it; tests read it here). */
  readonly consoleToken: string;
  /** Back to the seeded state (the console's Reset), saved like any change; the exchange log stays. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Every handler, keyed `api:operationId`. */
export const HANDLERS: Readonly<Record<string, Handler>> = {
  ...Object.fromEntries(Object.entries(PARTNER_HANDLERS).map(([operationId, handler]) => [`partner:${operationId}`, handler])),
  ...INBOUND_HANDLERS,
};

/** Stream-hosted operations with no handler: must be empty (a test and the start-up both check). */
export function unhandledOperations(): OperationInfo[] {
  return streamHostedOperations().filter((op) => HANDLERS[`${op.api}:${op.operationId}`] === undefined);
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

/** ISO 8601 for a time the state holds; `null` for one no date can show (the loader and handlers refuse those). */
function isoTime(ms: number): string | null {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** In unicode mode a surrogate pair is one code point, so this matches only lone surrogates. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/gu;

/** `encodeURIComponent` that never throws: a lone surrogate becomes U+FFFD. */
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
}

function stateView(state: SandboxState, now: number, baseUrl: string): SandboxStateView {
  return {
    partner: { partner_id: state.partner_id, partner_slug: state.partner_slug },
    organizations: structuredClone(state.organizations),
    locations: state.locations.map((location) => {
      // A pause with an end time is over once that time has passed, without another event.
      const pauseOver = location.availability === 'paused' && location.paused_until !== null && location.paused_until <= now;
      return {
        ...structuredClone(location),
        availability: pauseOver ? 'open' : location.availability,
        paused_until: pauseOver || location.paused_until === null ? null : isoTime(location.paused_until),
      };
    }),
    onboardings: structuredClone(state.onboardings),
    partner_tokens: state.partner_tokens.map(({ client_secret: _secret, ...token }) => token),
    orders: structuredClone(state.orders),
    active_access_tokens: Object.values(state.access_tokens).filter((token) => token.expires_at > now).length,
    menu_files: Object.entries(state.menu_tokens).map(([location_id, menu]) => ({
      location_id,
      menu_version: menu.menu_version,
      url: `${baseUrl}/stream-dsp/v1/menuFileS3Url?location_id=${encodeQueryValue(location_id)}&token=${encodeQueryValue(menu.token)}`,
    })),
  };
}

/** Orders the contracts' examples refer to, so an example sent as-is finds its order. */
function seedExampleOrders(state: SandboxState): void {
  const known = new Set(state.orders.map((order) => `${order.id}@${order.location_id}`));
  const add = (order: OrderRecord) => {
    if (known.has(`${order.id}@${order.location_id}`)) return;
    known.add(`${order.id}@${order.location_id}`);
    state.orders.push(order);
  };
  for (const event of listEvents('events')) {
    for (const example of event.operation.requestExamples.values()) {
      const object = (example as { object?: { id?: string; location_id?: string } }).object;
      if (object?.id !== undefined && object.location_id !== undefined) {
        add({ id: object.id, audience: 'events', location_id: object.location_id, status: 'confirmed', history: [] });
      }
    }
  }
  for (const op of streamHostedOperations().filter((candidate) => candidate.api === 'events')) {
    for (const example of op.requestExamples.values()) {
      const update = example as { order_id?: string; location_id?: string };
      if (update.order_id !== undefined && update.location_id !== undefined) {
        add({ id: update.order_id, audience: 'events', location_id: update.location_id, status: 'confirmed', history: [] });
      }
    }
  }
  for (const event of listEvents('pos').filter((candidate) => candidate.operation.host === 'pos')) {
    for (const example of event.operation.requestExamples.values()) {
      const object = (example as { object?: { id?: string; location_id?: string } }).object;
      if (object?.id !== undefined && object.location_id !== undefined) {
        add({ id: object.id, audience: 'pos', location_id: object.location_id, status: 'created', history: [] });
      }
    }
  }
  // The POS contract's status example names the POS's own id for the example order.
  for (const op of streamHostedOperations().filter((candidate) => candidate.api === 'pos')) {
    const example = op.requestExamples.get('OrderReadyForPickup') as { object?: { provider_id?: string; location_id?: string } } | undefined;
    const order = state.orders.find((candidate) => candidate.audience === 'pos' && candidate.location_id === example?.object?.location_id && candidate.provider_id === undefined);
    if (order !== undefined && example?.object?.provider_id !== undefined) order.provider_id = example.object.provider_id;
  }
}

/** Menu links for every location and for the store the DSP examples use, valid until the sandbox state is reset. */
function seedMenus(state: SandboxState, now: number): void {
  const forever = now + 10 * 365 * 24 * 3600 * 1000;
  for (const location of state.locations) {
    state.menu_tokens[location._id] ??= { token: `mf_${randomBytes(6).toString('hex')}`, expires_at: forever, menu_version: 'v1' };
  }
  for (const event of listEvents('dsp')) {
    for (const example of event.operation.requestExamples.values()) {
      const data = (example as { type?: string; location_id?: string; data?: { menu_file_url?: string; menu_version?: 'v1' | 'v2' } }).data;
      const url = data?.menu_file_url;
      if (url === undefined) continue;
      const parsed = new URL(url);
      const locationId = parsed.searchParams.get('location_id');
      const token = parsed.searchParams.get('token');
      if (locationId !== null && token !== null) state.menu_tokens[locationId] ??= { token, expires_at: forever, menu_version: data?.menu_version ?? 'v1' };
    }
  }
}

function toFastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** Puts `saved` (a state as the state file holds it) back into `state`, in place: handlers hold `state`. */
function restoreState(state: SandboxState, saved: string): void {
  const good = JSON.parse(saved) as SandboxState;
  for (const key of Object.keys(state)) delete (state as unknown as Record<string, unknown>)[key];
  Object.assign(state, good);
  for (const name of KEYED_TABLES) (state as unknown as Record<string, unknown>)[name] = keyedTable(good[name] as Record<string, unknown>);
}

/** The JSON body of a `/_sandbox/` call: the value, or the 400 that says what is wrong. */
function consoleBody(raw: unknown, shape: string): { value: Record<string, unknown> } | { reply: HandlerReply } {
  const text = typeof raw === 'string' ? raw : '';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { reply: errorReply(400, 'invalid_request', `The body is not valid JSON (${(error as Error).message}). Send ${shape} with Content-Type: application/json.`) };
  }
  if (!isObject(value)) return { reply: errorReply(400, 'invalid_request', `The body must be a JSON object: ${shape}.`) };
  return { value };
}

/** A string id a client names: well-formed Unicode, 1 to 200 characters. */
function idProblem(field: string, value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return `${field} must be a non-empty string`;
  if (value.length > 200) return `${field} must be at most 200 characters`;
  if (value.replace(LONE_SURROGATE, '') !== value) return `${field} must be well-formed Unicode (it holds a lone surrogate such as \\ud800)`;
  return undefined;
}

/** The 500 a client sees: no internal detail, a reference to find the detail in the log. */
function internalError(error: unknown): HandlerReply {
  const reference = `err_${randomBytes(6).toString('hex')}`;
  return {
    status: 500,
    body: { code: 'sandbox_error', message: `The sandbox failed on this request and changed nothing. Find ${reference} in the sandbox's output or exchange log, and report it with the request.`, reference },
    note: `${reference}: ${(error as Error)?.message ?? String(error)}`,
  };
}

/** The largest request body the sandbox reads: larger ones get 413. */
const BODY_LIMIT = 5 * 1024 * 1024;

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const missing = unhandledOperations();
  if (missing.length > 0) {
    throw new CliError('spec_missing', `The sandbox has no handler for ${missing.map((op) => `${op.api}:${op.operationId}`).join(', ')}. Update stream-partner.`);
  }
  const now = options.now ?? Date.now;
  const credentials: SandboxCredentials = {
    clientId: options.clientId ?? SANDBOX_DEFAULTS.clientId,
    clientSecret: options.clientSecret ?? SANDBOX_DEFAULTS.clientSecret,
    webhookSecret: options.webhookSecret ?? SANDBOX_DEFAULTS.webhookSecret,
    partnerSlug: options.partnerSlug ?? SANDBOX_DEFAULTS.partnerSlug,
    partnerId: options.partnerId ?? SANDBOX_DEFAULTS.partnerId,
  };
  const host = options.host ?? SANDBOX_DEFAULTS.host;
  const lock: StateLock | undefined = options.stateFile === undefined ? undefined : lockState(options.stateFile);
  let state: SandboxState;
  try {
    const loaded = options.stateFile === undefined ? undefined : loadState(options.stateFile);
    state = loaded ?? seedState({ ...credentials, now: now() });
  } catch (error) {
    lock?.release();
    throw error;
  }
  state.partner_id = credentials.partnerId;
  state.partner_slug = credentials.partnerSlug;
  // The command-line client always works, even against a state saved with other flags.
  const cliToken = state.partner_tokens.find((token) => token._id === 'tok_sandbox');
  if (cliToken !== undefined) Object.assign(cliToken, { client_id: credentials.clientId, client_secret: credentials.clientSecret });
  seedExampleOrders(state);
  seedMenus(state, now());

  let baseUrl = '';
  let port = options.port ?? SANDBOX_DEFAULTS.port;
  const config: SandboxConfig = {
    ...credentials,
    baseUrl: () => baseUrl,
    menuVersion: options.menuVersion ?? 'v1',
    registeredHosts: (options.registeredHosts ?? DEFAULT_REGISTERED_HOSTS).map((name) => name.toLowerCase()),
    agreedSources: options.agreedSources ?? DEFAULT_AGREED_SOURCES,
    ssoSessions: new Map(),
  };
  const limiter = rateLimiter({ perMinute: options.rateLimit ?? 0, now });
  const log = new ExchangeLog<SandboxExchange>();
  const listeners = new Set<(exchange: SandboxExchange) => void>();
  // Every change is serialised once saved: to the state file with --state, else kept in memory.
  // The last serialisation that finished is the state a failed request is rolled back to.
  const writer: StateWriter = stateWriter(options.stateFile === undefined ? async () => undefined : fileSink(options.stateFile), () => JSON.stringify(state));
  let restores = 0;
  const rollback = () => {
    restoreState(state, writer.lastWritten());
    restores += 1;
  };
  try {
    await writer.save();
  } catch (error) {
    lock?.release();
    throw new CliError('state_unreadable', `Cannot write the state file ${options.stateFile}: ${(error as Error).message}. Check the folder's permissions, or pass another --state path.`, { cause: error });
  }

  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: BODY_LIMIT });
  // Keep every body as the exact text received: signatures cover bytes, not parsed JSON. The guard
  // has already refused any content type the route does not declare.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const record = (request: FastifyRequest, operation: OperationInfo | undefined, reply: HandlerReply, started: number) => {
    const requestBody = storeBodyText(typeof request.body === 'string' ? request.body : '');
    const responseBody = storeReplyBody(reply.body);
    const exchange: SandboxExchange = {
      seq: log.nextSeq(),
      at: new Date(now()).toISOString(),
      method: request.method,
      path: request.url,
      ...(operation === undefined ? {} : { operation: `${operation.api}:${operation.operationId}` }),
      status: reply.status,
      verdict: reply.status >= 500 ? 'error' : reply.status >= 400 ? 'refused' : 'accepted',
      ...(reply.event === undefined ? {} : { event: reply.event }),
      ...(reply.note === undefined ? {} : { note: reply.note }),
      ms: Date.now() - started,
      ...(requestBody.value === undefined ? {} : { requestBody: requestBody.value }),
      ...(responseBody.value === undefined ? {} : { responseBody: responseBody.value }),
    };
    log.add(exchange, requestBody.bytes + responseBody.bytes + exchange.path.length + 200);
    for (const listener of listeners) {
      try {
        listener(exchange);
      } catch {
        // A listener's failure (a full disk for the jsonl log) must not turn this answer into a 500.
      }
    }
  };

  const send = (fastifyReply: FastifyReply, reply: HandlerReply) => {
    fastifyReply.code(reply.status);
    for (const [name, value] of Object.entries(reply.headers ?? {})) fastifyReply.header(name, value);
    if (reply.body === undefined) return fastifyReply.send();
    if (reply.contentType !== undefined) return fastifyReply.type(reply.contentType).send(reply.body);
    return fastifyReply.type('application/json; charset=utf-8').send(JSON.stringify(reply.body));
  };

  /**
   * Runs a change: it either succeeds and is saved before the answer, or is rolled back. A request
   * whose change was wiped by another's rollback fails too, so no answer claims a lost change.
   */
  const transact = async (run: (changed: () => void) => HandlerReply | Promise<HandlerReply>): Promise<HandlerReply> => {
    const before = restores;
    let changed = false;
    try {
      const reply = await run(() => (changed = true));
      if (changed) await writer.save();
      if (changed && restores !== before) throw new Error('another request failed meanwhile and the state was rolled back to the last saved state');
      return reply;
    } catch (error) {
      if (restores === before) rollback();
      return internalError(error);
    }
  };

  installGuard(app, {
    bodyLimit: BODY_LIMIT,
    port: () => port,
    host,
    allowedHosts: options.allowedHosts ?? [],
    onRefuse: (request, refusal) => record(request, undefined, { status: refusal.status, body: { code: refusal.code, message: refusal.message }, note: refusal.code }, Date.now()),
  });

  // Errors Fastify raises itself (a body over the limit, a broken Content-Length): their 4xx says what
  // was wrong; a 5xx says nothing internal.
  app.setErrorHandler(async (error: Error & { statusCode?: number; code?: string }, request, fastifyReply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const reply = status === 500 ? internalError(error) : errorReply(status, 'invalid_request', error.message);
    record(request, undefined, reply, Date.now());
    return send(fastifyReply, reply);
  });

  for (const operation of streamHostedOperations()) {
    const handler = HANDLERS[`${operation.api}:${operation.operationId}`]!;
    app.route({
      method: operation.method as 'GET',
      url: toFastifyPath(operation.path),
      ...(operation.requestContentType === undefined ? {} : { config: { accepts: operation.requestContentType } }),
      handler: async (request, fastifyReply) => {
        const started = Date.now();
        const rawBody = typeof request.body === 'string' ? request.body : '';
        if (operation.api === 'partner') {
          const bearer = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
          const bearerClient = bearer === undefined ? undefined : own(state.access_tokens, bearer)?.client_id;
          const limited = limiter.check(rateKey({ bearerClient, rawBody, ip: request.ip }));
          if (limited !== undefined) {
            record(request, operation, limited, started);
            return send(fastifyReply, limited);
          }
        }
        const reply = await transact((changed) =>
          handler({
            operation,
            params: request.params as Record<string, string>,
            query: request.query as Record<string, string>,
            headers: request.headers,
            rawBody,
            state,
            config,
            now: now(),
            changed,
          }),
        );
        record(request, operation, reply, started);
        return send(fastifyReply, reply);
      },
    });
  }

  const reply400 = (request: FastifyRequest, fastifyReply: FastifyReply, reply: HandlerReply, started: number) => {
    record(request, undefined, reply, started);
    return send(fastifyReply, reply);
  };

  registerSsoPage({
    app,
    sessions: config.ssoSessions,
    now,
    // The path is logged without its query: the token is a credential.
    note: (_request, status, note) => record({ method: 'GET', url: '/sso/login', body: '' } as unknown as FastifyRequest, undefined, { status, note }, Date.now()),
  });
  // Makes the next Partner API calls answer 429, so a client's wait-and-retry can be tried on demand.
  app.post('/_sandbox/throttle', { config: { accepts: 'application/json' } }, async (request, fastifyReply) => {
    const started = Date.now();
    const shape = '{"requests": 1 to 1000, "retry_after": 1 to 3600 seconds (default 1)}';
    const parsed = consoleBody(request.body, shape);
    if ('reply' in parsed) return reply400(request, fastifyReply, parsed.reply, started);
    const { requests, retry_after: retryAfter = 1 } = parsed.value;
    const whole = (value: unknown, max: number) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max;
    if (!whole(requests, 1000) || !whole(retryAfter, 3600)) return reply400(request, fastifyReply, errorReply(400, 'invalid_request', `Send ${shape}.`), started);
    limiter.throttle(requests as number, retryAfter as number);
    const reply: HandlerReply = { status: 200, body: { throttled: requests, retry_after: retryAfter }, note: `the next ${String(requests)} Partner API call(s) answer 429` };
    record(request, undefined, reply, started);
    return send(fastifyReply, reply);
  });
  app.get('/_sandbox/state', async (_request, reply) => reply.send(stateView(state, now(), baseUrl)));
  app.get('/_sandbox/exchanges', async (request, reply) => {
    const after = Number((request.query as { after?: string }).after ?? 0);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify({ exchanges: log.after(Number.isFinite(after) ? after : 0) }));
  });
  app.post('/_sandbox/orders', { config: { accepts: 'application/json' } }, async (request, fastifyReply) => {
    const started = Date.now();
    const shape = '{"id", "audience": "pos"|"dsp"|"events", "location_id", "provider_id"?}';
    const parsed = consoleBody(request.body, shape);
    if ('reply' in parsed) return reply400(request, fastifyReply, parsed.reply, started);
    const body = parsed.value;
    const problem =
      idProblem('id', body.id) ??
      idProblem('location_id', body.location_id) ??
      (body.provider_id === undefined ? undefined : idProblem('provider_id', body.provider_id)) ??
      (['pos', 'dsp', 'events'].includes(String(body.audience)) ? undefined : 'audience must be "pos", "dsp" or "events"');
    if (problem !== undefined) return reply400(request, fastifyReply, errorReply(400, 'invalid_request', `${problem}. Send ${shape}.`), started);
    const reply = await transact((changed) => {
      addOrder({ id: body.id as string, audience: body.audience as OrderRecord['audience'], locationId: body.location_id as string, ...(body.provider_id === undefined ? {} : { providerId: body.provider_id as string }) });
      changed();
      return { status: 201, body: { registered: body.id }, note: `order ${String(body.id)} registered` };
    });
    record(request, undefined, reply, started);
    return send(fastifyReply, reply);
  });
  // Publishes a menu for any location id (a DSP's store id, say) and answers the download link
  // that a `location.publish` event would carry.
  app.post('/_sandbox/menus', { config: { accepts: 'application/json' } }, async (request, fastifyReply) => {
    const started = Date.now();
    const shape = '{"location_id", "menu_version"?: "v1"|"v2"}';
    const parsed = consoleBody(request.body, shape);
    if ('reply' in parsed) return reply400(request, fastifyReply, parsed.reply, started);
    const body = parsed.value;
    const problem =
      idProblem('location_id', body.location_id) ??
      (body.menu_version === undefined || body.menu_version === 'v1' || body.menu_version === 'v2' ? undefined : 'menu_version must be "v1" or "v2"');
    if (problem !== undefined) return reply400(request, fastifyReply, errorReply(400, 'invalid_request', `${problem}. Send ${shape}.`), started);
    const locationId = body.location_id as string;
    const menuVersion = body.menu_version === 'v2' || body.menu_version === 'v1' ? body.menu_version : (config.menuVersion ?? 'v1');
    const token = `mf_${randomBytes(6).toString('hex')}`;
    const reply = await transact((changed) => {
      state.menu_tokens[locationId] = { token, expires_at: now() + 24 * 3600 * 1000, menu_version: menuVersion };
      changed();
      return {
        status: 201,
        body: { url: `${baseUrl}/stream-dsp/v1/menuFileS3Url?location_id=${encodeQueryValue(locationId)}&token=${token}`, menu_version: menuVersion },
        note: `menu ${menuVersion} published for ${locationId}`,
      };
    });
    record(request, undefined, reply, started);
    return send(fastifyReply, reply);
  });
  // The merchant's browser lands here from an onboarding's `entry_url`: the sandbox approves at
  // once and sends it back to `return_url` with a code, as the POS or DSP would after consent.
  app.get('/_sandbox/onboarding/:id/start', async (request, reply) => {
    const onboarding = state.onboardings.find((candidate) => candidate._id === (request.params as { id: string }).id);
    if (onboarding === undefined) return reply.code(404).type('text/plain').send('No such onboarding in the sandbox.');
    let target: URL;
    try {
      target = new URL(onboarding.return_url);
    } catch {
      return reply.code(400).type('text/plain').send(`The onboarding's return_url ${onboarding.return_url} is not an absolute URL; create the onboarding again with one.`);
    }
    const code = `sbx_code_${randomBytes(8).toString('hex')}`;
    const answer = await transact((changed) => {
      if (onboarding.status === 'pending') onboarding.status = 'waiting_for_oauth';
      state.onboarding_codes[code] = onboarding._id;
      changed();
      return { status: 302 };
    });
    if (answer.status !== 302) return send(reply, answer);
    target.searchParams.set('code', code);
    // Sandbox only: a runner that cannot stop at a redirect (Postman's and Bruno's script
    // requests follow every one) asks for the code and the return_url it would land on as JSON.
    if ((request.query as Record<string, unknown>).respond === 'json') {
      return send(reply, { status: 200, body: { code, return_url: target.toString() } });
    }
    return reply.redirect(target.toString(), 302);
  });
  app.setNotFoundHandler(async (request, reply) => {
    const answer: HandlerReply = {
      status: 404,
      body: { code: 'not_found', message: `Stream serves no ${request.method} ${request.url.split('?')[0]}. The routes are the contracts' Stream-hosted operations; run stream-partner trigger --list for what Stream sends, or read GET /_sandbox/state.` },
      note: 'no such route in the contracts',
    };
    record(request, undefined, answer, Date.now());
    return send(reply, answer);
  });

  const addOrder = (order: RegisterOrderOptions) => {
    const existing = state.orders.find((candidate) => candidate.id === order.id && candidate.location_id === order.locationId);
    if (existing !== undefined) {
      if (order.providerId !== undefined) existing.provider_id = order.providerId;
    } else {
      state.orders.push({
        id: order.id,
        audience: order.audience,
        location_id: order.locationId,
        status: order.status ?? 'sent',
        ...(order.providerId === undefined ? {} : { provider_id: order.providerId }),
        history: [{ at: new Date(now()).toISOString(), status: order.status ?? 'sent', source: 'registered' }],
      });
    }
  };

  let running: RunningSandbox | undefined;
  const consoleToken = registerConsole({ app, sandbox: () => running! });
  try {
    await app.listen({ port, host });
  } catch (error) {
    await app.close().catch(() => undefined);
    lock?.release();
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE') throw new CliError('port_in_use', `Port ${port} on ${host} is already in use (another sandbox?). Stop that process or pass another --port.`, { cause: error });
    if (code === 'EACCES') throw new CliError('port_in_use', `Not allowed to listen on port ${port} on ${host}. Use a port above 1023 with --port.`, { cause: error });
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new CliError('usage', `Cannot listen on ${host}: no such address on this machine. Pass --host 127.0.0.1 or another local address.`, { cause: error });
    throw error;
  }
  const address = app.server.address();
  if (typeof address === 'object' && address !== null) port = address.port;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  baseUrl = `http://${urlHost}:${port}`;

  running = {
    url: baseUrl,
    port,
    credentials,
    exchanges: (after = 0) => log.after(after),
    onExchange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    state: () => stateView(state, now(), baseUrl),
    stateJson: () => JSON.stringify(state),
    registerOrder: async (order) => {
      const reply = await transact((changed) => {
        addOrder(order);
        changed();
        return { status: 201 };
      });
      if (reply.status >= 500) throw new CliError('state_unreadable', `The sandbox could not save the order: ${reply.note ?? 'unknown error'}.`);
    },
    consoleToken,
    reset: async () => {
      const reply = await transact((changed) => {
        const fresh = seedState({ ...credentials, now: now() });
        for (const key of Object.keys(state) as (keyof SandboxState)[]) delete state[key];
        Object.assign(state, fresh);
        seedExampleOrders(state);
        seedMenus(state, now());
        changed();
        return { status: 204 };
      });
      if (reply.status >= 500) throw new CliError('state_unreadable', `The sandbox could not save its reset state: ${reply.note ?? 'unknown error'}.`);
    },
    close: async () => {
      listeners.clear();
      await app.close();
      await writer.flush();
      lock?.release();
    },
  };
  return running;
}
