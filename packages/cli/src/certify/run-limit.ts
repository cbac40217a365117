// How long one certify run may take in all. Each call waits up to --timeout-ms (30 s) and a run
// makes hundreds, so a server that answers slowly would hold a CI runner, Stream's certification
// machine or an agent's tool call for hours. Past the limit no call, wait or send command starts,
// those under way are cut short, and the requirements left are reported as not run.
import { usageError } from '../errors.js';

/**
 * A starter kit's full run takes under 30 s (`npm run bench -- --only=certify`); half an hour is sixty
 * times that, room for a slow but working server or a person sending each event by hand.
 */
export const RUN_LIMIT_DEFAULT_MS = 30 * 60_000;

/** The variable that sets the limit when `--run-limit-ms` is not given (a CI job's, say). */
export const RUN_LIMIT_VARIABLE = 'STREAM_CERTIFY_RUN_LIMIT_MS';

/** The most a run may be given: a day. */
export const RUN_LIMIT_MAX_MS = 24 * 60 * 60_000;

/** The most an agent may give certify's MCP tool: the default, as a host waits on one tool call. */
export const MCP_RUN_LIMIT_MAX_MS = RUN_LIMIT_DEFAULT_MS;

/** `30 min`, `45 s` or `1500 ms`: a limit as a person reads it, exactly. */
export function durationText(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/** The run's limit from `--run-limit-ms`, else its variable, else the default; a usage error names the source of a bad one. */
export function parseRunLimit(options: { flag: string | undefined; env: Readonly<Record<string, string | undefined>> }): number {
  const fromEnv = options.env[RUN_LIMIT_VARIABLE];
  const [value, source] = options.flag !== undefined ? [options.flag, '--run-limit-ms'] : fromEnv !== undefined && fromEnv !== '' ? [fromEnv, `$${RUN_LIMIT_VARIABLE}`] : [undefined, ''];
  if (value === undefined) return RUN_LIMIT_DEFAULT_MS;
  const ms = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(ms) || ms < 1 || ms > RUN_LIMIT_MAX_MS) {
    throw usageError(`${source} must be a whole number of milliseconds from 1 to ${RUN_LIMIT_MAX_MS} (a day), such as ${RUN_LIMIT_DEFAULT_MS} for ${durationText(RUN_LIMIT_DEFAULT_MS)}; got "${value}".`);
  }
  return ms;
}

/** Thrown by a call, wait or pause asked for once the run's time is up: the runner reports the requirement as not run. */
export class OutOfTime extends Error {
  constructor(limitMs: number) {
    super(`the run reached its time limit of ${durationText(limitMs)}`);
    this.name = 'OutOfTime';
  }
}
