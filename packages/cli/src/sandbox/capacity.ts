// How much a sandbox keeps. Anyone on the machine holding the sandbox's OAuth client (its defaults
// are in the docs) can create organizations, tokens and orders; without a ceiling a loop of such
// calls grows the state, its file and the console's view of it until the machine runs out.
import { errorReply, type HandlerReply } from './context.js';
import type { SandboxState } from './state.js';

/** Records per list of things created on purpose, and live tokens per token table: far above any test's needs. */
export const RECORD_LIMIT = 10_000;
/** Orders and DSP event ids a sandbox remembers; past it the oldest go, a tenth at a time. */
export const RETAINED_LIMIT = 100_000;

/** Lists of things a client creates on purpose: one too many is refused. */
const REFUSED = ['partner_tokens', 'organizations', 'onboardings', 'locations'] as const;
/** Lists that grow with traffic (orders, DSP event ids for duplicate detection): the oldest entries make room. */
const RETAINED = ['orders', 'dsp_event_ids'] as const;
type ListName = (typeof REFUSED)[number] | (typeof RETAINED)[number];

/** Each list's ceiling: its limit, or what a state saved by an earlier version already held, so it still loads and works. */
export function listLimits(state: SandboxState): Readonly<Record<ListName, number>> {
  const limits = {} as Record<ListName, number>;
  for (const name of REFUSED) limits[name] = Math.max(RECORD_LIMIT, state[name].length);
  for (const name of RETAINED) limits[name] = Math.max(RETAINED_LIMIT, state[name].length);
  return limits;
}

/**
 * After a change: sheds the oldest tenth of a retained list that passed its ceiling (a batch at a
 * time, so a save rarely writes more than the change), and names the first refused list that did.
 * Reads lengths only unless a list is over: it runs on every change.
 */
export function fullList(options: { plain: SandboxState; tracked: SandboxState; limits: Readonly<Record<ListName, number>> }): ListName | undefined {
  // Lengths read in the plain state: through the tracker each read costs its proxies' traps.
  const { plain, tracked, limits } = options;
  for (const name of RETAINED) {
    const over = plain[name].length - limits[name];
    // Shed through the tracker, so the save writes the shorter list.
    if (over > 0) tracked[name].splice(0, over + Math.ceil(limits[name] / 10));
  }
  for (const name of REFUSED) if (plain[name].length > limits[name]) return name;
  return undefined;
}

/** Entries an order's history keeps: past it, the older half is dropped at once, so the cost is paid rarely. */
export const HISTORY_LIMIT = 1_000;

export function trimHistory(history: unknown[]): void {
  if (history.length >= HISTORY_LIMIT) history.splice(0, history.length - HISTORY_LIMIT / 2);
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
