// `stream-partner sandbox`: start the local Stream, print how to use it, log every exchange.
import { inertJson, visibleText } from '../visible.js';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { batchedWriter } from '../batched-writer.js';
import { checkLogFile, openLogFile } from '../log-file.js';
import { CliError, usageError } from '../errors.js';
import { colorsFor, type Io } from '../io.js';
import { sandboxStateCommand } from './sandbox-state.js';
import type { ConsoleSandbox } from '../console/index.js';
import { CONSOLE_TOKEN_HEADER, consoleTokenDir } from '../console-token-file.js';
import { DEFAULT_AGREED_SOURCES, DEFAULT_REGISTERED_HOSTS, type RecordedExchange, type RunningSandbox, type SandboxExchange } from '../sandbox/index.js';
import { LOG_LIMITS, SANDBOX_DEFAULTS } from '../sandbox-settings.js';
import { warnSecretFlags } from '../secret-flags.js';

interface SandboxFlags {
  port: string;
  host: string;
  clientId?: string;
  clientSecret?: string;
  webhookSecret?: string;
  allowedHost: string[];
  allowRemoteConsole?: boolean;
  registeredHost: string[];
  agreedSource: string[];
  rateLimit: string;
  partnerSlug: string;
  partnerId: string;
  menuVersion: 'v1' | 'v2';
  state?: string;
  log?: string;
  verbose?: boolean;
}

/** Whether `--host` keeps the sandbox on this machine. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw usageError(`--port must be a whole number from 0 to 65535; got "${value}".`);
  return port;
}

/**
 * Text the log writes as it is: no quote, backslash, control character or surrogate (a lone one is
 * escaped), and none of the invisible or reordering characters `inertJson` escapes.
 */
