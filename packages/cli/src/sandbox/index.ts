// The sandbox's public face: the one module the rooms above it (certify, console, commands) import.
// Everything else in sandbox/ is its own business.
export { startSandbox } from './server.js';
export { unhandledOperations } from './contract-routes.js';
export { LOG_LIMITS } from './exchange-log.js';
export { DEMO_ORG_ID } from './state.js';
export { DEFAULT_AGREED_SOURCES, DEFAULT_REGISTERED_HOSTS } from './partner-access.js';
export { checkSignature } from './inbound.js';
export { answerEarly, type EarlyAnswer } from './guard.js';
export { controlPurpose, isLoopbackPeer, newControlToken, refuseWith, remoteReason, sameToken, type ControlGate, type ControlKind } from './control-gate.js';
export type { HandlerContext, SandboxConfig } from './context.js';
export {
  SANDBOX_DEFAULTS,
  type RecordedExchange,
  type RegisterOrderOptions,
  type RunningSandbox,
  type SandboxCredentials,
  type SandboxExchange,
  type SandboxOptions,
  type SandboxStateSummary,
  type SandboxStateView,
} from './types.js';
export { CANCEL_AFTER_ITS_ORDER } from './dsp-order-rules.js';
export { MAX_OUTAGE_REQUESTS, OUTAGE_STATUSES } from './outages.js';
