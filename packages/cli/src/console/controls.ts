// The console's controls: what the page needs from the contracts, and the buttons that validate,
// send, replay, reset and fetch a token for the explorer. Each takes the control token.
import { signWebhook } from '@stream-partner/contracts';
import { loadCatalogue } from '../certify/catalogue.js';
import { send } from '../http.js';
import { isObject } from '../openapi.js';
import { DEMO_ORG_ID } from '../sandbox/index.js';
import { resolveUrl, sendToPartner } from '../trigger/send.js';
import { AUDIENCES } from '../trigger/targets.js';
import { bodyVerdict, consoleContract, guideLink, referenceLink } from './data.js';
import { CONSOLE_LOG_LIMIT, findSendTarget, parseUrl, type ConsoleHub } from './hub.js';

/** Registers the controls; answers what builds the page's contract data ahead of the first page. */
export function registerControls({ app, guard, replayMark, sandbox, log, control, publish, pushStateIfChanged, recordOutbound }: ConsoleHub): { warm(): void } {
  // The same for the process's whole life: built once and sent as the text it is.
  let contractText: string | undefined;
  const contract = (): string => {
    const k = sandbox().credentials;
    contractText ??= JSON.stringify({
      ...(consoleContract({ partnerSlug: k.partnerSlug, partnerId: k.partnerId, orgId: DEMO_ORG_ID }) as object),
      sandbox: { url: sandbox().url, partnerSlug: k.partnerSlug, partnerId: k.partnerId, clientId: k.clientId, webhookSecretSet: k.webhookSecret !== '' },
      catalogues: Object.fromEntries(AUDIENCES.map((audience) => [audience, loadCatalogue(audience).requirements.map((requirement) => ({ id: requirement.id, title: requirement.title, severity: requirement.severity, via: requirement.via }))])),
    });
    return contractText;
  };
  app.get('/_sandbox/console/contract', async (request, reply) => {
    const refused = guard.refuseControl(request, reply);
    if (refused !== undefined) return refused;
    return reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(contract());
  });

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
    const entry = recordOutbound('console', target, exchange, token === null ? {} : { secrets: [token] });
    return reply.send({ exchange: entry, judgement: entry.judgement });
  });

  control('/_sandbox/console/replay', async (body, _request, reply) => {
    const original = log.find(body.id);
    if (original === undefined) return reply.code(404).send({ code: 'unknown_exchange', message: `No exchange ${String(body.id)} in the console log (it keeps the last ${CONSOLE_LOG_LIMIT}).` });
    const headers: Record<string, string> = Object.create(null);
    for (const [name, value] of Object.entries(original.requestHeaders)) {
      if (['host', 'content-length', 'connection', 'authorization', 'cookie', 'origin', 'referer', 'accept-encoding'].includes(name) || name.startsWith('sec-') || name.startsWith('x-sandbox-')) continue;
      headers[name] = value;
    }
    if (original.direction === 'inbound') {
      const refused = inboundReplayRefusal(original, sandbox().url);
      if (refused !== undefined) return reply.code(400).send({ code: 'not_replayable', message: refused });
      if (original.requestHeaders.authorization !== undefined) headers.authorization = `Bearer ${await explorerToken()}`;
      // Labels the new row as a replay; never the console's token, which the original call did not hold.
      headers['x-sandbox-console-source'] = 'replay';
      headers['x-sandbox-console-replay'] = replayMark;
      const exchange = await send({ method: original.method, url: `${sandbox().url}${original.url}`, headers, ...(original.requestBody === '' ? {} : { body: original.requestBody }), timeoutMs: 10_000 });
      return reply.send({ status: exchange.status ?? null, body: exchange.json ?? exchange.bodyText });
    }
    if (original.recordedBy !== 'console' && original.recordedBy !== 'terminal') return reply.code(400).send({ code: 'not_replayable', message: 'Only calls the console or a terminal tool holding its token made can be replayed to a partner.' });
    const target = original.operation === undefined ? undefined : findSendTarget(original.operation);
    if (target === undefined) return reply.code(400).send({ code: 'not_replayable', message: 'Only calls Stream sends can be replayed to a partner.' });
    if (parseUrl(original.url) === undefined || resolveUrl(original.url, target.carrier) !== new URL(original.url).toString()) {
      return reply.code(400).send({ code: 'not_replayable', message: `The original call went to ${original.url}, a URL a replay would not reach as it is; send it again from the Send page.` });
    }
    if (new URL(original.url).password !== '') {
      return reply.code(400).send({ code: 'password_required', message: 'This call went to a URL with a password (basic auth), which the console does not keep. Send it again from the Send page with the full URL.' });
    }
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
      timeoutMs: 15_000,
    });
    const token = isObject(exchange.json) ? exchange.json.access_token : undefined;
    if (typeof token !== 'string') throw new Error(`the sandbox's /oauth/token answered ${exchange.status ?? exchange.error?.message}`);
    return token;
  };

  control('/_sandbox/console/token', async (_body, _request, reply) => {
    try {
      return reply.header('Cache-Control', 'no-store').send({ access_token: await explorerToken(), token_type: 'Bearer' });
    } catch (error) {
      return reply.code(502).send({ code: 'token_failed', message: `Could not get a token: ${(error as Error).message}.` });
    }
  });

  // The explorer's partner-to-Stream webhooks are signed here: the page never holds the webhook secret.
  control('/_sandbox/console/sign', async (body, _request, reply) => {
    if (typeof body.body !== 'string') return reply.code(400).send({ code: 'invalid_request', message: 'Send {"body": "<the exact body text to sign>"}.' });
    return reply.header('Cache-Control', 'no-store').send({ signature: signWebhook({ secret: sandbox().credentials.webhookSecret, body: body.body }) });
  });
  // Building it takes tens of milliseconds: done before any page asks, not while pages and partners wait.
  return { warm: () => void contract() };
}

/**
 * Why a call made to the sandbox is not replayed, or undefined. Anyone who can reach the port can have
 * a row recorded, so a replay gains nothing the original lacked: only a Partner API operation the
 * sandbox routed (no 404, none of its own `/_sandbox/` routes), to exactly the path recorded (no
 * `..` a URL parser would fold into another route), and no fresh bearer token for a call refused
 * for its credentials.
 */
function inboundReplayRefusal(original: { url: string; operation?: string; status?: number; requestHeaders: Record<string, string> }, base: string): string | undefined {
  if (original.url.startsWith('/_sandbox')) return "The sandbox's own routes are not replayed: use the console's buttons, or the terminal's token.";
  if (original.operation === undefined) return `${original.url.slice(0, 200)} is no operation of the sandbox's contracts, so there is nothing to replay.`;
  const target = new URL(original.url, base);
  if (`${target.pathname}${target.search}` !== original.url) return 'This call went to a path a URL parser rewrites (dot segments or backslashes); a replay would reach another route, so it is not replayed.';
  if (original.requestHeaders.authorization !== undefined && (original.status === 401 || original.status === 403)) return 'The sandbox refused this call for its credentials; a replay would send it with a valid token it never had. Send it again from the Explore page.';
  // The rate limit and the throttle answer before a bearer token is looked up: a made-up one passes there.
  if (original.requestHeaders.authorization !== undefined && (original.status === 429 || original.status === 503)) return 'The sandbox held this call back (429 or 503) before it looked at its credentials; a replay would send it with a valid token it may never have had. Send it again from the Explore page.';
  return undefined;
}
