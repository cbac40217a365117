// Certify's view of the sandbox: the partner sends to it, certify watches what arrives. Certify
// starts one in-process on a free port, or attaches to a running one (`--sandbox-url`); either way
// it talks to it over HTTP, as a partner's tools would.
import { isObject } from '../openapi.js';
import { CONSOLE_TOKEN_HEADER, consoleTokenFor } from '../console-token-file.js';
import { SANDBOX_ANSWER_LIMIT_BYTES, send } from '../http.js';
import { startSandbox, type RunningSandbox, type SandboxExchange } from '../sandbox/index.js';

export interface SandboxLink {
  readonly url: string;
  readonly partnerSlug: string;
  readonly partnerId: string;
  /** The last exchange's sequence number: wait for what comes after it. */
  mark(): Promise<number>;
  registerOrder(order: { id: string; audience: 'pos' | 'dsp' | 'events'; location_id: string; provider_id?: string }): Promise<void>;
  /** Tells the sandbox the ids of the catalog the POS served for a location, which its catalog object updates must name. */
  registerCatalog(catalog: { locationId: string; providerIds: readonly string[]; holders: readonly (readonly [string, string])[]; kinds: readonly (readonly [string, string])[] }): Promise<void>;
  /** Tells the sandbox the location ids the POS listed, which every location its events name must be one of. */
  registerLocations(providerIds: readonly string[]): Promise<void>;
  /** Publishes a menu for a location and answers the link a DSP downloads it from. */
  publishMenu(locationId: string, menuVersion?: 'v1' | 'v2'): Promise<string>;
  /** Makes the next `requests` partner sends to `operation` (`dsp:sendOrderEvent`) answer `status`, a 5xx, or be answered after `delay_ms`; `requests: 0` ends it. */
  outage(options: { operation: string; requests: number; status?: number; delay_ms?: number }): Promise<void>;
  /** The first exchange after `after` that `match` accepts, or `undefined` when `ms` pass first. */
  waitFor(after: number, match: (exchange: SandboxExchange) => boolean, ms: number): Promise<SandboxExchange | undefined>;
  close(): Promise<void>;
}

export interface SandboxLinkOptions {
  readonly url?: string;
  readonly webhookSecret: string;
  readonly partnerSlug: string;
  readonly partnerId: string;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** Where this user's console token files are: a running sandbox's data routes need its token. */
  readonly tokenDir?: string;
  /** The console's token itself, for the console's own runs (it need not read a file). */
  readonly consoleToken?: string;
}

async function json(method: string, url: string, body?: unknown, token: Record<string, string> = {}): Promise<unknown> {
  const exchange = await send({ method, url, headers: { 'Content-Type': 'application/json', ...token }, ...(body === undefined ? {} : { body: JSON.stringify(body) }), timeoutMs: 5000, answerLimitBytes: SANDBOX_ANSWER_LIMIT_BYTES });
  if (exchange.status === undefined || exchange.status >= 300) {
    // Whatever answers there may not be the sandbox: its words are cut short, and shown, not acted on, where they are printed.
    const said = isObject(exchange.json) && typeof exchange.json.message === 'string' ? exchange.json.message : exchange.bodyText;
    throw new Error(`the sandbox at ${url} ${exchange.status === undefined ? `did not answer (${exchange.error?.message})` : `answered ${exchange.status}: ${said.length > 300 ? `${said.slice(0, 300)}…` : said}`}`);
  }
  return exchange.json;
}

export async function linkSandbox(options: SandboxLinkOptions): Promise<SandboxLink> {
  let running: RunningSandbox | undefined;
  let url = options.url?.replace(/\/$/, '');
  let token: Record<string, string> = {};
  if (url === undefined) {
    running = await startSandbox({ port: 0, webhookSecret: options.webhookSecret, partnerSlug: options.partnerSlug, partnerId: options.partnerId });
    url = running.url;
    // Its own sandbox answers only the token it was given, which nobody else sees.
    token = { [CONSOLE_TOKEN_HEADER]: running.controlToken };
  } else {
    // A running sandbox answers its read and change routes only with its token.
    if (options.consoleToken !== undefined) token = { [CONSOLE_TOKEN_HEADER]: options.consoleToken };
    else if (options.tokenDir !== undefined) {
      const read = consoleTokenFor({ url, dir: options.tokenDir });
      // At another address of its port something else may answer: stop here, naming the sandbox's own.
      if ('useInstead' in read) throw new Error(read.problem);
      if ('token' in read) token = { [CONSOLE_TOKEN_HEADER]: read.token };
    }
    // One entry proves the sandbox answers and takes the token; the whole state can be tens of MB.
    await json('GET', `${url}/_sandbox/state?list=organizations&limit=1`, undefined, token);
  }
  const base = url;
  const exchangesAfter = async (after: number) => ((await json('GET', `${base}/_sandbox/exchanges?after=${after}`, undefined, token)) as { exchanges: SandboxExchange[] }).exchanges;
  return {
    url: base,
    partnerSlug: options.partnerSlug,
    partnerId: options.partnerId,
    mark: async () => {
      const all = await exchangesAfter(0);
      return all.length === 0 ? 0 : all[all.length - 1]!.seq;
    },
    registerOrder: async (order) => {
      await json('POST', `${base}/_sandbox/orders`, order, token);
    },
    registerCatalog: async ({ locationId, providerIds, holders, kinds }) => {
      await json('POST', `${base}/_sandbox/catalogs`, { location_id: locationId, provider_ids: providerIds, holders, kinds }, token);
    },
    registerLocations: async (providerIds) => {
      await json('POST', `${base}/_sandbox/locations`, { provider_ids: providerIds }, token);
    },
    publishMenu: async (locationId, menuVersion) =>
      ((await json('POST', `${base}/_sandbox/menus`, { location_id: locationId, ...(menuVersion === undefined ? {} : { menu_version: menuVersion }) }, token)) as { url: string }).url,
    outage: async (outage) => {
      await json('POST', `${base}/_sandbox/outages`, outage, token);
    },
    waitFor: async (after, match, ms) => {
      const deadline = options.now() + ms;
      let seen = after;
      for (;;) {
        for (const exchange of await exchangesAfter(seen)) {
          seen = Math.max(seen, exchange.seq);
          if (match(exchange)) return exchange;
        }
        if (options.now() >= deadline) return undefined;
        await options.sleep(150);
      }
    },
    close: async () => {
      await running?.close();
    },
  };
}
