// The sandbox console: the React page at the sandbox's root URL, the live stream of exchanges and
// state it reads, and the control endpoints it drives (send, certify, replay, reset, a token for
// the explorer). Everything here goes through the guard in console-guard.ts.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guideUrl, loadCatalogue, referenceUrl } from '../certify/catalogue.js';
import { htmlReport, junitXml, REPORT_CSP } from '../certify/report.js';
import { runCertification, type CertificationResult, type RequirementResult } from '../certify/runner.js';
import { linkSandbox } from '../certify/sandbox-link.js';
import { send, type HttpExchange } from '../http.js';
import { judge } from '../judge.js';
import { isObject } from '../openapi.js';
import { sendToPartner } from '../trigger/send.js';
import { AUDIENCES, listTargets, type Audience, type TriggerTarget } from '../trigger/targets.js';
import {
  asText,
  bodyVerdict,
  consoleContract,
  contractVerdict,
  hostedOperation,
  redactBody,
  redactHeaders,
  referenceLink,
  guideLink,
  signatureVerdict,
  type ConsoleExchange,
  type ExchangeSource,
} from './console-data.js';
import { CONSOLE_TOKEN_HEADER, createGuard } from './console-guard.js';
import type { RunningSandbox, SandboxExchange } from './server.js';
import { parseOutboundReport, reportExchange } from './outbound.js';
import { DEMO_ORG_ID } from './state.js';

export interface ConsoleOptions {
  readonly app: FastifyInstance;
  /** The running sandbox; read only once it listens. */
  readonly sandbox: () => RunningSandbox;
}

/** How many exchanges the console keeps; older ones drop off. */
export const CONSOLE_LOG_LIMIT = 500;
const CERTIFY_RUNS_KEPT = 5;
const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

const here = dirname(fileURLToPath(import.meta.url));

