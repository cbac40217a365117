// The local sandbox's well-known settings: the defaults it starts with (which trigger, certify and
// the MCP server assume too) and how much of its traffic it keeps. Plain values, so a command can
// show them in --help without loading the sandbox's server.
export const SANDBOX_DEFAULTS = {
  port: 4010,
  host: '127.0.0.1',
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-secret',
  webhookSecret: 'whsec_sandbox',
  partnerSlug: 'demo-partner',
  partnerId: 'demo-partner-id',
} as const;

export const LOG_LIMITS = {
  /** Exchanges kept in memory; older ones are dropped (the jsonl log keeps them all, unless the disk falls behind by `queueBytes`). */
  exchanges: 500,
  /** Bytes of bodies kept in memory across all exchanges. */
  bytes: 8 * 1024 * 1024,
  /** A body longer than this is kept truncated to it, with its size. */
  bodyBytes: 64 * 1024,
  /** A body nested deeper than this is kept as (truncated) text. */
  depth: 64,
  /** What the exchanges waiting for the terminal or the jsonl log keep in memory (their records, bodies included); past it lines are dropped and counted in the log. */
  queueBytes: 16 * 1024 * 1024,
  /** Bytes the --log file grows to before it is moved to FILE.1 and a new one begins. */
  fileBytes: 64 * 1024 * 1024,
  /** How long terminal lines and log lines gather before one write: too short to notice, long enough to spare a write per request. */
  gatherMs: 20,
} as const;
