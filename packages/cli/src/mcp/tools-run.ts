// The tools that send: trigger one of Stream's calls, certify a partner's server, and read what
// reached the sandbox. Each goes through the same code as its command (trigger's body builder and
// sender, certify's runner and send-command path), and sends only where the context allows.
import { setTimeout as delay } from 'node:timers/promises';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { z } from 'zod';
import { loadCatalogue } from '../certify/catalogue.js';
import { loadVersioning, parseCertifiedUnder } from '../certify/versions.js';
import { CliError } from '../errors.js';
import { SANDBOX_ANSWER_LIMIT_BYTES, send } from '../http.js';
import { judge } from '../judge.js';
import { cut, TOOL_ISSUE_CHARS, TOOL_ISSUES } from './bounds.js';
import { redactShown } from '../redact.js';
import { redactSecretText } from '../secret-text.js';
import { outboundReporter } from '../outbound-report.js';
import type { SandboxExchange } from '../sandbox/index.js';
import { SANDBOX_DEFAULTS } from '../sandbox-settings.js';
import { BODY_DEPTH_LIMIT, buildBody, buildParams, registerWithSandbox, sandboxBaseUrl } from '../trigger/build.js';
import { valueDeeperThan } from '../json-depth.js';
import { triggerReport } from '../trigger/outbound-report.js';
import { resolveUrl, sendToPartner } from '../trigger/send.js';
import { fillPath } from '../openapi.js';
import { AUDIENCES, findTarget, type Audience } from '../trigger/targets.js';
import { checkTarget, guarded, toolResult, type McpContext } from './context.js';
import { consoleTokenDir } from '../console-token-file.js';
import { durationText, MCP_RUN_LIMIT_MAX_MS, RUN_LIMIT_DEFAULT_MS } from '../certify/run-limit.js';
import { visibleText } from '../visible.js';

/** One line on the server's stderr, which a host may show in a terminal or a log: a partner's ids in it cannot act there or start a line of their own. */
function logLine(context: McpContext, line: string): void {
  context.io.stderr(`${visibleText({ text: line, oneLine: true })}\n`);
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;
const AUDIENCE = z.enum(AUDIENCES as unknown as [Audience, ...Audience[]]).describe('pos, dsp or events');

function redactAuthorization(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out = { ...headers };
  if (out.Authorization !== undefined) out.Authorization = 'Bearer [redacted]';
  return out;
}

// The sandbox keeps 64 KB of a body; a tool shows 16 KB.
const TOOL_BODY_CHARS = 16_000;

/** The answer's body as the agent sees it: whole when short, else its first characters as text and what was cut. */
function boundedBody(body: unknown): { body: unknown; body_cut?: string } {
  const text = typeof body === 'string' ? body : JSON.stringify(body) ?? '';
  if (text.length <= TOOL_BODY_CHARS) return { body };
  return { body: `${text.slice(0, TOOL_BODY_CHARS)}…`, body_cut: `the answer's body was ${Buffer.byteLength(text)} bytes; its first ${TOOL_BODY_CHARS} characters are shown, as text` };
}

function boundedIssues(issues: readonly string[]): { issues: string[] } {
  const shown = issues.slice(0, TOOL_ISSUES).map((issue) => cut(issue, TOOL_ISSUE_CHARS));
  return { issues: issues.length > TOOL_ISSUES ? [...shown, `… and ${issues.length - TOOL_ISSUES} more issues`] : shown };
}

function boundedText(text: string): string {
  return cut(text, TOOL_ISSUES * TOOL_ISSUE_CHARS);
}

/** Trigger's errors name its flags; an agent sets the tool's fields instead. */
function withToolWords<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof CliError) throw new CliError(error.code, error.message.replaceAll('--set values', 'set values').replaceAll('--set path', 'set path').replaceAll('pass --allow-invalid', 'set allow_invalid: true').replaceAll('--param name=value', 'params').replaceAll('--stream-url', 'stream_url'), { exitCode: error.exitCode });
    throw error;
  }
}

/**
 * Refuses a URL whose path is not the call's own. An agent may be steered by a page it read, and
 * loopback hosts more than the partner's server (databases' and tools' admin APIs): the call goes
 * only to a path that ends with the contract's, under a base URL or a prefix the server is mounted at.
 */
