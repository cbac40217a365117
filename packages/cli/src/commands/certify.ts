// The certify command: its flags and help, and an action that runs the steps in certify-steps.ts.
import { Command, Option } from 'commander';
import { checkSendTemplate, platformShell, SEND_PLACEHOLDERS } from '../certify/send-command.js';
import type { Io } from '../io.js';
import { SANDBOX_DEFAULTS } from '../sandbox-settings.js';
import { bareSandboxUrl } from '../sandbox-url.js';
import { durationText, RUN_LIMIT_DEFAULT_MS, RUN_LIMIT_MAX_MS, RUN_LIMIT_VARIABLE } from '../certify/run-limit.js';
import type { CertifyFlags } from './certify-steps.js';
import { CERTIFY_VARIABLES as V, certifyFlagsWithVariables } from './secret-variables.js';
import { refusalText } from '../send-command-refusals.js';

export function certifyCommand(io: Io, setExit: (code: number) => void): Command {
  return new Command('certify')
    .description("Run Stream's side of every flow against your server and say, requirement by requirement, whether it would pass certification.")
    .argument('<audience>', 'pos, dsp or events')
    .option('--base-url <url>', `your server, as Stream reaches it (http://127.0.0.1:4101; default: $${V.baseUrl}, where a URL with a password belongs)`)
    .option('--token <token>', `a bearer token your server issued to Stream (default: $${V.token}, else certify runs your OAuth flow to get one)`)
    .option('--code <code>', `an authorization code, when your authorize page needs a person to approve (the redirect is then not verified); repeat it with one more code approved the same way for the check that needs a fresh one; beside --redirect-url, each --code is such an extra code (default: $${V.code}, codes separated by commas)`, (value: string, previous: string[]) => [...previous, value], [] as string[])
    .option('--redirect-url <url>', `the URL the browser landed on after you approved the authorize link certify prints: certify checks its code and exact state, and uses the code (default: $${V.redirectUrl})`)
    .option('--webhook-secret <secret>', 'the Stream-Signature secret (default: $STREAM_WEBHOOK_SECRET, else whsec_sandbox)')
    .option('--client-id <id>', 'the OAuth client id you issued to Stream', 'stream-client')
    .option('--client-secret <secret>', 'the OAuth client secret you issued to Stream (default: $STREAM_CLIENT_SECRET, else stream-secret)')
    .option('--redirect-uri <url>', "Stream's OAuth redirect_uri registered with you", 'https://partners.stream.example/oauth/callback')
    .option('--only <ids>', 'run only these requirements, comma separated (POS-ORD-01,POS-ORD-02)')
    .option('--junit <file>', 'write JUnit XML (one test case per requirement)')
    .option('--report <file>', 'write a report to attach to your certification request (.md or .html)')
    .option('--timeout-ms <ms>', 'how long to wait for any one answer', '30000')
    .option('--answer-limit-ms <ms>', "the contract's limit on an answer (Stream waits 10 s)", '10000')
    .option('--wait-ms <ms>', 'how long to wait for what your server sends to the sandbox', '60000')
    .option('--run-limit-ms <ms>', `how long the whole run may take, at most ${RUN_LIMIT_MAX_MS} (a day); past it the requirements left read "not run" and certify exits 1 (default: $${RUN_LIMIT_VARIABLE}, else ${RUN_LIMIT_DEFAULT_MS}, ${durationText(RUN_LIMIT_DEFAULT_MS)}: see below)`)
    .option('--sandbox-url <url>', "use a running sandbox instead of starting one; its console's Exchanges page also shows every call certify makes to your server")
    .option('--skip-sandbox', 'skip the requirements checked through the sandbox (certification needs them)')
    .option('--send-command <cmd>', 'a shell command that makes your server send an event to the sandbox: {event} {order_id} {location_id} {sandbox_url} {partner_slug} {partner_id} are filled in (see below)')
    .option('--partner-slug <slug>', 'your partner slug, for the sandbox', SANDBOX_DEFAULTS.partnerSlug)
    .option('--partner-id <id>', 'your partner id, for the sandbox', SANDBOX_DEFAULTS.partnerId)
    .addOption(new Option('--menu-version <version>', 'DSP: publish only this menu form (v1 or v2); by default certify checks both').choices(['v1', 'v2']))
    .option('--seed <n>', 'the seed of the probes derived from the contracts (default: a random one, printed with the results); the same seed sends the same probes')
    .option('--depth <depth>', 'how many probes per family and body: quick (2), default (16), deep (every one) or a number', 'default')
    .option('--certified-under <version>', 'the requirement catalogue version your last certification report names, one Stream published (default: $STREAM_CERTIFIED_UNDER, else none: judged as a new integration, every rule in force); rules added or tightened after it warn until their effective date')
    .option('--json', 'print the results as one JSON object')
    .addHelpText(
      'after',
      `
Results: pass; fail; warn (with --certified-under: broke a rule added or tightened after that catalogue
version, which takes effect on the date shown: not counted against certification until then); blocked by <id> (could not run because requirement <id> failed first: not a failure
of its own, fix <id>); skip (not run: --skip-sandbox); not verified (ran, but certify could not see enough to
decide, such as the authorize redirect with --code); not run (the run reached its time limit first,
or while its check ran: not judged). A run certifies when every must requirement in force
passed. A server never certified is judged by every rule of the catalogue; a partner certified before
passes the catalogue version its report named (--certified-under), so a rule announced since warns for
its notice period instead of failing. The summary, --json, JUnit and reports name the catalogue version.
With --only there is no verdict: certify says how many requirements ran.

Time limit: each call may wait --timeout-ms (30 s) and a run makes hundreds, so a server that answers
slowly could hold a CI runner for hours. A run stops after --run-limit-ms ($${RUN_LIMIT_VARIABLE}),
${durationText(RUN_LIMIT_DEFAULT_MS)} by default: sixty times a starter kit's full run, room for a slow but working server
or for sending each event by hand. Calls and waits under way then end; the requirements left read
"not run", the summary and every report say the limit was reached, and certify exits 1.

The send command (requirements checked through the sandbox). Certify runs it once per event, in a shell,
and waits --wait-ms for the event to reach the sandbox. Placeholders:
  {event}        the contract's event key: POS order.status.updated, location.status.updated,
                 location.catalog.updated, location.catalog.object.updated, location.connection.offline,
                 incoming.order.created (an in-store order; its body's type is order.created);
                 DSP new_order, cancel_order, store_status_update; events assign_driver, delivery_status
  {order_id}     POS order.status.updated: your provider_id for the order certify sent; POS
                 incoming.order.created: a fresh id for your in-store order; DSP new_order: a fresh id,
                 cancel_order: the id of the new_order you sent; events: Stream's order id (object.id
                 of the order.created certify sent)
  {location_id}  your first location from GET /locations (POS, DSP); events: the order's location_id
  {sandbox_url}  the sandbox's base URL (certify's own sandbox runs on a random port)
  {partner_slug} {partner_id}  as given with --partner-slug and --partner-id
Values in placeholders come from your server's answers, so certify treats them as data: each is
filled in quoted as one word (single quotes in sh; double quotes in cmd.exe), inside or outside your
own quotes, and is also in the environment as CERTIFY_EVENT, CERTIFY_ORDER_ID, CERTIFY_LOCATION_ID...
A value that is not 1 to 256 printable characters (a line break, a control character) or holds one
of ${refusalText('posix')} (code, or arguments of its own, once your command
hands it to sh -c, ssh, eval or $((...))) is refused: the requirement fails and the command does not run. A placeholder inside <<here-documents or \${...}
is refused with exit code 2: use "$CERTIFY_ORDER_ID" there.
Environment: STREAM_BASE_URL (the sandbox URL), STREAM_WEBHOOK_SECRET (certify's webhook secret),
PARTNER_SLUG, PARTNER_ID. A non-zero exit is reported with its code and the tail of its stderr.
The DSP menu check (DSP-MNU-01) is driven by location.publish, not by the send command.

Probes (the -GEN- requirements): for every body your server receives, certify derives bodies that break
the contract (each required field missing, a wrong type, a number as a string, a value outside an enum, a
broken date-time, uri or email, a value past a bound, bytes that are not JSON), each of which must get the
contract's refusal, and bodies it allows (every optional field, none, values on their bounds, date-times
with fractions and offsets, non-ASCII text), each of which must be accepted. All are signed correctly.
A failure names the field (as a JSON Pointer), the change and the answer; --seed <n> sends the same ones.
The -SEQ- requirements deliver one event twice at the same moment, eight events at once, one order's
cancellation twice, one event again after a two-second pause, and (events) an update after a cancellation.

Secrets: other users of this machine can read a command's arguments (ps), not its environment, so each
secret has a variable, and a flag given instead prints a warning: the webhook secret is
$STREAM_WEBHOOK_SECRET (--webhook-secret), else whsec_sandbox; the client secret $STREAM_CLIENT_SECRET
(--client-secret), else stream-secret (client id stream-client); a bearer token $${V.token} (--token);
authorization codes $${V.code} (--code, several separated by commas); the landed URL, which
holds a code, $${V.redirectUrl} (--redirect-url); a base URL with a password in it
$${V.baseUrl} (--base-url). A flag wins over its variable.

Examples:
  $ stream-partner certify pos --base-url http://127.0.0.1:4101 \
      --send-command "STREAM_BASE_URL={sandbox_url} npm run send -w examples/pos -- {event} --order-id {order_id} --location-id {location_id}"
  $ stream-partner certify dsp --base-url http://127.0.0.1:4102 --junit certify.xml --report certify.html \
      --send-command "STREAM_BASE_URL={sandbox_url} npm run send -w examples/dsp -- {event} --order-id {order_id} --location-id {location_id}"
  $ stream-partner certify events --base-url http://127.0.0.1:4103 \
      --send-command "sh send-update.sh {event} {order_id} {location_id} {sandbox_url}"
  $ stream-partner certify events --base-url http://127.0.0.1:4103 --only EVT-ORD-01,EVT-ORD-04
  $ stream-partner certify dsp --base-url http://127.0.0.1:4102 --only DSP-GEN-01 --seed 1234 --depth quick
  $ stream-partner certify pos --base-url http://127.0.0.1:4101 --sandbox-url http://127.0.0.1:4010   # watch at http://127.0.0.1:4010/
  $ stream-partner certify pos --base-url http://127.0.0.1:4101 --certified-under 1.4.0   # recertifying: newer rules warn first
  $ ${V.code}="$AUTH_CODE" stream-partner certify pos --base-url http://127.0.0.1:4101   # your authorize page needs a person
  $ ${V.redirectUrl}="$LANDED_URL" stream-partner certify pos --base-url http://127.0.0.1:4101   # the URL the browser landed on

Exit codes: 0 every must requirement that ran passed, 1 one did not (failed, blocked, skipped or not
verified) or the run reached its time limit, 2 wrong usage.`,
    )
    .action(async (audienceName: string, given: CertifyFlags) => {
      const flags = certifyFlagsWithVariables(io, given);
      // Certify's checks load when it runs, not when another command (or --help) starts.
      const { certifyConfig, checkReportPath, linkTheSandbox, parseAudience, parseOnly, requireBaseUrl, runAndReport } = await import('./certify-steps.js');
      if (flags.sandboxUrl !== undefined) flags.sandboxUrl = bareSandboxUrl({ value: flags.sandboxUrl, source: '--sandbox-url' });
      const audience = parseAudience(audienceName);
      const baseUrl = requireBaseUrl(flags.baseUrl);
      const only = parseOnly(audience, flags.only);
      checkReportPath(flags.report, flags.junit);
      if (flags.sendCommand !== undefined) checkSendTemplate({ template: flags.sendCommand, keys: SEND_PLACEHOLDERS, shell: platformShell() });
      const config = certifyConfig({ audience, baseUrl, flags, io });
      const sandbox = await linkTheSandbox({ flags, config, io });
      await runAndReport({ config, only, sandbox, flags, io, setExit });
    });
}
