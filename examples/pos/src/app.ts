// The POS's HTTP API as Stream calls it (the POS contract's x-host: pos operations).
import { validate } from '@stream-partner/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { requireBearer, requireSignature, sameSecret } from './auth.js';
import { CATALOG, LOCATIONS } from './catalog.js';
import { consentPage } from './consent-page.js';
import { refuseHost } from './host-check.js';
import type { PosConfig } from './config.js';
import { handleOrderEvent } from './orders.js';
import { Store } from './store.js';

export interface AppOptions {
  readonly config: PosConfig;
  /** The clock; tests pass their own. */
  readonly now?: () => number;
}

const CODE_TTL_MS = 5 * 60 * 1000;
const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;

function parseJson(body: unknown): unknown {
  try {
    return JSON.parse(Buffer.isBuffer(body) ? body.toString('utf8') : String(body ?? ''));
  } catch {
    return undefined;
  }
}

export function buildApp({ config, now = Date.now }: AppOptions): FastifyInstance {
  const app = Fastify({ logger: false });
  const store = new Store();
  app.addHook('onRequest', async (request, reply) => {
    // Every answer holds one merchant's data (token answers their tokens): no cache on the way may keep one.
    reply.header('Cache-Control', 'no-store');
    const refused = refuseHost(request.headers.host, request.socket.localPort, config);
    if (refused !== undefined) return reply.code(421).type('text/plain; charset=utf-8').send(refused);
  });
  // Keep bodies as bytes: the signature covers the exact bytes Stream sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.get('/stream-pos/v1/authorize', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (query.client_id !== config.streamClientId) return reply.code(400).send({ code: 'invalid_client', message: `Unknown client_id ${query.client_id ?? '(none)'}.` });
    if (query.response_type !== 'code') return reply.code(400).send({ code: 'unsupported_response_type', message: 'response_type must be code.' });
    // Never send a code to an address that is not Stream's: that is how codes get stolen.
    if (query.redirect_uri === undefined || !config.streamRedirectUris.includes(query.redirect_uri)) {
      return reply.code(400).send({ code: 'invalid_redirect_uri', message: `redirect_uri ${query.redirect_uri ?? '(none)'} is not on the allow-list for client ${config.streamClientId}.` });
    }
    if (!config.devAutoApprove) {
      const page = consentPage({ question: 'Let Stream take orders for your restaurant?', action: '/stream-pos/v1/authorize/approve', query, redirectUris: config.streamRedirectUris });
      return reply.headers(page.headers).type('text/html; charset=utf-8').send(page.html);
    }
    return reply.redirect(approve(query.redirect_uri, query.state), 302);
  });

  // A POST from the form, never a GET: a link or an <img> on another site must not approve anything.
  app.post('/stream-pos/v1/authorize/approve', async (request, reply) => {
    if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '')) return reply.code(415).send({ code: 'invalid_request', message: 'Approve with the consent form (application/x-www-form-urlencoded).' });
    const form = new URLSearchParams(Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '');
    const redirectUri = form.get('redirect_uri');
    if (redirectUri === null || !config.streamRedirectUris.includes(redirectUri)) return reply.code(400).send({ code: 'invalid_redirect_uri', message: 'redirect_uri is not allowed.' });
    return reply.redirect(approve(redirectUri, form.get('state') ?? undefined), 302);
  });

  function approve(redirectUri: string, state: string | undefined): string {
    const code = store.secret('code');
    store.codes.set(code, { merchantId: 'merchant-4417', expiresAt: now() + CODE_TTL_MS });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    if (state !== undefined) target.searchParams.set('state', state);
    return target.toString();
  }

  app.post('/stream-pos/v1/token', async (request, reply) => {
    const body = parseJson(request.body);
    const checked = validate('pos', 'TokenExchangeRequest', body);
    if (!checked.valid) return reply.code(400).send({ code: 'invalid_request', message: checked.errors.map((issue) => issue.message).join('; ') });
    const grant = checked.value;
    let merchantId: string;
    if (grant.grant_type === 'authorization_code') {
      if (grant.client_id !== config.streamClientId || !sameSecret(grant.client_secret, config.streamClientSecret)) {
        return reply.code(401).send({ code: 'invalid_client', message: 'client_id and client_secret do not match.' });
      }
      const code = store.codes.get(grant.code);
      // A code works once: delete it before anything else can use it.
      store.codes.delete(grant.code);
      if (code === undefined || code.expiresAt <= now()) return reply.code(401).send({ code: 'invalid_grant', message: 'The authorization code has expired or was already used.' });
      merchantId = code.merchantId;
    } else {
      const refresh = store.refreshTokens.get(grant.refresh_token);
      store.refreshTokens.delete(grant.refresh_token);
      if (refresh === undefined || refresh.expiresAt <= now()) return reply.code(401).send({ code: 'invalid_grant', message: 'The refresh token has expired or was already used.' });
      merchantId = refresh.merchantId;
    }
    const accessToken = store.secret('at');
    const refreshToken = store.secret('rt');
    const expireTime = now() + config.accessTokenTtlSeconds * 1000;
    store.accessTokens.set(accessToken, { merchantId, expiresAt: expireTime });
    store.refreshTokens.set(refreshToken, { merchantId, expiresAt: now() + REFRESH_TTL_MS });
    return reply.code(201).send({ access_token: accessToken, refresh_token: refreshToken, expire_time: expireTime, refresh_token_expire_time: now() + REFRESH_TTL_MS, id: merchantId });
  });

  app.get('/stream-pos/v1/locations', async (request, reply) => {
    if (!requireBearer(store, now, request, reply)) return reply;
    return reply.send({ locations: LOCATIONS });
  });

  app.get('/stream-pos/v1/catalog', async (request, reply) => {
    if (!requireBearer(store, now, request, reply)) return reply;
    const locationId = request.headers['provider-location-id'];
    if (typeof locationId === 'string' && !LOCATIONS.some((location) => location.provider_id === locationId)) {
      return reply.code(404).send({ code: 'location_not_found', message: `No location ${locationId} belongs to this merchant.` });
    }
    return reply.send(CATALOG);
  });

  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/stream-pos/v1/location/connection',
      handler: async (request, reply) => {
        if (!requireBearer(store, now, request, reply)) return reply;
        const checked = validate('pos', 'LocationConnectionRequest', parseJson(request.body));
        if (!checked.valid) return reply.code(400).send({ code: 'invalid_request', message: checked.errors.map((issue) => issue.message).join('; ') });
        const locationId = checked.value.location_id;
        if (!LOCATIONS.some((location) => location.provider_id === locationId)) return reply.code(400).send({ code: 'location_not_found', message: `No location ${locationId} belongs to this merchant.` });
        if (method === 'PUT') store.connectedLocations.add(locationId);
        else store.connectedLocations.delete(locationId);
        return reply.code(204).send();
      },
    });
  }

  app.post('/stream-pos/v1/orders', async (request, reply) => {
    if (!requireBearer(store, now, request, reply)) return reply;
    if (!requireSignature(config.webhookSecret, request, reply)) return reply;
    const answer = handleOrderEvent(store, parseJson(request.body));
    return reply.code(answer.status).send(answer.body);
  });

  return app;
}
