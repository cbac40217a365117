// What `GET /_sandbox/state` answers and the console shows: the state as a partner may see it,
// with secrets left out and times as ISO 8601.
import type { SandboxState } from './state.js';
import type { SandboxStateSummary, SandboxStateView } from './types.js';

/** ISO 8601 for a time the state holds; `null` for one no date can show (the loader and handlers refuse those). */
function isoTime(ms: number): string | null {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** In unicode mode a surrogate pair is one code point, so this matches only lone surrogates. */
export const LONE_SURROGATE = /[\uD800-\uDFFF]/gu;

/** `encodeURIComponent` that never throws: a lone surrogate becomes U+FFFD. */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
}

/** What a page open on the console is sent at each change: each list's latest entries, so a change costs the same at ten thousand. */
export const SUMMARY_LATEST = 100;
/** An order's latest history steps in the summary (an order keeps up to a thousand). */
export const SUMMARY_HISTORY = 20;

interface ViewOptions {
  readonly state: SandboxState;
  readonly now: number;
  readonly baseUrl: string;
  /** Keep only each list's last this many entries (and each order's last `history` steps). */
  readonly latest?: number;
  readonly history?: number;
}

function orderView(order: SandboxState['orders'][number], history: number | undefined): unknown {
  const steps = order.history;
  if (history === undefined || !Array.isArray(steps) || steps.length <= history) return structuredClone(order);
  return { ...structuredClone({ ...order, history: steps.slice(-history) }), history_total: steps.length };
}

/** The lists a state view holds, each read entry by entry. */
export const STATE_LISTS = ['organizations', 'locations', 'onboardings', 'partner_tokens', 'orders', 'menu_files'] as const;
export type StateList = (typeof STATE_LISTS)[number];

interface ListOptions {
  readonly state: SandboxState;
  readonly now: number;
  readonly baseUrl: string;
  /** The entries `[start, end)` of the list, oldest first. */
  readonly start: number;
  readonly end: number;
  readonly history?: number;
}

function listLength(state: SandboxState, list: StateList): number {
  return list === 'menu_files' ? Object.keys(state.menu_tokens).length : state[list].length;
}

/** Entries `[start, end)` of one list as a partner may see them: secrets left out, times as ISO 8601. */
function listEntries(list: StateList, { state, now, baseUrl, start, end, history }: ListOptions): unknown[] {
  switch (list) {
    case 'organizations':
      return structuredClone(state.organizations.slice(start, end)) as unknown[];
    case 'onboardings':
      return structuredClone(state.onboardings.slice(start, end)) as unknown[];
    case 'partner_tokens':
      return state.partner_tokens.slice(start, end).map(({ client_secret: _secret, ...token }) => token);
    case 'orders':
      return state.orders.slice(start, end).map((order) => orderView(order, history));
    case 'locations':
      return state.locations.slice(start, end).map((location) => {
        // A pause with an end time is over once that time has passed, without another event.
        const pauseOver = location.availability === 'paused' && location.paused_until !== null && location.paused_until <= now;
        return {
          ...structuredClone(location),
          availability: pauseOver ? 'open' : location.availability,
          paused_until: pauseOver || location.paused_until === null ? null : isoTime(location.paused_until),
        };
      });
    case 'menu_files':
      return Object.keys(state.menu_tokens)
        .slice(start, end)
        .map((location_id) => {
          const menu = state.menu_tokens[location_id]!;
          return {
            location_id,
            menu_version: menu.menu_version,
            url: `${baseUrl}/stream-dsp/v1/menuFileS3Url?location_id=${encodeQueryValue(location_id)}&token=${encodeQueryValue(menu.token)}`,
          };
        });
  }
}

function view({ state, now, baseUrl, latest, history }: ViewOptions): SandboxStateView {
  const entries = (list: StateList) => {
    const length = listLength(state, list);
    return listEntries(list, { state, now, baseUrl, start: latest === undefined ? 0 : Math.max(0, length - latest), end: length, ...(history === undefined ? {} : { history }) });
  };
  return {
    partner: { partner_id: state.partner_id, partner_slug: state.partner_slug },
    organizations: entries('organizations'),
    locations: entries('locations'),
    onboardings: entries('onboardings'),
    partner_tokens: entries('partner_tokens'),
    orders: entries('orders'),
    active_access_tokens: Object.values(state.access_tokens).filter((token) => token.expires_at > now).length,
    menu_files: entries('menu_files'),
  };
}

/** The most entries one page of `GET /_sandbox/state?list=` holds. */
export const STATE_PAGE_LIMIT = 100;

export interface StatePage {
  readonly list: StateList;
  /** The list's whole length when the page was read. */
  readonly total: number;
  /** The first entry's place in the list, oldest first. */
  readonly offset: number;
  /** Up to `limit` entries from `offset`, each whole (an order with its every kept history step). */
  readonly entries: unknown[];
}

/** One page of one list: what the console reads when a person pages through more than it follows live. */
export function statePage(options: { readonly state: SandboxState; readonly now: number; readonly baseUrl: string; readonly list: StateList; readonly offset: number; readonly limit: number }): StatePage {
  const total = listLength(options.state, options.list);
  const offset = Math.min(options.offset, total);
  return { list: options.list, total, offset, entries: listEntries(options.list, { ...options, start: offset, end: Math.min(total, offset + options.limit) }) };
}

export function stateView(state: SandboxState, now: number, baseUrl: string): SandboxStateView {
  return view({ state, now, baseUrl });
}

/** The state's latest entries with every list's total: what the console pushes; `GET /_sandbox/state` gives the whole. */
export function stateSummary(options: { readonly state: SandboxState; readonly now: number; readonly baseUrl: string }): SandboxStateSummary {
  const { state } = options;
  return {
    ...view({ ...options, latest: SUMMARY_LATEST, history: SUMMARY_HISTORY }),
    latest: SUMMARY_LATEST,
    totals: {
      organizations: state.organizations.length,
      locations: state.locations.length,
      onboardings: state.onboardings.length,
      partner_tokens: state.partner_tokens.length,
      orders: state.orders.length,
      menu_files: Object.keys(state.menu_tokens).length,
    },
  };
}
