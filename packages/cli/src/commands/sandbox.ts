// `stream-partner sandbox`: start the local Stream, print how to use it, log every exchange.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { CliError, usageError } from '../errors.js';
import { colorsFor, type Io } from '../io.js';
import { startConsoleSandbox, warmValidators, type ConsoleSandbox } from '../console/index.js';
import { consoleTokenDir } from '../console-token-file.js';
import { LOG_LIMITS, SANDBOX_DEFAULTS, type SandboxExchange } from '../sandbox/index.js';

interface SandboxFlags {
  port: string;
  host: string;
  clientId?: string;
  clientSecret?: string;
  webhookSecret?: string;
  allowedHost: string[];
  allowRemoteConsole?: boolean;
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

/** One line per exchange: time, method, path, status, verdict, event and the first issue or what happened. */
export function formatExchange(exchange: SandboxExchange, io: Pick<Io, 'isTTY'>): string {
  const c = colorsFor(io);
  const time = exchange.at.slice(11, 19);
  const verdict = exchange.verdict === 'accepted' ? c.green('accepted') : exchange.verdict === 'refused' ? c.yellow('refused ') : c.red('error   ');
  const status = exchange.status >= 400 ? c.yellow(String(exchange.status)) : c.green(String(exchange.status));
  const path = exchange.path.split('?')[0];
  const parts = [c.dim(time), exchange.method.padEnd(6), path, status, verdict];
  if (exchange.event !== undefined) parts.push(c.cyan(exchange.event));
  if (exchange.note !== undefined) parts.push(c.dim(exchange.note));
  return parts.join('  ');
}

/** A setting from its flag, else its environment variable, else the default; `env` names the variable when it was used. */
function setting(flag: string | undefined, io: Io, variable: string, fallback: string): { value: string; env?: string } {
  if (flag !== undefined) return { value: flag };
  const fromEnv = io.env[variable];
  return fromEnv === undefined ? { value: fallback } : { value: fromEnv, env: variable };
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
    `  Console token for trigger and certify    ${tokenFile === undefined ? 'not written' : 'path' in tokenFile ? tokenFile.path : c.yellow(`not written: ${tokenFile.problem}`)}`,
    `  OAuth client (POST ${url}/oauth/token)   client_id ${k.clientId}   client_secret ${clientSecret}`,
    `  Webhook secret (Stream-Signature)        ${webhookSecret}`,
    `  Partner                                  slug ${k.partnerSlug}   id ${k.partnerId}`,
    `  Send POS events to                       ${url}/pos/${k.partnerSlug}/webhook`,
    `  Send DSP orders and store status to      ${url}/order/${k.partnerId}`,
    `  Send driver and delivery updates to      ${url}/event-provider/${k.partnerSlug}/webhook`,
    `  State                                    ${url}/_sandbox/state${flags.state === undefined ? ' (in memory; --state FILE keeps it)' : ` (saved to ${flags.state})`}`,
    `  Exchange log                             ${logFile}`,
    '',
    'Seeded: organization org_demo with locations loc-downtown and loc-mission. Press Ctrl+C to stop.',
    '',
  ].join('\n');
}

