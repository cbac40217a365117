// How much a sandbox keeps. Anyone on the machine holding the sandbox's OAuth client (its defaults
// are in the docs) can create organizations, tokens and orders; without a ceiling a loop of such
// calls grows the state, its file and the console's view of it until the machine runs out.
import { errorReply, type HandlerReply } from './context.js';
import type { SandboxState } from './state.js';

/** Records per list, and live tokens per token table: far above any test's needs. */
export const RECORD_LIMIT = 10_000;

const LISTS = ['partner_tokens', 'organizations', 'onboardings', 'locations', 'orders', 'dsp_event_ids'] as const;

/** The first list a change took past the limit, if any. Reads lengths only: it runs on every change. */
export function fullList(state: SandboxState): (typeof LISTS)[number] | undefined {
  return LISTS.find((name) => state[name].length > RECORD_LIMIT);
}

export function sandboxFull(list: string): HandlerReply {
  return errorReply(
    507,
    'sandbox_full',
    `The sandbox keeps at most ${RECORD_LIMIT} ${list.replaceAll('_', ' ')}, and this call would add one more; nothing was changed. Reset the sandbox (the console's Reset, or a restart without --state) and try again.`,
  );
}

/**
 * Before a token is added: drops the table's expired tokens, then its oldest ones while it is full.
 * Keys keep their insertion order, so the first keys are the oldest tokens.
 */
export function makeRoomForToken<T extends { expires_at: number }>(table: Record<string, T>, now: number): void {
  let live = 0;
  for (const key in table) {
    if (table[key]!.expires_at <= now) delete table[key];
    else live += 1;
  }
  for (const key in table) {
    if (live < RECORD_LIMIT) break;
    delete table[key];
    live -= 1;
  }
}

/** Before an onboarding gets a new code: the codes earlier visits to its entry_url issued stop working. */
export function dropEarlierCodes(codes: Record<string, string>, onboardingId: string): void {
  for (const key in codes) if (codes[key] === onboardingId) delete codes[key];
}
