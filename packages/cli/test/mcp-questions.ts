// Questions partners ask in their own words, each with the places in the docs that answer it:
// search_docs must rank one of them in its first three results (mcp-search.test.ts), and
// `npm run bench -- --only=mcp` times the same questions.
const POS = '/docs/become-a-stream-integration/integrate-with-stream-as-a-pos';
const DSP = '/docs/become-a-stream-integration/integrate-with-stream-as-a-dsp';
const EVENTS = '/docs/become-a-stream-integration/integrate-with-stream-events';
const HMAC = '/docs/authenticating/implementing-hmac-webhook-authentication';

/** A question and the places that answer it: a path with an anchor must match exactly; a path without one, any section of that page. */
export const QUESTIONS: readonly (readonly [string, readonly string[]])[] = [
  ['how do I verify the webhook secret', [`${HMAC}#verify-a-signature`]],
  ["my webhook secret doesn't match", [`${HMAC}#verify-a-signature`, `${HMAC}#answer-a-bad-signature`]],
  ['how do I pause a store', [`${DSP}/integration-steps/location-management#location-paused`, '/api/become-a-dsp#webhook/location.paused']],
  ['close my restaurant early today', [`${POS}/integration-steps/location-management#location-status`, `${DSP}/integration-steps/location-management#location-paused`, '/api/become-a-dsp#webhook/location.paused']],
  ['where do I upload my menu', [`${DSP}/integration-steps/menu-ingestion`, `${DSP}/integration-steps/location-management#location-publish`, '/api/become-a-dsp#webhook/location.publish']],
  ["how do I mark an item as 86'd", [`${POS}/integration-steps/order-management/webhook-events#location-catalog-object-updated`, '/api/become-a-pos#webhook/location.catalog.object.updated']],
  ['how do I get an access token', ['/docs/authenticating/requesting-a-token#request-an-access-token', '/api#operation/requestOAuthToken']],
  ['how do I refresh an expired token', ['/docs/authenticating/requesting-a-token#refresh-before-expiry', '/docs/authenticating/implementing-oauth-2-into-your-product#refresh-the-access-token']],
  ['test my integration locally', ['/docs/become-a-stream-integration/test-locally-with-the-sandbox']],
  ['run stream on my laptop', ['/docs/become-a-stream-integration/test-locally-with-the-sandbox']],
  ['stream keeps sending the same event twice', [`${HMAC}#replays-and-duplicates`]],
  ['how do I refuse an order', [`${POS}/integration-steps/order-management#refuse-an-order`, `${EVENTS}/handling-events#refuse-an-order`]],
  ['assign a driver to an order', [`${EVENTS}/order-state-events/assign-driver`]],
  ['connect a merchant to my POS', [`${POS}/integration-steps/merchant-onboarding`]],
  ['sso login for a white label app', ['/docs/white-label-stream/performing-sso-login']],
  ['what do I need to pass to go live', ['/docs/become-a-stream-integration/certification', '/docs/white-label-stream/become-a-white-label-partner#the-path-to-going-live']],
  ['what is a provider_id', [`${POS}/integration-steps/catalog-management/catalog-object-provider-id`]],
  ['how do I tell stream an order is ready for pickup', [`${DSP}/integration-steps/order-management#handle-ready-for-pickup`, '/api/become-a-pos#webhook/order.status.updated']],
];
