// The console's side of `POST /_sandbox/outbound`: a report from `trigger` or `certify` (its shape
// is in ../outbound-report.ts) is checked field by field before anything is recorded: a bad report
// is refused with the field named, never half kept.
import { answerJson, type HttpExchange } from '../http.js';
import { findSendTarget, type ConsoleHub } from './hub.js';
import { isObject } from '../openapi.js';
import { OUTBOUND_SOURCES, type OutboundReport, type OutboundSource } from '../outbound-report.js';

const LIMITS = { headers: 100, headerValue: 8192, url: 8192, note: 1000, message: 1000 } as const;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;

type Parsed = { readonly ok: true; readonly report: OutboundReport } | { readonly ok: false; readonly message: string };

class Invalid extends Error {}

function onlyKeys(value: Record<string, unknown>, where: string, allowed: readonly string[]): void {
  const extra = Object.keys(value).filter((key) => !allowed.includes(key));
  if (extra.length > 0) throw new Invalid(`${where} has unknown field${extra.length > 1 ? 's' : ''} ${extra.map((key) => JSON.stringify(key)).join(', ')}; it takes ${allowed.join(', ')}.`);
}

function text(value: unknown, where: string, max?: number): string {
  if (typeof value !== 'string') throw new Invalid(`${where} must be a string.`);
  if (max !== undefined && value.length > max) throw new Invalid(`${where} is longer than ${max} characters.`);
  return value;
}

function headers(value: unknown, where: string): Record<string, string> {
  if (!isObject(value)) throw new Invalid(`${where} must be an object of header names to string values.`);
  const entries = Object.entries(value);
  if (entries.length > LIMITS.headers) throw new Invalid(`${where} has more than ${LIMITS.headers} headers.`);
  const out: Record<string, string> = Object.create(null);
  for (const [name, item] of entries) {
    if (!TOKEN.test(name)) throw new Invalid(`${where} has a header name that is not an HTTP token: ${JSON.stringify(name.slice(0, 80))}.`);
    out[name] = text(item, `${where}.${name}`, LIMITS.headerValue);
  }
  return out;
}

function parse(body: unknown, knownTarget: (name: string) => boolean): OutboundReport {
  if (!isObject(body)) throw new Invalid('Send one JSON object describing the call.');
  onlyKeys(body, 'The report', ['source', 'target', 'requirement', 'note', 'request', 'response', 'error', 'ms']);
  if (!(OUTBOUND_SOURCES as readonly unknown[]).includes(body.source)) throw new Invalid(`source must be ${OUTBOUND_SOURCES.join(' or ')}.`);
  const report: { -readonly [K in keyof OutboundReport]: OutboundReport[K] } = { source: body.source as OutboundSource, request: { method: '', url: '' }, ms: 0 };
  if (body.target !== undefined) {
    report.target = text(body.target, 'target', 200);
    if (!knownTarget(report.target)) throw new Invalid(`target "${report.target.slice(0, 80)}" is not something Stream sends; use a name from stream-partner trigger --list in audience:name form.`);
  }
  if (body.requirement !== undefined) {
    report.requirement = text(body.requirement, 'requirement', 40);
    if (!/^[A-Z]+(?:-[A-Z0-9]+)+$/.test(report.requirement)) throw new Invalid('requirement must be a certify requirement id such as POS-ORD-01.');
  }
  if (body.note !== undefined) report.note = text(body.note, 'note', LIMITS.note);
  if (!isObject(body.request)) throw new Invalid('request must be an object with method and url.');
  onlyKeys(body.request, 'request', ['method', 'url', 'headers', 'body']);
  const method = text(body.request.method, 'request.method', 16);
  if (!/^[A-Z]+$/.test(method)) throw new Invalid('request.method must be an HTTP method in capitals, such as POST.');
  const url = text(body.request.url, 'request.url', LIMITS.url);
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) throw new Invalid('request.url must be the absolute http(s) URL that was called.');
  report.request = {
    method,
    url,
    ...(body.request.headers === undefined ? {} : { headers: headers(body.request.headers, 'request.headers') }),
    ...(body.request.body === undefined ? {} : { body: text(body.request.body, 'request.body') }),
  };
  if (body.response !== undefined && body.response !== null) {
    if (!isObject(body.response)) throw new Invalid('response must be an object with status, or null when there was no answer.');
    onlyKeys(body.response, 'response', ['status', 'headers', 'body']);
    const status = body.response.status;
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) throw new Invalid('response.status must be an HTTP status code from 100 to 599.');
    report.response = {
      status,
      ...(body.response.headers === undefined ? {} : { headers: headers(body.response.headers, 'response.headers') }),
      ...(body.response.body === undefined ? {} : { body: text(body.response.body, 'response.body') }),
    };
  }
  if (body.error !== undefined) {
    if (!isObject(body.error)) throw new Invalid('error must be an object with kind and message.');
    onlyKeys(body.error, 'error', ['kind', 'message']);
    if (body.error.kind !== 'timeout' && body.error.kind !== 'unreachable' && body.error.kind !== 'too_large') throw new Invalid('error.kind must be timeout, unreachable or too_large.');
    report.error = { kind: body.error.kind, message: text(body.error.message, 'error.message', LIMITS.message) };
  }
  if (report.response === undefined && report.error === undefined) throw new Invalid('Give response (the answer) or error (why there was none).');
  if (report.response !== undefined && report.error !== undefined) throw new Invalid('Give response or error, not both.');
  if (typeof body.ms !== 'number' || !Number.isFinite(body.ms) || body.ms < 0 || body.ms > 86_400_000) throw new Invalid('ms must be the call\'s duration in milliseconds, from 0 to 86400000.');
  report.ms = body.ms;
  return report;
}

