// How long Stream retries an event, as the receiving operation's contract says (`x-stream-retry-window`):
// a retry near the end of the window carries the moment the event first happened, so a receiver
// that refuses events older than a few minutes (a replay guard) refuses every late retry.
import { CliError } from '../errors.js';
import { isObject } from '../openapi.js';
import type { TriggerTarget } from '../trigger/targets.js';

/** A rule of certify's on EVT-SEQ-04 (catalogue 1.14.0): an event as old as Stream's retry window is answered as a new one is. */
export const RETRY_WINDOW_HONOURED = 'retry-window-honoured';

export interface RetryWindow {
  readonly hours: number;
  /** Where the event carries the moment it happened, as a JSON pointer. */
  readonly at: string;
}

export function retryWindow(target: TriggerTarget): RetryWindow | undefined {
  const raw = (target.carrier.raw as Record<string, unknown>)['x-stream-retry-window'];
  if (raw === undefined) return undefined;
  if (!isObject(raw) || typeof raw.hours !== 'number' || !(raw.hours > 0) || typeof raw.at !== 'string' || !raw.at.startsWith('/')) {
    throw new CliError('spec_invalid', `The ${target.audience} contract's x-stream-retry-window on ${target.carrier.operationId} needs hours (a positive number) and at (a JSON pointer). Fix the contract and run npm run specs:bundle.`);
  }
  return { hours: raw.hours, at: raw.at };
}

/** Five minutes inside the window: late enough that a guard of a few hours refuses it, early enough that the window holds it on any clock. */
export const INSIDE_MARGIN_MS = 5 * 60_000;

/** The moment an event first sent `window.hours` ago (less the margin) carries, as RFC 3339 UTC. */
export function lateRetryMoment(window: RetryWindow, now: number): string {
  return new Date(now - window.hours * 3_600_000 + INSIDE_MARGIN_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The dotted path of the moment an event carries, when its contract gives a retry window: certify sends it as now. */
export function freshMomentPath(target: TriggerTarget): string | undefined {
  const window = retryWindow(target);
  return window === undefined ? undefined : window.at.slice(1).split('/').join('.');
}
