// Receiving Stream's signed order events (`POST /event`) with Fastify 5.
//
// The raw-body pitfall: Stream signs the exact bytes it sends, and Fastify's built-in JSON parser
// turns them into an object before the handler runs; re-serialising it does not give the same
// bytes back. Inside this plugin only, the application/json parser is replaced by one that keeps
// the body as a Buffer; the handler verifies it, then parses it.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { isSignatureError, verifyWebhook, type Events } from '@stream-partner/contracts';

export interface ReceiverOptions {
  /** The webhook secret Stream issued for this integration (keep it in an environment variable). */
  secret: string;
  /** Records a confirmed order and returns your id for it; Stream sends it back on later events. */
  recordOrder(event: Events.NewOrderEvent): Promise<string> | string;
  /** Handles a status change or a cancellation. */
  onOrderChange?(event: Events.UpdatedOrderEvent | Events.CanceledOrderEvent): Promise<void> | void;
}

export function buildServer(options: ReceiverOptions, fastifyOptions: FastifyServerOptions = {}): FastifyInstance {
  const app = Fastify(fastifyOptions);

  // An encapsulated plugin: the raw parser applies to the routes registered in it, nowhere else.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => {
      done(null, body);
    });

    scope.post('/event', async (request, reply) => {
      const raw = request.body as Buffer;
      try {
        verifyWebhook({ secret: options.secret, body: raw, headers: request.headers });
      } catch (error) {
        if (!isSignatureError(error)) throw error;
        // Missing, malformed or wrong signature: not from Stream (or altered). Stream retries on 401.
        return reply.code(401).send({ code: error.code, message: error.message });
      }

      const event = JSON.parse(raw.toString('utf8')) as Events.OrderEvent;
      if (event.type === 'order.created') {
        const providerId = await options.recordOrder(event);
        return reply.code(201).send({ order: { provider_id: providerId } });
      }
      await options.onOrderChange?.(event);
      return reply.code(204).send();
    });
  });

  return app;
}
