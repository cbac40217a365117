// What a contract's meaning sentences (isMeaning in normative.ts) are, when nothing checks them.
// Each audience keeps its own list in meaning-<api>.ts; meaning.test.ts holds every list to exact.
import type { ApiName } from './support';
import type { Sentence } from './normative';

/**
 * Why a meaning sentence carries no `x-stream-checked-by`:
 * - `stream`: it says what Stream or the sandbox does, so the sandbox's own tests hold it;
 * - `definition`: it names what a value is (a label, an example) and no answer can contradict it;
 * - `unseen`: what it asks of a partner never shows on the wire, so no probe can judge it;
 * - `open`: a partner could break it on the wire and nothing checks it yet (the backlog, kept short).
 */
export type Verdict = 'stream' | 'definition' | 'unseen' | 'open';

export interface Unchecked {
  /** Words of the sentence, enough to find it once. */
  readonly says: string;
  readonly verdict: Verdict;
  readonly why: string;
}

export interface MeaningList {
  readonly api: ApiName;
  readonly unchecked: readonly Unchecked[];
}

/** The meaning sentences neither checked nor listed, and the listed ones no unchecked sentence matches. */
export function compare(meanings: readonly Sentence[], list: MeaningList): { stray: string[]; stale: string[] } {
  const unchecked = meanings.filter((sentence) => sentence.by.length === 0);
  const stray = unchecked.filter((sentence) => !list.unchecked.some((entry) => sentence.text.includes(entry.says))).map((sentence) => `${sentence.at}: "${sentence.text}"`);
  const stale = list.unchecked.filter((entry) => !unchecked.some((sentence) => sentence.text.includes(entry.says))).map((entry) => entry.says);
  return { stray, stale };
}
