// Stream rate-limits every Partner API endpoint per client and answers 429 with Retry-After, and
// answers 503 with Retry-After when briefly unavailable. The sandbox does so when asked
// (`--rate-limit N`, or `POST /_sandbox/throttle` for the next calls, with either status), so a
// partner's client can prove it waits and retries as the certification checklist asks.
import { errorReply, type HandlerReply } from './context.js';

/** The window `--rate-limit` counts in. */
export const RATE_WINDOW_MS = 60_000;
/** At most this many clients are counted at once; past it, the oldest window is forgotten. */
const MAX_CLIENTS = 10_000;

export interface RateLimiterOptions {
  /** Requests each client may make per minute; 0 turns the limit off. */
  readonly perMinute: number;
  readonly now: () => number;
}

export interface RateLimiter {
  /** Counts a request of `client`; the 429 when it is over the limit or a throttle is pending. */
  check(client: string): HandlerReply | undefined;
  /** The next `count` Partner API requests, of any client, answer `status` with `Retry-After: seconds`. */
  throttle(options: ThrottleOptions): void;
  /** What is set, for the exchange log and the console. */
  describe(): { readonly perMinute: number; readonly throttled: number; readonly throttleStatus: ThrottleStatus };
}

/** The statuses `POST /_sandbox/throttle` can make the next calls answer: both carry Retry-After in the contract. */
export const THROTTLE_STATUSES = [429, 503] as const;
export type ThrottleStatus = (typeof THROTTLE_STATUSES)[number];

export interface ThrottleOptions {
  readonly count: number;
  readonly seconds: number;
  readonly status: ThrottleStatus;
}

function tooMany(seconds: number, why: string): HandlerReply {
  return errorReply(429, 'rate_limited', `${why} Wait ${seconds} s (Retry-After), then retry.`, { headers: { 'retry-after': String(seconds) } });
}

function unavailable(seconds: number): HandlerReply {
  return errorReply(503, 'service_unavailable', `The sandbox was told to answer this call as briefly unavailable (POST /_sandbox/throttle) and did nothing with it. Wait ${seconds} s (Retry-After), then send it again.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

export function rateLimiter(options: RateLimiterOptions): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let throttled = 0;
  let throttleSeconds = 1;
  let throttleStatus: ThrottleStatus = 429;
  return {
    check(client) {
      if (throttled > 0) {
        throttled -= 1;
        return throttleStatus === 503 ? unavailable(throttleSeconds) : tooMany(throttleSeconds, 'The sandbox was told to throttle this call (POST /_sandbox/throttle).');
      }
      if (options.perMinute <= 0) return undefined;
      const now = options.now();
      let window = windows.get(client);
      if (window === undefined || now - window.start >= RATE_WINDOW_MS) {
        windows.delete(client);
        if (windows.size >= MAX_CLIENTS) windows.delete(windows.keys().next().value!);
        window = { start: now, count: 0 };
        windows.set(client, window);
      }
      window.count += 1;
      if (window.count <= options.perMinute) return undefined;
      const seconds = Math.max(1, Math.ceil((window.start + RATE_WINDOW_MS - now) / 1000));
      return tooMany(seconds, `Client ${client} sent more than ${options.perMinute} requests this minute (--rate-limit ${options.perMinute}).`);
    },
    throttle(next) {
      throttled = next.count;
      throttleSeconds = next.seconds;
      throttleStatus = next.status;
    },
    describe: () => ({ perMinute: options.perMinute, throttled, throttleStatus }),
  };
}

/**
 * Whom a request counts against: the client of its bearer token, else the `client_id` it sends to
 * `/oauth/token`, else the caller's address. Only counted, never trusted.
 */
export function rateKey(options: { readonly bearerClient: string | undefined; readonly rawBody: string; readonly ip: string }): string {
  if (options.bearerClient !== undefined) return options.bearerClient;
  const sent = /"client_id"\s*:\s*"([^"\\]{1,200})"/.exec(options.rawBody)?.[1];
  return sent ?? `address ${options.ip}`;
}
