// What a partner's client may reach, and what Stream holds for the partner account: the
// organizations a client acts on, the registered `return_url` hosts and the agreed sources.
// Stream refuses the rest, so the sandbox does too: a partner's error paths can be exercised.
import { errorReply, type HandlerContext, type HandlerReply } from './context.js';
import type { AccessTokenRecord, OnboardingRecord, SandboxState } from './state.js';

/** The `return_url` hosts the sandbox treats as registered when `--registered-host` is not given. */
export const DEFAULT_REGISTERED_HOSTS: readonly string[] = ['app.examplepos.example', 'localhost', '127.0.0.1'];
/** The POS and DSP slugs the sandbox treats as agreed when `--agreed-source` is not given. */
export const DEFAULT_AGREED_SOURCES: readonly string[] = ['example-pos', 'example-dsp', 'doordash'];

/** The organization of the partner token an access token was issued for; `undefined` once that token is deleted. */
export function clientOrganization(state: SandboxState, token: AccessTokenRecord): string | undefined {
  return state.partner_tokens.find((candidate) => candidate.client_id === token.client_id)?.org_id;
}

/**
 * A client acts on its own organization and on the organizations that organization's clients
 * created with `POST /onboarding/org`: a white-label partner's own client reaches every merchant it
 * created; a client created for one merchant reaches that merchant only.
 */
export function organizationReachable(state: SandboxState, clientOrg: string | undefined, orgId: string): boolean {
  if (clientOrg === undefined) return false;
  if (clientOrg === orgId) return true;
  return state.organizations.some((org) => org.org_id === orgId && org.created_by_org_id === clientOrg);
}

/** The 403 for an organization outside the client's reach; `undefined` when it may act there. */
export function organizationForbidden(context: HandlerContext, token: AccessTokenRecord, orgId: string): HandlerReply | undefined {
  const clientOrg = clientOrganization(context.state, token);
  if (organizationReachable(context.state, clientOrg, orgId)) return undefined;
  return errorReply(
    403,
    'organization_forbidden',
    `Client ${token.client_id} belongs to organization ${clientOrg ?? '(deleted)'} and cannot act on organization ${orgId}. Use a client of ${orgId}, or of the organization that created it.`,
  );
}

/** The same rule for an onboarding, which belongs to its organization. */
export function onboardingForbidden(context: HandlerContext, token: AccessTokenRecord, onboarding: OnboardingRecord): HandlerReply | undefined {
  return organizationForbidden(context, token, onboarding.org_id);
}

/** The 400 for a `return_url` on a host not registered for the partner account, or a source not agreed. */
export function unregisteredOnboarding(context: HandlerContext, body: { source: string; return_url: string }): HandlerReply | undefined {
  const { registeredHosts, agreedSources } = context.config;
  let host: string;
  try {
    host = new URL(body.return_url).hostname.toLowerCase();
  } catch {
    return errorReply(400, 'invalid_request', `return_url ${body.return_url} is not an absolute https URL.`);
  }
  if (!registeredHosts.includes(host)) {
    return errorReply(
      400,
      'return_url_not_registered',
      `return_url host ${host} is not registered for your partner account; registered: ${registeredHosts.join(', ')}. Use one of them, or agree the host with Stream first.`,
    );
  }
  if (!agreedSources.includes(body.source)) {
    return errorReply(
      400,
      'source_not_agreed',
      `source ${body.source} is not agreed for your partner account; agreed: ${agreedSources.join(', ')}. Use one of them, or agree the source with Stream first.`,
    );
  }
  return undefined;
}
