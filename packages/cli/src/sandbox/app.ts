// The sandbox's HTTP server before any route: bodies kept as the exact text received, the guard
// on every request, and the answers for errors and unknown routes, each recorded in the log.
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { errorReply, type HandlerReply } from './context.js';
import { BODY_BUDGET_ERROR, bodyBudget, budgetReply, countsAgainstBudget, IN_FLIGHT_BODY_BYTES } from './body-budget.js';
import { answerEarly, discardBody, GUARD_HEADERS, installGuard } from './guard.js';
import { pipelining } from './pipelining.js';
import type { SentBody } from './exchange-log.js';
import { internalError, replyPayload, type SandboxRuntime } from './runtime.js';

/**
 * The largest request body the sandbox reads: larger ones get 413. The contracts state it on their
 * 413 answer (`x-max-body-bytes`); sandbox-inbound-contract.test.ts checks both sides of it.
 */
export const BODY_LIMIT = 5 * 1024 * 1024;

/**
 * How long a caller has to send a whole request once its headers are in: a body that stops arriving
 * is answered 408 and let go, rather than held (and its bytes counted against the budget) for ever.
 */
export const REQUEST_TIME_LIMIT_MS = 120_000;

/** The contracts' 413: what was sent, the route's limit, and what to do. */
function tooLarge(contentLength: string | undefined, limit: number): HandlerReply {
  const sent = contentLength !== undefined && /^\d{1,15}$/.test(contentLength) ? `The body is ${contentLength} bytes; ` : 'The body is too large; ';
  return errorReply(413, 'body_too_large', `${sent}this call reads at most ${limit} bytes. Send less in one call.`);
}

/** What every JSON answer `sendReply` sends with no headers of its own carries but its Content-Length, as Fastify names them. */
const JSON_ANSWER_HEADERS = Object.freeze({ ...GUARD_HEADERS, 'content-type': 'application/json; charset=utf-8' });

/**
 * The headers `sendReply` sends with `reply` but its Content-Length, when they are the same for every
 * such answer: one frozen object shared by them all, for the record of the exchange, since copying
 * them back from the reply cost each call more than the console's whole row. Undefined for an answer
 * with headers of its own or another type (its headers are then read from the reply).
 */
export function sentHeaders(reply: HandlerReply): Readonly<Record<string, string>> | undefined {
  if (reply.headers !== undefined || reply.contentType !== undefined) return undefined;
  // A 204 or 304 carries neither type nor length; any other status without a body gets a length of 0, unless asked with HEAD.
  if (reply.body === undefined) return reply.status === 204 || reply.status === 304 ? GUARD_HEADERS : undefined;
  // Fastify drops the type and length of a 1xx or 204 with a body.
  return reply.status < 200 || reply.status === 204 || reply.status === 304 ? undefined : JSON_ANSWER_HEADERS;
}

/** Sends a handler's reply; `payload` is its body as already serialised for the log (`replyPayload`). */
export function sendReply(fastifyReply: FastifyReply, reply: HandlerReply, payload: SentBody = replyPayload(reply)): FastifyReply {
  fastifyReply.code(reply.status);
  if (reply.headers !== undefined) for (const [name, value] of Object.entries(reply.headers)) fastifyReply.header(name, value);
  if (reply.body === undefined) return fastifyReply.send();
  if (reply.contentType !== undefined) return fastifyReply.type(reply.contentType).send(reply.body);
  return fastifyReply.type('application/json; charset=utf-8').send(payload);
}

