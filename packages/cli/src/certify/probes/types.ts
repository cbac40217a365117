// What a probe is: a named change to a valid body, and whether the contract says to refuse or accept the result.
import type { PathPart } from './schema.js';

export type RefusalFamily = 'missing' | 'type' | 'number-as-string' | 'enum' | 'format' | 'bound' | 'not-json';
export type AcceptanceFamily = 'optional-all' | 'optional-none' | 'boundary' | 'date-time' | 'non-ascii' | 'enum-value' | 'flag-value' | 'open-value' | 'example' | 'uuid-version' | 'required-when' | 'open-separator' | 'any-value' | 'utc-offset' | 'long-text';

/** One value set (or, with `REMOVE`, taken out) at a path. */
export interface Edit {
  readonly path: readonly PathPart[];
  readonly value: unknown;
}

export interface Probe {
  readonly family: RefusalFamily | AcceptanceFamily;
  readonly kind: 'refusal' | 'acceptance';
  /** The field changed, as a JSON Pointer, or `(the body)`. */
  readonly pointer: string;
  /** What was changed, in words: `removed (it is required)`. */
  readonly change: string;
  readonly edits: readonly Edit[];
  /** Exact text to send instead of the edited body (a body that is not JSON). */
  readonly raw?: string;
  /** A named example of the contract's, sent in place of the fresh body but for the paths certify keeps fresh. */
  readonly example?: unknown;
  /** The same change with the field still present: when the receiver accepts it, it must accept the probe too (`required-when`). */
  readonly sibling?: readonly Edit[];
}
