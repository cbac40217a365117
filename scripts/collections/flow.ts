// What the contracts cannot say: how one request feeds the next when a collection runs top to
// bottom. Everything else (requests, parameters, bodies, statuses, schemas) comes from the
// contracts. A new operation needs no entry here unless it depends on an earlier answer; the
// collection tests run every operation and fail if one needs an entry and has none.

export interface Step {
  /** Parameter name to the value sent, usually a variable: `{ id: '{{onboarding_id}}' }`. */
  readonly params?: Readonly<Record<string, string>>;
  /** Body field (a dotted path, `locations.0.pos_location_id`) to the value sent; `null` removes it. */
  readonly body?: Readonly<Record<string, string | null>>;
  /** Variable to the JSON path in the answer it is taken from: `{ token_id: '_id' }`. */
  readonly captures?: Readonly<Record<string, string>>;
  /** A named preparation the request's pre-request script runs (see scripts.ts). */
  readonly prepare?: 'fresh-onboarding' | 'unique-suffix' | 'sandbox-consent' | 'dsp-onboarding' | 'now-ms';
  /** The authorize call: do not follow the redirect; take the code from its Location. */
  readonly authorize?: boolean;
  /** The token exchange: keep the partner's access and refresh tokens for the next calls. */
  readonly exchange?: boolean;
}

/** Parameters that every operation naming them takes from the same variable. */
export const SHARED_PARAMS: Readonly<Record<string, string>> = {
  partner_id: '{{partner_id}}',
  partner_slug: '{{partner_slug}}',
  org_id: '{{org_id}}',
  client_id: '{{stream_client_id}}',
  redirect_uri: '{{stream_redirect_uri}}',
};

const exchangeBody = { client_id: '{{stream_client_id}}', client_secret: '{{stream_client_secret}}', code: '{{authorization_code}}' };

export const FLOW: Readonly<Record<string, Step>> = {
  'partner:requestOAuthToken': { body: { client_id: '{{client_id}}', client_secret: '{{client_secret}}', exp: null } },
  'partner:createPartnerToken': { body: { org_id: '{{org_id}}' }, captures: { token_id: '_id' } },
  'partner:generateSsoSession': { body: { provider_org_id: '{{provider_org_id}}' } },
  'partner:createOnboardingIntegration': { body: { org_id: '{{org_id}}' }, captures: { onboarding_id: '_id', onboarding_entry_url: 'entry_url' } },
  'partner:getOnboardingIntegration': { params: { id: '{{onboarding_id}}' } },
  // The code comes from the merchant's consent at entry_url, in a browser. Against the local
  // sandbox the script asks entry_url for it (?respond=json); elsewhere the environment supplies it.
  'partner:completeOnboardingIntegration': { params: { id: '{{onboarding_id}}' }, body: { code: '{{onboarding_code}}' }, prepare: 'sandbox-consent' },
  // Revokes an onboarding of its own, so the active one stays for the location calls after it.
  'partner:revokeOnboardingIntegration': { params: { id: '{{revoke_onboarding_id}}' }, prepare: 'fresh-onboarding' },
  'partner:listOnboardingLocations': { params: { onboarding_id: '{{onboarding_id}}' }, captures: { offered_location_id: 'locations.0.provider_id' } },
  'partner:ingestOnboardingLocations': {
    body: { onboarding_id: '{{onboarding_id}}', 'locations.0.provider_id': '{{offered_location_id}}', 'locations.1': null },
    captures: { org_location_id: 'locations.0._id' },
  },
  // DSP stores bind with the DSP's own onboarding: the script creates and completes one, as above.
  'partner:bindOnboardingLocations': { body: { onboarding_id: '{{dsp_onboarding_id}}', 'locations.0.pos_location_id': '{{org_location_id}}' }, prepare: 'dsp-onboarding' },
  'partner:createOrganization': { body: { provider_id: 'taco-loco-group-{{unique_suffix}}' }, prepare: 'unique-suffix' },
  'partner:listOrganizationLocations': { params: { id: '{{org_id}}', location_id: '{{org_location_id}}' } },
  'partner:listBillingReports': { captures: { report_month: 'reports.0.reportMonth' } },
  'partner:getRawBillingReport': { params: { file_name: 'billing-{{report_month}}.csv' } },
  'partner:getBillingInvoice': { params: { file_name: 'invoice-{{report_month}}.pdf' } },
  'dsp:authorizeMerchant': { authorize: true },
  'dsp:exchangeToken': { body: exchangeBody, exchange: true },
  'pos:authorizeMerchant': { authorize: true },
  'pos:exchangeToken': { body: exchangeBody, exchange: true },
  // The example order adds bacon, which the starter kit's catalog does not sell: it would answer
  // the documented 400 with a posValidation instead of taking the order.
  // Stream refuses an event whose occurred_at_ms is not about now (event-sent-as-it-happens): the
  // pre-request script sets now_ms to the moment of sending, in place of the example's fixed time.
  // Another time is another event: its event_id and order id are new too, or Stream refuses the reuse.
  'dsp:sendOrderEvent': { body: { event_id: 'evt_dsp_{{now_ms}}', occurred_at_ms: '{{now_ms}}', 'data.id': 'ord_{{now_ms}}' }, prepare: 'now-ms' },
  'pos:receiveOrderEvent': { body: { 'object.line_items.0.modifiers.1': null } },
};
