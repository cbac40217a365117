// The contract tools: read an operation or a schema exactly as the contract states it, judge a
// message as the sandbox and certify do, sign and verify Stream-Signature.
import { STREAM_SIGNATURE_HEADER, StreamContractsError, signWebhook, verifyWebhook } from '@stream-partner/contracts';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { loadCatalogue } from '../certify/catalogue.js';
import { bodyVerdict, guideLink } from '../contract-verdict.js';
import { CliError } from '../errors.js';
import { SIGN_BODY_LIMIT_BYTES } from '../sign.js';
import { API_NAMES, deref, isObject, listEvents, listOperations, loadContract, type ApiName, type JsonObject, type OperationInfo, type Party } from '../openapi.js';
import { AUDIENCES, type Audience } from '../trigger/targets.js';
import { cut, TOOL_ISSUE_CHARS, TOOL_ISSUES } from './bounds.js';
import { guarded, toolResult } from './context.js';
import { componentSchema, resolveSchema, rulesInWords, schemaNames } from './schema-words.js';

const API = z.enum(API_NAMES as [ApiName, ...ApiName[]]).describe('partner, dsp, pos or events');
const REFERENCE_PAGE: Record<ApiName, string> = { partner: '/api', dsp: '/api/become-a-dsp', pos: '/api/become-a-pos', events: '/api/integrate-with-events' };
const PARTY: Record<Party, string> = { stream: 'Stream', partner: 'the white-label partner', pos: 'the POS', dsp: 'the DSP', 'event-provider': 'the event provider' };

interface Found {
  readonly operation: OperationInfo;
  /** Set when the name was a `webhooks` event: the operation describes the event, `carrier` the call that delivers it. */
  readonly event?: string;
  readonly carrier?: OperationInfo;
}

/** An operation by operationId, `METHOD /path`, or a `webhooks` event name. */
export function findAnyOperation(api: ApiName, name: string): Found {
  const wanted = name.trim();
  const route = /^(get|put|post|delete|patch)\s+(\S+)$/i.exec(wanted);
  const operations = listOperations(api);
  const byRoute = route === null ? undefined : operations.find((op) => op.method === route[1]!.toUpperCase() && op.path === route[2]);
  const byId = operations.find((op) => op.operationId === wanted);
  const found = byRoute ?? byId;
  if (found !== undefined) return { operation: found };
  const event = listEvents(api).find((candidate) => candidate.name === wanted || candidate.operation.operationId === wanted);
  if (event !== undefined) return { operation: event.operation, event: event.name, ...(event.carrier === undefined ? {} : { carrier: event.carrier }) };
  const names = [...operations.map((op) => `${op.operationId} (${op.method} ${op.path})`), ...listEvents(api).map((candidate) => candidate.name)];
  throw new CliError('usage', `The ${api} contract has no operation or event "${name}". It has: ${names.join(', ')}.`);
}

/** The full URL: the contract's server for the call (operation, path item, then document) and the path. */
function fullUrl(api: ApiName, operation: OperationInfo): { url: string; server: string | undefined } {
  const doc = loadContract(api);
  const item = ((doc.paths as JsonObject | undefined)?.[operation.path] ?? {}) as JsonObject;
  const servers = (operation.raw.servers ?? item.servers ?? doc.servers) as JsonObject[] | undefined;
  const server = servers?.[0];
  if (server === undefined) return { url: operation.path, server: undefined };
  let base = String(server.url);
  for (const [name, variable] of Object.entries((server.variables ?? {}) as JsonObject)) base = base.replace(`{${name}}`, String((variable as JsonObject).default ?? `{${name}}`));
  return { url: `${base.replace(/\/$/, '')}${operation.path}`, server: typeof server.description === 'string' ? server.description : undefined };
}

function requirementIds(api: ApiName, found: Found): string[] {
  if (!(AUDIENCES as readonly string[]).includes(api)) return [];
  const carried = new Set(listEvents(api).filter((event) => event.carrier?.operationId === found.operation.operationId).map((event) => event.name));
  return loadCatalogue(api as Audience)
    .requirements.filter(({ contract }) =>
      found.event === undefined
        ? contract.operationId === found.operation.operationId || (contract.event !== undefined && carried.has(contract.event))
        : // An event's requirements, and those on the endpoint that carries it (its signature and bearer checks).
          contract.event === found.event || (found.carrier !== undefined && contract.operationId === found.carrier.operationId),
    )
    .map((requirement) => requirement.id);
}

function schemaBlock(api: ApiName, name: string | undefined, contentType: string | undefined, examples: ReadonlyMap<string, unknown>): JsonObject | undefined {
  if (name === undefined && contentType === undefined && examples.size === 0) return undefined;
  return {
    ...(contentType === undefined ? {} : { contentType }),
    ...(name === undefined ? {} : { schemaName: name, schema: resolveSchema(api, componentSchema(api, name)) }),
    examples: Object.fromEntries(examples),
  };
}

