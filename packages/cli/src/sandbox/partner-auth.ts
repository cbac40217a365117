// The partner API's access: OAuth client credentials, partner tokens and white-label SSO sessions.
import { createHmac, randomBytes } from 'node:crypto';
import { makeRoomForToken } from './capacity.js';
import { errorReply, header, parseBody, queryString, type Handler, type HandlerContext, type HandlerReply } from './context.js';
import { clientOrganization, organizationForbidden } from './partner-access.js';
import { rememberSsoSession, SSO_TOKEN_MS } from './sso-page.js';
import { newId, own, type AccessTokenRecord, type Scope } from './state.js';
import { sameToken } from './control-gate.js';

const ACCESS_TOKEN_SECONDS = 3600;
const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;

export const unauthorized = (message: string) => errorReply(401, 'unauthorized', message);

/** Finds the bearer token and checks it holds one of `scopes`; the reply is the refusal. */
export function authorize(context: HandlerContext, scopes: readonly Scope[]): { token: AccessTokenRecord } | { reply: HandlerReply } {
  const value = header(context, 'authorization');
  if (value === undefined) return { reply: unauthorized('No Authorization header. Send Authorization: Bearer <access_token> from POST /oauth/token.') };
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  if (match === null) return { reply: unauthorized('The Authorization header is not "Bearer <access_token>".') };
  const token = own(context.state.access_tokens, match[1]!);
  if (token === undefined) return { reply: unauthorized('The bearer token is unknown or was revoked. Request a new access token from POST /oauth/token.') };
  if (token.expires_at <= context.now) return { reply: unauthorized('The bearer token has expired. Request a new access token from POST /oauth/token.') };
  if (!token.scopes.some((scope) => scopes.includes(scope))) {
    return { reply: errorReply(403, 'insufficient_scope', `This endpoint needs a token with the ${scopes.join(' or ')} scope; the token carries ${token.scopes.join(', ')}.`) };
  }
  return { token };
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/** A JWT-shaped access token (the contract's `bearerFormat`); the sandbox looks it up rather than trusting it. */
function mintAccessToken(context: HandlerContext, clientId: string, orgId: string, scopes: readonly Scope[], expiresAtSeconds: number): string {
  const issuedAt = Math.floor(context.now / 1000);
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ iss: context.config.baseUrl(), sub: clientId, org: orgId, scope: scopes.join(' '), iat: issuedAt, exp: expiresAtSeconds, jti: randomBytes(8).toString('hex') }),
  );
  const signature = createHmac('sha256', context.config.webhookSecret).update(`${head}.${payload}`).digest('base64url');
  return `${head}.${payload}.${signature}`;
}

export const requestOAuthToken: Handler = (context) => {
  const parsed = parseBody(context);
  if (!parsed.ok) return parsed.reply;
  const body = parsed.value as { grant_type: string; client_id: string; client_secret: string; exp?: number; scopes?: Scope[]; refresh_token?: string };
  const partnerToken = context.state.partner_tokens.find((token) => token.client_id === body.client_id && sameToken(body.client_secret, token.client_secret));
  if (partnerToken === undefined) return errorReply(401, 'invalid_client', 'client_id and client_secret do not match an active partner token.');
  const nowSeconds = Math.floor(context.now / 1000);
  if (body.exp !== undefined && body.exp > nowSeconds + ACCESS_TOKEN_SECONDS) {
    return errorReply(400, 'invalid_request', `exp must be at most 3600 seconds after the issue time (${nowSeconds}); got ${body.exp}.`);
  }
  if (body.exp !== undefined && body.exp <= nowSeconds) {
    return errorReply(400, 'invalid_request', `exp must be after the issue time (${nowSeconds}); got ${body.exp}.`);
  }
  let held: readonly Scope[] = partnerToken.scopes;
  if (body.grant_type === 'refresh_token') {
    const refresh = own(context.state.refresh_tokens, body.refresh_token ?? '');
    if (refresh === undefined || refresh.client_id !== partnerToken.client_id || refresh.used || refresh.expires_at <= context.now) {
      return errorReply(400, 'invalid_grant', 'The refresh_token has expired or was already used. Request a new token with grant_type client_credentials.');
    }
    held = refresh.scopes.filter((scope) => partnerToken.scopes.includes(scope));
  }
  const missing = (body.scopes ?? []).filter((scope) => !held.includes(scope));
  if (missing.length > 0) return errorReply(403, 'insufficient_scope', `Partner token ${partnerToken.client_id} does not hold the ${missing.join(', ')} scope.`);
  // Spent only once the new token is certain: a refused refresh leaves the refresh token usable.
  if (body.grant_type === 'refresh_token') own(context.state.refresh_tokens, body.refresh_token ?? '')!.used = true;
  const scopes = body.scopes ?? [...held];
  const expiresAt = body.exp ?? nowSeconds + ACCESS_TOKEN_SECONDS;
  const accessToken = mintAccessToken(context, partnerToken.client_id, partnerToken.org_id, scopes, expiresAt);
  const refreshToken = `rt_${randomBytes(16).toString('hex')}`;
  makeRoomForToken(context.state.access_tokens, context.now);
  makeRoomForToken(context.state.refresh_tokens, context.now);
  context.state.access_tokens[accessToken] = { client_id: partnerToken.client_id, scopes, expires_at: expiresAt * 1000 };
  context.state.refresh_tokens[refreshToken] = { client_id: partnerToken.client_id, scopes, expires_at: context.now + REFRESH_TOKEN_SECONDS * 1000, used: false };
  context.changed();
  return {
    status: 200,
    body: { access_token: accessToken, token_type: 'bearer', refresh_token: refreshToken, expires_in: Math.max(1, expiresAt - nowSeconds), refresh_token_expires_in: REFRESH_TOKEN_SECONDS, scopes },
    note: `issued a ${body.grant_type} token for ${partnerToken.client_id} with ${scopes.join(', ')}`,
  };
};

