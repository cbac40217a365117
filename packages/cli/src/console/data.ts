// What the console shows about one exchange: who called whom, the bytes both ways with secrets
// redacted, and two verdicts: the signature (as the sandbox checks it) and the contract (each
// issue with its JSON pointer, the rule it breaks and where the docs explain it).
import { validate } from '@stream-partner/contracts';
import { bodyVerdict, contractVerdict, guideLink, referenceLink, toPointer, type ContractIssue, type ContractVerdict } from '../contract-verdict.js';
import type { Judgement } from '../judge.js';
import { isObject, listOperations, streamHostedOperations, type ApiName, type OperationInfo } from '../openapi.js';
import { parameterExample } from '../trigger/payload.js';
import { listTargets } from '../trigger/targets.js';
import { checkSignature, type HandlerContext, type SandboxConfig } from '../sandbox/index.js';

export { bodyVerdict, contractVerdict, guideLink, referenceLink, toPointer, type ContractIssue, type ContractVerdict };

export type Direction = 'inbound' | 'outbound';
/** `trigger` (and `certify` with a report) also covers the commands run from a terminal, which report to POST /_sandbox/outbound. */
export type ExchangeSource = 'partner' | 'console' | 'certify' | 'replay' | 'explore' | 'trigger';

export interface SignatureVerdict {
  readonly status: 'ok' | 'signature_missing' | 'signature_mismatch' | 'signature_malformed' | 'not_signed';
  readonly why?: string;
}

export interface ConsoleExchange {
  readonly id: number;
  readonly at: string;
  readonly direction: Direction;
  readonly source: ExchangeSource;
  /** Who recorded the row: the sandbox for a call it received, the console for a call it made, a terminal tool holding the console token for a call it reported. Only the last two may be replayed to a partner. */
  readonly recordedBy: 'sandbox' | 'console' | 'terminal';
  readonly audience: ApiName | 'unknown';
  readonly operation?: string;
  readonly event?: string;
  readonly method: string;
  /** Inbound: the path and query. Outbound: the full URL called. */
  readonly url: string;
  /** Absent when there was no answer. */
  readonly status?: number;
  readonly ms: number;
  readonly note?: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody: string;
  readonly responseHeaders: Readonly<Record<string, string>>;
  readonly responseBody: string;
  readonly signature: SignatureVerdict;
  readonly contract: ContractVerdict;
  /** Outbound: the answer judged as `trigger` judges it. */
  readonly judgement?: Judgement;
}

// Shared by every exchange they describe: the console keeps hundreds, and each object kept is work for the garbage collector.
const NOT_SIGNED: SignatureVerdict = Object.freeze({ status: 'not_signed' });
const SIGNATURE_OK: SignatureVerdict = Object.freeze({ status: 'ok' });

/** The signature verdict the sandbox's own check gives for these headers and bytes. */
export function signatureVerdict(operation: OperationInfo | undefined, headers: HandlerContext['headers'], raw: string, config: Pick<SandboxConfig, 'webhookSecret'>): SignatureVerdict {
  if (operation === undefined || !operation.signed) return NOT_SIGNED;
  return refusalVerdict(checkSignature({ headers, rawBody: raw, config } as unknown as HandlerContext));
}

/** The verdict for what the sandbox's signature check answered: nothing (good) or its 401. */
export function refusalVerdict(refused: { readonly body?: unknown } | undefined | null): SignatureVerdict {
  if (refused === undefined || refused === null) return SIGNATURE_OK;
  const body = refused.body as { code: SignatureVerdict['status']; message: string };
  return { status: body.code, why: body.message };
}

/** Replaces the value of every `org_id` key, so an example names an organization the sandbox has. */
function withOrg(value: unknown, orgId: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withOrg(item, orgId));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, key === 'org_id' && typeof item === 'string' ? orgId : withOrg(item, orgId)]));
}

/**
 * What the console's Send and Explore pages need from the contracts, served instead of bundled.
 * Explore's examples name the sandbox's own partner and seeded organization, so they work as they stand.
 */
export function consoleContract(sandbox: { readonly partnerSlug: string; readonly partnerId: string; readonly orgId: string }): unknown {
  const sandboxValues: Readonly<Record<string, string>> = { org_id: sandbox.orgId, partner_slug: sandbox.partnerSlug, partner_id: sandbox.partnerId };
  const parameters = (operation: OperationInfo) =>
    operation.parameters
      .filter((parameter) => String(parameter.name).toLowerCase() !== 'stream-signature' && String(parameter.name).toLowerCase() !== 'authorization')
      .map((parameter) => ({
        name: String(parameter.name),
        in: String(parameter.in),
        required: parameter.required === true,
        example: parameterExample(operation, parameter) ?? '',
        description: typeof parameter.description === 'string' ? parameter.description : '',
      }));
  const examples = (operation: OperationInfo) => [...operation.requestExamples.entries()].map(([name, value]) => ({ name, value }));
  return {
    targets: listTargets().map((target) => ({
      name: target.qualified,
      audience: target.audience,
      kind: target.kind,
      method: target.carrier.method,
      path: target.carrier.path,
      signed: target.carrier.signed,
      bearer: target.carrier.bearer,
      schema: target.operation.requestSchema ?? null,
      description: target.description,
      examples: examples(target.operation),
      parameters: parameters(target.carrier),
      reference: referenceLink(target.audience, target.carrier.operationId),
    })),
    operations: streamHostedOperations().map((operation) => ({
      api: operation.api,
      operationId: operation.operationId,
      method: operation.method,
      path: operation.path,
      summary: typeof operation.raw.summary === 'string' ? operation.raw.summary : operation.operationId,
      signed: operation.signed,
      bearer: operation.bearer,
      contentType: operation.requestContentType ?? null,
      schema: operation.requestSchema ?? null,
      examples: examples(operation).map((example) => ({ ...example, value: withOrg(example.value, sandbox.orgId) })),
      parameters: parameters(operation).map((parameter) => ({ ...parameter, example: sandboxValues[parameter.name] ?? (parameter.name === 'id' && operation.path.startsWith('/onboarding/org/') ? sandbox.orgId : parameter.example) })),
      reference: referenceLink(operation.api, operation.operationId),
    })),
  };
}

/** Finds a Stream-hosted operation by `api:operationId`. */
let hostedByKey: Map<string, OperationInfo> | undefined;

export function hostedOperation(key: string | undefined): OperationInfo | undefined {
  if (key === undefined) return undefined;
  // Looked up for every exchange: the contracts do not change while the sandbox runs.
  hostedByKey ??= new Map(streamHostedOperations().map((operation) => [`${operation.api}:${operation.operationId}`, operation]));
  return hostedByKey.get(key);
}

/** Any operation of any contract by `api:operationId`, hosted by Stream or not. */
export function anyOperation(api: ApiName, operationId: string): OperationInfo | undefined {
  return listOperations(api).find((operation) => operation.operationId === operationId);
}

/**
 * Compiles the validator of every request body the sandbox receives, one per turn of the event
 * loop, so a partner's first call (and its row in the console) does not wait for a compile.
 */
export function warmValidators(): void {
  const pending = streamHostedOperations().filter((operation) => operation.requestSchema !== undefined);
  const next = () => {
    const operation = pending.shift();
    if (operation === undefined) return;
    validate(operation.api, operation.requestSchema as never, {});
    setImmediate(next).unref?.();
  };
  setImmediate(next).unref?.();
}
