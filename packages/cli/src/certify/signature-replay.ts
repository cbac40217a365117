// A signature is the HMAC of one body, never a pass: certify sends a body signed right, then the same
// bytes with only the last changed (its trailing newline made a space) under the same Stream-Signature.
// Header, length, event_id, leading bytes and parsed document all match the first, so a receiver that
// skips verifying what looks seen before (a cache keyed by any of them) acknowledges it; verifying the
// bytes received gives 401 signature_mismatch, as the contract's mismatch case says.
import { signWebhook } from '@stream-partner/contracts';
import type { TriggerTarget } from '../trigger/targets.js';
import type { CertifyContext } from './context.js';
import { refusalIssues } from './refusals.js';
import { signatureCaseIssue } from '../signature-cases.js';

/** A rule certify checks on every signed call: a signature that was right for an earlier body is refused with another. */
export const SIGNATURE_OF_ANOTHER_BODY = 'signature-of-another-body-refused';

const accepted = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;

/** Why a replayed signature got through, or undefined when it was refused as a mismatch (or the first body was not accepted). */
export async function replayedSignatureIssue(options: { context: CertifyContext; target: TriggerTarget; body: Record<string, unknown>; token: string | null }): Promise<string | undefined> {
  const { context, target, body, token } = options;
  const compact = JSON.stringify(body);
  const first = `${compact}\n`;
  const signature = signWebhook({ secret: context.config.webhookSecret, body: first });
  const original = await context.call('send a body ending in a newline, signed right', { target, rawBody: first, signature, token });
  // A receiver that refused the right signature verified nothing to remember; the raw-bytes check names that.
  if (!accepted(original.status)) return undefined;
  const replay = await context.call('send the same bytes with a space for the last newline, under the first body\'s signature', { target, rawBody: `${compact} `, signature, token });
  const issues = refusalIssues(target, replay, 401);
  const named = issues.length === 0 ? signatureCaseIssue(target.audience, 'mismatch', (replay.json as { code?: unknown } | undefined)?.code) : undefined;
  if (named !== undefined) issues.push(named);
  if (issues.length === 0) return undefined;
  return `[${SIGNATURE_OF_ANOTHER_BODY}] the Stream-Signature of a body answered ${original.status}, sent with the same bytes but the last (a trailing newline made a space: same length, event_id and leading bytes): ${issues.join('; ')}; verify every delivery's own bytes, never skip one whose signature, length or id was seen before`;
}
