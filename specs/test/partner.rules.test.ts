// The rule table of the partner contract: for every rule the schemas encode, at least one payload
// the contract accepts and one it rejects.
import { describe, expect, it } from 'vitest';
import { describeErrors, loadSpec, validatorFor } from './support';

interface RuleCase {
  title: string;
  schema: string;
  value: unknown;
  valid: boolean;
}

const accepts = (title: string, schema: string, value: unknown): RuleCase => ({ title, schema, value, valid: true });
const rejects = (title: string, schema: string, value: unknown): RuleCase => ({ title, schema, value, valid: false });

/** Returns a copy of `value` with `key` removed. */
function without<T extends Record<string, unknown>>(value: T, key: keyof T): Partial<T> {
  const copy = { ...value };
  delete copy[key];
  return copy;
}

// Valid payloads that the cases below vary one rule at a time.
const tokenCreate = {
  org_id: 'org_01HZX3K8J9Q2W7V5N4M6B1C0DE',
  token_name: 'Production POS sync',
  scopes: ['onboarding', 'legacy_onboarding'],
};

const clientCredentials = {
  grant_type: 'client_credentials',
  client_id: 'cli_01HZX4A7PRT5M2C9V8D3E6F1GH',
  client_secret: 'cs_live_9fK2mQ7xVb4Rt8LwZp3Hn6Yc',
};

const refreshGrant = {
  grant_type: 'refresh_token',
  client_id: 'cli_01HZX4A7PRT5M2C9V8D3E6F1GH',
  client_secret: 'cs_live_9fK2mQ7xVb4Rt8LwZp3Hn6Yc',
  refresh_token: 'rt_01HZX7QW3E5R7T9Y1U3I5O7P9A.k2Lx8vQm',
};

const tokenResponse = {
  access_token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJjbGkifQ.c2ln',
  token_type: 'bearer',
  refresh_token: 'rt_01HZX7QW3E5R7T9Y1U3I5O7P9A.k2Lx8vQm',
  expires_in: 3600,
  refresh_token_expires_in: 2592000,
  scopes: ['onboarding'],
};

const ssoRequest = {
  email: 'maria.lopez@tacoloco.example',
  full_name: 'Maria Lopez',
  phone_number: '+14155550123',
};

const onboardingCreate = {
  org_id: 'org_01HZX3K8J9Q2W7V5N4M6B1C0DE',
  source: 'example-pos',
  type: 'pos',
  return_url: 'https://app.examplepos.example/stream/onboarding/callback',
};

const onboardingPending = {
  _id: 'onb_01HZX5C2D4E6F8G0H1J3K5M7NP',
  org_id: 'org_01HZX3K8J9Q2W7V5N4M6B1C0DE',
  type: 'pos',
  status: 'pending',
  partner_id: 'ptr_01HZX0A1B2C3D4E5F6G7H8J9KM',
  source: 'example-pos',
  entry_url: 'https://connect.stream.example/onboarding/onb_01HZX5C2D4E6F8G0H1J3K5M7NP/start',
  return_url: 'https://app.examplepos.example/stream/onboarding/callback',
};

const ingestRequest = {
  onboarding_id: 'onb_01HZX5C2D4E6F8G0H1J3K5M7NP',
  locations: [{ provider_id: 'LOC-0042' }, { provider_id: 'LOC-0043' }],
};

const binding = {
  pos_location_id: 'loc_01HZX6D3F5G7H9J1K3M5N7P9QR',
  dsp_provider_id: 'dd-store-311874',
  dsp_store_name: 'Taco Loco (Mission St)',
};

const orgCreate = {
  name: 'Taco Loco Group',
  provider_id: 'taco-loco-group-4471',
  user: { email: 'maria.lopez@tacoloco.example', first_name: 'Maria', last_name: 'Lopez' },
};

const dspBinding = {
  _id: 'dsb_01HZX9T5V7W9X1Y3Z5A7B9C1DE',
  name: 'Taco Loco (Mission St)',
  source: 'doordash',
  status: 'APPROVED',
  change_time: '2025-06-03T17:45:12Z',
};

const orgLocation = {
  _id: 'loc_01HZX6D3F5G7H9J1K3M5N7P9QR',
  name: 'Taco Loco Mission',
  source: 'example-pos',
  status: 'active',
  dsps: [dspBinding],
};

