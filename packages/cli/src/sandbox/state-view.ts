// What `GET /_sandbox/state` answers and the console shows: the state as a partner may see it,
// with secrets left out and times as ISO 8601.
import type { SandboxState } from './state.js';
import type { SandboxStateView } from './types.js';

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

export function stateView(state: SandboxState, now: number, baseUrl: string): SandboxStateView {
  return {
    partner: { partner_id: state.partner_id, partner_slug: state.partner_slug },
    organizations: structuredClone(state.organizations),
    locations: state.locations.map((location) => {
      // A pause with an end time is over once that time has passed, without another event.
      const pauseOver = location.availability === 'paused' && location.paused_until !== null && location.paused_until <= now;
      return {
        ...structuredClone(location),
        availability: pauseOver ? 'open' : location.availability,
        paused_until: pauseOver || location.paused_until === null ? null : isoTime(location.paused_until),
      };
    }),
    onboardings: structuredClone(state.onboardings),
    partner_tokens: state.partner_tokens.map(({ client_secret: _secret, ...token }) => token),
    orders: structuredClone(state.orders),
    active_access_tokens: Object.values(state.access_tokens).filter((token) => token.expires_at > now).length,
    menu_files: Object.entries(state.menu_tokens).map(([location_id, menu]) => ({
      location_id,
      menu_version: menu.menu_version,
      url: `${baseUrl}/stream-dsp/v1/menuFileS3Url?location_id=${encodeQueryValue(location_id)}&token=${encodeQueryValue(menu.token)}`,
    })),
  };
}
