// `stream-partner sandbox state`: what the running sandbox holds (organizations, locations,
// onboardings, orders), for the terminal user who started it. `GET /_sandbox/state` needs the
// sandbox's token; this reads it from the user's 0600 token file, so nobody types or pastes it.
import { Command } from 'commander';
import { consoleTokenDir, consoleTokenFor, consoleTokenPath, CONSOLE_TOKEN_HEADER, isLoopbackUrl, portOf } from '../console-token-file.js';
import { CliError, usageError } from '../errors.js';
import { SANDBOX_ANSWER_LIMIT_BYTES, send } from '../http.js';
import { colorsFor, type Io } from '../io.js';
import { isObject } from '../openapi.js';
import { SANDBOX_DEFAULTS } from '../sandbox-settings.js';
import { inertJson, visibleText } from '../visible.js';

interface StateFlags {
  sandboxUrl?: string;
  json?: boolean;
}

type Row = Record<string, unknown>;

const rows = (value: unknown): Row[] => (Array.isArray(value) ? value.filter(isObject) : []);
/** A value the sandbox was sent by someone: its control characters are shown, never acted on. */
const shown = (value: unknown): string => visibleText({ text: typeof value === 'string' ? value : JSON.stringify(value) ?? '', oneLine: true });

/** The base URL asked for: the flag, else `STREAM_SANDBOX_URL`, else the sandbox's default address. */
function sandboxUrl(flags: StateFlags, io: Io): string {
  const given = flags.sandboxUrl ?? io.env.STREAM_SANDBOX_URL;
  const url = (given ?? `http://127.0.0.1:${SANDBOX_DEFAULTS.port}`).replace(/\/$/, '');
  const from = flags.sandboxUrl === undefined ? (given === undefined ? 'the default' : '$STREAM_SANDBOX_URL') : '--sandbox-url';
  if (!/^https?:\/\/[^/]+$/.test(url) || portOf(url) === undefined) throw usageError(`${from} must be the sandbox's base URL such as http://127.0.0.1:4010; got "${url}".`);
  if (!isLoopbackUrl(url)) throw usageError(`${from} ${url} is not on this machine. sandbox state reads the token of a sandbox you started here (127.0.0.1, localhost or [::1]); run it on the machine that runs the sandbox.`);
  return url;
}

/** The state as lines a person reads: each list with what tells its entries apart. */
export function stateLines(state: Row, url: string, io: Pick<Io, 'isTTY'>): string[] {
  const c = colorsFor(io);
  const partner = isObject(state.partner) ? state.partner : {};
  const section = (title: string, list: Row[], line: (row: Row) => string) => [`${c.bold(title)} (${list.length})`, ...list.map((row) => `  ${line(row)}`)];
  const orders = rows(state.orders);
  return [
    `${c.bold('Stream sandbox')} ${c.cyan(url)}   partner ${shown(partner.partner_slug)} (id ${shown(partner.partner_id)})`,
    ...section('Organizations', rows(state.organizations), (org) => `${shown(org.org_id)}  ${shown(org.name)}`),
    ...section('Locations', rows(state.locations), (location) => `${shown(location._id)}  ${shown(location.name)}  ${shown(location.status)}  ${shown(location.availability)}${location.paused_until === null || location.paused_until === undefined ? '' : ` until ${shown(location.paused_until)}`}`),
    ...section('Onboardings', rows(state.onboardings), (onboarding) => `${shown(onboarding._id)}  ${shown(onboarding.type)}  ${shown(onboarding.status)}  org ${shown(onboarding.org_id)}  source ${shown(onboarding.source)}`),
    ...section('Orders', orders, (order) => `${shown(order.id)}  ${shown(order.audience)}  ${shown(order.status)}  at ${shown(order.location_id)}${order.provider_id === undefined ? '' : `  provider_id ${shown(order.provider_id)}`}`),
    ...section('Menu files', rows(state.menu_files), (menu) => `${shown(menu.location_id)}  ${shown(menu.menu_version)}  ${shown(menu.url)}`),
    `${c.bold('Partner tokens')} ${rows(state.partner_tokens).length}   ${c.bold('Active access tokens')} ${typeof state.active_access_tokens === 'number' ? state.active_access_tokens : 0}`,
    '',
    c.dim('Everything, as JSON: stream-partner sandbox state --json'),
    '',
  ];
}

export function sandboxStateCommand(io: Io, setExit: (code: number) => void): Command {
  return new Command('state')
    .description("Print the running sandbox's state (organizations, locations, onboardings, orders), with the token from your token file.")
    .option('--sandbox-url <url>', `the sandbox's base URL (default: $STREAM_SANDBOX_URL, else http://127.0.0.1:${SANDBOX_DEFAULTS.port})`)
    .option('--json', 'print the state as JSON, the value GET /_sandbox/state answers (characters that act in a terminal written as \\uXXXX)')
    .addHelpText(
      'after',
      `
GET /_sandbox/state needs the sandbox's token, which only the user who started the sandbox can
read: it is in $XDG_RUNTIME_DIR/stream-partner/console-<port>.token (else ~/.stream-partner/run/).
This command reads it for you. It exits 0 with the state, 1 when no sandbox answers at the URL,
and 2 when the URL is wrong or there is no token file of yours for that port. It reads the whole
state at once; GET /_sandbox/state?list=orders&offset=0&limit=100 reads one page of one list
(organizations, locations, onboardings, partner_tokens, orders or menu_files; at most 100 entries).

Examples:
  $ stream-partner sandbox state
  $ stream-partner sandbox state --json | jq '.orders[] | {id, status}'
  $ stream-partner sandbox state --sandbox-url http://127.0.0.1:4011`,
    )
    .action(async (flags: StateFlags) => {
      const url = sandboxUrl(flags, io);
      const dir = consoleTokenDir(io.env);
      const port = portOf(url)!;
      const read = consoleTokenFor({ url, dir });
      if ('problem' in read) throw new CliError('token_file', `Cannot read the sandbox's token: ${read.problem}. If yours runs on another port, pass --sandbox-url http://127.0.0.1:<port>.`);
      const answer = await send({ method: 'GET', url: `${url}/_sandbox/state`, headers: { [CONSOLE_TOKEN_HEADER]: read.token }, timeoutMs: 5000, answerLimitBytes: SANDBOX_ANSWER_LIMIT_BYTES });
      if (answer.status === undefined) {
        throw new CliError('unreachable', `No sandbox answers at ${url} (${answer.error?.message ?? 'no answer'}); the token file ${consoleTokenPath({ dir, port })} is left from one that stopped. Start it with stream-partner sandbox.`, { exitCode: 1 });
      }
      if (answer.status !== 200 || !isObject(answer.json)) {
        const message = isObject(answer.json) && typeof answer.json.message === 'string' ? answer.json.message : answer.bodyText.slice(0, 300);
        throw new CliError('unreachable', `The sandbox at ${url} answered ${answer.status}: ${shown(message)}`, { exitCode: 1 });
      }
      io.stdout(flags.json ? `${inertJson(answer.json)}\n` : stateLines(answer.json, url, io).join('\n'));
      setExit(0);
    });
}
