// The signature requirements judge every event the contract delivers to the endpoint, not only the
// one each requirement is written about: a receiver that verifies `order.created` and acknowledges
// an unsigned `order.canceled` lets anyone cancel a merchant's orders. The other events come from
// the same list the probes start from (each body the audience receives, built fresh), so an event
// the contract adds is covered without a line here.
import type { Audience, TriggerTarget } from '../trigger/targets.js';
import { accessToken } from './checks-oauth.js';
import { SIGNATURE_ON_EVERY_EVENT } from './checks-shared.js';
import { Blocked, fail, type CertifyContext, type Check, type CheckOutcome } from './context.js';
import { probeSources } from './probes/sources.js';
import { refusalIssues } from './refusals.js';
import { MISSING_FORMS, REFUSED_FORMS } from './signature-forms.js';

/** Each audience's signature requirements, the event each is written about, and which wrong signature it sends. */
const SIGNATURE_REQUIREMENTS: Readonly<Record<Audience, readonly { id: string; event: string; kind: 'missing' | 'wrong' }[]>> = {
  pos: [
    { id: 'POS-SEC-03', event: 'order.created', kind: 'missing' },
    { id: 'POS-SEC-04', event: 'order.created', kind: 'wrong' },
  ],
  dsp: [
    { id: 'DSP-SEC-03', event: 'location.order.cancel', kind: 'missing' },
    { id: 'DSP-SEC-04', event: 'location.order.cancel', kind: 'wrong' },
  ],
  events: [
    { id: 'EVT-SEC-01', event: 'order.confirmed', kind: 'missing' },
    { id: 'EVT-SEC-02', event: 'order.confirmed', kind: 'wrong' },
  ],
};

const sameEndpoint = (a: TriggerTarget, b: TriggerTarget) => a.carrier.method === b.carrier.method && a.carrier.path === b.carrier.path;

/** Sends every other event of the endpoint with the requirement's first wrong signature; each must get the contract's 401. */
async function everyOtherEvent(context: CertifyContext, event: string, kind: 'missing' | 'wrong'): Promise<string[]> {
  const main = context.target(event);
  const form = (kind === 'missing' ? MISSING_FORMS : REFUSED_FORMS)[0]!;
  const wrong: string[] = [];
  for (const source of probeSources(context)) {
    if (source.target.name === main.name || !sameEndpoint(source.target, main)) continue;
    const token = source.target.carrier.bearer ? await accessToken(context) : null;
    let body: Record<string, unknown>;
    try {
      body = await source.make();
    } catch (error) {
      // An event certify could not build (no order to update without a catalog) is another requirement's finding.
      if (error instanceof Blocked) continue;
      throw error;
    }
    const { raw, signature } = form.build(body, 'event_id', context.config.webhookSecret);
    const exchange = await context.call(`send ${source.label} with ${form.what}`, { target: source.target, rawBody: raw, signature, token });
    const issues = refusalIssues(source.target, exchange, 401);
    if (issues.length > 0) wrong.push(`[${SIGNATURE_ON_EVERY_EVENT}] ${source.label} with ${form.what}: ${issues.join('; ')}`);
  }
  return wrong;
}

/**
 * The audience's signature checks, each followed, once its own event's forms are refused, by the
 * same wrong signature on every other event the endpoint receives.
 */
export function signatureEveryEventChecks(audience: Audience, base: Readonly<Record<string, Check>>): Record<string, Check> {
  return Object.fromEntries(
    SIGNATURE_REQUIREMENTS[audience].map(({ id, event, kind }) => [
      id,
      (async (context) => {
        const own: CheckOutcome = await base[id]!(context);
        if (!own.passed) return own;
        const wrong = await everyOtherEvent(context, event, kind);
        if (wrong.length === 0) return { ...own, reason: `${own.reason ?? 'refused with 401'}; every other event the endpoint receives refused the same way` };
        return fail(wrong.join(' | '), '401 for every event the endpoint receives, whatever its type: check the signature before anything else');
      }) satisfies Check,
    ]),
  );
}
