// What the console's parts share: its guard, its own log of exchanges (inbound ones the sandbox
// answered, outbound ones Stream sent a partner), the live stream's subscribers, and the listeners that
// copy each sandbox exchange into the log with its verdicts.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HttpExchange } from '../http.js';
import { judge } from '../judge.js';
import { isObject } from '../openapi.js';
import { redactBody, redactHeaders, redactShown } from '../redact.js';
import { redactKnownValues, redactSecretText } from '../secret-text.js';
import { sameToken, type RecordedExchange, type RunningSandbox } from '../sandbox/index.js';
import { listTargets, type TriggerTarget } from '../trigger/targets.js';
import { validVerdict } from '../contract-verdict.js';
import { InboundRow, rawHeaderBytes } from './inbound-row.js';
import { contractVerdict, hostedOperation, refusalVerdict, signatureVerdict, type ConsoleExchange, type ExchangeSource } from './data.js';
import type { ConsoleGuard } from './guard.js';
import { CONSOLE_LIMITS, ConsoleLog, frame, idleQueue, type StreamClient, type StreamEvent } from './stream-client.js';

/** How many exchanges the console keeps; older ones drop off. */
export const CONSOLE_LOG_LIMIT = CONSOLE_LIMITS.exchanges;

export type { StreamEvent } from './stream-client.js';

