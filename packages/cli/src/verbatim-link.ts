// `x-stream-verbatim-link` on an operation whose URL Stream hands the partner (the menu file's
// `menu_file_url`): the link is requested exactly as given. Read here once, by the sandbox (which
// refuses a changed link) and by certify (which names the change).
import { isObject, type OperationInfo } from './openapi.js';

export interface VerbatimLinkMark {
  readonly rule: string;
  readonly requirement: string;
  readonly error: string;
}

/** The operation's mark, or `undefined` when its links may be requested in any form. */
export function verbatimLinkMark(operation: OperationInfo): VerbatimLinkMark | undefined {
  const raw = operation.raw['x-stream-verbatim-link'];
  if (!isObject(raw) || typeof raw.rule !== 'string' || typeof raw.requirement !== 'string' || typeof raw.error !== 'string') return undefined;
  return { rule: raw.rule, requirement: raw.requirement, error: raw.error };
}
