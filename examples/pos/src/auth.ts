// Stream authenticates twice on order events: the bearer token this POS issued, and the
// signature over the raw body. Both checks answer 401 with the contract's Error body.
import { timingSafeEqual } from 'node:crypto';
import { isSignatureError, verifyWebhook } from '@stream-partner/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from './store.js';

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Refuses the request (and returns false) unless it carries a live access token. */
export function requireBearer(store: Store, now: () => number, request: FastifyRequest, reply: FastifyReply): boolean {
  const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  const issued = token === undefined ? undefined : store.accessTokens.get(token);
  if (issued === undefined || issued.expiresAt <= now()) {
    void reply.code(401).send({ code: 'invalid_token', message: 'The access token is missing, unknown or expired. Refresh it at POST /stream-pos/v1/token.' });
    return false;
  }
  return true;
}

/** Refuses the request (and returns false) unless Stream-Signature matches the raw body. */
export function requireSignature(secret: string, request: FastifyRequest, reply: FastifyReply): boolean {
  try {
    verifyWebhook({ secret, body: request.body as Buffer, headers: request.headers });
    return true;
  } catch (error) {
    if (!isSignatureError(error)) throw error;
    void reply.code(401).send({ code: error.code, message: error.message });
    return false;
  }
}
