// Where certify sends each call: the contract's path appended to --base-url, keeping any path
// prefix the partner serves under (a gateway's /partner-api), so /stream-pos/v1/token becomes
// https://host/partner-api/stream-pos/v1/token.
import { fillPath, type OperationInfo } from '../openapi.js';

export function operationUrl(baseUrl: string, carrier: Pick<OperationInfo, 'path'>, params: Readonly<Record<string, string>> = {}): string {
  const base = new URL(baseUrl);
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}${fillPath(carrier.path, params)}`;
}