function publicToken(token: { _id: string; org_id: string; token_name: string; scopes: Scope[]; client_id: string; created_at: string }) {
  return { _id: token._id, org_id: token.org_id, token_name: token.token_name, scopes: token.scopes, client_id: token.client_id, created_at: token.created_at };
}

export function findOrg(context: HandlerContext, orgId: string) {
  return context.state.organizations.find((org) => org.org_id === orgId);
}

export const orgNotFound = (orgId: string) => errorReply(404, 'not_found', `No organization ${orgId} is linked to your partner account.`);

export const listPartnerTokens: Handler = (context) => {
  const auth = authorize(context, ['user']);
  if ('reply' in auth) return auth.reply;
  const orgId = queryString(context, 'org_id');
  if (orgId === undefined) return errorReply(400, 'invalid_request', 'The org_id query parameter is required.');
  if (findOrg(context, orgId) === undefined) return orgNotFound(orgId);
  const forbidden = organizationForbidden(context, auth.token, orgId);
  if (forbidden !== undefined) return forbidden;
  return { status: 200, body: { tokens: context.state.partner_tokens.filter((token) => token.org_id === orgId).map(publicToken) } };
};

export const createPartnerToken: Handler = (context) => {
  const auth = authorize(context, ['user']);
  if ('reply' in auth) return auth.reply;
  const parsed = parseBody(context);
  if (!parsed.ok) return parsed.reply;
  const body = parsed.value as { org_id: string; token_name: string; scopes: Scope[] };
  if (findOrg(context, body.org_id) === undefined) return orgNotFound(body.org_id);
  const forbidden = organizationForbidden(context, auth.token, body.org_id);
  if (forbidden !== undefined) return forbidden;
  const token = {
    _id: newId('tok'),
    org_id: body.org_id,
    token_name: body.token_name,
    scopes: body.scopes,
    client_id: newId('cli'),
    client_secret: `cs_sandbox_${randomBytes(12).toString('hex')}`,
    created_at: new Date(context.now).toISOString(),
  };
  context.state.partner_tokens.push(token);
  context.changed();
  return { status: 201, body: { ...publicToken(token), client_secret: token.client_secret }, note: `created partner token ${token._id} (${token.scopes.join(', ')})` };
};

const tokenNotFound = (id: string) => errorReply(404, 'not_found', `No partner token ${id} exists for your partner account.`);

export const renamePartnerToken: Handler = (context) => {
  const auth = authorize(context, ['user']);
  if ('reply' in auth) return auth.reply;
  const parsed = parseBody(context);
  if (!parsed.ok) return parsed.reply;
  const token = context.state.partner_tokens.find((candidate) => candidate._id === context.params.token_id);
  if (token === undefined) return tokenNotFound(context.params.token_id ?? '');
  const forbidden = organizationForbidden(context, auth.token, token.org_id);
  if (forbidden !== undefined) return forbidden;
  token.token_name = (parsed.value as { token_name: string }).token_name;
  context.changed();
  return { status: 200, body: publicToken(token), note: `renamed ${token._id}` };
};

export const deletePartnerToken: Handler = (context) => {
  const auth = authorize(context, ['user']);
  if ('reply' in auth) return auth.reply;
  const index = context.state.partner_tokens.findIndex((candidate) => candidate._id === context.params.token_id);
  if (index < 0) return tokenNotFound(context.params.token_id ?? '');
  const forbidden = organizationForbidden(context, auth.token, context.state.partner_tokens[index]!.org_id);
  if (forbidden !== undefined) return forbidden;
  const [removed] = context.state.partner_tokens.splice(index, 1);
  // Deleting a partner token revokes the access and refresh tokens issued for it.
  for (const table of [context.state.access_tokens, context.state.refresh_tokens]) {
    for (const [value, record] of Object.entries(table)) if (record.client_id === removed!.client_id) delete table[value];
  }
  context.changed();
  return { status: 204, note: `deleted ${removed!._id} and revoked its access tokens` };
};

export const generateSsoSession: Handler = (context) => {
  const auth = authorize(context, ['sso']);
  if ('reply' in auth) return auth.reply;
  const parsed = parseBody(context);
  if (!parsed.ok) return parsed.reply;
  const partnerId = queryString(context, 'partner_id');
  if (partnerId !== undefined && partnerId !== context.config.partnerId) return errorReply(404, 'not_found', `No partner ${partnerId} exists.`);
  const body = parsed.value as { email: string; full_name: string; role: string; provider_org_id?: string };
  const org =
    body.provider_org_id === undefined
      ? (context.state.organizations.find((candidate) => candidate.user_email === body.email) ?? findOrg(context, clientOrganization(context.state, auth.token) ?? ''))
      : context.state.organizations.find((candidate) => candidate.provider_id === body.provider_org_id);
  if (org === undefined) return errorReply(404, 'not_found', `No organization is linked to provider_org_id ${body.provider_org_id ?? '(none)'} for partner ${context.config.partnerId}.`);
  const forbidden = organizationForbidden(context, auth.token, org.org_id);
  if (forbidden !== undefined) return forbidden;
  const token = `sso_${randomBytes(16).toString('hex')}`;
  rememberSsoSession(context.config.ssoSessions, token, { email: body.email, full_name: body.full_name, role: body.role, org_id: org.org_id, org_name: org.name, expires_at: context.now + SSO_TOKEN_MS }, context.now);
  return { status: 200, body: { sso_login_token: token }, note: `single sign-on token for ${body.email} into ${org.org_id}, valid ${SSO_TOKEN_MS / 1000} s` };
};