const PLAIN_JSON_TEXT = /^[^"\\\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\ud800-\udfff]*$/;

/** A string field of the log line; `inertJson` escapes what the caller sent, so `tail -f` shows a U+202E as \u202e instead of obeying it. */
function stringField(name: string, value: string | undefined): string {
  if (value === undefined) return '';
  // Quoted here when nothing needs escaping (a note, every call): JSON.stringify leaves JavaScript for the runtime's C++.
  return `,"${name}":${PLAIN_JSON_TEXT.test(value) ? `"${value}"` : inertJson(value, { indent: 0 })}`;
}

/**
 * `stringField` for a field that mostly repeats from one exchange to the next (time, method,
 * path, operation, verdict, event): the last value's text is kept and used again while the value is the same.
 */
function repeatedField(name: string): (value: string | undefined) => string {
  let last: string | undefined;
  let text = '';
  return (value) => {
    if (value !== last) {
      last = value;
      text = stringField(name, value);
    }
    return text;
  };
}

const atField = repeatedField('at');
const methodField = repeatedField('method');
const pathField = repeatedField('path');
const operationField = repeatedField('operation');
const verdictField = repeatedField('verdict');
const eventField = repeatedField('event');

/** A number as JSON writes it: a number that is not finite is null. */
function numberText(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/**
 * What the jsonl log keeps of an exchange without --verbose: every field but the bodies, in the
 * log's order, an absent one left out, exactly as JSON.stringify writes them. Written out field by
 * field: stringifying an object per request cost twice as much, and this runs for every request.
 */
export function logLine(exchange: SandboxExchange): string {
  return `{"seq":${numberText(exchange.seq)}${atField(exchange.at)}${methodField(exchange.method)}${pathField(exchange.path)}${operationField(exchange.operation)},"status":${numberText(exchange.status)}${verdictField(exchange.verdict)}${eventField(exchange.event)}${stringField('note', exchange.note)},"ms":${numberText(exchange.ms)}}\n`;
}

/** What an exchange waiting for the terminal or the log keeps alive: its record, bodies included, and its line. */
function exchangeBytes(exchange: { readonly bytes: number }): number {
  return exchange.bytes + 200;
}

/** The terminal's line for an exchange; with --verbose, its bodies follow as the log keeps them. */
function terminalLine(exchange: SandboxExchange, options: { readonly io: Pick<Io, 'isTTY'>; readonly verbose: boolean }): string {
  if (!options.verbose) return `${formatExchange(exchange, options.io)}\n`;
  const bodies = { requestBody: exchange.requestBody, responseBody: exchange.responseBody };
  // JSON escapes C0 controls but not C1 controls (an 8-bit CSI) nor bidirectional ones.
  return `${formatExchange(exchange, options.io)}\n${visibleText({ text: JSON.stringify(bodies, null, 2) })}\n`;
}

/** Path, event and note come from the caller: their control characters are shown, never sent to the terminal. */
function shown(text: string): string {
  return visibleText({ text, oneLine: true });
}

/** `shown` for a field that mostly repeats from one exchange to the next (method, path, event): the last answer is kept. */
function repeatedShown(): (text: string) => string {
  let last: string | undefined;
  let text = '';
  return (value) => {
    if (value !== last) {
      last = value;
      text = shown(value);
    }
    return text;
  };
}

const shownMethod = repeatedShown();
const shownPath = repeatedShown();
const shownEvent = repeatedShown();

/** One line per exchange: time, method, path, status, verdict, event and the first issue or what happened. */
export function formatExchange(exchange: SandboxExchange, io: Pick<Io, 'isTTY'>): string {
  const c = colorsFor(io);
  const time = exchange.at.slice(11, 19);
  const verdict = exchange.verdict === 'accepted' ? c.green('accepted') : exchange.verdict === 'refused' ? c.yellow('refused ') : c.red('error   ');
  const status = exchange.status >= 400 ? c.yellow(String(exchange.status)) : c.green(String(exchange.status));
  const query = exchange.path.indexOf('?');
  let line = `${c.dim(time)}  ${shownMethod(exchange.method).padEnd(6)}  ${shownPath(query < 0 ? exchange.path : exchange.path.slice(0, query))}  ${status}  ${verdict}`;
  if (exchange.event !== undefined) line += `  ${c.cyan(shownEvent(exchange.event))}`;
  if (exchange.note !== undefined) line += `  ${c.dim(shown(exchange.note))}`;
  return line;
}

/**
 * A setting from its flag, else its `STREAM_SANDBOX_` variable, else the old name (with a warning:
 * `STREAM_CLIENT_SECRET` is the partner's own secret in the guides), else the default; `env` names
 * the variable when one was used.
 */
function setting(flag: string | undefined, io: Io, name: string, fallback: string): { value: string; env?: string } {
  if (flag !== undefined) return { value: flag };
  const variable = `STREAM_SANDBOX_${name}`;
  if (io.env[variable] !== undefined) return { value: io.env[variable], env: variable };
  const old = `STREAM_${name}`;
  const fromOld = io.env[old];
  if (fromOld === undefined) return { value: fallback };
  io.stderr(`warning: the sandbox read ${old}, the name the guides use for your own Stream credentials. Rename it ${variable}; ${old} stops working in a later release.\n`);
  return { value: fromOld, env: old };
}

interface Secrets {
  readonly clientSecretEnv?: string;
  readonly webhookSecretEnv?: string;
}

function banner(sandbox: ConsoleSandbox, flags: SandboxFlags, logFile: string, io: Io, secrets: Secrets): string {
  const c = colorsFor(io);
  const { credentials: k, url } = sandbox;
  // A secret taken from the environment is not echoed: that is why it was put there.
  const clientSecret = secrets.clientSecretEnv === undefined ? k.clientSecret : `from $${secrets.clientSecretEnv}`;
  const webhookSecret = secrets.webhookSecretEnv === undefined ? k.webhookSecret : `from $${secrets.webhookSecretEnv}`;
  const tokenFile = sandbox.consoleTokenFile;
  return [
    `${c.bold('Stream sandbox')} listening on ${c.cyan(sandbox.listenUrl)}${sandbox.listenUrl === url ? '' : ` (every address of this machine; from here: ${c.cyan(url)})`}`,
    '',
    `  Console (open in your browser)           ${c.cyan(sandbox.consoleUrl)}`,
    // A service worker another program left at this port answers a docs link before the sandbox can.
    `                                           open it first, before a docs link to ${url}: it clears what an earlier server at this port left in your browser`,
    `  Console token for trigger and certify    ${tokenFile === undefined ? 'not written' : 'path' in tokenFile ? tokenFile.path : c.yellow(`not written: ${tokenFile.problem}`)}`,
    `  OAuth client (POST ${url}/oauth/token)   client_id ${k.clientId}   client_secret ${clientSecret}`,
    `  Webhook secret (Stream-Signature)        ${webhookSecret}`,
    `  Partner                                  slug ${k.partnerSlug}   id ${k.partnerId}`,
    `  Send POS events to                       ${url}/pos/${k.partnerSlug}/webhook`,
    `  Send DSP orders and store status to      ${url}/order/${k.partnerId}`,
    `  Send driver and delivery updates to      ${url}/event-provider/${k.partnerSlug}/webhook`,
    `  SSO sign-in page (sso_login_token)       ${url}/sso/login`,
    `  Registered return_url hosts              ${(flags.registeredHost.length === 0 ? DEFAULT_REGISTERED_HOSTS : flags.registeredHost).join(', ')}`,
    `  Agreed sources                           ${(flags.agreedSource.length === 0 ? DEFAULT_AGREED_SOURCES : flags.agreedSource).join(', ')}`,
    `  Rate limit                               ${flags.rateLimit === '0' ? 'off (--rate-limit N, or POST /_sandbox/throttle)' : `${flags.rateLimit} requests per client per minute`}`,
    `  State                                    stream-partner sandbox state${sandbox.port === SANDBOX_DEFAULTS.port ? '' : ` --sandbox-url ${url}`}${flags.state === undefined ? ' (in memory; --state FILE keeps it)' : ` (saved to ${flags.state})`}`,
    `                                           or GET ${url}/_sandbox/state with the header ${CONSOLE_TOKEN_HEADER}: <the token file's content>`,
    `  Exchange log                             ${logFile}`,
    '',
    `Seeded: organization org_demo (client ${k.clientId} belongs to it) with locations loc-downtown and loc-mission. Press Ctrl+C to stop.`,
    '',
  ].join('\n');
}

export function sandboxCommand(io: Io, setExit: (code: number) => void): Command {
  const state = sandboxStateCommand(io, setExit).exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr }).showHelpAfterError('(add --help for usage)');
  return new Command('sandbox')
    .addCommand(state)
    .description('Run a local Stream: the partner API and every endpoint partners call, with state, signature checks and contract validation.')
    .addOption(new Option('--port <port>', 'port to listen on (0 picks a free one)').default(String(SANDBOX_DEFAULTS.port)))
    .addOption(new Option('--host <host>', 'address to listen on').default(SANDBOX_DEFAULTS.host))
    .option('--allow-remote-console', 'let other machines, and requests through a tunnel or proxy, use the console and its control routes (they still need the console URL\'s token); without it they answer only this machine')
    .option('--allowed-host <host>', 'another host name to answer to (a tunnel, a container name): the partner API answers it, the console and /_sandbox/ routes do not (--allow-remote-console); repeat for more', (value: string, list: string[]) => [...list, value], [] as string[])
    .option('--client-id <id>', `OAuth client id the sandbox accepts (default: $STREAM_SANDBOX_CLIENT_ID, else ${SANDBOX_DEFAULTS.clientId})`)
    .option('--client-secret <secret>', `OAuth client secret the sandbox accepts (default: $STREAM_SANDBOX_CLIENT_SECRET, else ${SANDBOX_DEFAULTS.clientSecret})`)
    .option('--webhook-secret <secret>', `secret for Stream-Signature, both ways (default: $STREAM_SANDBOX_WEBHOOK_SECRET, else ${SANDBOX_DEFAULTS.webhookSecret})`)
    .option('--registered-host <host>', `a return_url host registered for your partner account; repeat for more (default: ${DEFAULT_REGISTERED_HOSTS.join(', ')})`, (value: string, list: string[]) => [...list, value], [] as string[])
    .option('--agreed-source <slug>', `a POS or DSP source agreed for your partner account; repeat for more (default: ${DEFAULT_AGREED_SOURCES.join(', ')})`, (value: string, list: string[]) => [...list, value], [] as string[])
    .addOption(new Option('--rate-limit <n>', 'Partner API requests each client may send per minute before a 429 with Retry-After (0: no limit)').default('0'))
    .addOption(new Option('--partner-slug <slug>', 'your partner slug (POS and events webhook paths)').default(SANDBOX_DEFAULTS.partnerSlug))
    .addOption(new Option('--partner-id <id>', 'your partner id (DSP order path, billing)').default(SANDBOX_DEFAULTS.partnerId))
    .addOption(new Option('--menu-version <version>', 'the DSP menu form published by default: v1 (nested) or v2 (normalised)').choices(['v1', 'v2']).default('v1'))
    .option('--state <file>', 'save state to this JSON file on every change and load it on start')
    .option('--log <file>', 'append one JSON line per exchange here (default: .stream-partner/sandbox.jsonl)')
    .option('--verbose', 'print request and response bodies (secrets redacted)')
    .addHelpText(
      'after',
      `
The sandbox answers only requests addressed to 127.0.0.1, localhost or [::1] on its port (and
--host, --allowed-host), takes only the content type each route declares (application/json), and
refuses /_sandbox/ changes from another web origin. Secrets in logged bodies are redacted.

The console opens from the URL the banner prints (Console  http://127.0.0.1:41873/#token=...), on a
port of its own picked afresh each run (http://127.0.0.1:4010/ redirects there), so nothing another
server left in the browser for port 4010 runs in it: the token after # never reaches a server, and the
page trades it, once (your browser's history keeps the URL), for a session secret only that page's
origin (scheme, host and port) can read; no cookie opens anything. The console's token is written,
readable only by you (paste it to open the console in another browser), to
$XDG_RUNTIME_DIR/stream-partner/console-<port>.token (else ~/.stream-partner/run/), where trigger,
certify --sandbox-url and sandbox state read it; it is removed when the sandbox stops. The console
answers only this machine unless --allow-remote-console: a request from a loopback address, addressed
to 127.0.0.1, localhost or [::1], with no proxy's header (X-Forwarded-For, Forwarded, X-Real-IP,
CF-Connecting-IP...), so one through a tunnel (ngrok, cloudflared) or a reverse proxy on this machine
is remote. The sandbox's own routes that read its data
(GET /_sandbox/state, /_sandbox/exchanges) or change it (POST /_sandbox/orders, /_sandbox/menus,
/_sandbox/catalogs, /_sandbox/locations, /_sandbox/throttle, /_sandbox/outages) need the token too (401 without it), and answer
only this machine alike.
stream-partner sandbox state prints the state (see its --help); from curl:
  $ curl -H "x-sandbox-console-token: $(cat $XDG_RUNTIME_DIR/stream-partner/console-4010.token)" http://127.0.0.1:4010/_sandbox/exchanges

Memory: GET /_sandbox/exchanges keeps the last ${LOG_LIMITS.exchanges} exchanges and at most ${LOG_LIMITS.bytes / 1024 / 1024} MB of bodies; a body over
${LOG_LIMITS.bodyBytes / 1024} KB (or nested deeper than ${LOG_LIMITS.depth} levels) is kept truncated with its size. The --log file
(mode 0600) keeps every exchange, written in batches after the answers, and once it passes
${LOG_LIMITS.fileBytes / 1024 / 1024} MB is moved to FILE.1 (replacing the one before) and begun anew; should the disk fall more than
${LOG_LIMITS.queueBytes / 1024 / 1024} MB behind, a line counts the exchanges it dropped. --state FILE is locked (FILE.lock holds the pid) while the sandbox runs; each
change is appended to FILE.journal, folded into FILE when the journal outgrows it and at a clean stop.

Secrets can come from the environment, so they do not show in ps: STREAM_SANDBOX_CLIENT_ID,
STREAM_SANDBOX_CLIENT_SECRET, STREAM_SANDBOX_WEBHOOK_SECRET (a flag wins over its variable). The
old names STREAM_CLIENT_ID, STREAM_CLIENT_SECRET and STREAM_WEBHOOK_SECRET still work, with a
warning: the guides use them for your own credentials.

What Stream holds for your partner account: a return_url off the registered hosts, or a source
not agreed, gets 400. POST /_sandbox/throttle {"requests": 3, "retry_after": 2} (with the token) makes the next
three Partner API calls answer 429 (add "status": 503 for 503, briefly unavailable); --rate-limit
does 429 per client and minute. POST /_sandbox/outages {"operation": "dsp:sendOrderEvent"} makes the
next send to that route answer 503 (add "requests" and "status" for more, or 500, 502, 504), so you can
watch your sender retry it with the same event_id; "status": 401 (or 400) gives the final answer
the route's contract names instead, which your sender must not resend; "delay_ms": 1000 instead
holds the next answer a second, and a second send for the same order made meanwhile is noted in the log
(one order's events go one at a time). An onboarding's entry_url approves at once; with ?consent=deny the
merchant refuses (return_url gets error=access_denied). A single sign-on token opens
GET /sso/login?sso_login_token=... once, within 60 seconds.

Examples:
  $ stream-partner sandbox
  $ stream-partner sandbox --port 4010 --state .stream-partner/state.json
  $ STREAM_SANDBOX_WEBHOOK_SECRET=whsec_mine stream-partner sandbox --allowed-host sandbox.test
  $ stream-partner sandbox --registered-host app.mypos.example --agreed-source my-pos --rate-limit 60
  $ curl -s http://127.0.0.1:4010/oauth/token -H 'Content-Type: application/json' \\
      -d '{"grant_type":"client_credentials","client_id":"sandbox-client","client_secret":"sandbox-secret"}'`,
    )
    .action(async (flags: SandboxFlags) => {
      // The console and the sandbox behind it (Fastify) load when the sandbox starts, not with every command.
      const { startConsoleSandbox, warmValidators } = await import('../console/index.js');
      const port = parsePort(flags.port);
      warnSecretFlags({
        stderr: io.stderr,
        flags: [
          { flag: '--client-secret', value: flags.clientSecret, variable: 'STREAM_SANDBOX_CLIENT_SECRET' },
          { flag: '--webhook-secret', value: flags.webhookSecret, variable: 'STREAM_SANDBOX_WEBHOOK_SECRET' },
        ],
      });
      const clientId = setting(flags.clientId, io, 'CLIENT_ID', SANDBOX_DEFAULTS.clientId);
      const clientSecret = setting(flags.clientSecret, io, 'CLIENT_SECRET', SANDBOX_DEFAULTS.clientSecret);
      const webhookSecret = setting(flags.webhookSecret, io, 'WEBHOOK_SECRET', SANDBOX_DEFAULTS.webhookSecret);
      const rateLimit = Number(flags.rateLimit);
      if (!/^\d+$/.test(flags.rateLimit) || rateLimit > 100_000) throw usageError(`--rate-limit takes requests per minute, a whole number from 0 (no limit) to 100000; got "${flags.rateLimit}".`);
      const badRegistered = flags.registeredHost.find((name) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/i.test(name));
      if (badRegistered !== undefined) throw usageError(`--registered-host takes a host name without scheme or port, such as app.mypos.example; got "${badRegistered}".`);
      const badSource = flags.agreedSource.find((slug) => !/^[a-z0-9][a-z0-9_-]{0,63}$/i.test(slug));
      if (badSource !== undefined) throw usageError(`--agreed-source takes a slug such as example-pos (letters, digits, - and _); got "${badSource}".`);
      if (webhookSecret.value === '') throw usageError(webhookSecret.env === undefined ? '--webhook-secret must not be empty.' : `${webhookSecret.env} is set but empty; give it a value or unset it.`);
      const badHost = flags.allowedHost.find((name) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(name));
      if (badHost !== undefined) throw usageError(`--allowed-host takes a host name such as sandbox.test or sandbox.test:4010; got "${badHost}".`);
      const logFile = resolve(flags.log ?? '.stream-partner/sandbox.jsonl');
      try {
        mkdirSync(dirname(logFile), { recursive: true });
        checkLogFile(logFile);
      } catch (error) {
        throw new CliError('usage', `Cannot write the exchange log ${logFile}: ${(error as Error).message}. Pass another --log path.`);
      }
      const sandbox = await startConsoleSandbox({
        port,
        host: flags.host,
        clientId: clientId.value,
        clientSecret: clientSecret.value,
        webhookSecret: webhookSecret.value,
        allowedHosts: flags.allowedHost,
        allowRemoteConsole: flags.allowRemoteConsole === true,
        consoleTokenDir: consoleTokenDir(io.env),
        ...(flags.registeredHost.length === 0 ? {} : { registeredHosts: flags.registeredHost }),
        ...(flags.agreedSource.length === 0 ? {} : { agreedSources: flags.agreedSource }),
        rateLimit,
        partnerSlug: flags.partnerSlug,
        partnerId: flags.partnerId,
        menuVersion: flags.menuVersion,
        ...(flags.state === undefined ? {} : { stateFile: resolve(flags.state) }),
        now: io.now,
      });
      io.stdout(banner(sandbox, flags, logFile, io, { ...(clientSecret.env === undefined ? {} : { clientSecretEnv: clientSecret.env }), ...(webhookSecret.env === undefined ? {} : { webhookSecretEnv: webhookSecret.env }) }));
      for (const notice of sandbox.notices) io.stderr(`${colorsFor(io).yellow(`notice: ${notice}`)}\n`);
      if (!isLoopbackHost(flags.host)) {
        io.stderr(
          `${colorsFor(io).yellow(`warning: --host ${flags.host} lets other machines on the network call this sandbox's API with the credentials above.`)} ${flags.allowRemoteConsole ? 'With --allow-remote-console, they can also use the console if they have its URL (token included): keep it to yourself.' : 'The console and its control routes still answer only this machine (--allow-remote-console changes that).'}\n`,
        );
      }
      if (flags.allowedHost.length > 0) {
        // A tunnel or proxy connects from this machine: what it passes on is remote all the same.
        const names = flags.allowedHost.join(', ');
        io.stderr(
          flags.allowRemoteConsole
            ? `${colorsFor(io).yellow(`warning: with --allow-remote-console, the console and its control routes answer requests through ${names} too: anyone there with the console URL (token included) can use it.`)}\n`
            : `note: through ${names} (a tunnel or a proxy) only the Stream API answers; the console and its control routes answer only this machine, at ${sandbox.url} (--allow-remote-console changes that).\n`,
        );
      }
      warmValidators();
      // Lines leave in batches after the answers, so neither the terminal nor the disk holds a request up.
      // Each writer queues the exchange itself and makes its line when the batch is written; what a
      // queued exchange keeps alive (its bounded bodies included) counts against the queue's bound.
      const verbose = flags.verbose === true;
      const terminal = batchedWriter<RecordedExchange>({
        write: io.stdout,
        format: (exchange) => terminalLine(exchange, { io, verbose }),
        size: exchangeBytes,
        gatherMs: LOG_LIMITS.gatherMs,
        maxPendingBytes: LOG_LIMITS.queueBytes,
        droppedLine: (count) => `${count} exchanges not shown: the terminal fell behind (the --log file has them)\n`,
      });
      // One handle for every batch (opening the file per batch cost more than writing it); a failed write opens it anew.
      const logHandle = openLogFile({ path: logFile, maxBytes: LOG_LIMITS.fileBytes });
      const log = batchedWriter<RecordedExchange>({
        write: (text) => logHandle.append(text),
        // With --verbose the log keeps the bodies, redacted and bounded, as GET /_sandbox/exchanges shows them.
        format: verbose ? (exchange) => `${inertJson(exchange, { indent: 0 })}\n` : logLine,
        size: exchangeBytes,
        gatherMs: LOG_LIMITS.gatherMs,
        maxPendingBytes: LOG_LIMITS.queueBytes,
        droppedLine: (count) => `${JSON.stringify({ dropped: count, note: `${count} exchanges not logged: the disk fell behind` })}\n`,
        onError: (error) => io.stderr(`warning: cannot write the exchange log ${logFile}: ${(error as Error).message}. Exchanges are not logged until it can be written.\n`),
      });
      sandbox.onExchange((exchange) => {
        terminal.push(exchange);
        log.push(exchange);
      });
      await new Promise<void>((done) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          done();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      await sandbox.close();
      await Promise.all([terminal.flush(), log.flush()]);
      await logHandle.close();
      io.stdout('Sandbox stopped.\n');
      setExit(0);
    });
}
