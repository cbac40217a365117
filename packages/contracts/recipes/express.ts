// Receiving Stream's signed order events (`POST /event`) with Express 5.
//
// The raw-body pitfall: Stream signs the exact bytes it sends. express.json() parses them into an
// object and the bytes are gone; JSON.stringify(req.body) does not reproduce them (spacing, key
// order, escapes and number formats all differ). So this route uses express.raw(), which leaves
// req.body as a Buffer of the bytes received, verifies, and only then parses.
import express, { type Express } from 'express';
import { isSignatureError, verifyWebhook, type Events } from '@stream-partner/contracts';

export interface ReceiverOptions {
  /** The webhook secret Stream issued for this integration (keep it in an environment variable). */
  secret: string;
  /** Records a confirmed order and returns your id for it; Stream sends it back on later events. */
  recordOrder(event: Events.NewOrderEvent): Promise<string> | string;
  /** Handles a status change or a cancellation. */
  onOrderChange?(event: Events.UpdatedOrderEvent | Events.CanceledOrderEvent): Promise<void> | void;
}

export function createApp(options: ReceiverOptions): Express {
  const app = express();

  // express.raw() only on this route: other routes can keep express.json().
  app.post('/event', express.raw({ type: 'application/json', limit: '1mb' }), async (req, res) => {
    try {
      // req.body is a Buffer here. Had a JSON parser run first, verifyWebhook would throw
      // body_not_raw (a set-up bug, answered 500 below) rather than compare the wrong bytes.
      verifyWebhook({ secret: options.secret, body: req.body, headers: req.headers });
    } catch (error) {
      if (!isSignatureError(error)) throw error;
      // Missing, malformed or wrong signature: not from Stream (or altered). Stream retries on 401.
      res.status(401).json({ code: error.code, message: error.message });
      return;
    }

    const event = JSON.parse((req.body as Buffer).toString('utf8')) as Events.OrderEvent;
    if (event.type === 'order.created') {
      const providerId = await options.recordOrder(event);
      res.status(201).json({ order: { provider_id: providerId } });
      return;
    }
    await options.onOrderChange?.(event);
    res.status(204).end();
  });

  return app;
}