/** Checks a report; `knownTarget` says whether a qualified name is something Stream sends. */
export function parseOutboundReport(body: unknown, knownTarget: (name: string) => boolean): Parsed {
  try {
    return { ok: true, report: parse(body, knownTarget) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, message: error.message };
    throw error;
  }
}

/** The report as the exchange the console records, so it goes through the same redaction and judging. */
export function reportExchange(report: OutboundReport): HttpExchange {
  const bodyText = report.response?.body ?? '';
  return {
    request: { method: report.request.method, url: report.request.url, headers: report.request.headers ?? {}, ...(report.request.body === undefined ? {} : { body: report.request.body }) },
    status: report.response?.status,
    headers: report.response?.headers ?? {},
    bodyText,
    ...answerJson(bodyText),
    ms: report.ms,
    ...(report.error === undefined ? {} : { error: report.error }),
  };
}

/** The largest outbound report taken: bodies are cut to 64 KB in the console anyway. */
const OUTBOUND_REPORT_LIMIT = 256 * 1024;

export function registerOutboundRoute({ app, guard, recordOutbound }: ConsoleHub): void {
  // `trigger` and `certify` run from a terminal report their calls here, with the token from the
  // per-user token file: a row here may later be replayed, signed, to the URL it names.
  app.post('/_sandbox/outbound', { bodyLimit: OUTBOUND_REPORT_LIMIT }, async (request, reply) => {
    const refused = guard.refuseControl(request, reply);
    if (refused !== undefined) return refused;
    let body: unknown;
    try {
      body = typeof request.body === 'string' && request.body !== '' ? JSON.parse(request.body) : undefined;
    } catch (error) {
      return reply.code(400).send({ code: 'invalid_request', message: `The body is not valid JSON (${(error as Error).message}).` });
    }
    const parsed = parseOutboundReport(body, (name) => findSendTarget(name) !== undefined);
    if (!parsed.ok) return reply.code(400).send({ code: 'invalid_request', message: parsed.message });
    const { report } = parsed;
    const note = [report.requirement, report.note].filter((part) => part !== undefined).join(': ');
    const entry = recordOutbound(report.source, findSendTarget(report.target), reportExchange(report), { ...(note === '' ? {} : { note }), judged: report.source === 'trigger', recordedBy: 'terminal' });
    return reply.code(201).send({ id: entry.id });
  });
}
