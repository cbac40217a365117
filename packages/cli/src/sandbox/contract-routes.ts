// The routes every Stream-hosted operation of the contracts gets, each answered by its handler.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { streamHostedOperations, type OperationInfo } from '../openapi.js';
import { sendReply, sentHeaders } from './app.js';
import { eventType, type Handler, type HandlerReply } from './context.js';
import type { RequestChecks } from './types.js';
import { INBOUND_HANDLERS } from './inbound.js';
import type { Flight } from './in-flight.js';
import { PARTNER_HANDLERS } from './partner-api.js';
import { rateKey } from './rate-limit.js';
import { replyPayload, type SandboxRuntime } from './runtime.js';
import { own } from './state.js';

/** Every handler, keyed `api:operationId`. */
export const HANDLERS: Readonly<Record<string, Handler>> = {
  ...Object.fromEntries(Object.entries(PARTNER_HANDLERS).map(([operationId, handler]) => [`partner:${operationId}`, handler])),
  ...INBOUND_HANDLERS,
};

/** Stream-hosted operations with no handler: must be empty (a test and the start-up both check). */
export function unhandledOperations(): OperationInfo[] {
  return streamHostedOperations().filter((op) => HANDLERS[`${op.api}:${op.operationId}`] === undefined);
}

/** The event type a raw body names, for the log; undefined when it names none. */
function eventOf(rawBody: string): string | undefined {
  try {
    return eventType(JSON.parse(rawBody));
  } catch {
    return undefined;
  }
}

function toFastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

export function registerContractRoutes(app: FastifyInstance, runtime: SandboxRuntime): void {
  for (const operation of streamHostedOperations()) {
    const handler = HANDLERS[`${operation.api}:${operation.operationId}`]!;
    app.route({
      method: operation.method as 'GET',
      url: toFastifyPath(operation.path),
      ...(operation.requestContentType === undefined ? {} : { config: { accepts: operation.requestContentType } }),
      // Not async: a call the handler answers at once (the usual case) is sent without a promise and a turn of its own.
      handler: (request, fastifyReply) => {
        const started = Date.now();
        const rawBody = typeof request.body === 'string' ? request.body : '';
        if (operation.api === 'partner') {
          const bearer = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
          const bearerClient = bearer === undefined ? undefined : own(runtime.state.access_tokens, bearer)?.client_id;
          const limited = runtime.limiter.check(rateKey({ bearerClient, rawBody, ip: request.ip }));
          if (limited !== undefined) {
            sendReply(fastifyReply, limited);
            runtime.record({ request, operation, reply: limited, started, answered: fastifyReply, headers: sentHeaders(limited) });
            return undefined;
          }
        }
        // Noted before anything else: the send is in flight from now until its answer is written.
        const flight = runtime.inFlight.arrive({ operation, rawBody });
        const checks: RequestChecks = flight.overlap === undefined ? {} : { overlap: flight.overlap };
        // An outage asked for answers before any check, as a Stream that cannot store the event would.
        const down = runtime.outages.take(`${operation.api}:${operation.operationId}`);
        if (down !== undefined && 'reply' in down) {
          answer({ runtime, request, fastifyReply, operation, reply: { ...down.reply, event: eventOf(rawBody) }, started, checks, flight });
          return undefined;
        }
        const handle = () => handleRequest({ runtime, request, fastifyReply, operation, handler, rawBody, started, checks, flight });
        // A hold asked for: the handler answers as usual once the time is up (bounded by the outage's own limits).
        if (down !== undefined) return new Promise<FastifyReply>((done) => setTimeout(() => done(handle() ?? fastifyReply), down.holdMs));
        return handle();
      },
    });
  }
}

interface Handling {
  readonly runtime: SandboxRuntime;
  readonly request: FastifyRequest;
  readonly fastifyReply: FastifyReply;
  readonly operation: OperationInfo;
  readonly handler: Handler;
  readonly rawBody: string;
  readonly started: number;
  readonly checks: RequestChecks;
  readonly flight: Flight;
}

/** Runs the handler and answers: at once when it answers at once, else once its promise settles. */
function handleRequest({ runtime, request, fastifyReply, operation, handler, rawBody, started, checks, flight }: Handling): FastifyReply | Promise<FastifyReply> | undefined {
  const result = runtime.transact((changed) =>
    handler({
      operation,
      params: request.params as Record<string, string>,
      query: request.query as Record<string, string>,
      headers: request.headers,
      rawBody,
      state: runtime.state,
      plain: runtime.store.raw,
      entry: runtime.store.entry,
      config: runtime.config,
      now: runtime.now(),
      changed,
      checks,
    }),
  );
  if (result instanceof Promise) return result.then((reply) => answer({ runtime, request, fastifyReply, operation, reply, started, checks, flight }));
  answer({ runtime, request, fastifyReply, operation, reply: result, started, checks, flight });
  return undefined;
}

interface Answer {
  readonly runtime: SandboxRuntime;
  readonly request: FastifyRequest;
  readonly fastifyReply: FastifyReply;
  readonly operation: OperationInfo;
  readonly reply: HandlerReply;
  readonly started: number;
  readonly checks: RequestChecks;
  readonly flight: Flight;
}

/** Sends the reply, then logs the exchange as sent: its body serialised once for both. */
function answer({ runtime, request, fastifyReply, operation, reply, started, checks, flight }: Answer): FastifyReply {
  const payload = replyPayload(reply);
  sendReply(fastifyReply, reply, payload);
  flight.land();
  const noted = checks.overlap === undefined ? reply : { ...reply, note: reply.note === undefined ? checks.overlap : `${reply.note}; ${checks.overlap}` };
  runtime.record({ request, operation, reply: noted, started, sent: payload, checks, answered: fastifyReply, headers: sentHeaders(reply) });
  return fastifyReply;
}
