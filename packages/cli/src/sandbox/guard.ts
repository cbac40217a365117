// What every request must pass before a route sees it. The sandbox runs next to the partner's
// browser, so a web page must not be able to drive it: only the host names it listens on (no DNS
// rebinding), only the content type a route declares (a cross-site text/plain POST needs no CORS
// preflight), and no cross-origin changes to /_sandbox/*. Routes added later get all three: a body
// route without `config.accepts` accepts application/json only.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The one media type the route's body may have (`application/json`); absent for a route without a body. */
    accepts?: string;
  }
}

export interface GuardRefusal {
  readonly status: 403 | 415;
  readonly code: 'host_not_allowed' | 'origin_not_allowed' | 'unsupported_media_type';
  readonly message: string;
}

export interface GuardOptions {
  /** The port the sandbox listens on, once it listens. */
  readonly port: () => number;
  /** The console page's own port, once it listens there; its Host names that port. */
  readonly consolePort?: () => number | undefined;
  /** `--host`: the address it listens on. */
  readonly host: string;
  /** `--allowed-host`: more names it answers to, `name` (any port) or `name:port`. */
  readonly allowedHosts: readonly string[];
  /** The largest body read (and thrown away) before a refusal is sent. */
  readonly bodyLimit: number;
  /** Called for each refused request after the refusal is sent (`answered`), for the exchange log. */
  readonly onRefuse: (request: FastifyRequest, refusal: GuardRefusal, answered: FastifyReply) => void;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/** `example.test:4010` to `['example.test', '4010']`; `[::1]:4010` to `['[::1]', '4010']`. */
function splitHost(value: string): [string, string | undefined] {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(value);
  if (match === null) return [value, undefined];
  return [match[1]!, match[2] === undefined || match[2] === '' ? undefined : match[2]];
}

function urlName(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export function hostAllowed(value: string | undefined, options: Pick<GuardOptions, 'port' | 'consolePort' | 'host' | 'allowedHosts'>): boolean {
  if (value === undefined || value === '') return false;
  const [name, port] = splitHost(value.toLowerCase());
  const own = String(options.port());
  const portOk = port === own || (port === undefined && own === '80') || (port !== undefined && port === String(options.consolePort?.()));
  if ([...LOOPBACK, urlName(options.host.toLowerCase())].includes(name) && portOk) return true;
  return options.allowedHosts.some((allowed) => {
    const [allowedName, allowedPort] = splitHost(urlName(allowed.toLowerCase()));
    return allowedName === name && (allowedPort === undefined || allowedPort === port);
  });
}

function mediaType(value: string | undefined): string | undefined {
  return value?.split(';')[0]?.trim().toLowerCase();
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The last Host header found allowed, and the port it was allowed on: nearly every request repeats it. */
export interface KnownHost {
  host: string | undefined;
  port: number;
}

function hostRefusal(host: string | undefined, options: Pick<GuardOptions, 'port' | 'host'>): GuardRefusal {
  const port = options.port();
  return {
    status: 403,
    code: 'host_not_allowed',
    message: `The sandbox answers only requests addressed to 127.0.0.1:${port}, localhost:${port} or [::1]:${port}${options.host === '127.0.0.1' ? '' : ` (or ${urlName(options.host)}:${port})`}; this one was addressed to ${host === undefined ? 'no host' : JSON.stringify(host)}. This keeps web pages from reaching it through DNS rebinding. If you reach it under another name on purpose (a tunnel, a container), start it with --allowed-host ${host === undefined ? '<name>' : splitHost(host)[0]}.`,
  };
}

/** `path` percent-decoded, or as sent when it is not valid percent-encoding (the router refuses that itself). */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** What the content-type check needs of a route, fixed when the route is added. */
export interface RouteAccepts {
  /** The one media type its body may have; `undefined` for a route without a body. */
  readonly accepts: string | undefined;
}

/** A route's media type: its `config.accepts`, else JSON for a body method. `undefined` when it depends on the method (a route of several). */
function acceptsOf(method: string | readonly string[], config: { accepts?: string } | undefined): RouteAccepts | undefined {
  if (config?.accepts !== undefined) return { accepts: config.accepts };
  if (typeof method !== 'string') return undefined;
  return { accepts: BODY_METHODS.has(method) ? 'application/json' : undefined };
}

/**
 * The refusal a request gets from the guard, or `undefined` to let it through. `route` is what the
 * route declared (found once, when it was added); without it the request's own route is looked up.
 */
export function refusalFor(
  request: FastifyRequest,
  options: Pick<GuardOptions, 'port' | 'consolePort' | 'host' | 'allowedHosts'>,
  known: KnownHost = { host: undefined, port: -1 },
  route?: RouteAccepts,
): GuardRefusal | undefined {
  const host = request.headers.host;
  const port = options.port();
  if (host === undefined || host !== known.host || port !== known.port) {
    if (hostAllowed(host, options)) {
      known.host = host;
      known.port = port;
    } else return hostRefusal(host, options);
  }
  const url = request.url;
  const query = url.indexOf('?');
  const raw = query < 0 ? url : url.slice(0, query);
  // The router matches the decoded path (%5F is _), so the prefix test reads it decoded too.
  const path = raw.includes('%') ? decodedPath(raw) : raw;
  const origin = request.headers.origin;
  if (path.startsWith('/_sandbox/') && !SAFE_METHODS.has(request.method) && origin !== undefined) {
    let sameOrigin = false;
    try {
      const url = new URL(origin);
      sameOrigin = url.protocol === 'http:' && url.origin === origin.toLowerCase().replace(/\/$/, '') && hostAllowed(url.host, options);
    } catch {
      sameOrigin = false;
    }
    if (!sameOrigin) {
      return {
        status: 403,
        code: 'origin_not_allowed',
        message: `The sandbox's /_sandbox/ routes change state only for requests from its own origin (http://127.0.0.1:${options.port()}) or with no Origin header (curl, scripts); this one came from ${JSON.stringify(origin)}.`,
      };
    }
  }
  const accepts = (route ?? acceptsOf(request.method, request.routeOptions.config))?.accepts ?? (BODY_METHODS.has(request.method) ? 'application/json' : undefined);
  const declared = request.headers['content-type'];
  const sent = declared === accepts ? declared : mediaType(declared);
  if (accepts !== undefined && (sent !== undefined || hasBody(request)) && sent !== accepts) {
    return {
      status: 415,
      code: 'unsupported_media_type',
      message: `${request.method} ${path} takes only ${accepts} bodies; this one was sent as ${sent === undefined ? 'no content type' : sent}. Send Content-Type: ${accepts}.`,
    };
  }
  return undefined;
}

/**
 * Reads and throws away the body of a refused request, up to `limit` bytes: answering before the
 * body has arrived makes Node parse its late bytes as a new request, and the client sees a broken
 * answer instead of the refusal.
 */
export function discardBody(raw: IncomingMessage, limit: number): Promise<boolean> {
  if (raw.readableEnded) return Promise.resolve(true);
  return new Promise((done) => {
    let seen = 0;
    raw.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) {
        raw.pause();
        done(false);
      }
    });
    raw.on('end', () => done(true));
    raw.on('error', () => done(false));
    raw.on('close', () => done(false));
    raw.resume();
  });
}

