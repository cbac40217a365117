// One `trigger` send as the report a running sandbox's console records.
import type { HttpExchange } from '../http.js';
import type { OutboundReport } from '../outbound-report.js';
import { redactHeaders } from '../redact.js';
import { redactSecretText } from '../secret-text.js';
import type { TriggerTarget } from './targets.js';

/** One `trigger` send as a report. The bearer token and a URL's password are removed before it leaves the process. */
export function triggerReport(target: TriggerTarget, exchange: HttpExchange): OutboundReport {
  return {
    source: 'trigger',
    target: target.qualified,
    request: { method: exchange.request.method, url: redactSecretText(exchange.request.url), headers: redactHeaders(exchange.request.headers ?? {}), ...(exchange.request.body === undefined ? {} : { body: exchange.request.body }) },
    ...(exchange.status === undefined ? {} : { response: { status: exchange.status, headers: { ...exchange.headers }, body: exchange.bodyText } }),
    ...(exchange.error === undefined ? {} : { error: exchange.error }),
    ms: exchange.ms,
  };
}
