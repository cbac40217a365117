// @stream-partner/contracts: types, validators and webhook signatures for Stream's partner contracts.

export { StreamContractsError, isSignatureError } from './errors.js';
export type { StreamContractsErrorCode, ValidationIssue } from './errors.js';

export { STREAM_SIGNATURE_HEADER, getSignatureHeader, signWebhook, verifyWebhook } from './webhook.js';
export type {
  HeadersLike,
  RawBody,
  SignWebhookOptions,
  VerifyWebhookOptions,
  VerifyWithHeaders,
  VerifyWithSignature,
  WebhookSecret,
} from './webhook.js';

export { API_NAMES, assertValid, contractInfo, isValid, listSchemas, validate, validators } from './validate.js';
export type { SchemaValidator, ValidationResult, Validators } from './validate.js';

export type { ApiName, ContractSchemas, Schema, SchemaName } from './types.js';
export type { JsonSchema, SchemaDocument } from './schema-document.js';

// Every generated type of each contract, by schema name: `Dsp.NewOrder`, `Events.OrderEvent`,
// `Pos.Catalog`; plus `paths`, `webhooks`, `operations` and `components` as openapi-typescript
// emits them.
export type * as Partner from './generated/partner.js';
export type * as Dsp from './generated/dsp.js';
export type * as Pos from './generated/pos.js';
export type * as Events from './generated/events.js';
