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

function tail<T>(list: readonly T[], latest: number | undefined): readonly T[] {
  return latest === undefined || list.length <= latest ? list : list.slice(-latest);
}

function orderView(order: SandboxState['orders'][number], history: number | undefined): unknown {
  const steps = order.history;
  if (history === undefined || !Array.isArray(steps) || steps.length <= history) return structuredClone(order);
  return { ...structuredClone({ ...order, history: steps.slice(-history) }), history_total: steps.length };
}

function view({ state, now, baseUrl, latest, history }: ViewOptions): SandboxStateView {
  const menuIds = tail(Object.keys(state.menu_tokens), latest);
  return {
    partner: { partner_id: state.partner_id, partner_slug: state.partner_slug },
    organizations: structuredClone(tail(state.organizations, latest)) as unknown[],
    locations: tail(state.locations, latest).map((location) => {
      // A pause with an end time is over once that time has passed, without another event.
      const pauseOver = location.availability === 'paused' && location.paused_until !== null && location.paused_until <= now;
      return {
        ...structuredClone(location),
        availability: pauseOver ? 'open' : location.availability,
        paused_until: pauseOver || location.paused_until === null ? null : isoTime(location.paused_until),
      };
    }),
    onboardings: structuredClone(tail(state.onboardings, latest)) as unknown[],
    partner_tokens: tail(state.partner_tokens, latest).map(({ client_secret: _secret, ...token }) => token),
    orders: tail(state.orders, latest).map((order) => orderView(order, history)),
    active_access_tokens: Object.values(state.access_tokens).filter((token) => token.expires_at > now).length,
    menu_files: menuIds.map((location_id) => {
      const menu = state.menu_tokens[location_id]!;
      return {
        location_id,
        menu_version: menu.menu_version,
        url: `${baseUrl}/stream-dsp/v1/menuFileS3Url?location_id=${encodeQueryValue(location_id)}&token=${encodeQueryValue(menu.token)}`,
      };
    }),
  };
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
