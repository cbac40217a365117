// The partner API's onboarding: integrations from pending to active, their locations and bindings,
// and organizations.
import { authorize, findOrg, orgNotFound } from './partner-auth.js';
import { errorReply, parseBody, queryString, type Handler, type HandlerContext } from './context.js';
import { onboardingForbidden, organizationForbidden, unregisteredOnboarding } from './partner-access.js';
import { newId, own, type LocationRecord, type OnboardingRecord } from './state.js';

/** How long a DSP binding stays `pending` before the sandbox's pretend DSP approves it. */
export const BINDING_APPROVAL_MS = 5000;

function findOnboarding(context: HandlerContext, id: string | undefined): OnboardingRecord | undefined {
  return context.state.onboardings.find((onboarding) => onboarding._id === id);
}

const onboardingNotFound = (id: string) => errorReply(404, 'not_found', `No onboarding integration ${id} exists for your partner account.`);
const notActive = (onboarding: OnboardingRecord) =>
  errorReply(409, 'invalid_state', `Onboarding ${onboarding._id} is ${onboarding.status}; locations are available once it is active.`);

export const createOnboardingIntegration: Handler = (context) => {
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

export const getOnboardingIntegration: Handler = (context) => {
  const auth = authorize(context, ['onboarding']);
  if ('reply' in auth) return auth.reply;
  const onboarding = findOnboarding(context, context.params.id);
  if (onboarding === undefined) return onboardingNotFound(context.params.id ?? '');
  return onboardingForbidden(context, auth.token, onboarding) ?? { status: 200, body: onboarding };
};

export const completeOnboardingIntegration: Handler = (context) => {
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

export const revokeOnboardingIntegration: Handler = (context) => {
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

export const listOnboardingLocations: Handler = (context) => {
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

export const ingestOnboardingLocations: Handler = (context) => {
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

export const bindOnboardingLocations: Handler = (context) => {
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

export const createOrganization: Handler = (context) => {
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

export const listOrganizationLocations: Handler = (context) => {
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

