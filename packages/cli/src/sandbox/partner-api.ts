// The partner API as the sandbox plays it: OAuth client credentials, partner tokens, white-label
// sessions, onboarding, organizations and billing, with state, as the partner contract describes.
import type { Handler } from './context.js';
import { listPartnerTokens, createPartnerToken, renamePartnerToken, deletePartnerToken, requestOAuthToken, generateSsoSession } from './partner-auth.js';
import { listBillingReports, getRawBillingReport, getBillingInvoice } from './partner-billing.js';
import { createOnboardingIntegration, getOnboardingIntegration, completeOnboardingIntegration, revokeOnboardingIntegration, listOnboardingLocations, ingestOnboardingLocations, bindOnboardingLocations, createOrganization, listOrganizationLocations } from './partner-onboarding.js';

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
