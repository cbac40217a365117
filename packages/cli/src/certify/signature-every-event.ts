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
import type { ProbeSource } from './probes/run.js';
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
    const body = await buildOrSkip(source);
    if (body === undefined) continue;
    const { raw, signature } = form.build(body, 'event_id', context.config.webhookSecret);
    const exchange = await context.call(`send ${source.label} with ${form.what}`, { target: source.target, rawBody: raw, signature, token });
    const issues = refusalIssues(source.target, exchange, 401);
    if (issues.length > 0) wrong.push(`[${SIGNATURE_ON_EVERY_EVENT}] ${source.label} with ${form.what}: ${issues.join('; ')}`);
  }
  return wrong;
}

/** The source's event, or undefined when certify could not build it (no order to update without a catalog): that is another requirement's finding. */
async function buildOrSkip(source: ProbeSource): Promise<Record<string, unknown> | undefined> {
  try {
    return await source.make();
  } catch (error) {
    if (error instanceof Blocked) return undefined;
    throw error;
  }
}

const answered = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;

function signed(headers: Readonly<Record<string, string>>): boolean {
  return Object.entries(headers).some(([name, value]) => name.toLowerCase() === 'stream-signature' && value !== '');
}

/** An event of the endpoint answered with a success, and the source that built it. */
type Answered = { readonly source: ProbeSource; readonly body: Record<string, unknown> };

/**
 * The first event of the endpoint this run sent signed and had answered with a success, or, when
 * none was (certify --only, or a receiver that refuses certify's order), one sent signed now: the
 * requirement's own event first, then each other event of the endpoint. Undefined when the
 * receiver answered none of them: it has no recorded answer a resend could be served.
 */
async function answeredEvent(context: CertifyContext, sources: readonly ProbeSource[], main: TriggerTarget): Promise<Answered | undefined> {
  for (const exchange of context.observed) {
    if (!answered(exchange.status) || !signed(exchange.requestHeaders) || !isObject(exchange.requestBody) || typeof exchange.requestBody.event_id !== 'string') continue;
    const source = sources.find((candidate) => exchange.operations.includes(candidate.target.operation));
    if (source !== undefined) return { source, body: exchange.requestBody };
  }
  for (const source of [...sources].sort((a, b) => Number(b.target.name === main.name) - Number(a.target.name === main.name))) {
    const body = await buildOrSkip(source);
    if (body === undefined) continue;
    const token = source.target.carrier.bearer ? await accessToken(context) : null;
    const first = await context.call(`send ${source.label}, signed, to resend it`, { target: source.target, body, token });
    if (answered(first.status)) return { source, body };
  }
  return undefined;
}

/**
 * Resends an event the receiver already answered with the requirement's first wrong signature, byte
 * for byte the same body: it must get the contract's 401, not the answer recorded for its event_id.
 */
async function resendOfAnswered(context: CertifyContext, event: string, kind: 'missing' | 'wrong'): Promise<{ wrong: string[]; note: string }> {
  const main = context.target(event);
  const form = (kind === 'missing' ? MISSING_FORMS : REFUSED_FORMS)[0]!;
  const found = await answeredEvent(context, probeSources(context).filter((source) => sameEndpoint(source.target, main)), main);
  // Refusing every signed event is the acceptance requirements' finding; no answer is recorded to be served.
  if (found === undefined) return { wrong: [], note: 'no event was answered with a success, so none was resent' };
  const { source, body } = found;
  const token = source.target.carrier.bearer ? await accessToken(context) : null;
  const { raw, signature } = form.build(body, 'event_id', context.config.webhookSecret);
  const what = `resend of ${source.label} ${String(body.event_id)}, already answered, with ${form.what}`;
  const exchange = await context.call(`send a ${what}`, { target: source.target, rawBody: raw, signature, token });
  const issues = refusalIssues(source.target, exchange, 401);
  if (issues.length === 0) return { wrong: [], note: 'a resend of one already answered refused the same way' };
  return { wrong: [`[${SIGNATURE_ON_EVERY_RESEND}] a ${what}: ${issues.join('; ')}: check the signature before looking the event_id up`], note: '' };
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
        const resend = await resendOfAnswered(context, event, kind);
        const wrong = [...(await everyOtherEvent(context, event, kind)), ...resend.wrong];
        if (wrong.length === 0) return { ...own, reason: `${own.reason ?? 'refused with 401'}; every other event the endpoint receives refused the same way; ${resend.note}` };
        return fail(wrong.join(' | '), '401 for every event the endpoint receives, whatever its type: check the signature before anything else');
      }) satisfies Check,
    ]),
  );
}
