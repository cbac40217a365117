/**
 * Every failure the CLI reports on purpose is a `CliError`. `code` is stable (scripts may branch
 * on it); `message` says what went wrong and what to do. `exitCode` follows the CLI's rule:
 * 2 for a usage or configuration problem, 1 for a check that failed.
 */
export type CliErrorCode =
  | 'usage'
  | 'port_in_use'
  | 'state_unreadable'
  | 'state_corrupt'
  | 'state_locked'
  | 'state_untrusted'
  | 'token_file'
  | 'unknown_event'
  | 'unknown_example'
  | 'invalid_override'
  | 'invalid_payload'
  | 'unreachable'
  | 'timeout'
  | 'spec_missing'
  | 'spec_invalid'
  | 'requirement_unknown'
  | 'check_failed';

export class CliError extends Error {
  override readonly name = 'CliError';
  readonly code: CliErrorCode;
  readonly exitCode: 1 | 2;

  constructor(code: CliErrorCode, message: string, options: { exitCode?: 1 | 2; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.exitCode = options.exitCode ?? 2;
  }
}

export function usageError(message: string): CliError {
  return new CliError('usage', message, { exitCode: 2 });
}