/** The built console: next to the bundled CLI (dist/console), or the console workspace's own build. */
export function consoleAssetsDir(): string | undefined {
  const candidates = [join(here, 'console'), join(here, '..', '..', 'dist', 'console'), join(here, '..', '..', '..', 'console', 'dist')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html')));
}

interface CertifyRun {
  readonly id: string;
  readonly audience: Audience;
  readonly baseUrl: string;
  readonly results: RequirementResult[];
  prompts: string[];
  result?: CertificationResult;
  error?: string;
}

type StreamEvent = { type: 'exchange'; data: ConsoleExchange } | { type: 'state'; data: unknown } | { type: 'certify'; data: unknown } | { type: 'reset'; data: unknown };

/** Registers the console's routes and hooks; answers the control token. */
export function registerConsole({ app, sandbox }: ConsoleOptions): string {
  const guard = createGuard();
  const log: ConsoleExchange[] = [];
  let nextId = 1;
  const clients = new Set<(event: StreamEvent) => void>();
  const streams = new Set<{ end(): void }>();
  const runs = new Map<string, CertifyRun>();
  const requestContext = new AsyncLocalStorage<{ exchange?: SandboxExchange }>();
  const contexts = new WeakMap<FastifyRequest, { exchange?: SandboxExchange }>();
  let lastState = '';
  let subscribed = false;

  const publish = (event: StreamEvent) => {
    for (const client of clients) client(event);
  };
  const add = (exchange: Omit<ConsoleExchange, 'id'>): ConsoleExchange => {
    const entry = { id: nextId++, ...exchange } as ConsoleExchange;
    log.push(entry);
    if (log.length > CONSOLE_LOG_LIMIT) log.splice(0, log.length - CONSOLE_LOG_LIMIT);
    publish({ type: 'exchange', data: entry });
    return entry;
  };
  /** Replaces an exchange with a fuller copy (its contract verdict) and pushes it again under the same id. */
  const update = (id: number, patch: Partial<ConsoleExchange>) => {
    const index = log.findIndex((entry) => entry.id === id);
    if (index < 0) return;
    log[index] = { ...log[index]!, ...patch };
    publish({ type: 'exchange', data: log[index]! });
  };
  const pushStateIfChanged = () => {
    const view = JSON.stringify(sandbox().state());
    if (view === lastState) return;
    lastState = view;
    publish({ type: 'state', data: JSON.parse(view) });
  };
  const subscribe = () => {
    if (subscribed) return;
    subscribed = true;
    // The sandbox calls this synchronously inside the request's handler, so the request's context is current.
    sandbox().onExchange((exchange) => {
      const store = requestContext.getStore();
      if (store !== undefined) store.exchange = exchange;
    });
  };

  const config = () => ({ webhookSecret: sandbox().credentials.webhookSecret });

  /** Records a call the sandbox made to a partner (Send, certify evidence, replay). */
  const recordOutbound = (source: ExchangeSource, target: TriggerTarget | undefined, exchange: HttpExchange, options: { note?: string; judged?: boolean } = {}) => {
    const operation = target?.operation;
    return add({
      at: new Date().toISOString(),
      direction: 'outbound',
      source,
      audience: target?.audience ?? 'unknown',
      ...(target === undefined ? {} : { operation: target.qualified }),
      ...(target?.kind === 'event' ? { event: target.name } : {}),
      method: exchange.request.method,
      url: exchange.request.url,
      ...(exchange.status === undefined ? {} : { status: exchange.status }),
      ms: exchange.ms,
      ...(exchange.error === undefined ? (options.note === undefined ? {} : { note: options.note }) : { note: `${options.note === undefined ? '' : `${options.note}: `}${exchange.error.kind}: ${exchange.error.message}` }),
      requestHeaders: redactHeaders(exchange.request.headers ?? {}),
      requestBody: redactBody(exchange.request.body ?? ''),
      responseHeaders: redactHeaders(exchange.headers),
      responseBody: redactBody(exchange.bodyText),
      signature: target?.carrier.signed ? signatureVerdict(target.carrier, lowerHeaders(exchange.request.headers ?? {}), exchange.request.body ?? '', config()) : { status: 'not_signed' },
      contract: operation === undefined ? { status: 'not_checked', issues: [] } : contractVerdict({ ...operation, requestContentType: target!.carrier.requestContentType }, exchange.request.body ?? ''),
      ...(operation === undefined || options.judged === false ? {} : { judgement: judge(operation, exchange) }),
    });
  };

  // Open event streams would keep the server from closing.
  app.addHook('preClose', (done) => {
    for (const stream of streams) stream.end();
    done();
  });

  app.addHook('onRequest', (request, _reply, done) => {
    subscribe();
    const store: { exchange?: SandboxExchange } = {};
    contexts.set(request, store);
    requestContext.run(store, done);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const store = contexts.get(request);
    const exchange = store?.exchange;
    if (exchange !== undefined) {
      const raw = typeof request.body === 'string' ? request.body : '';
      const operation = hostedOperation(exchange.operation);
      const source = first(request.headers['x-sandbox-console-source']);
      const entry = add({
        at: exchange.at,
        direction: 'inbound',
        source: source === 'explore' || source === 'replay' ? source : 'partner',
        audience: operation?.api ?? 'unknown',
        ...(exchange.operation === undefined ? {} : { operation: exchange.operation }),
        ...(exchange.event === undefined ? {} : { event: exchange.event }),
        method: exchange.method,
        url: exchange.path,
        status: reply.statusCode,
        ms: exchange.ms,
        ...(exchange.note === undefined ? {} : { note: exchange.note }),
        requestHeaders: redactHeaders(request.headers),
        requestBody: redactBody(raw),
        responseHeaders: redactHeaders(reply.getHeaders() as Record<string, string>),
        responseBody: redactBody(asText(exchange.responseBody)),
        signature: signatureVerdict(operation, request.headers, raw, config()),
        contract: { status: 'checking', issues: [] },
      });
      // The row goes to the page first; the contract verdict (whose first use of a schema compiles it) follows.
      setImmediate(() => update(entry.id, { contract: contractVerdict(operation, raw) }));
    }
    if (!request.url.startsWith('/_sandbox/stream') && !request.url.startsWith('/assets/')) pushStateIfChanged();
    done();
  });

  // The page. Its index.html carries the control token; assets are content-hashed, so cached for good.
  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const refused = guard.refuseRead(request, reply);
    if (refused !== undefined) return refused;
    const dir = consoleAssetsDir();
    reply.header('Cache-Control', 'no-store').header('X-Content-Type-Options', 'nosniff').header('Referrer-Policy', 'no-referrer');
    reply.header('Content-Security-Policy', "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    reply.header('X-Frame-Options', 'DENY');
    if (dir === undefined) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The sandbox console is not built into this copy of stream-partner. Build it with npm run build -w packages/console (or npm run pack), then restart the sandbox. The API itself works: see the banner for its routes.');
    }
    const html = readFileSync(join(dir, 'index.html'), 'utf8').replace('__SANDBOX_CONSOLE_TOKEN__', guard.token);
    return reply.type('text/html; charset=utf-8').send(html);
  };
  app.get('/', serveIndex);
  app.get('/index.html', serveIndex);
  app.get('/assets/*', async (request, reply) => {
    const refused = guard.refuseRead(request, reply);
    if (refused !== undefined) return refused;
    const dir = consoleAssetsDir();
    const name = (request.params as { '*': string })['*'];
    const file = normalize(join(dir ?? '', 'assets', name));
    const type = MIME[extname(file)];
    if (dir === undefined || !file.startsWith(join(dir, 'assets') + sep) || type === undefined || !existsSync(file)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No such console asset.');
    }
    return reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('X-Content-Type-Options', 'nosniff').type(type).send(readFileSync(file));
  });

  // Live: every exchange and state change as Server-Sent Events. EventSource sends no headers, so the token rides in the query.
  app.get('/_sandbox/stream', (request, reply) => {
    const refused = guard.refuseRead(request, reply);
    if (refused !== undefined) return refused;
    const token = (request.query as { token?: string }).token;
    request.headers[CONSOLE_TOKEN_HEADER] = token;
    const denied = guard.refuseControl(request, reply);
    if (denied !== undefined) return denied;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Content-Type-Options': 'nosniff' });
    const write = (event: StreamEvent) => raw.write(`${event.type === 'exchange' ? `id: ${event.data.id}\n` : ''}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    const last = Number(first(request.headers['last-event-id']) ?? 0);
    write({ type: 'state', data: sandbox().state() });
    for (const exchange of log) if (!(exchange.id <= last)) write({ type: 'exchange', data: exchange });
    const ping = setInterval(() => {
      raw.write(': ping\n\n');
      pushStateIfChanged();
    }, 5000);
    clients.add(write);
    streams.add(raw);
    request.raw.on('close', () => {
      clearInterval(ping);
      clients.delete(write);
      streams.delete(raw);
    });
  });

  app.get('/_sandbox/console/contract', async (request, reply) => {
    const refused = guard.refuseRead(request, reply);
    if (refused !== undefined) return refused;
    const k = sandbox().credentials;
    return reply.header('Cache-Control', 'no-store').send({
      ...(consoleContract({ partnerSlug: k.partnerSlug, partnerId: k.partnerId, orgId: DEMO_ORG_ID }) as object),
      sandbox: { url: sandbox().url, partnerSlug: k.partnerSlug, partnerId: k.partnerId, clientId: k.clientId, webhookSecretSet: k.webhookSecret !== '' },
      catalogues: Object.fromEntries(AUDIENCES.map((audience) => [audience, loadCatalogue(audience).requirements.map((requirement) => ({ id: requirement.id, title: requirement.title, severity: requirement.severity, via: requirement.via }))])),
    });
  });

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

  const findSendTarget = (name: unknown) => listTargets().find((target) => target.qualified === name);
  const parseUrl = (value: unknown): URL | undefined => {
    try {
      const url = new URL(String(value));
      return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
    } catch {
      return undefined;
    }
  };

  control('/_sandbox/console/validate', async (body, _request, reply) => {
    const target = findSendTarget(body.target);
    if (target === undefined) return reply.code(400).send({ code: 'unknown_target', message: `Stream sends nothing called "${String(body.target)}". Pick one from the list.` });
    const schema = target.operation.requestSchema;
    if (schema === undefined) return reply.send({ status: 'not_checked', issues: [] });
    return reply.send(bodyVerdict(target.audience, schema, body.body, { reference: referenceLink(target.audience, target.carrier.operationId), guide: guideLink(target.audience) }));
  });

  control('/_sandbox/console/send', async (body, _request, reply) => {
    const target = findSendTarget(body.target);
    if (target === undefined) return reply.code(400).send({ code: 'unknown_target', message: `Stream sends nothing called "${String(body.target)}". Pick one from the list.` });
    const to = parseUrl(body.to);
    if (to === undefined) return reply.code(400).send({ code: 'invalid_url', message: 'The target URL must be an absolute http(s) URL such as http://127.0.0.1:4101.' });
    const params: Record<string, string> = Object.create(null);
    if (isObject(body.params)) for (const [name, value] of Object.entries(body.params)) if (typeof value === 'string' && value !== '') params[name] = value;
    const token = typeof body.token === 'string' && body.token !== '' ? body.token : null;
    if (target.carrier.bearer && token === null) return reply.code(400).send({ code: 'token_required', message: `${target.qualified} is sent with a bearer token: enter the access token your server issued to Stream.` });
    const exchange = await sendToPartner({ target, to: to.toString(), ...(body.body === undefined ? {} : { body: body.body }), params, webhookSecret: sandbox().credentials.webhookSecret, token, timeoutMs: 10_000 });
    const entry = recordOutbound('console', target, exchange);
    return reply.send({ exchange: entry, judgement: entry.judgement });
  });

  control('/_sandbox/console/replay', async (body, _request, reply) => {
    const original = log.find((exchange) => exchange.id === body.id);
    if (original === undefined) return reply.code(404).send({ code: 'unknown_exchange', message: `No exchange ${String(body.id)} in the console log (it keeps the last ${CONSOLE_LOG_LIMIT}).` });
    const headers: Record<string, string> = Object.create(null);
    for (const [name, value] of Object.entries(original.requestHeaders)) {
      if (['host', 'content-length', 'connection', 'authorization', 'cookie', 'origin', 'referer', 'accept-encoding'].includes(name) || name.startsWith('sec-') || name.startsWith('x-sandbox-')) continue;
      headers[name] = value;
    }
    if (original.direction === 'inbound') {
      if (original.requestHeaders.authorization !== undefined) headers.authorization = `Bearer ${await explorerToken()}`;
      headers['x-sandbox-console-source'] = 'replay';
      const exchange = await send({ method: original.method, url: `${sandbox().url}${original.url}`, headers, ...(original.requestBody === '' ? {} : { body: original.requestBody }), timeoutMs: 10_000 });
      return reply.send({ status: exchange.status ?? null, body: exchange.json ?? exchange.bodyText });
    }
    const target = original.operation === undefined ? undefined : findSendTarget(original.operation);
    if (target === undefined) return reply.code(400).send({ code: 'not_replayable', message: 'Only calls Stream sends can be replayed to a partner.' });
    if (target.carrier.bearer && original.requestHeaders.authorization !== undefined) {
      return reply.code(400).send({ code: 'token_required', message: 'This call carried a bearer token, which the console does not keep. Send it again from the Send page with the token.' });
    }
    delete headers['stream-signature'];
    const exchange = await sendToPartner({ target, to: original.url, rawBody: original.requestBody, webhookSecret: sandbox().credentials.webhookSecret, token: null, timeoutMs: 10_000 });
    const entry = recordOutbound('replay', target, exchange);
    return reply.send({ exchange: entry, judgement: entry.judgement });
  });

  control('/_sandbox/console/reset', async (_body, _request, reply) => {
    await sandbox().reset();
    publish({ type: 'reset', data: { at: new Date().toISOString() } });
    pushStateIfChanged();
    return reply.send({ reset: true, state: sandbox().state() });
  });

  const explorerToken = async (): Promise<string> => {
    const k = sandbox().credentials;
    const exchange = await send({
      method: 'POST',
      url: `${sandbox().url}/oauth/token`,
      headers: { 'Content-Type': 'application/json', 'x-sandbox-console-source': 'explore' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: k.clientId, client_secret: k.clientSecret }),
      timeoutMs: 5000,
    });
    const token = isObject(exchange.json) ? exchange.json.access_token : undefined;
    if (typeof token !== 'string') throw new Error(`the sandbox's /oauth/token answered ${exchange.status ?? exchange.error?.message}`);
    return token;
  };

  control('/_sandbox/console/token', async (_body, _request, reply) => {
    try {
      // The webhook secret lets the explorer sign the partner-to-Stream webhooks it sends here; the banner prints it too.
      return reply.header('Cache-Control', 'no-store').send({ access_token: await explorerToken(), token_type: 'Bearer', webhook_secret: sandbox().credentials.webhookSecret });
    } catch (error) {
      return reply.code(502).send({ code: 'token_failed', message: `Could not get a token: ${(error as Error).message}.` });
    }
  });

  control('/_sandbox/console/certify', async (body, _request, reply) => {
    if (!(AUDIENCES as readonly unknown[]).includes(body.audience)) return reply.code(400).send({ code: 'invalid_audience', message: 'The audience must be pos, dsp or events.' });
    const baseUrl = parseUrl(body.baseUrl);
    if (baseUrl === undefined) return reply.code(400).send({ code: 'invalid_url', message: "The server's base URL must be an absolute http(s) URL such as http://127.0.0.1:4101." });
    if ([...runs.values()].some((run) => run.result === undefined && run.error === undefined)) {
      return reply.code(409).send({ code: 'certify_running', message: 'A certification run is already in progress; wait for it to end.' });
    }
    const audience = body.audience as Audience;
    const skipSandbox = body.skipSandbox !== false;
    const waitMs = typeof body.waitMs === 'number' && body.waitMs > 0 && body.waitMs <= 600_000 ? body.waitMs : 60_000;
    const run: CertifyRun = { id: randomBytes(6).toString('hex'), audience, baseUrl: baseUrl.toString().replace(/\/$/, ''), results: [], prompts: [] };
    runs.set(run.id, run);
    for (const old of [...runs.keys()].slice(0, Math.max(0, runs.size - CERTIFY_RUNS_KEPT))) runs.delete(old);
    const k = sandbox().credentials;
    const sleep = (ms: number) => delay(ms).then(() => undefined);
    publish({ type: 'certify', data: { id: run.id, phase: 'started', audience, baseUrl: run.baseUrl } });
    void (async () => {
      let link: Awaited<ReturnType<typeof linkSandbox>> | undefined;
      try {
        if (!skipSandbox) link = await linkSandbox({ url: sandbox().url, webhookSecret: k.webhookSecret, partnerSlug: k.partnerSlug, partnerId: k.partnerId, now: Date.now, sleep });
        run.result = await runCertification({
          config: {
            audience,
            baseUrl: run.baseUrl,
            ...(typeof body.token === 'string' && body.token !== '' ? { token: body.token } : {}),
            webhookSecret: k.webhookSecret,
            clientId: typeof body.clientId === 'string' && body.clientId !== '' ? body.clientId : 'stream-client',
            clientSecret: typeof body.clientSecret === 'string' && body.clientSecret !== '' ? body.clientSecret : 'stream-secret',
            redirectUri: 'https://partners.stream.example/oauth/callback',
            timeoutMs: 30_000,
            answerLimitMs: 10_000,
            waitMs,
            now: Date.now,
            sleep,
          },
          skipSandbox,
          ...(link === undefined ? {} : { sandbox: link }),
          prompt: (text) => {
            run.prompts.push(text);
            publish({ type: 'certify', data: { id: run.id, phase: 'prompt', text } });
          },
          onResult: (result) => {
            run.results.push(result);
            for (const evidence of result.evidence) {
              const target = listTargets().find((candidate) => candidate.audience === audience && (candidate.name === result.requirement.contract.event || candidate.name === result.requirement.contract.operationId));
              recordOutbound('certify', target, {
                request: { method: evidence.request.method, url: evidence.request.url, ...(evidence.request.body === undefined ? {} : { body: evidence.request.body }) },
                status: evidence.response.status,
                headers: {},
                bodyText: evidence.response.body ?? '',
                json: undefined,
                ms: evidence.response.ms,
                ...(evidence.response.error === undefined ? {} : { error: { kind: 'unreachable' as const, message: evidence.response.error } }),
              }, { note: `${result.requirement.id}: ${evidence.what}`, judged: false });
            }
            publish({ type: 'certify', data: { id: run.id, phase: 'result', result: resultView(result) } });
          },
        });
        publish({ type: 'certify', data: { id: run.id, phase: 'finished', counts: run.result.counts, certified: run.result.certified, ms: run.result.ms } });
      } catch (error) {
        run.error = (error as Error).message;
        publish({ type: 'certify', data: { id: run.id, phase: 'failed', error: run.error } });
      } finally {
        await link?.close();
      }
    })();
    return reply.code(202).send({ id: run.id, requirements: loadCatalogue(audience).requirements.length });
  });

  // `trigger` and `certify` run from a terminal report their calls here. No console token (a CLI
  // process has none), so the same-origin check is what keeps other web pages out: the global guard
  // refuses a foreign Origin and non-JSON bodies, refuseRead a cross-site Sec-Fetch-Site.
  app.post('/_sandbox/outbound', async (request, reply) => {
    const refused = guard.refuseRead(request, reply);
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
    const entry = recordOutbound(report.source, findSendTarget(report.target), reportExchange(report), { ...(note === '' ? {} : { note }), judged: report.source === 'trigger' });
    return reply.code(201).send({ id: entry.id });
  });

  app.get('/_sandbox/console/certify/:id', async (request, reply) => {
    const refused = guard.refuseRead(request, reply);
    if (refused !== undefined) return refused;
    // The token comes in its header only: in a URL it would be kept in history, logs and the saved file's origin.
    const denied = guard.refuseControl(request, reply);
    if (denied !== undefined) return denied;
    const { id } = request.params as { id: string };
    const run = runs.get(id);
    if (run === undefined) return reply.code(404).send({ code: 'unknown_run', message: `No certification run ${id}; the console keeps the last ${CERTIFY_RUNS_KEPT}.` });
    const format = (request.query as { format?: string }).format;
    if (format === undefined) return reply.send({ id, audience: run.audience, baseUrl: run.baseUrl, results: run.results.map(resultView), finished: run.result !== undefined, error: run.error ?? null });
    if (run.result === undefined) return reply.code(409).send({ code: 'certify_running', message: 'The run has not finished; download the report when it ends.' });
    if (format === 'junit') return reply.type('application/xml; charset=utf-8').header('Content-Disposition', `attachment; filename="certify-${run.audience}.xml"`).send(junitXml(run.result));
    if (format === 'html') return reply.type('text/html; charset=utf-8').header('Content-Disposition', `attachment; filename="certify-${run.audience}.html"`).header('Content-Security-Policy', REPORT_CSP).send(htmlReport(run.result));
    return reply.code(400).send({ code: 'invalid_format', message: 'format must be junit or html.' });
  });
  return guard.token;
}

/** One requirement's result for the page: status as given (the runner may add statuses), and where to read. */
function resultView(result: RequirementResult): unknown {
  const last = result.evidence[result.evidence.length - 1];
  return {
    id: result.requirement.id,
    title: result.requirement.title,
    severity: result.requirement.severity,
    status: result.status,
    reason: result.reason ?? null,
    expected: result.expected ?? null,
    ms: result.ms,
    guide: guideUrl(result.requirement),
    reference: referenceUrl(result.requirement),
    sent: last === undefined ? null : `${last.request.method} ${last.request.url}`,
    got: last === undefined ? null : `${last.response.status ?? last.response.error ?? 'no answer'} (${last.response.ms} ms)`,
  };
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function lowerHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