export function buildApp(runtime: SandboxRuntime): FastifyInstance {
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: BODY_LIMIT, requestTimeout: REQUEST_TIME_LIMIT_MS });
  // Keep every body as the exact text received: signatures cover bytes, not parsed JSON. The guard
  // has already refused any content type the route does not declare.
  app.removeAllContentTypeParsers();
  const asText = (_request: unknown, body: string | Buffer, done: (error: null, body: string | Buffer) => void) => done(null, body);
  // JSON by name as well as the catch-all: Fastify remembers a named type's parser, but looks the
  // catch-all up again (parsing the Content-Type header anew) on every request.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, asText);
  app.addContentTypeParser('*', { parseAs: 'string' }, asText);

  const { notFoundHook } = installGuard(app, {
    bodyLimit: BODY_LIMIT,
    port: () => runtime.port,
    consolePort: () => runtime.consolePort,
    host: runtime.host,
    allowedHosts: runtime.allowedHosts,
    onRefuse: (request, refusal, answered) => runtime.record({ request, reply: { status: refusal.status, body: { code: refusal.code, message: refusal.message }, note: refusal.code }, started: Date.now(), answered }),
  });

  // Answers a connection has not read are held in memory; past a few waiting, the rest are refused.
  const queue = pipelining();
  answerEarly(app, (request, fastifyReply) => {
    const refusal = queue.refuse({ request: request.raw, answer: fastifyReply.raw });
    if (refusal === undefined) return false;
    const started = Date.now();
    void discardBody(request.raw, BODY_LIMIT).then(() => {
      sendReply(fastifyReply, refusal);
      runtime.record({ request, reply: refusal, started, answered: fastifyReply });
    });
    return true;
  });

  // Past the bodies in flight the sandbox holds, a call is refused before its body is kept (it is read
  // and thrown away, as the guard does, so the caller sees the answer).
  // The sandbox's clock, so a test can hold still the second an upload may take before it is let go.
  const budget = bodyBudget({ total: IN_FLIGHT_BODY_BYTES, bodyLimit: BODY_LIMIT, now: runtime.now });
  answerEarly(app, (request, fastifyReply) => {
    const refusal = budget.take({ headers: request.headers });
    if (refusal === undefined) return false;
    const started = Date.now();
    void discardBody(request.raw, BODY_LIMIT).then((whole) => {
      if (!whole) fastifyReply.header('connection', 'close');
      sendReply(fastifyReply, refusal);
      runtime.record({ request, reply: refusal, started, answered: fastifyReply });
    });
    return true;
  });
  // Each large body's bytes count against the budget as they arrive; a small one holds what it
  // announced; a request without one costs nothing here.
  app.addHook('preParsing', (request, fastifyReply, payload, done) => {
    if (!countsAgainstBudget(request.headers)) {
      // A small body holds what it announced (a stray Content-Length: 0 or none holds nothing).
      const bytes = Number(request.headers['content-length'] ?? 0);
      if (bytes > 0) budget.hold({ request: request.raw, answer: fastifyReply.raw, bytes });
      return done(null, payload);
    }
    done(null, budget.count({ payload, answer: fastifyReply.raw }));
  });

  // Errors Fastify raises itself (a body over the limit, a broken Content-Length): their 4xx says what
  // was wrong; a 5xx says nothing internal.
  app.setErrorHandler(async (error: Error & { statusCode?: number; code?: string }, request, fastifyReply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (error.code === BODY_BUDGET_ERROR) fastifyReply.header('connection', 'close');
    const reply = error.code === BODY_BUDGET_ERROR ? budgetReply() : status === 500 ? internalError(error) : status === 413 ? tooLarge(request.headers['content-length'], request.routeOptions.bodyLimit ?? BODY_LIMIT) : errorReply(status, 'invalid_request', error.message);
    const started = Date.now();
    sendReply(fastifyReply, reply);
    runtime.record({ request, reply, started, answered: fastifyReply });
    return fastifyReply;
  });

  // The guard's hook for a path no route serves. Fastify's typings name only two of the hooks this
  // takes, but it takes every request hook, and the guard must run before the body is read here too.
  const notFound = { onRequest: notFoundHook } as Parameters<FastifyInstance['setNotFoundHandler']>[0] & object;
  app.setNotFoundHandler(notFound, async (request, reply) => {
    const answer: HandlerReply = {
      status: 404,
      body: { code: 'not_found', message: `Stream serves no ${request.method} ${request.url.split('?')[0]}. The routes are the contracts' Stream-hosted operations; run stream-partner trigger --list for what Stream sends, or read GET /_sandbox/state.` },
      note: 'no such route in the contracts',
    };
    const started = Date.now();
    sendReply(reply, answer);
    runtime.record({ request, reply: answer, started, answered: reply, headers: sentHeaders(answer) });
    return reply;
  });
  return app;
}
