// Stream's order events arrive at POST /event: verify the signature on the raw bytes, answer the
// same way to an event seen before, accept confirmed orders, acknowledge updates and cancellations.
import { randomBytes } from 'node:crypto';
import { isSignatureError, validate, verifyWebhook, type Events } from '@stream-partner/contracts';
import express, { type Express } from 'express';
import type { EventsConfig } from './config.js';
import { refuseHost } from './host-check.js';

type OrderEvent = Events.components['schemas']['OrderEvent'];

interface Answer {
  readonly status: number;
  readonly body?: unknown;
}

export interface Delivery {
  readonly streamOrderId: string;
  readonly locationId: string;
  readonly providerId: string;
  status: string;
}

export interface AppOptions {
  readonly config: EventsConfig;
}

function refuse(reason: string): Answer {
  return { status: 400, body: { posValidation: { stockValidation: [], orderTotalsValidation: [], orderValidation: [{ order_error: 'other', order_error_reason: reason }] } } };
}

export function buildApp({ config }: AppOptions): Express & { deliveries: Map<string, Delivery> } {
  const app = express() as Express & { deliveries: Map<string, Delivery> };
  app.use((req, res, next) => {
    const refused = refuseHost(req.headers.host, req.socket.localPort, config);
    if (refused === undefined) return next();
    res.status(421).type('text/plain').send(refused);
  });
  /** Answers by event_id: Stream resends the same bytes and event_id after a timeout. */
  const answered = new Map<string, Answer>();
  /** Deliveries by Stream's order id. */
  const deliveries = new Map<string, Delivery>();
  app.deliveries = deliveries;

  const handle = (body: unknown): Answer => {
    const type = (body as { type?: unknown } | undefined)?.type;
    if (type !== 'order.created' && type !== 'order.updated' && type !== 'order.canceled') {
      // An event type this provider does not know yet: acknowledge it so Stream stops resending.
      return { status: 204 };
    }
    const checked = validate('events', 'OrderEvent', body);
    // A field Stream added after this code was written is ignored, as the contract asks; anything else wrong is refused.
    const problems = checked.valid ? [] : checked.errors.filter((issue) => issue.rule !== 'additionalProperties');
    if (problems.length > 0) return refuse(problems.map((issue) => issue.message).join('; '));
    const event = body as OrderEvent;
    if (event.type === 'order.created') {
      // The same order may come twice under different event_ids: keep the first provider_id.
      const known = deliveries.get(event.object.id);
      const delivery = known ?? { streamOrderId: event.object.id, locationId: event.object.location_id, providerId: `evp-${randomBytes(4).toString('hex')}`, status: 'confirmed' };
      deliveries.set(delivery.streamOrderId, delivery);
      return { status: 201, body: { order: { provider_id: delivery.providerId, prep_time_minutes: 30 } } };
    }
    const found = deliveries.get(event.object.order_id);
    // An order of another location is not this event's order; like an unknown order it is acknowledged
    // (the contract says so), so Stream stops sending it, and nothing changes.
    const delivery = found?.locationId === event.object.location_id ? found : undefined;
    if (delivery !== undefined) delivery.status = event.type === 'order.canceled' ? 'canceled' : event.object.status;
    return { status: 204 };
  };

  app.post('/event', express.raw({ type: '*/*', limit: '1mb' }), (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      verifyWebhook({ secret: config.webhookSecret, body: raw, headers: req.headers });
    } catch (error) {
      if (!isSignatureError(error)) throw error;
      res.status(401).json({ code: error.code, message: error.message });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      const answer = refuse('The body is not JSON.');
      res.status(answer.status).json(answer.body);
      return;
    }
    // JSON that is not an object (null, a number, a list) has no event_id and no type: it is answered 204 below.
    const eventId = typeof body === 'object' && body !== null ? (body as { event_id?: unknown }).event_id : undefined;
    const answer = (typeof eventId === 'string' ? answered.get(eventId) : undefined) ?? handle(body);
    if (typeof eventId === 'string' && answer.status < 500) answered.set(eventId, answer);
    if (answer.body === undefined) res.status(answer.status).end();
    else res.status(answer.status).json(answer.body);
  });

  return app;
}
