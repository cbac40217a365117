// The OAuth endpoints this DSP hosts for Stream: authorize (the merchant approves Stream) and
// token (Stream exchanges the code, then refreshes). Codes and refresh tokens work once.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { validate } from '@stream-partner/contracts';
import express, { type Request, type Response, type Router } from 'express';
import type { DspConfig } from './config.js';
import { consentPage } from './consent-page.js';

export interface TokenStore {
  readonly codes: Map<string, number>;
  readonly accessTokens: Map<string, number>;
  readonly refreshTokens: Map<string, number>;
}

const secret = (prefix: string) => `${prefix}_${randomBytes(18).toString('hex')}`;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function oauthRouter(config: DspConfig, store: TokenStore, now: () => number): Router {
  const router = express.Router();

  const redirectWithCode = (res: Response, redirectUri: string, state: unknown) => {
    const code = secret('ac');
    store.codes.set(code, now() + 5 * 60 * 1000);
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    if (typeof state === 'string') target.searchParams.set('state', state);
    res.redirect(302, target.toString());
  };

  const checkAuthorize = (params: Readonly<Record<string, unknown>>, res: Response): string | undefined => {
    const { client_id: clientId, response_type: responseType, redirect_uri: redirectUri } = params as Record<string, string | undefined>;
    if (clientId !== config.streamClientId) res.status(400).json({ code: 'invalid_client', message: `Unknown client_id ${clientId ?? '(none)'}.` });
    else if (responseType !== 'code') res.status(400).json({ code: 'unsupported_response_type', message: 'response_type must be code.' });
    // A code sent anywhere but Stream's registered redirect_uri could be stolen.
    else if (redirectUri === undefined || !config.streamRedirectUris.includes(redirectUri)) res.status(400).json({ code: 'invalid_redirect_uri', message: `redirect_uri ${redirectUri ?? '(none)'} is not registered for client ${config.streamClientId}.` });
    else return redirectUri;
    return undefined;
  };

  router.get('/stream-dsp/v1/authorize', (req, res) => {
    const redirectUri = checkAuthorize(req.query, res);
    if (redirectUri === undefined) return;
    if (config.devAutoApprove) return redirectWithCode(res, redirectUri, req.query.state);
    const page = consentPage({ question: "Let Stream manage your stores' orders?", action: '/stream-dsp/v1/authorize/approve', query: req.query, redirectUris: config.streamRedirectUris });
    res.set(page.headers).type('text/html; charset=utf-8').send(page.html);
  });

  // A POST from the form, never a GET: a link or an <img> on another site must not approve anything.
  router.post('/stream-dsp/v1/authorize/approve', express.urlencoded({ extended: false, limit: '8kb' }), (req, res) => {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const redirectUri = checkAuthorize(form, res);
    if (redirectUri !== undefined) redirectWithCode(res, redirectUri, form.state);
  });

  router.post('/stream-dsp/v1/token', express.json({ type: '*/*' }), (req, res) => {
    const checked = validate('dsp', 'TokenExchangeRequest', req.body);
    if (!checked.valid) return void res.status(400).json({ code: 'invalid_request', message: checked.errors.map((issue) => issue.message).join('; ') });
    const grant = checked.value;
    if (grant.grant_type === 'authorization_code') {
      if (grant.client_id !== config.streamClientId || !sameSecret(grant.client_secret, config.streamClientSecret)) {
        return void res.status(401).json({ code: 'invalid_client', message: 'client_id and client_secret do not match.' });
      }
      const expiresAt = store.codes.get(grant.code);
      store.codes.delete(grant.code);
      if (expiresAt === undefined || expiresAt <= now()) return void res.status(401).json({ code: 'invalid_grant', message: 'The authorization code has expired or was already exchanged.' });
    } else {
      const expiresAt = store.refreshTokens.get(grant.refresh_token);
      store.refreshTokens.delete(grant.refresh_token);
      if (expiresAt === undefined || expiresAt <= now()) return void res.status(401).json({ code: 'invalid_grant', message: 'The refresh token has expired or was already used.' });
    }
    const accessToken = secret('at');
    const refreshToken = secret('rt');
    const expireTime = now() + config.accessTokenTtlSeconds * 1000;
    const refreshExpireTime = now() + 30 * 24 * 3600 * 1000;
    store.accessTokens.set(accessToken, expireTime);
    store.refreshTokens.set(refreshToken, refreshExpireTime);
    res.status(200).json({ access_token: accessToken, refresh_token: refreshToken, expire_time: expireTime, refresh_token_expire_time: refreshExpireTime, id: 'merchant_5521' });
  });

  return router;
}

/** Express middleware: a live access token this DSP issued, or 401. */
export function requireBearer(store: TokenStore, now: () => number) {
  return (req: Request, res: Response, next: () => void) => {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = token === undefined ? undefined : store.accessTokens.get(token);
    if (expiresAt === undefined || expiresAt <= now()) return void res.status(401).json({ code: 'invalid_token', message: 'The access token is missing, unknown or expired.' });
    next();
  };
}