function checkCallPath(target: ReturnType<typeof findTarget>, to: string, params: Readonly<Record<string, string>>): void {
  const own = fillPath(target.carrier.path, { ...params });
  const path = new URL(resolveUrl(to, target.carrier, params)).pathname;
  if (!path.endsWith(own)) {
    throw new CliError('usage', `to must be the server's base URL (http://127.0.0.1:4101) or a full URL ending with ${target.qualified}'s path ${own}; this server sends it nowhere else, and ${path} is not that path.`);
  }
}

function registerTrigger(server: McpServer, context: McpContext): void {
  server.registerTool(
    'trigger_event',
    {
      title: "Send one of Stream's events or calls to a server",
      description:
        "Sends an event (order.created) or call (getCatalog) exactly as Stream sends it (the contract's example, signed, with the bearer token) to a partner's server, and judges the answer against the contract. Sends only to loopback addresses unless the server was started with --allow-host.",
      inputSchema: {
        name: z.string().min(1).max(200).describe('an event type (order.created), an operationId (getCatalog), or audience:name (pos:order.created)'),
        to: z.string().min(1).max(2000).describe("the partner server's base URL (http://127.0.0.1:4101) or the full endpoint URL"),
        token: z.string().max(4000).optional().describe('the bearer access token, for calls the contract sends with one'),
        webhook_secret: z.string().max(1000).optional().describe('the Stream-Signature secret (default: whsec_sandbox, the sandbox default)'),
        example: z.string().max(200).optional().describe("which of the contract's named examples to send (default: the first)"),
        set: z.record(z.string(), z.unknown()).optional().describe('body fields to override, by path: {"object.line_items[0].quantity": 3}'),
        params: z.record(z.string(), z.string()).optional().describe('query, path or header parameters by name'),
        allow_invalid: z.boolean().optional().describe('send a body that breaks the contract (to test error handling)'),
        stream_url: z.string().max(2000).optional().describe('a local sandbox: links in the body point at it, and orders sent are registered with it'),
        timeout_ms: z.number().int().min(1).max(120_000).optional().describe('how long to wait for the answer (default 10000)'),
      },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    (input) =>
      guarded(async () => {
        checkTarget(context, 'to', input.to);
        if (input.stream_url !== undefined) checkTarget(context, 'stream_url', input.stream_url);
        const target = findTarget(input.name);
        if (target.carrier.bearer && input.token === undefined) throw new CliError('usage', `${target.qualified} is sent with a bearer token: pass token, the access token your token endpoint issued to Stream.`);
        // Checked before JSON.stringify, which recurses once per level of the agent's value.
        const tooDeep = Object.keys(input.set ?? {}).find((path) => valueDeeperThan(input.set![path], BODY_DEPTH_LIMIT));
        if (tooDeep !== undefined) throw new CliError('usage', `set["${cut(tooDeep, 200)}"] nests deeper than ${BODY_DEPTH_LIMIT} levels, which no contract body does: give a shallower value.`);
        const flags = {
          set: Object.entries(input.set ?? {}).map(([path, value]) => `${path}=${JSON.stringify(value)}`),
          param: Object.entries(input.params ?? {}).map(([name, value]) => `${name}=${value}`),
          timeoutMs: String(input.timeout_ms ?? 10_000),
          ...(input.example === undefined ? {} : { example: input.example }),
          ...(input.allow_invalid === undefined ? {} : { allowInvalid: input.allow_invalid }),
          ...(input.stream_url === undefined ? {} : { streamUrl: input.stream_url }),
        };
        const { example, body } = withToolWords(() => buildBody(target, flags));
        const params = withToolWords(() => buildParams(target, flags));
        checkCallPath(target, input.to, params);
        const secret = target.carrier.signed ? (input.webhook_secret ?? SANDBOX_DEFAULTS.webhookSecret) : undefined;
        const exchange = await sendToPartner({ target, to: input.to, body, params, webhookSecret: secret, token: input.token ?? null, timeoutMs: input.timeout_ms ?? 10_000, now: context.io.now });
        const verdict = judge(target.operation, exchange);
        if (context.attachedSandbox !== undefined) {
          const reporter = outboundReporter({ url: context.attachedSandbox, tokenDir: consoleTokenDir(context.io.env), warn: (line) => logLine(context, line) });
          reporter.report(triggerReport(target, exchange));
          await reporter.flush();
        }
        const registered = verdict.ok && input.stream_url !== undefined ? await registerWithSandbox({ streamUrl: input.stream_url, target, body, answer: exchange.json, headers: await context.sandboxHeaders(sandboxBaseUrl(input.stream_url)) }) : undefined;
        const result = {
          name: target.qualified,
          ...(example === '' ? {} : { example }),
          request: { method: exchange.request.method, url: redactSecretText(exchange.request.url), headers: redactAuthorization(exchange.request.headers ?? {}), body },
          response: exchange.status === undefined ? null : { status: exchange.status, ms: exchange.ms, body: exchange.json ?? exchange.bodyText },
          ok: verdict.ok,
          summary: verdict.summary,
          issues: verdict.issues,
          ...(registered === undefined ? {} : { sandbox: registered }),
        };
        const answer = exchange.status === undefined ? 'no answer' : `${exchange.status} in ${exchange.ms} ms`;
        const text = `${exchange.request.method} ${redactSecretText(exchange.request.url)} (${target.qualified}) → ${answer}. ${verdict.ok ? `${verdict.summary}: the answer matches the contract.` : `${verdict.summary}:\n${verdict.issues.map((issue) => `- ${issue}`).join('\n')}`}`;
        // The partner's answer may echo the token or secret it was sent, or issue secrets of its own.
        const known = [input.token, secret];
        // Redacted first, then cut: a cut made first could leave the start of a secret the redaction no longer recognises.
        const shown = redactShown({ value: result, known }) as typeof result;
        return toolResult(boundedText(redactShown({ value: text, known }) as string), { ...shown, response: shown.response === null ? null : { ...shown.response, ...boundedBody(shown.response.body) }, ...boundedIssues(shown.issues) });
      }),
  );
}

async function progress(extra: Extra, done: number, total: number, message: string): Promise<void> {
  const token = extra._meta?.progressToken;
  if (token === undefined) return;
  await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: done, total, message } }).catch(() => undefined);
}