export interface ConsoleHub {
  readonly app: FastifyInstance;
  /** The running sandbox; read only once it listens. */
  readonly sandbox: () => RunningSandbox;
  readonly guard: ConsoleGuard;
  /** What the console's own replay sends in `x-sandbox-console-replay` so its row says `replay`: it labels the row and opens nothing. */
  readonly replayMark: string;
  readonly log: ConsoleLog;
  readonly clients: Set<StreamClient>;
  readonly streams: Set<ServerResponse>;
  publish(event: StreamEvent): void;
  pushStateIfChanged(): void;
  /** Records a call the sandbox made to a partner (Send, certify evidence, replay). */
  recordOutbound(source: ExchangeSource, target: TriggerTarget | undefined, exchange: HttpExchange, options?: OutboundOptions): ConsoleExchange;
  /** A POST route that takes the control token and one JSON object. */
  control(path: string, handler: (body: Record<string, unknown>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>): void;
}

export interface OutboundOptions {
  readonly note?: string;
  readonly judged?: boolean;
  readonly recordedBy?: 'console' | 'terminal';
  /** Secrets the call was made with (the bearer token typed on the Send page): a partner's answer may echo them. */
  readonly secrets?: readonly string[];
}

export interface ConsoleHubOptions {
  readonly app: FastifyInstance;
  readonly sandbox: () => RunningSandbox;
  /** Who may use the console; the sandbox's gate for its own control routes too. */
  readonly guard: ConsoleGuard;
  readonly onExchange: RunningSandbox['onExchange'];
  readonly onStateChange: RunningSandbox['onStateChange'];
}

export function createHub({ app, sandbox, guard, onExchange, onStateChange }: ConsoleHubOptions): ConsoleHub {
  const log = new ConsoleLog();
  const replayMark = randomBytes(24).toString('base64url');
  let nextId = 1;
  const clients = new Set<StreamClient>();
  const streams = new Set<ServerResponse>();
  let lastState = '';

  const publish = (event: StreamEvent) => {
    if (clients.size === 0) return;
    // Serialised once for every page.
    const text = frame(event);
    for (const client of clients) client.write(text);
  };
  const add = (exchange: Omit<ConsoleExchange, 'id'>): ConsoleExchange => {
    const entry = { id: nextId++, ...exchange } as ConsoleExchange;
    return added(entry);
  };
  /** Adds an exchange built with `nextId()` (no copy, for the one built on every request). */
  const added = (entry: ConsoleExchange): ConsoleExchange => {
    log.add(entry);
    publish({ type: 'exchange', data: entry });
    return entry;
  };
  /** Replaces an exchange with a fuller copy (its contract verdict) and pushes it again under the same id. */
  const update = (id: number, patch: Partial<ConsoleExchange>) => {
    const entry = log.patch(id, patch);
    if (entry !== undefined) publish({ type: 'exchange', data: entry });
  };
  // Contract verdicts run one per turn of the event loop: a burst of partner calls queued at once
  // would otherwise run back to back and hold up every request meanwhile.
  const verdicts = idleQueue({ limit: CONSOLE_LIMITS.exchanges, maxCost: CONSOLE_LIMITS.pendingCheckChars });
  const pushStateIfChanged = () => {
    // With no page open there is nobody to tell; a page gets the state when it connects.
    if (clients.size === 0) {
      lastState = '';
      return;
    }
    // The latest entries only: a whole state of ten thousand orders cost every change hundreds of milliseconds.
    const view = JSON.stringify(sandbox().stateSummary());
    if (view === lastState) return;
    lastState = view;
    publish({ type: 'state', data: JSON.parse(view) });
  };
  // Answers sent in the same turn of the event loop share one look at the state.
  let statePushQueued = false;
  const pushStateSoon = () => {
    if (statePushQueued || clients.size === 0) return;
    statePushQueued = true;
    setImmediate(() => {
      statePushQueued = false;
      pushStateIfChanged();
    });
  };
  const config = () => ({ webhookSecret: sandbox().credentials.webhookSecret });

  /** Records a call the sandbox made to a partner (Send, certify evidence, replay). */
  const recordOutbound = (source: ExchangeSource, target: TriggerTarget | undefined, exchange: HttpExchange, options: OutboundOptions = {}) => {
    const operation = target?.operation;
    const known = (options.secrets ?? []).filter((secret) => secret.length >= 6);
    const shown = (text: string) => (known.length === 0 ? text : redactKnownValues({ text, values: known }));
    return add({
      at: new Date().toISOString(),
      direction: 'outbound',
      source,
      recordedBy: options.recordedBy ?? 'console',
      audience: target?.audience ?? 'unknown',
      ...(target === undefined ? {} : { operation: target.qualified }),
      ...(target?.kind === 'event' ? { event: target.name } : {}),
      method: exchange.request.method,
      // A password in the URL (basic auth) is not shown; a replay of such a row is then refused as unreachable as it is.
      url: redactSecretText(exchange.request.url),
      ...(exchange.status === undefined ? {} : { status: exchange.status }),
      ms: exchange.ms,
      ...(exchange.error === undefined ? (options.note === undefined ? {} : { note: options.note }) : { note: shown(`${options.note === undefined ? '' : `${options.note}: `}${exchange.error.kind}: ${exchange.error.message}`) }),
      requestHeaders: redactHeaders(exchange.request.headers ?? {}),
      requestBody: shown(redactBody(exchange.request.body ?? '')),
      responseHeaders: Object.assign(Object.create(null), Object.fromEntries(Object.entries(redactHeaders(exchange.headers)).map(([name, value]) => [name, shown(value)]))) as Record<string, string>,
      responseBody: shown(redactBody(exchange.bodyText)),
      signature: target?.carrier.signed ? signatureVerdict(target.carrier, lowerHeaders(exchange.request.headers ?? {}), exchange.request.body ?? '', config()) : { status: 'not_signed' },
      contract: operation === undefined ? { status: 'not_checked', issues: [] } : contractVerdict({ ...operation, requestContentType: target!.carrier.requestContentType }, exchange.request.body ?? ''),
      ...(operation === undefined || options.judged === false ? {} : { judgement: known.length === 0 ? judge(operation, exchange) : (redactShown({ value: judge(operation, exchange), known }) as ReturnType<typeof judge>) }),
    });
  };

  const control = (path: string, handler: (body: Record<string, unknown>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => {
    app.post(path, async (request, reply) => {
      const refused = guard.refuseControl(request, reply);
      if (refused !== undefined) return refused;
      let body: unknown;
      try {
        body = typeof request.body === 'string' && request.body !== '' ? JSON.parse(request.body) : {};
      } catch (error) {
        return reply.code(400).send({ code: 'invalid_request', message: `The body is not valid JSON (${(error as Error).message}).` });
      }
      if (!isObject(body)) return reply.code(400).send({ code: 'invalid_request', message: 'Send one JSON object.' });
      return handler(body, request, reply);
    });
  };

  // Open event streams would keep the server from closing.
  app.addHook('preClose', (done) => {
    for (const stream of streams) stream.end();
    done();
  });

  // A row for each exchange the sandbox answered, built when it is recorded (after the answer is
  // sent) rather than in a response hook: a hook on every route cost each partner call the hook
  // machinery and a pair of listeners on its response.
  onExchange((exchange, request, answered) => {
    if (answered !== undefined) addInbound(exchange, request, answered);
    pushStateSoon();
  });
  // Changes made without an exchange of their own (an onboarding's consent step, the console's controls).
  onStateChange(pushStateSoon);
  const addInbound = (exchange: RecordedExchange, request: FastifyRequest, answered: FastifyReply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const operation = hostedOperation(exchange.operation);
    // Only a caller holding the console token can label its call as the console's own.
    const labelled = guard.holdsToken(request) || sameToken(first(request.headers['x-sandbox-console-replay']), replayMark);
    const source = labelled ? first(request.headers['x-sandbox-console-source']) : undefined;
    const checks = exchange.checks;
    // The sandbox already checked these bytes against this operation's schema, and they passed.
    const valid = checks?.valid === true && operation?.requestSchema !== undefined && (operation.requestContentType ?? 'application/json').includes('json') ? validVerdict(operation as typeof operation & { requestSchema: string }) : undefined;
    // Headers and bodies are redacted when a page reads them (InboundRow), not on every call; the row reads
    // the time, path, note and the rest from the sandbox's record rather than copying them.
    const entry = added(
      new InboundRow({
        id: nextId++,
        record: exchange,
        source: source === 'explore' || source === 'replay' ? source : 'partner',
        audience: operation?.api ?? 'unknown',
        status: answered.statusCode,
        requestHeaders: request.headers,
        requestHeaderBytes: rawHeaderBytes(request.raw.rawHeaders),
        requestBody: raw,
        // Read from the reply only when the sandbox did not record them as it answered (a refusal, an error).
        responseHeaders: exchange.sharedHeaders === undefined ? answered.getHeaders() : undefined,
        responseBody: exchange.sentText(),
        // The handler's own check of this request, when it made one; else the same check now.
        signature: checks?.signature !== undefined && operation?.signed === true ? refusalVerdict(checks.signature) : signatureVerdict(operation, request.headers, raw, config()),
        contract: valid === undefined ? { status: 'checking', issues: [] } : valid,
      }),
    );
    // The row goes to the page first; the contract verdict (whose first use of a schema compiles it) follows.
    // The check holds the whole body until its turn: past the budget of bodies waiting, the oldest row reads not checked.
    if (valid === undefined) verdicts.push({ run: () => update(entry.id, { contract: contractVerdict(operation, raw) }), cost: raw.length, dropped: () => update(entry.id, { contract: { status: 'not_checked', issues: [] } }) });
  };
  return { app, sandbox, guard, replayMark, log, clients, streams, publish, pushStateIfChanged, recordOutbound, control };
}

export const findSendTarget = (name: unknown): TriggerTarget | undefined => listTargets().find((target) => target.qualified === name);

export function parseUrl(value: unknown): URL | undefined {
  try {
    const url = new URL(String(value));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function lowerHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