export function sandboxCommand(io: Io, setExit: (code: number) => void): Command {
  return new Command('sandbox')
    .description('Run a local Stream: the partner API and every endpoint partners call, with state, signature checks and contract validation.')
    .addOption(new Option('--port <port>', 'port to listen on (0 picks a free one)').default(String(SANDBOX_DEFAULTS.port)))
    .addOption(new Option('--host <host>', 'address to listen on').default(SANDBOX_DEFAULTS.host))
    .option('--allow-remote-console', 'let other machines use the console and its control routes (they still need the console URL\'s token); without it they answer only this machine')
    .option('--allowed-host <host>', 'another host name to answer to (a tunnel, a container name); repeat for more', (value: string, list: string[]) => [...list, value], [] as string[])
    .option('--client-id <id>', `OAuth client id the sandbox accepts (default: $STREAM_CLIENT_ID, else ${SANDBOX_DEFAULTS.clientId})`)
    .option('--client-secret <secret>', `OAuth client secret the sandbox accepts (default: $STREAM_CLIENT_SECRET, else ${SANDBOX_DEFAULTS.clientSecret})`)
    .option('--webhook-secret <secret>', `secret for Stream-Signature, both ways (default: $STREAM_WEBHOOK_SECRET, else ${SANDBOX_DEFAULTS.webhookSecret})`)
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

The console opens from the URL the banner prints (Console  http://127.0.0.1:4010/?token=...); the
page trades the token for a session cookie. The same token is written, readable only by you, to
$XDG_RUNTIME_DIR/stream-partner/console-<port>.token (else ~/.stream-partner/run/), where trigger
and certify --sandbox-url read it; it is removed when the sandbox stops. The console answers only
this machine unless --allow-remote-console.

Memory: GET /_sandbox/exchanges keeps the last ${LOG_LIMITS.exchanges} exchanges and at most ${LOG_LIMITS.bytes / 1024 / 1024} MB of bodies; a body over
${LOG_LIMITS.bodyBytes / 1024} KB (or nested deeper than ${LOG_LIMITS.depth} levels) is kept truncated with its size. The --log file
keeps every exchange. --state FILE is locked (FILE.lock holds the pid) while the sandbox runs.

Secrets can come from the environment, so they do not show in ps: STREAM_CLIENT_ID,
STREAM_CLIENT_SECRET, STREAM_WEBHOOK_SECRET (a flag wins over its variable).

Examples:
  $ stream-partner sandbox
  $ stream-partner sandbox --port 4010 --webhook-secret whsec_mine --state .stream-partner/state.json
  $ STREAM_WEBHOOK_SECRET=whsec_mine stream-partner sandbox --allowed-host sandbox.test
  $ curl -s http://127.0.0.1:4010/oauth/token -H 'Content-Type: application/json' \\
      -d '{"grant_type":"client_credentials","client_id":"sandbox-client","client_secret":"sandbox-secret"}'`,
    )
    .action(async (flags: SandboxFlags) => {
      const port = parsePort(flags.port);
      const clientId = setting(flags.clientId, io, 'STREAM_CLIENT_ID', SANDBOX_DEFAULTS.clientId);
      const clientSecret = setting(flags.clientSecret, io, 'STREAM_CLIENT_SECRET', SANDBOX_DEFAULTS.clientSecret);
      const webhookSecret = setting(flags.webhookSecret, io, 'STREAM_WEBHOOK_SECRET', SANDBOX_DEFAULTS.webhookSecret);
      if (webhookSecret.value === '') throw usageError(webhookSecret.env === undefined ? '--webhook-secret must not be empty.' : `${webhookSecret.env} is set but empty; give it a value or unset it.`);
      const badHost = flags.allowedHost.find((name) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(name));
      if (badHost !== undefined) throw usageError(`--allowed-host takes a host name such as sandbox.test or sandbox.test:4010; got "${badHost}".`);
      const logFile = resolve(flags.log ?? '.stream-partner/sandbox.jsonl');
      try {
        mkdirSync(dirname(logFile), { recursive: true });
        appendFileSync(logFile, '');
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
        partnerSlug: flags.partnerSlug,
        partnerId: flags.partnerId,
        menuVersion: flags.menuVersion,
        ...(flags.state === undefined ? {} : { stateFile: resolve(flags.state) }),
        now: io.now,
      });
      io.stdout(banner(sandbox, flags, logFile, io, { ...(clientSecret.env === undefined ? {} : { clientSecretEnv: clientSecret.env }), ...(webhookSecret.env === undefined ? {} : { webhookSecretEnv: webhookSecret.env }) }));
      if (!isLoopbackHost(flags.host)) {
        io.stderr(
          `${colorsFor(io).yellow(`warning: --host ${flags.host} lets other machines on the network call this sandbox's API with the credentials above.`)} ${flags.allowRemoteConsole ? 'With --allow-remote-console, they can also use the console if they have its URL (token included): keep it to yourself.' : 'The console and its control routes still answer only this machine (--allow-remote-console changes that).'}\n`,
        );
      }
      warmValidators();
      sandbox.onExchange((exchange) => {
        io.stdout(`${formatExchange(exchange, io)}\n`);
        const { requestBody, responseBody, ...line } = exchange;
        // The log already holds the bodies redacted and bounded, as GET /_sandbox/exchanges shows them.
        const bodies = flags.verbose ? { requestBody, responseBody } : {};
        if (flags.verbose) io.stdout(`${JSON.stringify(bodies, null, 2)}\n`);
        appendFileSync(logFile, `${JSON.stringify({ ...line, ...bodies })}\n`);
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
      io.stdout('Sandbox stopped.\n');
      setExit(0);
    });
}