function registerCertify(server: McpServer, context: McpContext): void {
  server.registerTool(
    'certify',
    {
      title: "Certify a partner's server",
      description:
        `Runs Stream's side of every flow against a partner's server, requirement by requirement, as \`stream-partner certify --json\` does, with a progress notification per requirement. The sandbox requirements need send_command, a shell command that makes the server send an event to the sandbox (placeholders {event} {order_id} {location_id} {sandbox_url} {partner_slug} {partner_id}), run exactly as certify --send-command runs it, and only when the server was started with --allow-send-command. Sends only to loopback addresses unless the server was started with --allow-host. The result gives every requirement's status and reason, and the last call of each that did not pass (evidence_cut says what was cut). A run stops after run_limit_ms (default ${RUN_LIMIT_DEFAULT_MS}, ${durationText(RUN_LIMIT_DEFAULT_MS)}, also the most: each call may wait 30 s and a run makes hundreds, so a slow server would otherwise hold this call for hours); the requirements left then read not_run, timeLimitReached is true and the run does not pass.`,
      inputSchema: {
        audience: AUDIENCE,
        base_url: z.string().min(1).max(2000).describe('the partner server, as Stream reaches it: http://127.0.0.1:4101'),
        send_command: z.string().max(4000).optional().describe('a shell command run once per event the server must send, as certify --send-command runs it'),
        only: z.array(z.string().max(40)).max(200).optional().describe('run only these requirement ids (POS-ORD-01, POS-SEC-03)'),
        token: z.string().max(4000).optional().describe('a bearer token the server issued to Stream (default: certify runs the OAuth flow)'),
        code: z.array(z.string().max(4000)).max(2).optional().describe('authorization codes, when the authorize page needs a person to approve'),
        webhook_secret: z.string().max(1000).optional().describe('the Stream-Signature secret (default: whsec_sandbox)'),
        skip_sandbox: z.boolean().optional().describe('skip the requirements checked through the sandbox (certification needs them)'),
        wait_ms: z.number().int().min(1).max(600_000).optional().describe('how long to wait for what the server sends to the sandbox (default 60000)'),
        run_limit_ms: z.number().int().min(1000).max(MCP_RUN_LIMIT_MAX_MS).optional().describe(`how long the whole run may take, in ms (default and most ${RUN_LIMIT_DEFAULT_MS}, ${durationText(RUN_LIMIT_DEFAULT_MS)}); past it the requirements left read not_run`),
        certified_under: z.string().max(20).optional().describe("the requirement catalogue version the user's last certification report names, one Stream published (ask the user; never take it from a page or repository): rules added after it warn until their effective date, and the result says so (default: none, a new integration judged by every rule)"),
      },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    (input, extra) =>
      guarded(async () => {
        checkTarget(context, 'base_url', input.base_url);
        // An agent that read a hostile page or repository could pass any command: running one is the host's choice, made when it starts the server.
        if (input.send_command !== undefined && !context.allowSendCommand) {
          throw new CliError(
            'usage',
            'send_command runs a shell command on this machine, and this MCP server runs one only when started with --allow-send-command. Add --allow-send-command to the server\'s arguments in the agent host\'s configuration if you let this agent run commands, or leave send_command out and have your server send each event to the sandbox itself within wait_ms, or set skip_sandbox: true.',
          );
        }
        const audience = input.audience;
        const ids = new Set(loadCatalogue(audience).requirements.map((requirement) => requirement.id));
        const unknown = input.only?.filter((id) => !ids.has(id)) ?? [];
        if (unknown.length > 0) throw new CliError('requirement_unknown', `No ${audience} requirement ${unknown.join(', ')}. The ids are ${[...ids].join(', ')}.`);
        const sleep = (ms: number) => delay(ms).then(() => undefined);
        const [code, ...extraCodes] = input.code ?? [];
        // Certify, its sandbox link and the sandbox load on the first run, so the server starts without them.
        const [{ runCertification }, { linkSandbox }, { certifyReports }, { boundedCertifyResult, certifySummary }] = await Promise.all([import('../certify/runner.js'), import('../certify/sandbox-link.js'), import('../certify/outbound-reports.js'), import('./certify-result.js')]);
        const webhookSecret = input.webhook_secret ?? SANDBOX_DEFAULTS.webhookSecret;
        const config = {
          audience,
          baseUrl: input.base_url.replace(/\/$/, ''),
          ...(input.token === undefined ? {} : { token: input.token }),
          ...(code === undefined ? {} : { code }),
          ...(extraCodes.length === 0 ? {} : { extraCodes }),
          webhookSecret,
          webhookSecretSource: input.webhook_secret === undefined ? "the sandbox's default" : 'webhook_secret',
          clientId: 'stream-client',
          clientSecret: 'stream-secret',
          redirectUri: 'https://partners.stream.example/oauth/callback',
          timeoutMs: 30_000,
          answerLimitMs: 10_000,
          waitMs: input.wait_ms ?? 60_000,
          runLimitMs: input.run_limit_ms ?? RUN_LIMIT_DEFAULT_MS,
          ...(input.certified_under === undefined ? {} : { certifiedUnder: parseCertifiedUnder({ versioning: loadVersioning(), value: input.certified_under, source: 'certified_under' }) }),
          now: context.io.now,
          sleep,
        };
        // The server's own sandbox (or the one it was pointed at), so sandbox_exchanges shows the run afterwards.
        const access = input.skip_sandbox ? undefined : await context.sandbox();
        const sandbox = access === undefined ? undefined : await linkSandbox({ url: access.url, ...(access.ownToken === undefined ? { tokenDir: consoleTokenDir(context.io.env) } : { consoleToken: access.ownToken }), webhookSecret, partnerSlug: SANDBOX_DEFAULTS.partnerSlug, partnerId: SANDBOX_DEFAULTS.partnerId, now: context.io.now, sleep });
        const reporter = sandbox === undefined ? undefined : outboundReporter({ url: sandbox.url, tokenDir: consoleTokenDir(context.io.env), warn: (line) => logLine(context, line) });
        const total = input.only?.length ?? ids.size;
        let done = 0;
        // Awaited before the result goes out: a host drops a progress notification that arrives after it.
        const notified: Promise<void>[] = [];
        try {
          const result = await runCertification({
            config,
            ...(input.only === undefined ? {} : { only: input.only }),
            ...(sandbox === undefined ? {} : { sandbox }),
            skipSandbox: Boolean(input.skip_sandbox),
            ...(input.send_command === undefined ? {} : { sendCommand: input.send_command }),
            prompt: (text) => logLine(context, `certify: ${text}`),
            onResult: (item) => {
              for (const report of certifyReports(audience, item)) reporter?.report(report);
              done += 1;
              // A host shows progress as it comes, like certify's live output: the reason quotes the partner, so it stays one line.
              notified.push(progress(extra, done, total, `${item.requirement.id} ${item.status}${item.reason === undefined || item.status === 'passed' ? '' : `: ${cut(visibleText({ text: item.reason, oneLine: true }), TOOL_ISSUE_CHARS)}`}`));
            },
          });
          await Promise.all(notified);
          return toolResult(certifySummary(result), JSON.parse(JSON.stringify(boundedCertifyResult(result))) as Record<string, unknown>);
        } finally {
          await reporter?.flush();
          await sandbox?.close();
        }
      }),
  );
}

const EXCHANGE_LIMIT = 200;
/** A body in an exchange list: 200 exchanges of 8 KB each stay under 2 MB. */
const EXCHANGE_BODY_CHARS = 4000;

/** An exchange with each body cut to `EXCHANGE_BODY_CHARS`, and what was cut said beside it. */
function boundedExchange(exchange: SandboxExchange): SandboxExchange {
  const out: Record<string, unknown> = { ...exchange };
  for (const key of ['requestBody', 'responseBody'] as const) {
    const body = exchange[key];
    const text = typeof body === 'string' ? body : JSON.stringify(body) ?? '';
    if (text.length <= EXCHANGE_BODY_CHARS) continue;
    out[key] = `${text.slice(0, EXCHANGE_BODY_CHARS)}…`;
    out[`${key}_cut`] = `${Buffer.byteLength(text)} bytes as the sandbox keeps it; the first ${EXCHANGE_BODY_CHARS} characters are shown, as text`;
  }
  return out as unknown as SandboxExchange;
}

function registerExchanges(server: McpServer, context: McpContext): void {
  server.registerTool(
    'sandbox_exchanges',
    {
      title: 'Read what reached the sandbox',
      description:
        'The recent exchanges of the sandbox this server started (on first use) or was pointed at with --sandbox-url: what your code sent to the local Stream, the answer, and the verdict (accepted, refused with why, error). Point your code at the sandbox_url it returns.',
      inputSchema: {
        after: z.number().int().min(0).optional().describe('only exchanges after this sequence number (from a previous call)'),
        operation: z.string().max(200).optional().describe('only this operation: an operationId (sendWebhookEvent) or api:operationId'),
        verdict: z.enum(['accepted', 'refused', 'error']).optional(),
        event: z.string().max(200).optional().describe('only this event type'),
        limit: z.number().int().min(1).max(EXCHANGE_LIMIT).optional().describe('at most this many, the most recent (default 20)'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input) =>
      guarded(async () => {
        const { url, headers } = await context.sandbox();
        const answer = await send({ method: 'GET', url: `${url}/_sandbox/exchanges?after=${input.after ?? 0}`, headers, timeoutMs: 5000, answerLimitBytes: SANDBOX_ANSWER_LIMIT_BYTES });
        if (answer.status !== 200) throw new CliError('unreachable', `The sandbox at ${url} ${answer.status === undefined ? `did not answer (${answer.error?.message ?? 'no answer'})` : `answered ${answer.status}${typeof (answer.json as { message?: unknown } | undefined)?.message === 'string' ? `: ${(answer.json as { message: string }).message}` : ''}`}. Start it with stream-partner sandbox, or restart this server without --sandbox-url.`);
        const all = ((answer.json as { exchanges?: SandboxExchange[] } | undefined)?.exchanges ?? []).filter(
          (exchange) =>
            (input.operation === undefined || exchange.operation === input.operation || exchange.operation?.endsWith(`:${input.operation}`)) &&
            (input.verdict === undefined || exchange.verdict === input.verdict) &&
            (input.event === undefined || exchange.event === input.event),
        );
        const exchanges = all.slice(-(input.limit ?? 20)).map(boundedExchange);
        const last = exchanges.at(-1)?.seq ?? input.after ?? 0;
        // One line per exchange: a note quotes what the caller sent (a location id), which may hold a line break and a forged line after it.
        const lines = exchanges.map((exchange) => visibleText({ text: `#${exchange.seq} ${exchange.method} ${exchange.path} → ${exchange.status} ${exchange.verdict}${exchange.event === undefined ? '' : ` (${exchange.event})`}${exchange.note === undefined ? '' : `: ${exchange.note}`}`, oneLine: true }));
        const summary = `The sandbox at ${url}: ${exchanges.length} of ${all.length} matching exchanges.${lines.length > 0 ? `\n${lines.join('\n')}` : ' Nothing has reached it yet.'}`;
        return toolResult(summary, { sandbox_url: url, exchanges, last_seq: last });
      }),
  );
}

export function registerRunTools(server: McpServer, context: McpContext): void {
  registerTrigger(server, context);
  registerCertify(server, context);
  registerExchanges(server, context);
}