const billingReport = {
  reportMonth: '2025-05',
  partnerId: 'ptr_01HZX0A1B2C3D4E5F6G7H8J9KM',
  locations: ['loc_01HZX6D3F5G7H9J1K3M5N7P9QR'],
  metrics: { activeLocations: 3, newActivations: 1, newOnboardings: 1 },
};

const SCOPES = ['user', 'onboarding', 'legacy_onboarding', 'sso', 'billing'];
const ROLES = ['owner', 'admin', 'manager', 'team_member', 'custom'];
const ONBOARDING_STATUSES = ['pending', 'waiting_for_oauth', 'active', 'deprovisioned'];
const BINDING_STATUSES = ['APPROVED', 'pending', 'needs_reconnection', 'waiting_for_deprovision', 'deprovisioned'];
const ORG_LOCATION_STATUSES = ['active', 'pending', 'waiting_for_deprovision', 'deprovisioned'];

const cases: RuleCase[] = [
  // Partner token scopes
  ...SCOPES.map((scope) => accepts(`accepts the token scope ${scope}`, 'PartnerTokenScope', scope)),
  rejects('rejects the token scope admin, which is not a Stream scope', 'PartnerTokenScope', 'admin'),
  rejects('rejects a token scope spelled in upper case (BILLING)', 'PartnerTokenScope', 'BILLING'),

  // Creating and renaming partner tokens
  accepts('accepts a token request with org_id, token_name and scopes', 'PartnerTokenCreateRequest', tokenCreate),
  ...(['org_id', 'token_name', 'scopes'] as const).map((key) =>
    rejects(`rejects a token request without ${key}`, 'PartnerTokenCreateRequest', without(tokenCreate, key)),
  ),
  rejects('rejects a token request with an empty scopes list', 'PartnerTokenCreateRequest', { ...tokenCreate, scopes: [] }),
  rejects('rejects a token request that lists a scope twice', 'PartnerTokenCreateRequest', {
    ...tokenCreate,
    scopes: ['sso', 'sso'],
  }),
  rejects('rejects a token request with an unknown scope', 'PartnerTokenCreateRequest', { ...tokenCreate, scopes: ['admin'] }),
  rejects('rejects a token request with a misspelt field (tokenName)', 'PartnerTokenCreateRequest', {
    org_id: tokenCreate.org_id,
    tokenName: tokenCreate.token_name,
    scopes: tokenCreate.scopes,
  }),
  accepts('accepts a rename with a new token_name', 'PartnerTokenRenameRequest', { token_name: 'POS sync (rotated)' }),
  rejects('rejects a rename with an empty token_name', 'PartnerTokenRenameRequest', { token_name: '' }),
  rejects('rejects a rename that also tries to change the scopes', 'PartnerTokenRenameRequest', {
    token_name: 'POS sync',
    scopes: ['user'],
  }),

  // OAuth token request
  accepts('accepts a client_credentials grant without a refresh_token', 'OAuthTokenRequest', clientCredentials),
  accepts('accepts a client_credentials grant with exp in seconds and requested scopes', 'OAuthTokenRequest', {
    ...clientCredentials,
    exp: 1767229200,
    scopes: ['onboarding', 'sso'],
  }),
  accepts('accepts a refresh_token grant that carries its refresh_token', 'OAuthTokenRequest', refreshGrant),
  rejects('rejects an OAuth request whose grant_type is password', 'OAuthTokenRequest', {
    ...clientCredentials,
    grant_type: 'password',
  }),
  rejects('rejects an OAuth request whose grant_type is authorization_code', 'OAuthTokenRequest', {
    ...clientCredentials,
    grant_type: 'authorization_code',
  }),
  rejects('rejects an OAuth request without grant_type', 'OAuthTokenRequest', without(clientCredentials, 'grant_type')),
  rejects('rejects a refresh_token grant without a refresh_token', 'OAuthTokenRequest', without(refreshGrant, 'refresh_token')),
  rejects('rejects a client_credentials grant that carries a refresh_token', 'OAuthTokenRequest', {
    ...clientCredentials,
    refresh_token: refreshGrant.refresh_token,
  }),
  rejects('rejects a client_credentials grant without client_secret', 'OAuthTokenRequest', without(clientCredentials, 'client_secret')),
  rejects('rejects a refresh_token grant without client_id', 'OAuthTokenRequest', without(refreshGrant, 'client_id')),
  rejects('rejects an exp given as a date string instead of seconds since the epoch', 'OAuthTokenRequest', {
    ...clientCredentials,
    exp: '2026-01-01T01:00:00Z',
  }),
  rejects('rejects a negative exp', 'OAuthTokenRequest', { ...clientCredentials, exp: -1 }),
  rejects('rejects an OAuth request for an unknown scope', 'OAuthTokenRequest', { ...clientCredentials, scopes: ['admin'] }),
  rejects('rejects an OAuth request with an empty scopes list', 'OAuthTokenRequest', { ...clientCredentials, scopes: [] }),

  // OAuth token response
  accepts('accepts a token response with token_type bearer and expires_in of one hour', 'OAuthTokenResponse', tokenResponse),
  rejects('rejects a token response whose token_type is mac', 'OAuthTokenResponse', { ...tokenResponse, token_type: 'mac' }),
  rejects('rejects a token response whose token_type is Bearer with a capital B', 'OAuthTokenResponse', {
    ...tokenResponse,
    token_type: 'Bearer',
  }),
  rejects('rejects an expires_in longer than one hour', 'OAuthTokenResponse', { ...tokenResponse, expires_in: 3601 }),
  rejects('rejects an expires_in given as an epoch timestamp instead of seconds', 'OAuthTokenResponse', {
    ...tokenResponse,
    expires_in: 1767229200,
  }),
  rejects('rejects a fractional refresh_token_expires_in', 'OAuthTokenResponse', {
    ...tokenResponse,
    refresh_token_expires_in: 2592000.5,
  }),
  ...(['access_token', 'token_type', 'refresh_token', 'expires_in', 'refresh_token_expires_in', 'scopes'] as const).map(
    (key) => rejects(`rejects a token response without ${key}`, 'OAuthTokenResponse', without(tokenResponse, key)),
  ),

  // White-label SSO
  accepts('accepts an SSO request with only email, full_name and phone_number', 'SsoSessionRequest', ssoRequest),
  ...ROLES.map((role) =>
    accepts(`accepts an SSO request for the role ${role}`, 'SsoSessionRequest', {
      ...ssoRequest,
      role,
      provider_org_id: 'taco-loco-group-4471',
    }),
  ),
  rejects('rejects an SSO request for the role superuser', 'SsoSessionRequest', { ...ssoRequest, role: 'superuser' }),
  rejects('rejects an SSO request for the role Owner in title case', 'SsoSessionRequest', { ...ssoRequest, role: 'Owner' }),
  ...(['email', 'full_name', 'phone_number'] as const).map((key) =>
    rejects(`rejects an SSO request without ${key}`, 'SsoSessionRequest', without(ssoRequest, key)),
  ),
  accepts('accepts a UK mobile number in E.164', 'SsoSessionRequest', { ...ssoRequest, phone_number: '+447911123456' }),
  rejects('rejects a phone number written (415) 555-0123', 'SsoSessionRequest', { ...ssoRequest, phone_number: '(415) 555-0123' }),
  rejects('rejects a phone number without the leading plus sign', 'SsoSessionRequest', { ...ssoRequest, phone_number: '14155550123' }),
  rejects('rejects a phone number longer than 15 digits', 'SsoSessionRequest', { ...ssoRequest, phone_number: '+1415555012345678' }),
  rejects('rejects an SSO email without a domain', 'SsoSessionRequest', { ...ssoRequest, email: 'maria.lopez@' }),
  rejects('rejects an empty full_name', 'SsoSessionRequest', { ...ssoRequest, full_name: '' }),
  rejects('rejects an SSO request with a misspelt field (fullName)', 'SsoSessionRequest', {
    email: ssoRequest.email,
    fullName: ssoRequest.full_name,
    phone_number: ssoRequest.phone_number,
  }),
  accepts('accepts an SSO response with an sso_login_token', 'SsoSessionResponse', { sso_login_token: 'sso_7c1f3e9a' }),
  rejects('rejects an SSO response without sso_login_token', 'SsoSessionResponse', {}),

  // Onboarding integrations
  accepts('accepts an onboarding request with org_id, source, type and return_url', 'OnboardingIntegrationCreateRequest', onboardingCreate),
  ...(['org_id', 'source', 'type', 'return_url'] as const).map((key) =>
    rejects(`rejects an onboarding request without ${key}`, 'OnboardingIntegrationCreateRequest', without(onboardingCreate, key)),
  ),
  accepts('accepts an onboarding request of type dsp', 'OnboardingIntegrationCreateRequest', {
    ...onboardingCreate,
    source: 'example-dsp',
    type: 'dsp',
  }),
  rejects('rejects an onboarding request of type kiosk', 'OnboardingIntegrationCreateRequest', { ...onboardingCreate, type: 'kiosk' }),
  rejects('rejects an onboarding request of type POS in upper case', 'OnboardingIntegrationCreateRequest', {
    ...onboardingCreate,
    type: 'POS',
  }),
  rejects('rejects a return_url that is not https', 'OnboardingIntegrationCreateRequest', {
    ...onboardingCreate,
    return_url: 'http://app.examplepos.example/stream/onboarding/callback',
  }),
  rejects('rejects a return_url that is not a URL', 'OnboardingIntegrationCreateRequest', {
    ...onboardingCreate,
    return_url: 'app.examplepos.example/callback',
  }),
  ...ONBOARDING_STATUSES.map((status) =>
    accepts(`accepts the onboarding status ${status}`, 'OnboardingStatus', status),
  ),
  rejects('rejects the onboarding status completed', 'OnboardingStatus', 'completed'),
  rejects('rejects the onboarding status revoked', 'OnboardingStatus', 'revoked'),
  accepts('accepts a pending onboarding before merchant_id and integration_id are known', 'OnboardingIntegration', onboardingPending),
  accepts('accepts an active onboarding with merchant_id, partner_org_id and integration_id', 'OnboardingIntegration', {
    ...onboardingPending,
    status: 'active',
    merchant_id: 'mer_5521907',
    partner_org_id: 'acct_88310',
    integration_id: 'int_01HZX8R4S6T8V0W2X4Y6Z8A0BC',
  }),
  rejects('rejects an onboarding without entry_url', 'OnboardingIntegration', without(onboardingPending, 'entry_url')),
  rejects('rejects an onboarding whose entry_url is not a URL', 'OnboardingIntegration', {
    ...onboardingPending,
    entry_url: 'start onboarding',
  }),
  rejects('rejects an onboarding whose type is neither pos nor dsp', 'OnboardingIntegration', { ...onboardingPending, type: 'events' }),
  accepts('accepts a completion with an OAuth code', 'OnboardingIntegrationCompleteRequest', { code: 'ac_4Jd9QeX2mT7pLk8Rz3Vw' }),
  rejects('rejects a completion without a code', 'OnboardingIntegrationCompleteRequest', {}),
  rejects('rejects a completion with an empty code', 'OnboardingIntegrationCompleteRequest', { code: '' }),

  // Addresses
  accepts('accepts an address with only address_line_1', 'Address', { address_line_1: '1600 Mission St' }),
  accepts('accepts a full address', 'Address', {
    formatted_address: '1600 Mission St, Suite 200, San Francisco, CA 94103, US',
    address_line_1: '1600 Mission St',
    address_line_2: 'Suite 200',
    address_line_3: 'Rear entrance',
    postal_code: '94103',
    locality: 'San Francisco',
    administrative_district_level_1: 'CA',
    country: 'US',
    latitude: 37.7687,
    longitude: -122.4156,
  }),
  rejects('rejects an address without address_line_1', 'Address', { locality: 'San Francisco', country: 'US' }),
  accepts('accepts latitude -90 and longitude 180 at the edges of their ranges', 'Address', {
    address_line_1: 'Pole',
    latitude: -90,
    longitude: 180,
  }),
  rejects('rejects a latitude above 90', 'Address', { address_line_1: '1600 Mission St', latitude: 90.5 }),
  rejects('rejects a latitude below -90', 'Address', { address_line_1: '1600 Mission St', latitude: -91 }),
  rejects('rejects a longitude above 180', 'Address', { address_line_1: '1600 Mission St', longitude: 180.1 }),
  rejects('rejects a longitude below -180', 'Address', { address_line_1: '1600 Mission St', longitude: -200 }),
  rejects('rejects a latitude given as a string', 'Address', { address_line_1: '1600 Mission St', latitude: '37.7687' }),
  accepts('accepts the ISO 3166-2 subdivision NSW', 'Address', { address_line_1: '1 Macquarie St', administrative_district_level_1: 'NSW', country: 'AU' }),
  rejects('rejects a subdivision that keeps its country prefix (US-CA)', 'Address', {
    address_line_1: '1600 Mission St',
    administrative_district_level_1: 'US-CA',
  }),
  rejects('rejects a state written out as California', 'Address', {
    address_line_1: '1600 Mission St',
    administrative_district_level_1: 'California',
  }),
  rejects('rejects a country given as the alpha-3 code USA', 'Address', { address_line_1: '1600 Mission St', country: 'USA' }),
  rejects('rejects a country code in lower case', 'Address', { address_line_1: '1600 Mission St', country: 'us' }),
  rejects('rejects an address with a field the shared address does not define', 'Address', { address_line_1: '1600 Mission St', city: 'San Francisco' }),
  rejects('rejects an empty formatted_address', 'Address', { address_line_1: '1600 Mission St', formatted_address: '' }),

  // Onboarding locations, ingest and bind
  accepts('accepts an onboarding location without an address', 'OnboardingLocation', {
    provider_id: 'LOC-0042',
    name: 'Taco Loco Mission',
    source: 'example-pos',
  }),
  rejects('rejects an onboarding location without provider_id', 'OnboardingLocation', { name: 'Taco Loco Mission', source: 'example-pos' }),
  rejects('rejects an onboarding location whose address lacks address_line_1', 'OnboardingLocation', {
    provider_id: 'LOC-0042',
    name: 'Taco Loco Mission',
    source: 'example-pos',
    address: { locality: 'San Francisco' },
  }),
  accepts('accepts an ingest request listing provider ids', 'LocationIngestRequest', ingestRequest),
  rejects('rejects an ingest request without onboarding_id', 'LocationIngestRequest', without(ingestRequest, 'onboarding_id')),
  rejects('rejects an ingest request with no locations', 'LocationIngestRequest', { ...ingestRequest, locations: [] }),
  rejects('rejects an ingest request that lists a provider_id twice', 'LocationIngestRequest', {
    ...ingestRequest,
    locations: [{ provider_id: 'LOC-0042' }, { provider_id: 'LOC-0042' }],
  }),
  rejects('rejects an ingest location without provider_id', 'LocationIngestRequest', { ...ingestRequest, locations: [{}] }),
  rejects('rejects an ingest location with fields other than provider_id', 'LocationIngestRequest', {
    ...ingestRequest,
    locations: [{ provider_id: 'LOC-0042', name: 'Taco Loco Mission' }],
  }),
  accepts('accepts an ingest response with _id and provider_id', 'LocationIngestResponse', {
    locations: [{ _id: 'loc_01HZX6D3F5G7H9J1K3M5N7P9QR', provider_id: 'LOC-0042' }],
  }),
  rejects('rejects an ingest response location without _id', 'LocationIngestResponse', { locations: [{ provider_id: 'LOC-0042' }] }),
  accepts('accepts a bind request with pos_location_id, dsp_provider_id and dsp_store_name', 'LocationBindRequest', {
    onboarding_id: 'onb_01HZXB7C9D1E3F5G7H9J1K3M5N',
    locations: [binding],
  }),
  ...(['pos_location_id', 'dsp_provider_id', 'dsp_store_name'] as const).map((key) =>
    rejects(`rejects a binding without ${key}`, 'LocationBindRequest', {
      onboarding_id: 'onb_01HZXB7C9D1E3F5G7H9J1K3M5N',
      locations: [without(binding, key)],
    }),
  ),
  rejects('rejects a bind request that sets the status itself', 'LocationBindRequest', {
    onboarding_id: 'onb_01HZXB7C9D1E3F5G7H9J1K3M5N',
    locations: [{ ...binding, status: 'APPROVED' }],
  }),
  rejects('rejects a bind request with no locations', 'LocationBindRequest', { onboarding_id: 'onb_01HZXB7C9D1E3F5G7H9J1K3M5N', locations: [] }),
  accepts('accepts a bind response whose binding is pending', 'LocationBindResponse', { locations: [{ ...binding, status: 'pending' }] }),
  rejects('rejects a bind response binding without status', 'LocationBindResponse', { locations: [binding] }),
  rejects('rejects a bind response with status approved in lower case', 'LocationBindResponse', {
    locations: [{ ...binding, status: 'approved' }],
  }),

  // DSP binding status
  ...BINDING_STATUSES.map((status) => accepts(`accepts the DSP binding status ${status}`, 'DspBindingStatus', status)),
  rejects('rejects the binding status approved in lower case (APPROVED is upper case)', 'DspBindingStatus', 'approved'),
  rejects('rejects the binding status Approved in title case', 'DspBindingStatus', 'Approved'),
  rejects('rejects the binding status PENDING in upper case (only APPROVED is upper case)', 'DspBindingStatus', 'PENDING'),
  rejects('rejects the binding status active, which belongs to locations', 'DspBindingStatus', 'active'),

  // Organizations
  accepts('accepts an organization request with name, provider_id and a user', 'OrganizationCreateRequest', orgCreate),
  ...(['name', 'provider_id', 'user'] as const).map((key) =>
    rejects(`rejects an organization request without ${key}`, 'OrganizationCreateRequest', without(orgCreate, key)),
  ),
  ...(['email', 'first_name', 'last_name'] as const).map((key) =>
    rejects(`rejects an organization request whose user has no ${key}`, 'OrganizationCreateRequest', {
      ...orgCreate,
      user: without(orgCreate.user, key),
    }),
  ),
  rejects('rejects an organization user with an invalid email', 'OrganizationCreateRequest', {
    ...orgCreate,
    user: { ...orgCreate.user, email: 'maria.lopez@' },
  }),
  rejects('rejects an organization user with an unknown field (phone)', 'OrganizationCreateRequest', {
    ...orgCreate,
    user: { ...orgCreate.user, phone: '+14155550123' },
  }),
  accepts('accepts an organization response with org_id and user_id', 'OrganizationCreateResponse', {
    org_id: 'org_01HZX3K8J9Q2W7V5N4M6B1C0DE',
    user_id: 'usr_01HZX3K9B2C4D6E8F0G1H3J5KM',
  }),
  rejects('rejects an organization response without user_id', 'OrganizationCreateResponse', { org_id: 'org_01HZX3K8J9Q2W7V5N4M6B1C0DE' }),

  // Organization locations
  ...ORG_LOCATION_STATUSES.map((status) =>
    accepts(`accepts the organization location status ${status}`, 'OrganizationLocationStatus', status),
  ),
  rejects('rejects the organization location status inactive', 'OrganizationLocationStatus', 'inactive'),
  rejects('rejects the organization location status needs_reconnection, which belongs to DSP bindings', 'OrganizationLocationStatus', 'needs_reconnection'),
  accepts('accepts an organization location with an APPROVED DSP binding', 'OrganizationLocation', orgLocation),
  accepts('accepts an organization location with no DSP bindings yet', 'OrganizationLocation', { ...orgLocation, dsps: [] }),
  rejects('rejects an organization location whose status is APPROVED', 'OrganizationLocation', { ...orgLocation, status: 'APPROVED' }),
  rejects('rejects a DSP binding on a location with status approved in lower case', 'OrganizationLocation', {
    ...orgLocation,
    dsps: [{ ...dspBinding, status: 'approved' }],
  }),
  rejects('rejects a DSP binding whose change_time is not a date-time', 'OrganizationLocation', {
    ...orgLocation,
    dsps: [{ ...dspBinding, change_time: '03/06/2025 17:45' }],
  }),
  rejects('rejects an organization location without dsps', 'OrganizationLocation', without(orgLocation, 'dsps')),

  // Billing reports
  accepts('accepts a billing report for May 2025', 'BillingReport', billingReport),
  rejects('rejects a reportMonth of 2025-13', 'BillingReport', { ...billingReport, reportMonth: '2025-13' }),
  rejects('rejects a reportMonth without a leading zero (2025-5)', 'BillingReport', { ...billingReport, reportMonth: '2025-5' }),
  rejects('rejects a reportMonth written as a full date', 'BillingReport', { ...billingReport, reportMonth: '2025-05-01' }),
  rejects('rejects a negative metric', 'BillingReport', { ...billingReport, metrics: { ...billingReport.metrics, newActivations: -1 } }),
  rejects('rejects a fractional metric', 'BillingReport', { ...billingReport, metrics: { ...billingReport.metrics, activeLocations: 2.5 } }),
  rejects('rejects metrics without newOnboardings', 'BillingReport', {
    ...billingReport,
    metrics: { activeLocations: 3, newActivations: 1 },
  }),
  rejects('rejects snake_case report_month in place of reportMonth', 'BillingReport', {
    report_month: '2025-05',
    partnerId: billingReport.partnerId,
    locations: billingReport.locations,
    metrics: billingReport.metrics,
  }),
];

