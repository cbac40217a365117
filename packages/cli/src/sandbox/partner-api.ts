// The partner API as the sandbox plays it: OAuth client credentials, partner tokens, white-label
// sessions, onboarding, organizations and billing, with state, as the partner contract describes.
import { createHmac, randomBytes } from 'node:crypto';
import { errorReply, header, parseBody, queryString, type Handler, type HandlerContext, type HandlerReply } from './context.js';
import { clientOrganization, onboardingForbidden, organizationForbidden, unregisteredOnboarding } from './partner-access.js';
import { rememberSsoSession, SSO_TOKEN_MS } from './sso-page.js';
import { newId, own, type AccessTokenRecord, type LocationRecord, type OnboardingRecord, type Scope } from './state.js';

const ACCESS_TOKEN_SECONDS = 3600;
const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;
/** How long a DSP binding stays `pending` before the sandbox's pretend DSP approves it. */
export const BINDING_APPROVAL_MS = 5000;

const unauthorized = (message: string) => errorReply(401, 'unauthorized', message);

/** Finds the bearer token and checks it holds one of `scopes`; the reply is the refusal. */
function authorize(context: HandlerContext, scopes: readonly Scope[]): { token: AccessTokenRecord } | { reply: HandlerReply } {
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

const requestOAuthToken: Handler = (context) => {
  const parsed = parseBody(context);
  if (!parsed.ok) return parsed.reply;
  const body = parsed.value as { grant_type: string; client_id: string; client_secret: string; exp?: number; scopes?: Scope[]; refresh_token?: string };
  const partnerToken = context.state.partner_tokens.find((token) => token.client_id === body.client_id && token.client_secret === body.client_secret);
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

function findOrg(context: HandlerContext, orgId: string) {
  return context.state.organizations.find((org) => org.org_id === orgId);
}

const orgNotFound = (orgId: string) => errorReply(404, 'not_found', `No organization ${orgId} is linked to your partner account.`);

const listPartnerTokens: Handler = (context) => {
  const auth = authorize(context, ['user']);
  if ('reply' in auth) return auth.reply;
  const orgId = queryString(context, 'org_id');
  if (orgId === undefined) return errorReply(400, 'invalid_request', 'The org_id query parameter is required.');
  if (findOrg(context, orgId) === undefined) return orgNotFound(orgId);
  const forbidden = organizationForbidden(context, auth.token, orgId);
  if (forbidden !== undefined) return forbidden;
  return { status: 200, body: { tokens: context.state.partner_tokens.filter((token) => token.org_id === orgId).map(publicToken) } };
};

const createPartnerToken: Handler = (context) => {
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

const renamePartnerToken: Handler = (context) => {
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

const deletePartnerToken: Handler = (context) => {
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

const generateSsoSession: Handler = (context) => {
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

function findOnboarding(context: HandlerContext, id: string | undefined): OnboardingRecord | undefined {
  return context.state.onboardings.find((onboarding) => onboarding._id === id);
}

const onboardingNotFound = (id: string) => errorReply(404, 'not_found', `No onboarding integration ${id} exists for your partner account.`);
const notActive = (onboarding: OnboardingRecord) =>
  errorReply(409, 'invalid_state', `Onboarding ${onboarding._id} is ${onboarding.status}; locations are available once it is active.`);

const createOnboardingIntegration: Handler = (context) => {
  const auth = authorize(context, ['onboarding']);
  if ('reply' in auth) return auth.reply;
  const parsed = parseBody(context);
  if (!parsed.ok) return parsed.reply;
  const body = parsed.value as { org_id: string; source: string; type: 'pos' | 'dsp'; return_url: string };
  if (findOrg(context, body.org_id) === undefined) return orgNotFound(body.org_id);
  const refused = organizationForbidden(context, auth.token, body.org_id) ?? unregisteredOnboarding(context, body);
  if (refused !== undefined) return refused;
  const id = newId('onb');
  const onboarding: OnboardingRecord = {
    _id: id,
    org_id: body.org_id,
    type: body.type,
    status: 'pending',
    partner_id: context.config.partnerId,
    source: body.source,
    entry_url: `${context.config.baseUrl()}/_sandbox/onboarding/${id}/start`,
    return_url: body.return_url,
  };
  context.state.onboardings.push(onboarding);
  context.changed();
  return { status: 201, body: onboarding, note: `onboarding ${id} pending; open entry_url to get a code` };
};

const getOnboardingIntegration: Handler = (context) => {
  const auth = authorize(context, ['onboarding']);
  if ('reply' in auth) return auth.reply;
  const onboarding = findOnboarding(context, context.params.id);
  if (onboarding === undefined) return onboardingNotFound(context.params.id ?? '');
  return onboardingForbidden(context, auth.token, onboarding) ?? { status: 200, body: onboarding };
};

const completeOnboardingIntegration: Handler = (context) => {
  const auth = authorize(context, ['onboarding']);
  if ('reply' in auth) return auth.reply;
  const parsed = parseBody(context);
  if (!parsed.ok) return parsed.reply;
  const onboarding = findOnboarding(context, context.params.id);
  if (onboarding === undefined) return onboardingNotFound(context.params.id ?? '');
  const forbidden = onboardingForbidden(context, auth.token, onboarding);
  if (forbidden !== undefined) return forbidden;
  if (onboarding.status !== 'pending' && onboarding.status !== 'waiting_for_oauth') {
    return errorReply(409, 'invalid_state', `Onboarding ${onboarding._id} is ${onboarding.status}; only pending or waiting_for_oauth onboardings can be completed.`);
  }
  const code = (parsed.value as { code: string }).code;
  const codes = context.state.onboarding_codes;
  if (own(codes, code) !== onboarding._id) {
    return errorReply(400, 'invalid_grant', `The code was rejected by ${onboarding.source}; it is invalid, expired or already used. Send the merchant to entry_url again.`);
  }
  delete codes[code];
  Object.assign(onboarding, {
    status: 'active',
    merchant_id: newId('mer'),
    partner_org_id: newId('acct'),
    integration_id: newId('int'),
  } satisfies Partial<OnboardingRecord>);
  context.state.offered_locations[onboarding._id] = [1, 2].map((n) => ({ provider_id: `LOC-${1000 + n}`, name: `${onboarding.source} store ${n}`, source: onboarding.source }));
  context.changed();
  return { status: 200, body: onboarding, note: `onboarding ${onboarding._id} active` };
};

const revokeOnboardingIntegration: Handler = (context) => {
  const auth = authorize(context, ['onboarding']);
  if ('reply' in auth) return auth.reply;
  const onboarding = findOnboarding(context, context.params.id);
  if (onboarding === undefined) return onboardingNotFound(context.params.id ?? '');
  const forbidden = onboardingForbidden(context, auth.token, onboarding);
  if (forbidden !== undefined) return forbidden;
  if (onboarding.status === 'deprovisioned') return errorReply(409, 'invalid_state', `Onboarding ${onboarding._id} is already deprovisioned.`);
  onboarding.status = 'deprovisioned';
  context.changed();
  return { status: 200, body: onboarding, note: `onboarding ${onboarding._id} deprovisioned` };
};

const listOnboardingLocations: Handler = (context) => {
  const auth = authorize(context, ['onboarding']);
  if ('reply' in auth) return auth.reply;
  const id = queryString(context, 'onboarding_id');
  if (id === undefined) return errorReply(400, 'invalid_request', 'onboarding_id is required.');
  const onboarding = findOnboarding(context, id);
  if (onboarding === undefined) return onboardingNotFound(id);
  const forbidden = onboardingForbidden(context, auth.token, onboarding);
  if (forbidden !== undefined) return forbidden;
  if (onboarding.status !== 'active') return notActive(onboarding);
  return { status: 200, body: { locations: own(context.state.offered_locations, id) ?? [] } };
};

const ingestOnboardingLocations: Handler = (context) => {
  const auth = authorize(context, ['onboarding']);
  if ('reply' in auth) return auth.reply;
  const parsed = parseBody(context);
  if (!parsed.ok) return parsed.reply;
  const body = parsed.value as { onboarding_id: string; locations: { provider_id: string }[] };
  const onboarding = findOnboarding(context, body.onboarding_id);
  if (onboarding === undefined) return onboardingNotFound(body.onboarding_id);
  const forbidden = onboardingForbidden(context, auth.token, onboarding);
  if (forbidden !== undefined) return forbidden;
  if (onboarding.status !== 'active') return notActive(onboarding);
  const offered = own(context.state.offered_locations, onboarding._id) ?? [];
  const unknown = body.locations.find((location) => !offered.some((candidate) => candidate.provider_id === location.provider_id));
  if (unknown !== undefined) {
    return errorReply(400, 'invalid_request', `provider_id ${unknown.provider_id} is not offered by ${onboarding.source} for onboarding ${onboarding._id}.`);
  }
  const result = body.locations.map(({ provider_id }) => {
    // Ingesting the same location twice returns the location already made.
    let location = context.state.locations.find((candidate) => candidate.org_id === onboarding.org_id && candidate.provider_id === provider_id && candidate.source === onboarding.source);
    if (location === undefined) {
      const offer = offered.find((candidate) => candidate.provider_id === provider_id)!;
      location = {
        _id: newId('loc'),
        org_id: onboarding.org_id,
        provider_id,
        name: offer.name,
        source: offer.source,
        status: 'active',
        dsps: [],
        availability: 'open',
        paused_until: null,
        created_at: new Date(context.now).toISOString(),
      };
      context.state.locations.push(location);
    }
    return { _id: location._id, provider_id };
  });
  context.changed();
  return { status: 200, body: { locations: result }, note: `ingested ${result.length} location(s) into ${onboarding.org_id}` };
};

const bindOnboardingLocations: Handler = (context) => {
  const auth = authorize(context, ['onboarding']);
  if ('reply' in auth) return auth.reply;
  const parsed = parseBody(context);
  if (!parsed.ok) return parsed.reply;
  const body = parsed.value as { onboarding_id: string; locations: { pos_location_id: string; dsp_provider_id: string; dsp_store_name: string }[] };
  const onboarding = findOnboarding(context, body.onboarding_id);
  if (onboarding === undefined) return onboardingNotFound(body.onboarding_id);
  const forbidden = onboardingForbidden(context, auth.token, onboarding);
  if (forbidden !== undefined) return forbidden;
  if (onboarding.status !== 'active') return notActive(onboarding);
  if (onboarding.type !== 'dsp') {
    return errorReply(400, 'invalid_onboarding_type', `Onboarding ${onboarding._id} connects the POS ${onboarding.source}; bind DSP stores with the onboarding_id of an active dsp onboarding.`);
  }
  const outside = body.locations.find((binding) => !context.state.locations.some((location) => location._id === binding.pos_location_id && location.org_id === onboarding.org_id));
  if (outside !== undefined) {
    return errorReply(400, 'invalid_request', `pos_location_id ${outside.pos_location_id} is not a location of organization ${onboarding.org_id}.`);
  }
  const changeTime = new Date(context.now).toISOString();
  const result = body.locations.map((binding) => {
    const location = context.state.locations.find((candidate) => candidate._id === binding.pos_location_id)!;
    const existing = location.dsps.find((dsp) => dsp.source === onboarding.source && (dsp.dsp_provider_id ?? dsp._id) === binding.dsp_provider_id);
    if (existing === undefined) {
      location.dsps.push({ _id: newId('dsb'), dsp_provider_id: binding.dsp_provider_id, name: binding.dsp_store_name, source: onboarding.source, status: 'pending', change_time: changeTime });
    }
    return { ...binding, status: existing?.status ?? ('pending' as const) };
  });
  context.changed();
  return { status: 200, body: { locations: result }, note: `bound ${result.length} store(s); the sandbox approves a binding ${BINDING_APPROVAL_MS / 1000} s after it is made` };
};

const createOrganization: Handler = (context) => {
  const auth = authorize(context, ['legacy_onboarding', 'onboarding']);
  if ('reply' in auth) return auth.reply;
  const parsed = parseBody(context);
  if (!parsed.ok) return parsed.reply;
  const body = parsed.value as { name: string; provider_id: string; user: { email: string } };
  const existing = context.state.organizations.find((org) => org.provider_id === body.provider_id);
  if (existing !== undefined) return errorReply(409, 'conflict', `Organization ${existing.org_id} already exists for provider_id ${body.provider_id}.`);
  const creator = context.state.partner_tokens.find((token) => token.client_id === auth.token.client_id)?.org_id;
  const org = { org_id: newId('org'), name: body.name, provider_id: body.provider_id, user_id: newId('usr'), user_email: body.user.email, ...(creator === undefined ? {} : { created_by_org_id: creator }) };
  context.state.organizations.push(org);
  context.changed();
  return { status: 201, body: { org_id: org.org_id, user_id: org.user_id }, note: `created organization ${org.org_id}; ${org.user_email} invited as owner` };
};

/** A binding is `pending` until the sandbox's pretend DSP approves it, a few seconds later. */
function settleBindings(context: HandlerContext, location: LocationRecord): void {
  for (const dsp of location.dsps) {
    if (dsp.status === 'pending' && Date.parse(dsp.change_time) + BINDING_APPROVAL_MS <= context.now) {
      dsp.status = 'APPROVED';
      dsp.change_time = new Date(context.now).toISOString();
      context.changed();
    }
  }
}

const listOrganizationLocations: Handler = (context) => {
  const auth = authorize(context, ['legacy_onboarding', 'onboarding']);
  if ('reply' in auth) return auth.reply;
  const orgId = context.params.id ?? '';
  if (findOrg(context, orgId) === undefined) return orgNotFound(orgId);
  const forbidden = organizationForbidden(context, auth.token, orgId);
  if (forbidden !== undefined) return forbidden;
  let locations = context.state.locations.filter((location) => location.org_id === orgId);
  const only = queryString(context, 'location_id');
  if (only !== undefined) {
    locations = locations.filter((location) => location._id === only);
    if (locations.length === 0) return errorReply(404, 'not_found', `Location ${only} is not a location of organization ${orgId}.`);
  }
  for (const location of locations) settleBindings(context, location);
  return {
    status: 200,
    body: {
      locations: locations.map((location) => ({
        _id: location._id,
        name: location.name,
        source: location.source,
        status: location.status,
        ...(location.address === undefined ? {} : { address: location.address }),
        dsps: location.dsps.map(({ dsp_provider_id: _store, ...binding }) => binding),
      })),
    },
  };
};

/** The three most recent whole months before `now`, newest first: `2026-10`, `2026-09`, ... */
function reportMonths(now: number): string[] {
  const date = new Date(now);
  return [1, 2, 3].map((back) => {
    const month = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - back, 1));
    return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** Billing shows no security requirement; the partner comes from `partner_id` or a bearer token if one is sent. */
function billingPartner(context: HandlerContext, required: boolean): { partnerId: string } | { reply: HandlerReply } {
  const partnerId = queryString(context, 'partner_id');
  if (partnerId === undefined) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(header(context, 'authorization') ?? '')?.[1];
    const token = bearer === undefined ? undefined : own(context.state.access_tokens, bearer);
    if (!required && token !== undefined && token.expires_at > context.now) return { partnerId: context.config.partnerId };
    return {
      reply: errorReply(
        400,
        'invalid_request',
        required ? 'The file_name and partner_id query parameters are required.' : "Pass partner_id, or send a bearer token so Stream can tell which partner's reports to list.",
      ),
    };
  }
  if (partnerId !== context.config.partnerId) return { reply: errorReply(404, 'not_found', `No partner ${partnerId} exists.`) };
  return { partnerId };
}

/** The locations billed in `month`: those that existed by its end; `fresh` says which were ingested during it. */
function billedLocations(context: HandlerContext, month: string): { location: LocationRecord; fresh: boolean }[] {
  const start = Date.parse(`${month}-01T00:00:00Z`);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return context.state.locations
    .filter((location) => location.created_at === undefined || Date.parse(location.created_at) < end.getTime())
    .map((location) => ({ location, fresh: location.created_at !== undefined && Date.parse(location.created_at) >= start }));
}

const listBillingReports: Handler = (context) => {
  const partner = billingPartner(context, false);
  if ('reply' in partner) return partner.reply;
  return {
    status: 200,
    body: {
      reports: reportMonths(context.now).map((reportMonth) => {
        const billed = billedLocations(context, reportMonth);
        const fresh = billed.filter((entry) => entry.fresh).length;
        return {
          reportMonth,
          partnerId: partner.partnerId,
          locations: billed.map((entry) => entry.location._id),
          metrics: { activeLocations: billed.length, newActivations: fresh, newOnboardings: fresh },
        };
      }),
    },
  };
};

function billingFile(context: HandlerContext, pattern: RegExp): { partnerId: string; month: string } | { reply: HandlerReply } {
  const fileName = queryString(context, 'file_name');
  const partner = billingPartner(context, true);
  if (fileName === undefined) return { reply: errorReply(400, 'invalid_request', 'The file_name and partner_id query parameters are required.') };
  if ('reply' in partner) return partner;
  const month = pattern.exec(fileName)?.[1];
  if (month === undefined || !reportMonths(context.now).includes(month)) {
    return { reply: errorReply(404, 'not_found', `No billing file ${fileName} exists for partner ${partner.partnerId}.`) };
  }
  return { partnerId: partner.partnerId, month };
}

const getRawBillingReport: Handler = (context) => {
  const file = billingFile(context, /^billing-(\d{4}-\d{2})\.csv$/);
  if ('reply' in file) return file.reply;
  const rows = billedLocations(context, file.month).map(({ location, fresh }) => [file.month, file.partnerId, location._id, location.name, location.source, 30, fresh, fresh].join(','));
  const csv = ['reportMonth,partnerId,locationId,locationName,source,activeDays,newActivation,newOnboarding', ...rows].join('\n');
  return { status: 200, body: `${csv}\n`, contentType: 'text/csv; charset=utf-8', headers: { 'content-disposition': `attachment; filename="billing-${file.month}.csv"` } };
};

/** A minimal, well-formed one-page PDF, so a partner's download code sees real PDF bytes. */
function invoicePdf(title: string): Buffer {
  const text = `BT /F1 18 Tf 72 720 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const getBillingInvoice: Handler = (context) => {
  const file = billingFile(context, /^invoice-(\d{4}-\d{2})\.pdf$/);
  if ('reply' in file) return file.reply;
  return {
    status: 200,
    body: invoicePdf(`Stream sandbox invoice ${file.month} for ${file.partnerId}`),
    contentType: 'application/pdf',
    headers: { 'content-disposition': `attachment; filename="invoice-${file.month}.pdf"` },
  };
};

export const PARTNER_HANDLERS: Readonly<Record<string, Handler>> = {
  listPartnerTokens,
  createPartnerToken,
  renamePartnerToken,
  deletePartnerToken,
  requestOAuthToken,
  generateSsoSession,
  createOnboardingIntegration,
  getOnboardingIntegration,
  completeOnboardingIntegration,
  revokeOnboardingIntegration,
  listOnboardingLocations,
  ingestOnboardingLocations,
  bindOnboardingLocations,
  createOrganization,
  listOrganizationLocations,
  listBillingReports,
  getRawBillingReport,
  getBillingInvoice,
};
