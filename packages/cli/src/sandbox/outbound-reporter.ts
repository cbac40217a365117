// The terminal side of POST /_sandbox/outbound: `trigger --sandbox-url` and `certify --sandbox-url`
// tell the sandbox each call they made to the partner, so its console shows it. Best effort: the
// first failure prints one warning and reporting stops; the command's verdict never depends on it.
import type { Evidence } from '../certify/context.js';
import type { RequirementResult } from '../certify/runner.js';
import { send, type HttpExchange } from '../http.js';
import { listTargets, type Audience, type TriggerTarget } from '../trigger/targets.js';
import { redactHeaders } from './console-data.js';
import type { OutboundReport } from './outbound.js';

export interface OutboundReporterOptions {
  /** The sandbox's base URL (`http://127.0.0.1:4010`). */
  readonly url: string;
  /** Prints the one warning line when the sandbox cannot take the reports. */
  readonly warn: (line: string) => void;
  readonly timeoutMs?: number;
}

export interface OutboundReporter {
  /** Queues one report; reports are posted one after another, in order. */
  report(report: OutboundReport): void;
  /** Resolves when every queued report has been posted (or given up on). */
  flush(): Promise<void>;
}

export function outboundReporter(options: OutboundReporterOptions): OutboundReporter {
  const endpoint = `${options.url.replace(/\/$/, '')}/_sandbox/outbound`;
  let queue: Promise<void> = Promise.resolve();
  let givenUp = false;
  const post = async (report: OutboundReport) => {
    if (givenUp) return;
    const answer = await send({ method: 'POST', url: endpoint, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(report), timeoutMs: options.timeoutMs ?? 3000 });
    if (answer.status === 201) return;
    givenUp = true;
    const why = answer.status === undefined ? (answer.error?.message ?? 'no answer') : `it answered ${answer.status}${typeof (answer.json as { message?: unknown } | undefined)?.message === 'string' ? `: ${(answer.json as { message: string }).message}` : ''}`;
    options.warn(`warning: could not report to the sandbox console at ${options.url} (${why}); carrying on without it.`);
  };
  return {
    report: (report) => {
      queue = queue.then(() => post(report)).catch(() => undefined);
    },
    flush: () => queue,
  };
}

/** One `trigger` send as a report. The bearer token is removed before it leaves the process. */
export function triggerReport(target: TriggerTarget, exchange: HttpExchange): OutboundReport {
  return {
    source: 'trigger',
    target: target.qualified,
    request: { method: exchange.request.method, url: exchange.request.url, headers: redactHeaders(exchange.request.headers ?? {}), ...(exchange.request.body === undefined ? {} : { body: exchange.request.body }) },
    ...(exchange.status === undefined ? {} : { response: { status: exchange.status, headers: { ...exchange.headers }, body: exchange.bodyText } }),
    ...(exchange.error === undefined ? {} : { error: exchange.error }),
    ms: exchange.ms,
  };
}

/** Each call a certify requirement made, as reports naming the requirement and how it ended. */
export function certifyReports(audience: Audience, result: RequirementResult): OutboundReport[] {
  const contract = result.requirement.contract;
  const target = listTargets().find((candidate) => candidate.audience === audience && (candidate.name === contract.event || candidate.name === contract.operationId));
  return result.evidence.map((evidence: Evidence) => ({
    source: 'certify',
    // A requirement's evidence also holds the calls that led up to it (the OAuth flow): name the operation only on its own call.
    ...(target === undefined || target.carrier.method !== evidence.request.method || !new URL(evidence.request.url).pathname.endsWith(target.carrier.path.replace(/\{[^}]*\}.*$/, '')) ? {} : { target: target.qualified }),
    requirement: result.requirement.id,
    note: `${result.status}: ${evidence.what}`.slice(0, 1000),
    request: {
      method: evidence.request.method,
      url: evidence.request.url,
      // Evidence keeps only the signature of a sound call; the sandbox checks it like any other.
      ...(evidence.soundSignature === undefined ? {} : { headers: { 'Stream-Signature': evidence.soundSignature } }),
      ...(evidence.request.body === undefined ? {} : { body: evidence.request.body }),
    },
    ...(evidence.response.status === undefined ? { error: { kind: 'unreachable' as const, message: (evidence.response.error ?? 'no answer').slice(0, 1000) } } : { response: { status: evidence.response.status, ...(evidence.response.body === undefined ? {} : { body: evidence.response.body }) } }),
    ms: evidence.response.ms,
  }));
}
