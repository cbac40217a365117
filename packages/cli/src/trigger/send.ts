// Sends one call the way Stream sends it: the contract's path and method, the exact body bytes
// signed with `Stream-Signature`, the bearer token where the contract asks for one.
import { signWebhook } from '@stream-partner/contracts';
import { send, type HttpExchange, type HttpRequest } from '../http.js';
import { fillPath, type OperationInfo } from '../openapi.js';
import type { TriggerTarget } from './targets.js';

export interface SendToPartnerOptions {
  readonly target: Pick<TriggerTarget, 'carrier'>;
  /** The partner's base URL (`http://127.0.0.1:4101`) or the full endpoint URL. */
  readonly to: string;
  /** The body to send as JSON; ignored when `rawBody` is given. */
  readonly body?: unknown;
  /** Exact text to send, for checks that need a body JSON.stringify would not produce. */
  readonly rawBody?: string;
  /** Path, query and header parameters by name. */
  readonly params?: Readonly<Record<string, string>>;
  readonly webhookSecret?: string;
  /** Overrides the signature: `null` sends none, a string is sent as-is. */
  readonly signature?: string | null;
  /** The bearer token; `null` or absent sends none. */
  readonly token?: string | null;
  readonly timeoutMs?: number;
  readonly now?: () => number;
  readonly extraHeaders?: Readonly<Record<string, string>>;
}

/** The URL for a call: the contract's path under a base URL, or `to` itself when it already has a path. */
export function resolveUrl(to: string, carrier: OperationInfo, params: Readonly<Record<string, string>> = {}): string {
  const base = new URL(to);
  const url = base.pathname === '/' || base.pathname === '' ? new URL(fillPath(carrier.path, params), base) : base;
  for (const parameter of carrier.parameters) {
    const name = String(parameter.name);
    if (parameter.in === 'query' && params[name] !== undefined) url.searchParams.set(name, params[name]!);
  }
  return url.toString();
}

export async function sendToPartner(options: SendToPartnerOptions): Promise<HttpExchange> {
  const carrier = options.target.carrier;
  const params = options.params ?? {};
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = { 'User-Agent': 'stream-partner', ...options.extraHeaders };
  if (body !== undefined) headers['Content-Type'] = carrier.requestContentType ?? 'application/json';
  for (const parameter of carrier.parameters) {
    const name = String(parameter.name);
    if (parameter.in === 'header' && name.toLowerCase() !== 'stream-signature' && params[name] !== undefined) headers[name] = params[name]!;
  }
  if (carrier.signed && options.signature !== null) {
    headers['Stream-Signature'] = options.signature ?? signWebhook({ secret: options.webhookSecret ?? '', body: body ?? '' });
  }
  if (options.token !== undefined && options.token !== null) headers.Authorization = `Bearer ${options.token}`;
  const request: HttpRequest = {
    method: carrier.method,
    url: resolveUrl(options.to, carrier, params),
    headers,
    ...(body === undefined ? {} : { body }),
    timeoutMs: options.timeoutMs ?? 10_000,
  };
  return send(request, options.now);
}
