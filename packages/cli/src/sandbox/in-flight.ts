// The sends still unanswered, per subject, on the routes whose contract says one order's sends go one
// at a time (`x-stream-one-at-a-time`). A send that arrives while a different send for the same
// subject is unanswered is noted: it may land before the earlier one. A resend of the same bytes (a
// retry after a timeout) is the same event, not a second one, so it is not noted.
import { createHash } from 'node:crypto';
import { oneAtATime, sendSubject, type OneAtATime } from '../one-at-a-time.js';
import type { OperationInfo } from '../openapi.js';

// Subjects tracked at once: past this a send is not tracked (never refused), so memory stays bounded.
const MAX_SUBJECTS = 1000;

export interface Flight {
  /** The note for the log when the send overlapped another for its subject; undefined when it did not. */
  readonly overlap: string | undefined;
  /** Call once the answer is written. */
  land(): void;
}

export interface InFlight {
  arrive(options: { operation: OperationInfo; rawBody: string }): Flight;
}

const NOTHING: Flight = { overlap: undefined, land: () => undefined };

export function inFlight(): InFlight {
  const pending = new Map<string, string[]>();
  const rules = new Map<string, OneAtATime | undefined>();
  const ruleOf = (operation: OperationInfo) => {
    const name = `${operation.api}:${operation.operationId}`;
    if (!rules.has(name)) rules.set(name, operation.api === 'partner' ? undefined : oneAtATime(operation.api, operation.operationId));
    return rules.get(name);
  };
  return {
    arrive: ({ operation, rawBody }) => {
      const rule = ruleOf(operation);
      if (rule === undefined) return NOTHING;
      let subject: string | undefined;
      try {
        subject = sendSubject(rule, JSON.parse(rawBody));
      } catch {
        return NOTHING;
      }
      if (subject === undefined) return NOTHING;
      const key = `${operation.api}:${operation.operationId} ${subject}`;
      const hashes = pending.get(key) ?? [];
      if (hashes.length === 0 && pending.size >= MAX_SUBJECTS) return NOTHING;
      const hash = createHash('sha256').update(rawBody).digest('hex');
      const overlapped = hashes.some((other) => other !== hash);
      hashes.push(hash);
      pending.set(key, hashes);
      let landed = false;
      return {
        overlap: overlapped
          ? `sent while another send for the same order (${rule.subject.join(', ')}: ${subject}) was still unanswered, so it may land before that one; ${rule.statement.replace(/\.$/, '')} (${rule.rule})`
          : undefined,
        land: () => {
          if (landed) return;
          landed = true;
          hashes.splice(hashes.indexOf(hash), 1);
          if (hashes.length === 0) pending.delete(key);
        },
      };
    },
  };
}
