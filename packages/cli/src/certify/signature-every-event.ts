// The signature requirements judge every event the contract delivers to the endpoint, not only the
// one each requirement is written about: a receiver that verifies `order.created` and acknowledges
// an unsigned `order.canceled` lets anyone cancel a merchant's orders. The other events come from
// the same list the probes start from (each body the audience receives, built fresh), so an event
// the contract adds is covered without a line here. A resend of an event already answered gets the
// same wrong signature: a receiver that looks the event_id up before it verifies serves its recorded
// answer to anyone who repeats the id.
import { isObject } from '../openapi.js';
import type { Audience, TriggerTarget } from '../trigger/targets.js';
import { accessToken } from './checks-oauth.js';
import { SIGNATURE_ON_EVERY_EVENT, SIGNATURE_ON_EVERY_RESEND } from './checks-shared.js';
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

const answered = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;

function signed(headers: Readonly<Record<string, string>>): boolean {
  return Object.entries(headers).some(([name, value]) => name.toLowerCase() === 'stream-signature' && value !== '');
}

/**
 * Resends, with the requirement's first wrong signature, the first event of the endpoint this run
 * sent signed and had answered with a success (sending the requirement's own event signed first
 * when none was), byte for byte the same body: it must get the contract's 401, not the recorded answer.
 */
async function resendOfAnswered(context: CertifyContext, event: string, kind: 'missing' | 'wrong'): Promise<string[]> {
  const main = context.target(event);
  const form = (kind === 'missing' ? MISSING_FORMS : REFUSED_FORMS)[0]!;
  const sources = probeSources(context).filter((source) => sameEndpoint(source.target, main));
  const earlier = context.observed.find((exchange) => answered(exchange.status) && signed(exchange.requestHeaders) && isObject(exchange.requestBody) && typeof exchange.requestBody.event_id === 'string' && sources.some((source) => exchange.operations.includes(source.target.operation)));
  const source = earlier === undefined ? sources.find((candidate) => candidate.target.name === main.name) : sources.find((candidate) => earlier.operations.includes(candidate.target.operation));
  if (source === undefined) return [];
  const token = source.target.carrier.bearer ? await accessToken(context) : null;
  let body = earlier?.requestBody as Record<string, unknown> | undefined;
  if (body === undefined) {
    // No event of this endpoint was answered yet in this run (certify --only): answer one first.
    body = await source.make();
    const first = await context.call(`send ${source.label}, signed, to resend it`, { target: source.target, body, token });
    // A signed event refused is the requirement that asks for its acceptance's finding; here nothing was answered to resend.
    if (!answered(first.status)) throw new Blocked(`${source.label}, signed right, was answered ${first.status ?? 'nothing'}, so no answered event could be resent; run certify without --only`, context.blockers[0]);
  }
  const { raw, signature } = form.build(body, 'event_id', context.config.webhookSecret);
  const what = `resend of ${source.label} ${String(body.event_id)}, already answered, with ${form.what}`;
  const exchange = await context.call(`send a ${what}`, { target: source.target, rawBody: raw, signature, token });
  const issues = refusalIssues(source.target, exchange, 401);
  return issues.length === 0 ? [] : [`[${SIGNATURE_ON_EVERY_RESEND}] a ${what}: ${issues.join('; ')}: check the signature before looking the event_id up`];
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
        const wrong = [...(await everyOtherEvent(context, event, kind)), ...(await resendOfAnswered(context, event, kind))];
        if (wrong.length === 0) return { ...own, reason: `${own.reason ?? 'refused with 401'}; every other event the endpoint receives, and a resend of one already answered, refused the same way` };
        return fail(wrong.join(' | '), '401 for every event the endpoint receives, whatever its type: check the signature before anything else');
      }) satisfies Check,
    ]),
  );
}
