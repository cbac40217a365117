// A record of every answer a test file got from the sandbox, each filed under the contract
// operation it called, so the file can check them all against their contracts at the end and
// name every Stream-hosted operation it never called.
import type { RunningSandbox } from '../src/sandbox/index.js';
import { findOperation, streamHostedOperations, type ApiName } from '../src/openapi.js';
import { call, contractProblems, type Answer, type CallOptions } from './support.js';

export interface LedgerEntry {
  readonly api: ApiName;
  readonly operationId: string;
  /** What the call tried, in a few words: `wrong secret`, `unknown partner slug`. */
  readonly label: string;
  readonly answer: Answer;
}

export interface Ledger {
  /** Sends the call and files its answer under `api:operationId`. */
  drive(sandbox: Pick<RunningSandbox, 'url'>, target: { api: ApiName; operationId: string; label: string }, method: string, path: string, options?: CallOptions): Promise<Answer>;
  entries(): readonly LedgerEntry[];
  /** Every answer that breaks its operation's contract, as `api:operationId (label) status: problem`. */
  problems(): string[];
  /** Stream-hosted operations of `apis` never answered with a success, or never with a refusal. */
  gaps(apis: readonly ApiName[]): string[];
}

export function contractLedger(): Ledger {
  const entries: LedgerEntry[] = [];
  return {
    async drive(sandbox, target, method, path, options = {}) {
      // Fails here, not at the end, when the test names an operation the contract lacks.
      findOperation(target.api, target.operationId);
      const answer = await call(sandbox, method, path, options);
      entries.push({ ...target, answer });
      return answer;
    },
    entries: () => entries,
    problems: () =>
      entries.flatMap(({ api, operationId, label, answer }) =>
        contractProblems(api, operationId, answer).map((problem) => `${api}:${operationId} (${label}) ${answer.status}: ${problem}`),
      ),
    gaps: (apis) =>
      streamHostedOperations()
        .filter((op) => apis.includes(op.api))
        .flatMap((op) => {
          const statuses = entries.filter((entry) => entry.api === op.api && entry.operationId === op.operationId).map((entry) => entry.answer.status);
          const missing: string[] = [];
          if (!statuses.some((status) => status >= 200 && status < 300)) missing.push(`${op.api}:${op.operationId} was never answered with a success`);
          if (!statuses.some((status) => status >= 400)) missing.push(`${op.api}:${op.operationId} was never refused`);
          return missing;
        }),
  };
}
