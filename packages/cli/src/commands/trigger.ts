// `stream-partner trigger`: send one of Stream's events or calls to a partner's server and judge
// the answer against the contract.
import { inertJson, visibleText } from '../visible.js';
import { redactSecretText } from '../secret-text.js';
import { redactShown } from '../redact.js';
import { Command } from 'commander';
import { usageError } from '../errors.js';
import { colorsFor, type Io } from '../io.js';
import { judge } from '../judge.js';
import { isObject } from '../openapi.js';
import { consoleTokenDir, consoleTokenHeaders } from '../console-token-file.js';
import { outboundReporter } from '../outbound-report.js';
import { bareSandboxUrl } from '../sandbox-url.js';
import { resolveSecret } from '../sign.js';
import { buildBody, buildParams, registerWithSandbox, type BuildOptions } from '../trigger/build.js';
import { sendToPartner } from '../trigger/send.js';
import { triggerReport } from '../trigger/outbound-report.js';
import { listTargets, findTarget, type TriggerTarget } from '../trigger/targets.js';
import { TRIGGER_VARIABLES, triggerSecretsWithVariables } from './secret-variables.js';

interface TriggerFlags extends BuildOptions {
  to?: string;
  webhookSecret?: string;
  webhookSecretEnv?: string;
  token?: string;
  list?: boolean;
  json?: boolean;
  timeoutMs: string;
  sandboxUrl?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

function listText(io: Io): string {
  const c = colorsFor(io);
  const rows = listTargets().map((target) => {
    const how = `${target.carrier.method} ${target.carrier.path}`;
    return `  ${target.qualified.padEnd(44)} ${c.dim(how.padEnd(40))} ${target.description}`;
  });
  return `What Stream sends to partners (name, or audience:name when a name is shared):\n\n${rows.join('\n')}\n`;
}

function pretty(value: unknown, text: string): string {
  // The partner's answer: its control characters are shown, never sent to the terminal.
  const shown = visibleText({ text: value === undefined ? text : JSON.stringify(value, null, 2) });
  const lines = shown.split('\n');
  return lines.length > 60 ? `${lines.slice(0, 60).join('\n')}\n  … (${lines.length - 60} more lines)` : shown;
}

export function triggerCommand(io: Io, setExit: (code: number) => void): Command {
  return new Command('trigger')
    .description("Send one of Stream's events or calls to your server, exactly as Stream sends it, and judge the answer against the contract.")
    .argument('[name]', 'what to send: an event type (order.created), an operationId (getCatalog), or audience:name')
    .option('--to <url>', `your server: its base URL, or the full endpoint URL (default: $${TRIGGER_VARIABLES.to}, where a URL with a password belongs)`)
    .option('--webhook-secret <secret>', 'secret for Stream-Signature (default: $STREAM_WEBHOOK_SECRET, else the sandbox default whsec_sandbox)')
    .option('--webhook-secret-env <name>', 'read the secret from this environment variable')
    .option('--token <token>', `bearer access token, for calls the contract sends with one (default: $${TRIGGER_VARIABLES.token})`)
    .option('--example <name>', "which of the contract's named examples to send (default: the first)")
    .option('--set <path=value>', 'override a body field; the value is JSON when it parses (repeatable)', collect, [])
    .option('--param <name=value>', 'set a query, path or header parameter (repeatable)', collect, [])
    .option('--allow-invalid', 'send a body that breaks the contract (to test your error handling)')
    .option('--stream-url <url>', "your local sandbox: links in the body point at it, and orders sent are registered with it")
    .option('--sandbox-url <url>', "a running sandbox whose console shows this send on its Exchanges page (default: $STREAM_SANDBOX_URL); if it cannot be reached, a warning and nothing else")
    .option('--timeout-ms <ms>', 'how long to wait for the answer', '10000')
    .option('--list', 'list everything Stream sends, then exit')
    .option('--json', 'print one JSON object (for scripts)')
    .addHelpText(
      'after',
      `
Secrets: other users of this machine can read a command's arguments (ps), not its environment, so
the bearer token is $${TRIGGER_VARIABLES.token} (--token), the webhook secret $STREAM_WEBHOOK_SECRET
(--webhook-secret, or --webhook-secret-env NAME), and a URL with a password in it $${TRIGGER_VARIABLES.to} (--to).
A flag wins over its variable, with a warning.

Examples:
  $ stream-partner trigger --list
  $ ${TRIGGER_VARIABLES.token}="$POS_ACCESS_TOKEN" stream-partner trigger order.created --to http://127.0.0.1:4101
  $ ${TRIGGER_VARIABLES.token}="$DSP_ACCESS_TOKEN" stream-partner trigger location.paused --to http://127.0.0.1:4102 \\
      --set data.until_ms=1767289500000
  $ stream-partner trigger events:order.canceled --to http://127.0.0.1:4103 --example OrderCanceledByMerchant
  $ ${TRIGGER_VARIABLES.token}="$POS_ACCESS_TOKEN" stream-partner trigger order.created --to http://127.0.0.1:4101 --sandbox-url http://127.0.0.1:4010

Exit codes: 0 the answer matches the contract, 1 it does not (or no answer), 2 wrong usage.`,
    )
    .action(async (name: string | undefined, given: TriggerFlags) => {
      if (given.list) {
        if (given.json) {
          io.stdout(`${JSON.stringify(listTargets().map((target) => ({ name: target.qualified, kind: target.kind, method: target.carrier.method, path: target.carrier.path, signed: target.carrier.signed, bearer: target.carrier.bearer, examples: [...target.operation.requestExamples.keys()], description: target.description })), null, 2)}\n`);
        } else io.stdout(listText(io));
        setExit(0);
        return;
      }
      const flags: TriggerFlags = { ...given, ...triggerSecretsWithVariables(io, given) };
      if (name === undefined) throw usageError('Say what to send, for example: stream-partner trigger order.created --to http://127.0.0.1:4101. Run stream-partner trigger --list for every name.');
      if (flags.to === undefined) throw usageError(`--to <url> (or ${TRIGGER_VARIABLES.to}) is required: your server's base URL or the full endpoint URL.`);
      try {
        new URL(flags.to);
      } catch {
        throw usageError(`--to (or ${TRIGGER_VARIABLES.to}) must be an absolute URL such as http://127.0.0.1:4101; got "${redactSecretText(flags.to)}".`);
      }
      const timeoutMs = Number(flags.timeoutMs);
      if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw usageError(`--timeout-ms must be a positive whole number; got "${flags.timeoutMs}".`);
      const givenSandbox = flags.sandboxUrl ?? io.env.STREAM_SANDBOX_URL;
      const sandboxUrl = givenSandbox === undefined ? undefined : bareSandboxUrl({ value: givenSandbox, source: flags.sandboxUrl === undefined ? '$STREAM_SANDBOX_URL' : '--sandbox-url' });
      const target = findTarget(name);
      if (target.carrier.bearer && flags.token === undefined) {
        throw usageError(`${target.qualified} is sent with a bearer token: set ${TRIGGER_VARIABLES.token} to the access token your token endpoint issued to Stream (or pass --token, which other users of this machine can read).`);
      }
      const secret = target.carrier.signed
        ? flags.webhookSecret !== undefined || flags.webhookSecretEnv !== undefined
          ? resolveSecret(io, { secret: flags.webhookSecret, secretEnv: flags.webhookSecretEnv })
          : (io.env.STREAM_WEBHOOK_SECRET ?? 'whsec_sandbox')
        : undefined;
      const { example, body } = buildBody(target, flags);
      const params = buildParams(target, flags);
      const exchange = await sendToPartner({ target, to: flags.to, body, params, webhookSecret: secret, token: flags.token ?? null, timeoutMs, now: io.now });
      // The partner's answer may echo the token or secret it was sent (CI logs keep this output), as
      // the console's Send and the agent tool's trigger_event hide them.
      const known = [flags.token, secret];
      const verdict = redactShown({ value: judge(target.operation, exchange), known }) as ReturnType<typeof judge>;
      const answer = redactShown({ value: { json: exchange.json, text: exchange.bodyText }, known }) as { json: unknown; text: string };
      if (sandboxUrl !== undefined) {
        const reporter = outboundReporter({ url: sandboxUrl, tokenDir: consoleTokenDir(io.env), warn: (line) => io.stderr(`${visibleText({ text: line, oneLine: true })}\n`) });
        reporter.report(triggerReport(target, exchange));
        await reporter.flush();
      }
      const registered = verdict.ok && flags.streamUrl !== undefined ? await registerWithSandbox({ streamUrl: flags.streamUrl, target, body, answer: exchange.json, headers: consoleTokenHeaders({ url: flags.streamUrl, dir: consoleTokenDir(io.env) }) }) : undefined;
      if (flags.json) {
        const headers = { ...exchange.request.headers };
        if (headers.Authorization !== undefined) headers.Authorization = 'Bearer [redacted]';
        // The partner's answer may carry C1 and bidirectional controls, which JSON.stringify leaves as they are.
        io.stdout(
          `${inertJson(
            {
              name: target.qualified,
              example: example || undefined,
              request: { method: exchange.request.method, url: redactSecretText(exchange.request.url), headers, body },
              response: exchange.status === undefined ? null : { status: exchange.status, ms: exchange.ms, body: answer.json ?? answer.text },
              ok: verdict.ok,
              summary: verdict.summary,
              issues: verdict.issues,
              ...(registered === undefined ? {} : { sandbox: registered }),
            },
          )}\n`,
        );
      } else {
        const c = colorsFor(io);
        io.stdout(`${c.bold('→')} ${exchange.request.method} ${visibleText({ text: redactSecretText(exchange.request.url), oneLine: true })}  ${c.dim(`${target.qualified}${example ? `, example ${example}` : ''}`)}\n`);
        const sent = [target.carrier.signed ? 'Stream-Signature' : '', flags.token !== undefined ? 'Authorization: Bearer' : ''].filter(Boolean);
        if (sent.length > 0) io.stdout(`  ${c.dim(`with ${sent.join(' and ')}`)}\n`);
        if (exchange.status === undefined) io.stdout(`${c.bold('←')} ${c.red('no answer')}\n`);
        else {
          io.stdout(`${c.bold('←')} ${exchange.status} in ${exchange.ms} ms\n`);
          if (answer.text !== '') io.stdout(`${pretty(answer.json, answer.text)}\n`);
        }
        if (verdict.ok) io.stdout(`${c.green('✔')} ${verdict.summary}: the answer matches the contract.\n`);
        else io.stdout(`${c.red('✖')} ${verdict.summary}:\n${verdict.issues.map((issue) => `  - ${visibleText({ text: issue, oneLine: true })}`).join('\n')}\n`);
        // The sandbox's refusal is text from over the network.
        if (registered !== undefined) io.stdout(`  ${c.dim(visibleText({ text: registered, oneLine: true }))}\n`);
      }
      setExit(verdict.ok ? 0 : 1);
    });
}