export function describeOperation(api: ApiName, found: Found): JsonObject {
  const { operation } = found;
  const call = found.carrier ?? operation;
  const { url, server } = fullUrl(api, call);
  const rawResponses = (operation.raw.responses ?? {}) as JsonObject;
  return {
    api,
    ...(found.event === undefined ? {} : { event: found.event }),
    operationId: operation.operationId,
    summary: operation.raw.summary,
    description: operation.raw.description,
    caller: operation.caller,
    host: operation.host,
    who: `${PARTY[operation.caller] ?? operation.caller} calls ${PARTY[operation.host] ?? operation.host}`,
    method: call.method,
    path: call.path,
    url,
    ...(server === undefined ? {} : { server }),
    ...(found.carrier === undefined ? {} : { deliveredBy: `${found.carrier.operationId} (${found.carrier.method} ${found.carrier.path})` }),
    signed: call.signed,
    bearer: call.bearer,
    parameters: call.parameters.map((parameter) => ({ ...parameter, schema: resolveSchema(api, parameter.schema) })),
    request: schemaBlock(api, operation.requestSchema, operation.requestContentType, operation.requestExamples),
    responses: Object.fromEntries(
      [...operation.responses.values()].map((response) => {
        const raw = deref(api, rawResponses[response.status]);
        const description = isObject(raw) ? raw.description : undefined;
        return [response.status, { ...(description === undefined ? {} : { description }), ...schemaBlock(api, response.schema, response.contentType, response.examples) }];
      }),
    ),
    requirements: requirementIds(api, found),
    reference: `${REFERENCE_PAGE[api]}#${found.event === undefined ? `operation/${operation.operationId}` : `webhook/${found.event}`}`,
  };
}