describe('the partner contract rules', () => {
  it.each(cases)('$title', async ({ schema, value, valid }) => {
    const validate = await validatorFor('partner', schema);
    const ok = validate(value);
    if (valid) expect(ok, describeErrors(validate.errors)).toBe(true);
    else expect(ok).toBe(false);
  });
});

type Doc = Record<string, any>;

const resolveRef = (doc: Doc, node: any): any => {
  while (node && typeof node.$ref === 'string') {
    node = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((acc: any, seg: string) => acc?.[seg.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return node;
};

const OPERATIONS = [
  'listPartnerTokens',
  'createPartnerToken',
  'renamePartnerToken',
  'deletePartnerToken',
  'requestOAuthToken',
  'generateSsoSession',
  'createOnboardingIntegration',
  'getOnboardingIntegration',
  'completeOnboardingIntegration',
  'revokeOnboardingIntegration',
  'listOnboardingLocations',
  'ingestOnboardingLocations',
  'bindOnboardingLocations',
  'createOrganization',
  'listOrganizationLocations',
  'listBillingReports',
  'getRawBillingReport',
  'getBillingInvoice',
];

async function operations(): Promise<Array<{ route: string; method: string; op: Doc }>> {
  const doc = (await loadSpec('partner')) as Doc;
  return Object.entries(doc.paths as Doc).flatMap(([route, item]) =>
    Object.entries(resolveRef(doc, item) as Doc)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, op]) => ({ route, method, op: op as Doc })),
  );
}