/** Answers a request itself (true) or lets it go on to its route (false); runs once the guard let it through. */
export type EarlyAnswer = (request: FastifyRequest, reply: FastifyReply) => boolean;

const earlyAnswers = new WeakMap<FastifyInstance, EarlyAnswer[]>();

/**
 * Adds an answer the guard's hook gives before any route, to a request the guard let through: one
 * hook for every request rather than one more per concern (each hook costs every partner call).
 */
export function answerEarly(app: FastifyInstance, answer: EarlyAnswer): void {
  const answers = earlyAnswers.get(app);
  if (answers === undefined) throw new Error('answerEarly needs the guard installed first (installGuard).');
  answers.push(answer);
}

/**
 * The headers the guard puts on every answer, refusals included: a browser must take each body as
 * the type it is declared, and keep no copy of one (tokens, state, exchanges) unless the route says
 * otherwise (the console's content-hashed assets). In lower case, as Fastify keeps them.
 */
export const GUARD_HEADERS = Object.freeze({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });

export type GuardHook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

/**
 * Adds the checks to every route of `app`, before its body is parsed: a hook on each route, made when
 * the route is added with what it accepts, rather than one on the server, which read the route's
 * options (an object built anew on each read) on every request. The not-found answer takes
 * `notFoundHook` (see `buildApp`).
 */
export function installGuard(app: FastifyInstance, options: GuardOptions): { readonly notFoundHook: GuardHook } {
  const known: KnownHost = { host: undefined, port: -1 };
  const answers: EarlyAnswer[] = [];
  earlyAnswers.set(app, answers);
  // GUARD_HEADERS on every answer, in lower case: a mixed-case name is lowered anew on every call.
  // The callback style: an async hook costs a promise and a turn of the microtask queue each, even when it lets the request through.
  const hookFor =
    (route: RouteAccepts | undefined): GuardHook =>
    (request, reply, done) => {
      reply.header('x-content-type-options', GUARD_HEADERS['x-content-type-options']).header('cache-control', GUARD_HEADERS['cache-control']);
      const refusal = refusalFor(request, options, known, route);
      if (refusal === undefined) {
        for (let index = 0; index < answers.length; index += 1) if (answers[index]!(request, reply)) return;
        return done();
      }
      // A hook that answers itself does not call `done`.
      void discardBody(request.raw, options.bodyLimit).then((whole) => {
        if (!whole) reply.header('connection', 'close');
        reply.code(refusal.status).type('application/json; charset=utf-8').send(JSON.stringify({ code: refusal.code, message: refusal.message }));
        options.onRefuse(request, refusal, reply);
      });
    };
  app.addHook('onRoute', (route) => {
    const own = route.onRequest;
    const guard = hookFor(acceptsOf(route.method, route.config));
    // First, before any hook of the route's own.
    route.onRequest = own === undefined ? [guard] : [guard, ...(Array.isArray(own) ? own : [own])];
  });
  return { notFoundHook: hookFor(undefined) };
}
