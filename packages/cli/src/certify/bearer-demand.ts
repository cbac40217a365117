// A 401 to a correctly signed call on an endpoint that takes no bearer token, whose answer asks for
// one: the partner kept an Authorization gate (from a POS or DSP integration) in front of a
// signature-only endpoint, so pointing them at their signature check would send them the wrong way.

/** Words of an answer that asks for a bearer token or an Authorization header. */
const BEARER_DEMAND = /\bbearer\b|\bauthori[sz]ation\b|\binvalid_token\b|\baccess[ _-]?token\b/i;

/** The hint for such a refusal, or undefined when the call carried a token or the answer asks for none. */
export function bearerDemandNote(refused: { readonly what: string; readonly signatureOnly?: true; readonly response: { readonly body?: string } }): string | undefined {
  if (refused.signatureOnly !== true || !BEARER_DEMAND.test(refused.response.body ?? '')) return undefined;
  return ` Your server answered 401 to a correctly signed call (${refused.what}) and its answer asks for a bearer token: Stream sends this endpoint no Authorization header, only Stream-Signature (the contract's security is empty). Remove the bearer-token check in front of this endpoint and authenticate the call by its Stream-Signature alone.`;
}
