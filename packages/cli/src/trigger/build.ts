// What trigger sends, built from the contract: the body (a named example, each send a new event,
// with --set overrides, validated) and the parameters, and the note to a local sandbox about an
// order just sent. `stream-partner trigger` and the MCP server's trigger_event both build with these.
import { randomUUID } from 'node:crypto';
import { validate } from '@stream-partner/contracts';
import { CliError, usageError } from '../errors.js';
import { send } from '../http.js';
import { bareSandboxUrl } from '../sandbox-url.js';
import { isObject } from '../openapi.js';
import { valueDeeperThan } from '../json-depth.js';
import { parameterExample, parseValue, pickExample, setPath, splitAssignment } from './payload.js';
import type { TriggerTarget } from './targets.js';

/** What shapes a send: the flags `stream-partner trigger` takes for it (the MCP tool passes the same). */
export interface BuildOptions {
  example?: string;
  set: string[];
  param: string[];
  allowInvalid?: boolean;
  streamUrl?: string;
}

/** The placeholder host the contracts' examples use for Stream; `--stream-url` replaces it. */
const EXAMPLE_STREAM_ORIGIN = 'https://api.stream.example';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A new id in the form of the example's (a UUID, or `evt_` and hex), so that each send is a new
 * event: a receiver that deduplicates by event_id would answer a reused one as a repeat.
 */
export function freshEventId(exampleId: string): string {
  return UUID.test(exampleId) ? randomUUID() : `evt_${randomUUID().replaceAll('-', '')}`;
}

/**
 * `--stream-url` once it is the sandbox's base URL: the order is registered at `<it>/_sandbox/orders`
 * with the user's token, and links in the body point at it.
 */
export function sandboxBaseUrl(value: string): string {
  return bareSandboxUrl({ value, source: '--stream-url' });
}

/** Deeper than any body in the contracts, shallow enough for every walk over it. */
export const BODY_DEPTH_LIMIT = 256;

export function buildBody(target: TriggerTarget, flags: BuildOptions): { example: string; body: unknown } {
  if (flags.streamUrl !== undefined) sandboxBaseUrl(flags.streamUrl);
  const picked = pickExample(target.operation, flags.example);
  let body = picked.value;
  // Each send is a new event unless --set event_id=... says otherwise (below).
  if (isObject(body) && typeof body.event_id === 'string') body = { ...body, event_id: freshEventId(body.event_id) };
  if (flags.set.length > 0 && body === undefined) throw usageError(`${target.qualified} has no body; use --param name=value for its parameters.`);
  for (const assignment of flags.set) {
    const [path, value] = splitAssignment(assignment, '--set');
    body = setPath(body, path, parseValue(value));
  }
  // Every walk over the body (validation, signing, printing) recurses once per level: thousands of
  // levels end in a stack overflow instead of an answer, and no contract body comes near the bound.
  if (flags.set.length > 0 && valueDeeperThan(body, BODY_DEPTH_LIMIT)) {
    throw usageError(`The --set values make the body nest deeper than ${BODY_DEPTH_LIMIT} levels, which no contract body does: give a shallower value or path.`);
  }
  if (flags.streamUrl !== undefined && body !== undefined) {
    body = JSON.parse(JSON.stringify(body).split(EXAMPLE_STREAM_ORIGIN).join(flags.streamUrl.replace(/\/$/, '')));
  }
  const schema = target.operation.requestSchema;
  if (body !== undefined && schema !== undefined) {
    const result = validate(target.audience, schema as never, body);
    if (!result.valid && !flags.allowInvalid) {
      const issues = result.errors.map((issue) => `  - ${issue.message}`).join('\n');
      throw new CliError('invalid_override', `The body would break the ${target.audience} contract's ${schema}, so Stream would never send it:\n${issues}\nFix the --set values, or pass --allow-invalid to send it anyway.`);
    }
  }
  return { example: picked.name, body };
}

export function buildParams(target: TriggerTarget, flags: BuildOptions): Record<string, string> {
  const params: Record<string, string> = {};
  for (const parameter of target.carrier.parameters) {
    const name = String(parameter.name);
    if (name.toLowerCase() === 'stream-signature') continue;
    const example = parameterExample(target.carrier, parameter);
    if (example !== undefined) params[name] = example;
  }
  const known = new Set(target.carrier.parameters.map((parameter) => String(parameter.name)));
  for (const assignment of flags.param) {
    const [name, value] = splitAssignment(assignment, '--param');
    if (!known.has(name)) throw usageError(`${target.qualified} has no parameter "${name}". Its parameters: ${[...known].join(', ') || 'none'}.`);
    params[name] = value;
  }
  return params;
}

export interface RegisterWithSandboxOptions {
  readonly streamUrl: string;
  readonly target: TriggerTarget;
  readonly body: unknown;
  /** The partner's answer, which may carry the order's provider_id. */
  readonly answer: unknown;
  /** The sandbox's token header (`POST /_sandbox/orders` changes its state, so it needs the token). */
  readonly headers: Readonly<Record<string, string>>;
}

/** Tells a sandbox about an order just sent, so the partner's later updates for it are recognised there. */
export async function registerWithSandbox({ streamUrl, target, body, answer, headers }: RegisterWithSandboxOptions): Promise<string | undefined> {
  const object = isObject(body) && isObject(body.object) ? body.object : undefined;
  if (object === undefined || typeof object.id !== 'string' || typeof object.location_id !== 'string') return undefined;
  if (!['order.created', 'order.confirmed'].includes(target.name)) return undefined;
  const providerId = isObject(answer) && isObject(answer.order) && typeof answer.order.provider_id === 'string' ? answer.order.provider_id : undefined;
  const exchange = await send({
    method: 'POST',
    url: `${sandboxBaseUrl(streamUrl)}/_sandbox/orders`,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ id: object.id, audience: target.audience, location_id: object.location_id, ...(providerId === undefined ? {} : { provider_id: providerId }) }),
    timeoutMs: 5000,
  });
  if (exchange.status === 201) return `registered order ${object.id} with the sandbox at ${streamUrl}`;
  const refusal = isObject(exchange.json) && typeof exchange.json.message === 'string' ? `: ${exchange.json.message}` : '';
  return `could not register order ${object.id} with the sandbox at ${streamUrl} (${exchange.error?.message ?? exchange.status}${refusal})`;
}
