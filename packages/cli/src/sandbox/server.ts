// The sandbox: a real HTTP server (Fastify) that plays Stream. Its routes are every operation the
// four contracts host at Stream (`x-host: stream`); a contract operation without a handler stops
// it from starting, so the sandbox can never silently lag behind the specs.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { CliError } from '../errors.js';
import { isObject, listEvents, streamHostedOperations, type OperationInfo } from '../openapi.js';
import type { Handler, HandlerReply, SandboxConfig } from './context.js';
import { registerConsole } from './console.js';
import { INBOUND_HANDLERS } from './inbound.js';
import { PARTNER_HANDLERS } from './partner-api.js';
import { loadState, saveState, seedState, type OrderRecord, type SandboxState } from './state.js';

export interface SandboxOptions {
  readonly port?: number;
  readonly host?: string;
  readonly clientId?: string;
  readonly clientSecret?: string;
  readonly webhookSecret?: string;
  readonly partnerSlug?: string;
  readonly partnerId?: string;
  /** Save state here on every change and load it on start. Without it, state lives in memory. */
  readonly stateFile?: string;
  /** The clock, in milliseconds since the epoch. Tests pass their own. */
  readonly now?: () => number;
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
  /** Tells the sandbox about an order Stream sent a partner, so the partner's updates for it are recognised. */
  registerOrder(options: RegisterOrderOptions): void;
  /** The console's per-process control token (its page carries it; tests read it here). */
  readonly consoleToken: string;
  /** Back to the seeded state (the console's Reset); the exchange log stays. */
  reset(): void;
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

const REDACTED_KEYS = new Set(['client_secret', 'access_token', 'refresh_token', 'sso_login_token', 'code_verifier']);

/** Copies a body for the log with every secret replaced, so logs can be shared. */
export function redact(value: unknown, keys: ReadonlySet<string> = REDACTED_KEYS): unknown {
  if (Array.isArray(value)) return value.map((item) => redact(item, keys));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, keys.has(key) ? '[redacted]' : redact(item, keys)]));
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
        paused_until: pauseOver || location.paused_until === null ? null : new Date(location.paused_until).toISOString(),
      };
    }),
    onboardings: structuredClone(state.onboardings),
    partner_tokens: state.partner_tokens.map(({ client_secret: _secret, ...token }) => token),
    orders: structuredClone(state.orders),
    active_access_tokens: Object.values(state.access_tokens).filter((token) => token.expires_at > now).length,
    menu_files: Object.entries(state.menu_tokens).map(([location_id, menu]) => ({
      location_id,
      menu_version: menu.menu_version,
      url: `${baseUrl}/stream-dsp/v1/menuFileS3Url?location_id=${encodeURIComponent(location_id)}&token=${menu.token}`,
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

function parseForLog(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

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
  const loaded = options.stateFile === undefined ? undefined : loadState(options.stateFile);
  const state = loaded ?? seedState({ ...credentials, now: now() });
  state.partner_id = credentials.partnerId;
  state.partner_slug = credentials.partnerSlug;
  // The command-line client always works, even against a state saved with other flags.
  const cliToken = state.partner_tokens.find((token) => token._id === 'tok_sandbox');
  if (cliToken !== undefined) Object.assign(cliToken, { client_id: credentials.clientId, client_secret: credentials.clientSecret });
  seedExampleOrders(state);
  seedMenus(state, now());

  let baseUrl = '';
  const config: SandboxConfig = { ...credentials, baseUrl: () => baseUrl };
  const log: SandboxExchange[] = [];
  const listeners = new Set<(exchange: SandboxExchange) => void>();
  const save = () => {
    if (options.stateFile !== undefined) saveState(options.stateFile, state);
  };
  save();

  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 5 * 1024 * 1024 });
  // Keep every body as the exact text received: signatures cover bytes, not parsed JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const record = (request: FastifyRequest, operation: OperationInfo | undefined, reply: HandlerReply, started: number) => {
    const exchange: SandboxExchange = {
      seq: log.length + 1,
      at: new Date(now()).toISOString(),
      method: request.method,
      path: request.url,
      ...(operation === undefined ? {} : { operation: `${operation.api}:${operation.operationId}` }),
      status: reply.status,
      verdict: reply.status >= 500 ? 'error' : reply.status >= 400 ? 'refused' : 'accepted',
      ...(reply.event === undefined ? {} : { event: reply.event }),
      ...(reply.note === undefined ? {} : { note: reply.note }),
      ms: Date.now() - started,
      requestBody: parseForLog(typeof request.body === 'string' ? request.body : ''),
      responseBody: Buffer.isBuffer(reply.body) ? `<${reply.body.length} bytes>` : reply.body,
    };
    log.push(exchange);
    for (const listener of listeners) listener(exchange);
  };

  const send = (fastifyReply: FastifyReply, reply: HandlerReply) => {
    fastifyReply.code(reply.status);
    for (const [name, value] of Object.entries(reply.headers ?? {})) fastifyReply.header(name, value);
    if (reply.body === undefined) return fastifyReply.send();
    if (reply.contentType !== undefined) return fastifyReply.type(reply.contentType).send(reply.body);
    return fastifyReply.type('application/json; charset=utf-8').send(JSON.stringify(reply.body));
  };

  for (const operation of streamHostedOperations()) {
    const handler = HANDLERS[`${operation.api}:${operation.operationId}`]!;
    app.route({
      method: operation.method as 'GET',
      url: toFastifyPath(operation.path),
      handler: async (request, fastifyReply) => {
        const started = Date.now();
        let changed = false;
        let reply: HandlerReply;
        try {
          reply = await handler({
            operation,
            params: request.params as Record<string, string>,
            query: request.query as Record<string, string>,
            headers: request.headers,
            rawBody: typeof request.body === 'string' ? request.body : '',
            state,
            config,
            now: now(),
            changed: () => (changed = true),
          });
        } catch (error) {
          reply = { status: 500, body: { code: 'sandbox_error', message: `The sandbox failed: ${(error as Error).message}. Please report it with the request.` }, note: (error as Error).message };
        }
        if (changed) save();
        record(request, operation, reply, started);
        return send(fastifyReply, reply);
      },
    });
  }

  app.get('/_sandbox/state', async (_request, reply) => reply.send(stateView(state, now(), baseUrl)));
  app.get('/_sandbox/exchanges', async (request, reply) => {
    const after = Number((request.query as { after?: string }).after ?? 0);
    return reply.send({ exchanges: log.filter((exchange) => exchange.seq > (Number.isFinite(after) ? after : 0)) });
  });
  app.post('/_sandbox/orders', async (request, reply) => {
    const body = parseForLog(typeof request.body === 'string' ? request.body : '') as Partial<{ id: string; audience: OrderRecord['audience']; location_id: string; provider_id: string }>;
    if (!isObject(body) || typeof body.id !== 'string' || typeof body.location_id !== 'string' || !['pos', 'dsp', 'events'].includes(String(body.audience))) {
      return reply.code(400).send({ code: 'invalid_request', message: 'Send {"id", "audience": "pos"|"dsp"|"events", "location_id", "provider_id"?}.' });
    }
    registerOrder({ id: body.id, audience: body.audience!, locationId: body.location_id, ...(body.provider_id === undefined ? {} : { providerId: body.provider_id }) });
    return reply.code(201).send({ registered: body.id });
  });
  // Publishes a menu for any location id (a DSP's store id, say) and answers the download link
  // that a `location.publish` event would carry.
  app.post('/_sandbox/menus', async (request, reply) => {
    const body = parseForLog(typeof request.body === 'string' ? request.body : '') as { location_id?: unknown; menu_version?: unknown };
    if (!isObject(body) || typeof body.location_id !== 'string' || body.location_id === '') {
      return reply.code(400).send({ code: 'invalid_request', message: 'Send {"location_id", "menu_version"?: "v1"|"v2"}.' });
    }
    const menuVersion = body.menu_version === 'v2' ? 'v2' : 'v1';
    const token = `mf_${randomBytes(6).toString('hex')}`;
    state.menu_tokens[body.location_id] = { token, expires_at: now() + 24 * 3600 * 1000, menu_version: menuVersion };
    save();
    return reply.code(201).send({ url: `${baseUrl}/stream-dsp/v1/menuFileS3Url?location_id=${encodeURIComponent(body.location_id)}&token=${token}`, menu_version: menuVersion });
  });
  // The merchant's browser lands here from an onboarding's `entry_url`: the sandbox approves at
  // once and sends it back to `return_url` with a code, as the POS or DSP would after consent.
  app.get('/_sandbox/onboarding/:id/start', async (request, reply) => {
    const onboarding = state.onboardings.find((candidate) => candidate._id === (request.params as { id: string }).id);
    if (onboarding === undefined) return reply.code(404).type('text/plain').send('No such onboarding in the sandbox.');
    if (onboarding.status === 'pending') onboarding.status = 'waiting_for_oauth';
    const code = `sbx_code_${randomBytes(8).toString('hex')}`;
    state.onboarding_codes[code] = onboarding._id;
    save();
    const target = new URL(onboarding.return_url);
    target.searchParams.set('code', code);
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

  const registerOrder = (order: RegisterOrderOptions) => {
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
    save();
  };

  let running: RunningSandbox | undefined;
  const consoleToken = registerConsole({ app, sandbox: () => running! });
  try {
    await app.listen({ port: options.port ?? SANDBOX_DEFAULTS.port, host });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as { code?: string }).code;
    const port = options.port ?? SANDBOX_DEFAULTS.port;
    if (code === 'EADDRINUSE') throw new CliError('port_in_use', `Port ${port} on ${host} is already in use (another sandbox?). Stop that process or pass another --port.`, { cause: error });
    if (code === 'EACCES') throw new CliError('port_in_use', `Not allowed to listen on port ${port} on ${host}. Use a port above 1023 with --port.`, { cause: error });
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new CliError('usage', `Cannot listen on ${host}: no such address on this machine. Pass --host 127.0.0.1 or another local address.`, { cause: error });
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? SANDBOX_DEFAULTS.port);
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  baseUrl = `http://${urlHost}:${port}`;

  running = {
    url: baseUrl,
    port,
    credentials,
    exchanges: (after = 0) => log.filter((exchange) => exchange.seq > after),
    onExchange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    state: () => stateView(state, now(), baseUrl),
    registerOrder,
    consoleToken,
    reset: () => {
      const fresh = seedState({ ...credentials, now: now() });
      for (const key of Object.keys(state) as (keyof SandboxState)[]) delete state[key];
      Object.assign(state, fresh);
      seedExampleOrders(state);
      seedMenus(state, now());
      save();
    },
    close: async () => {
      listeners.clear();
      await app.close();
    },
  };
  return running;
}