export function registerContractTools(server: McpServer): void {
  server.registerTool(
    'get_operation',
    {
      title: 'Read an operation or event from a contract',
      description:
        'One operation (by operationId or "METHOD /path") or webhook event (by name) of a contract: who calls whom, the full URL with its host, parameters, the request and response schemas resolved, every named example, and the certification requirement ids that check it.',
      inputSchema: { api: API, operation: z.string().min(1).max(300).describe('an operationId (createOrder), "METHOD /path" (POST /stream-pos/v1/orders), or an event name (order.created)') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ api, operation }) =>
      guarded(() => {
        const info = describeOperation(api, findAnyOperation(api, operation));
        const examples = [info.request, ...Object.values(info.responses as JsonObject)].flatMap((block) => (isObject(block) && isObject(block.examples) ? Object.keys(block.examples) : []));
        const summary = [
          `${info.method} ${info.url}${info.event === undefined ? '' : ` (carries the event ${String(info.event)})`}: ${String(info.who)}.`,
          `${String(info.operationId)}: ${String(info.summary ?? '')}`,
          `Request: ${isObject(info.request) ? String(info.request.schemaName ?? info.request.contentType ?? 'none') : 'none'}; responses: ${Object.keys(info.responses as JsonObject).join(', ')}.`,
          `${info.signed ? 'Signed with Stream-Signature. ' : ''}${info.bearer ? 'Needs Authorization: Bearer. ' : ''}Examples: ${examples.join(', ') || 'none'}.`,
          `Requirements: ${(info.requirements as string[]).join(', ') || 'none'}. Reference: ${String(info.reference)}.`,
        ].join('\n');
        return toolResult(summary, info);
      }),
  );

  server.registerTool(
    'get_schema',
    {
      title: 'Read a schema from a contract',
      description: 'One component schema of a contract, every $ref resolved, with its rules in words (one line per field: type, required, formats, enums, limits).',
      inputSchema: { api: API, name: z.string().min(1).max(200).describe('the schema name as the contract spells it: Order, Holiday, PosValidationError') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ api, name }) =>
      guarded(() => {
        const schema = resolveSchema(api, componentSchema(api, name));
        const rules = rulesInWords(schema);
        return toolResult(`${api} ${name}${isObject(schema) && typeof schema.description === 'string' ? `: ${schema.description.split('\n')[0]}` : ''}\n${rules.join('\n')}`, {
          api,
          name,
          schema,
          rules,
          reference: `${REFERENCE_PAGE[api]}#schema/${name}`,
        });
      }),
  );

  server.registerTool(
    'validate_message',
    {
      title: 'Validate a message against a contract',
      description:
        "Checks a JSON message against a schema, or against an operation's or event's request body, with the validator the sandbox and certify use. Answers valid, or each error with its JSON pointer and rule.",
      inputSchema: {
        api: API,
        schema: z.string().min(1).max(300).describe('a schema name (Order), an operationId, "METHOD /path", or an event name (order.created): its request body schema'),
        message: z.unknown().describe('the message: a JSON value, or its raw text as a string'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ api, schema, message }) =>
      guarded(() => {
        let schemaName = schemaNames(api).includes(schema) ? schema : undefined;
        let operationId: string | undefined;
        if (schemaName === undefined) {
          const found = findAnyOperation(api, schema);
          operationId = found.operation.operationId;
          schemaName = found.operation.requestSchema;
          if (schemaName === undefined) throw new CliError('usage', `${found.operation.operationId} has no request body to validate; give a schema name instead (get_operation lists its response schemas).`);
        }
        let value = message;
        if (typeof message === 'string') {
          try {
            value = JSON.parse(message);
          } catch (error) {
            const issues = [{ pointer: '', rule: 'json', message: `the message is not JSON: ${(error as Error).message}` }];
            return toolResult(`Invalid: the message is not JSON (${(error as Error).message}).`, { valid: false, api, schema: schemaName, issues });
          }
        }
        const verdict = bodyVerdict(api, schemaName, value, { guide: guideLink(api) });
        const valid = verdict.status === 'valid';
        // The validator lists at most 100 problems and closes with one saying how many it left out (`not_listed`): that one is always shown, last.
        const closing = verdict.issues.at(-1)?.rule === 'not_listed' ? verdict.issues.at(-1) : undefined;
        const listed = closing === undefined ? verdict.issues : verdict.issues.slice(0, -1);
        const room = closing === undefined ? TOOL_ISSUES : TOOL_ISSUES - 1;
        const issues = [...listed.slice(0, room), ...(closing === undefined ? [] : [closing])].map((issue) => ({ ...issue, pointer: cut(issue.pointer, TOOL_ISSUE_CHARS), message: cut(issue.message, TOOL_ISSUE_CHARS) }));
        const leftOut = listed.length - Math.min(listed.length, room);
        const note = leftOut > 0 ? { issues_left_out: leftOut, issues_note: `${leftOut} more issues are not shown: fix these and validate again.` } : {};
        const lines = issues.map((issue) => `- ${issue.pointer || '(the message)'}: ${issue.message}`).concat(leftOut > 0 ? [`… ${note.issues_note}`] : []);
        const summary = valid ? `Valid: the message matches the ${api} contract's ${schemaName}.` : `Invalid against ${api} ${schemaName}:\n${lines.join('\n')}`;
        return toolResult(summary, { valid, api, schema: schemaName, ...(operationId === undefined ? {} : { operationId }), issues, ...note });
      }),
  );

  const secret = z.string().min(1).max(1000).describe('the webhook secret (never echoed back)');
  const body = z.string().max(SIGN_BODY_LIMIT_BYTES).describe('the exact raw body, byte for byte as sent (whitespace and key order matter)');

  server.registerTool(
    'sign_payload',
    {
      title: 'Sign a body with Stream-Signature',
      description: `The ${STREAM_SIGNATURE_HEADER} header for the exact bytes of a body: lower-case hex HMAC-SHA256 under the webhook secret, as Stream and the sandbox compute it.`,
      inputSchema: { body, secret },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ body: text, secret: key }) =>
      guarded(() => {
        const signature = signWebhook({ secret: key, body: text });
        return toolResult(`${STREAM_SIGNATURE_HEADER}: ${signature}`, { header: STREAM_SIGNATURE_HEADER, signature, bytes: Buffer.byteLength(text) });
      }),
  );

  server.registerTool(
    'verify_signature',
    {
      title: 'Verify a Stream-Signature',
      description: `Checks a ${STREAM_SIGNATURE_HEADER} value against a body and secret with a constant-time comparison. Answers valid, or the error code (signature_missing, signature_malformed, signature_mismatch) and why.`,
      inputSchema: { body, secret, signature: z.string().max(1000).describe(`the header value, with or without a leading "${STREAM_SIGNATURE_HEADER}:"`) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ body: text, secret: key, signature }) =>
      guarded(() => {
        const value = signature.replace(new RegExp(`^\\s*${STREAM_SIGNATURE_HEADER}\\s*:`, 'i'), '').trim();
        try {
          verifyWebhook({ secret: key, body: text, signature: value });
        } catch (error) {
          if (error instanceof StreamContractsError) return toolResult(`Invalid: ${error.code}: ${error.message}`, { valid: false, code: error.code, message: error.message });
          throw error;
        }
        return toolResult('Valid: the signature is the HMAC-SHA256 of these bytes under this secret.', { valid: true });
      }),
  );
}