describe('the partner contract operations', () => {
  it('documents exactly the calls of the Partner API table, with their operation ids', async () => {
    const ops = await operations();
    expect(ops.map((o) => o.op.operationId).sort()).toEqual([...OPERATIONS].sort());
  });

  it('says on every operation that the partner calls Stream', async () => {
    for (const { route, method, op } of await operations()) {
      expect(op['x-caller'], `${method} ${route}`).toBe('partner');
      expect(op['x-host'], `${method} ${route}`).toBe('stream');
      expect(op.description, `${method} ${route}`).toMatch(/^Your backend calls Stream to /);
    }
  });

  it('needs no bearer token for the OAuth token endpoint and the billing endpoints, and one everywhere else', async () => {
    const doc = (await loadSpec('partner')) as Doc;
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const { route, method, op } of await operations()) {
      const open = route === '/oauth/token' || route.startsWith('/billing/');
      if (open) expect(op.security, `${method} ${route}`).toEqual([]);
      else expect(op.security, `${method} ${route}`).toBeUndefined();
    }
  });

  it('answers 429 with a Retry-After header on every operation', async () => {
    const doc = (await loadSpec('partner')) as Doc;
    for (const { route, method, op } of await operations()) {
      const tooMany = resolveRef(doc, op.responses['429']);
      expect(tooMany?.headers?.['Retry-After'], `${method} ${route}`).toBeDefined();
    }
  });

  it('validates the examples of the shared responses, which the example test does not visit', async () => {
    const doc = (await loadSpec('partner')) as Doc;
    const failures: string[] = [];
    let checked = 0;
    for (const [name, response] of Object.entries((doc.components?.responses ?? {}) as Doc)) {
      for (const [mediaType, media] of Object.entries((response.content ?? {}) as Doc)) {
        const pointer = `#/components/responses/${name}/content/${mediaType.replace(/\//g, '~1')}/schema`;
        const validate = await validatorFor('partner', pointer);
        for (const [exampleName, example] of Object.entries((media.examples ?? {}) as Doc)) {
          checked += 1;
          if (!validate(resolveRef(doc, example).value)) {
            failures.push(`${name} ${exampleName}: ${describeErrors(validate.errors)}`);
          }
        }
      }
      for (const [headerName, header] of Object.entries((response.headers ?? {}) as Doc)) {
        const resolved = resolveRef(doc, header);
        if ('example' in resolved) {
          const validate = await validatorFor('partner', `#/components/headers/${(header.$ref as string).split('/').pop()}/schema`);
          checked += 1;
          if (!validate(resolved.example)) failures.push(`${name} header ${headerName}: ${describeErrors(validate.errors)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });
});
