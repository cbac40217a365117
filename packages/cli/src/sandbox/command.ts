// `stream-partner sandbox`: start the local Stream, print how to use it, log every exchange.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { CliError, usageError } from '../errors.js';
import { colorsFor, type Io } from '../io.js';
import { warmValidators } from './console-data.js';
import { redact, SANDBOX_DEFAULTS, startSandbox, type RunningSandbox, type SandboxExchange } from './server.js';

interface SandboxFlags {
  port: string;
  host: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  partnerSlug: string;
  partnerId: string;
  state?: string;
  log?: string;
  verbose?: boolean;
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

function banner(sandbox: RunningSandbox, flags: SandboxFlags, logFile: string, io: Io): string {
  const c = colorsFor(io);
  const { credentials: k, url } = sandbox;
  return [
    `${c.bold('Stream sandbox')} listening on ${c.cyan(url)}`,
    '',
    `  Console (open in your browser)           ${c.cyan(`${url}/`)}`,
    `  OAuth client (POST ${url}/oauth/token)   client_id ${k.clientId}   client_secret ${k.clientSecret}`,
    `  Webhook secret (Stream-Signature)        ${k.webhookSecret}`,
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
    .addOption(new Option('--client-id <id>', 'OAuth client id the sandbox accepts').default(SANDBOX_DEFAULTS.clientId))
    .addOption(new Option('--client-secret <secret>', 'OAuth client secret the sandbox accepts').default(SANDBOX_DEFAULTS.clientSecret))
    .addOption(new Option('--webhook-secret <secret>', 'secret for Stream-Signature, both ways').default(SANDBOX_DEFAULTS.webhookSecret))
    .addOption(new Option('--partner-slug <slug>', 'your partner slug (POS and events webhook paths)').default(SANDBOX_DEFAULTS.partnerSlug))
    .addOption(new Option('--partner-id <id>', 'your partner id (DSP order path, billing)').default(SANDBOX_DEFAULTS.partnerId))
    .option('--state <file>', 'save state to this JSON file on every change and load it on start')
    .option('--log <file>', 'append one JSON line per exchange here (default: .stream-partner/sandbox.jsonl)')
    .option('--verbose', 'print request and response bodies (secrets redacted)')
    .addHelpText(
      'after',
      `
Examples:
  $ stream-partner sandbox
  $ stream-partner sandbox --port 4010 --webhook-secret whsec_mine --state .stream-partner/state.json
  $ curl -s http://127.0.0.1:4010/oauth/token -H 'Content-Type: application/json' \\
      -d '{"grant_type":"client_credentials","client_id":"sandbox-client","client_secret":"sandbox-secret"}'`,
    )
    .action(async (flags: SandboxFlags) => {
      const port = parsePort(flags.port);
      if (flags.webhookSecret === '') throw usageError('--webhook-secret must not be empty.');
      const logFile = resolve(flags.log ?? '.stream-partner/sandbox.jsonl');
      try {
        mkdirSync(dirname(logFile), { recursive: true });
        appendFileSync(logFile, '');
      } catch (error) {
        throw new CliError('usage', `Cannot write the exchange log ${logFile}: ${(error as Error).message}. Pass another --log path.`);
      }
      const sandbox = await startSandbox({
        port,
        host: flags.host,
        clientId: flags.clientId,
        clientSecret: flags.clientSecret,
        webhookSecret: flags.webhookSecret,
        partnerSlug: flags.partnerSlug,
        partnerId: flags.partnerId,
        ...(flags.state === undefined ? {} : { stateFile: resolve(flags.state) }),
        now: io.now,
      });
      io.stdout(banner(sandbox, flags, logFile, io));
      warmValidators();
      sandbox.onExchange((exchange) => {
        io.stdout(`${formatExchange(exchange, io)}\n`);
        const { requestBody, responseBody, ...line } = exchange;
        const bodies = flags.verbose ? { requestBody: redact(requestBody), responseBody: redact(responseBody) } : {};
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
