// Checks every audience shares: bearer and signature refusals, bodies the receiver must accept or
// refuse, timing, and bodies built from the contracts' examples.
import { signWebhook, validate } from '@stream-partner/contracts';
import type { HttpExchange } from '../http.js';
import { pickExample, setPath } from '../trigger/payload.js';
import type { TriggerTarget } from '../trigger/targets.js';
import { loadCatalogue } from './catalogue.js';
import { answered, Blocked, fail, pass, type CertifyContext, type Check, type CheckOutcome } from './context.js';
import { accessToken, CLIENT_ID_CHECKED, CLIENT_SECRET_COMPARED_WHOLE, REDIRECT_URI_COMPARED_EXACTLY, REDIRECT_URI_HOST_COMPARED, REDIRECT_URI_QUERY_COMPARED, REDIRECT_URI_SCHEME_COMPARED, REFRESHED_TOKEN_WORKS } from './checks-oauth.js';
import { AUTHORIZE_VALUE_COMPARED_EXACTLY, ISSUED_VALUE_COMPARED_EXACTLY, REDIRECT_URI_COMPONENTS_COMPARED } from './near-variants.js';
import { DEDUPE_OVER_SEQUENCE, EVENT_ID_COMPARED_EXACTLY } from './dedupe-sequence.js';
import { PARTNER_ID_IS_ITS_OWN } from './partner-id.js';
import { RETRY_WAITS_GROW } from './retry-backoff.js';
import { LOCATION_ID_COMPARED_EXACTLY } from './unknown-location.js';
import { CONNECT_EVERY_LOCATION } from './connect-every-location.js';
import { REFUSED_ORDER_ACKNOWLEDGED } from './refused-order.js';
import { CHARGED_TAX_SERVED, INACTIVE_MENU_TAKES_NO_ORDER } from './served-agrees.js';
import { INACTIVE_FAMILY_TAKES_NO_ORDER } from './inactive-parent.js';
import { IN_STORE_CURRENCY_SERVED, IN_STORE_TAX_AT_SERVED_RATES } from './in-store-tax.js';
import { IN_STOCK_NOT_SOLD_OUT } from './stock-refusals.js';
import { ACTIVE_ITEM_NOT_SOLD_OUT } from './active-not-sold-out.js';
import { CLOSED_MENU_TAKES_NO_ORDER } from './closed-menu.js';
import { UNLIMITED_GROUP_TAKES_TWO } from './unlimited-group.js';
import { STOCK_COUNT_ENFORCED } from './stock-count-enforced.js';
import { STOCK_COUNT_SOLD_TO_THE_LAST } from './stock-count-exact.js';
import { IN_STORE_LINES_WITHIN_GROUPS } from './in-store-group-limits.js';
import { IN_STORE_PRICES_SERVED } from './in-store-line-prices.js';
import { RETRY_KEEPS_THE_EVENT } from './send-retry.js';
import { REFUSED_EVENT_DOES_NO_WORK, REPEAT_DOWNLOADS_NOTHING } from './refused-no-work.js';
import { CANCEL_AFTER_ITS_ORDER } from '../sandbox/index.js';
import { freshMomentPath, RETRY_WINDOW_HONOURED } from './retry-window.js';
import { isObject } from '../openapi.js';
import { STATE_ABSENT_WHEN_NOT_SENT, STATE_ECHOED_VERBATIM } from './authorize-page.js';
import { CONSENT_FORM_RECHECKED } from './consent-form.js';
import { CREDENTIALS_KEPT_APART } from './credential-confusion.js';
import { EFFECTS_STAY_WHERE_ASKED, STATE_SURVIVES_REFRESH } from './read-back-check.js';
import { WHOLE_ANSWER_REPEATED } from './repeat-answer.js';
import { refusalIssues } from './refusals.js';
import { NON_OBJECT_BODY, TYPELESS_BODY } from './unknown-type.js';
import { EXPECTED_SIGNATURE_NOT_SHOWN, RULES_1_14 } from './rules-1-14.js';
import { ACCEPTED_FORMS, MISSING_FORMS, REFUSED_FORMS } from './signature-forms.js';
import { signatureCaseIssue, signatureCases, type BodyShape } from '../signature-cases.js';
import { replayedSignatureIssue, SIGNATURE_OF_ANOTHER_BODY } from './signature-replay.js';

/** A rule certify checks that no contract extension states: a signature is checked before the event type. */
export const SIGNATURE_BEFORE_TYPE = 'signature-before-type';

/** A rule certify checks on every signed call: the signature is checked before the body is parsed, so bytes that are not JSON get 401 too. */
export const SIGNATURE_BEFORE_PARSE = 'signature-before-parse';

/** A rule of certify's on POS-ORD-01: an order whose line carries the modifiers the catalog offers for it is taken. */
export const MODIFIER_LINE_ACCEPTED = 'modifier-line-accepted';

/** A rule of certify's on POS-ORD-01 (catalogue 1.14.0): an order whose amounts add up as the contract says (two units, modifiers, a tip, fees, a discount) is taken as the plain one is. */
export const EVERY_AMOUNT_COUNTED = 'every-amount-counted';

/** A rule of certify's on POS-LOC-02 and -03: a connection call made again answers as the first did. */
export const CONNECTION_CALL_REPEATED = 'connection-call-repeated';

/** A rule of certify's on POS-OAU-12 and DSP-OAU-12: an authorize request without a parameter the contract requires is refused. */
export const AUTHORIZE_PARAMETER_REQUIRED = 'authorize-parameter-required';

/** A rule of certify's on DSP-LOC-05: connecting and disconnecting an unknown location are refused as reading it is. */
export const UNKNOWN_LOCATION_EVERY_CALL = 'unknown-location-every-call';

/** A rule of certify's on EVT-ORD-04: the same order under a new event_id keeps its provider_id. */
export const SAME_ORDER_NEW_EVENT_ID = 'same-order-new-event-id';
/** A delivery refused for its signature was not processed: its resend, signed right, is a first delivery (DSP-SEQ-06). */
export const SIGNATURE_REFUSAL_NOT_RECORDED = 'signature-refusal-not-recorded';

/** A rule of certify's on the signature requirements: every event the endpoint receives is refused unsigned, not only the one each names. */
export const SIGNATURE_ON_EVERY_EVENT = 'signature-on-every-event';
/** And on its resends: an event_id already answered, resent with the wrong signature, is refused too, never served a recorded answer. */
export const SIGNATURE_ON_EVERY_RESEND = 'signature-on-every-resend';

/** A rule of certify's on EVT-ORD-01: the contract's own order is accepted with 201, not refused with the 400 the contract also lists. */
export const EXAMPLE_ORDER_ACCEPTED = 'example-order-accepted';

/** Rules of certify's on the acceptance probes: another value of a list gets an answer its event lists; a new value of an open set is accepted. */
export const LIST_VALUE_ANSWERED = 'list-value-answered';
export const OPEN_VALUE_ACCEPTED = 'open-value-accepted';
/** A rule of certify's on the acceptance probes (catalogue 1.14.0): a boolean flag of a valid body set to its other value is accepted. */
export const FLAG_VALUE_ACCEPTED = 'flag-value-accepted';
/** Another family (catalogue 1.14.0): free text with no maxLength set to 600 characters is accepted. */
export const LONG_TEXT_ACCEPTED = 'long-text-accepted';

/** Rules of certify's on the acceptance probes (catalogue 1.14.0): a UUID of any version is a UUID; a field the contract requires only for some values of a list may be left out for the others. */
export const UUID_ANY_VERSION = 'uuid-any-version';
export const REQUIRED_ONLY_WHEN_STATED = 'required-only-when-stated';

/** A rule of certify's on EVT-ORD-04 (catalogue 1.14.0): the same order keeps its provider_id after it was canceled too. */
export const SAME_ORDER_AFTER_CANCELLATION = 'same-order-after-cancellation';

/** A rule of certify's on EVT-ORD-02 (catalogue 1.14.0): a delivery_status earlier in the sequence than the last one is acknowledged. */
export const DELIVERY_STATUS_ANY_ORDER = 'delivery-status-any-order';

/** Rules of certify's on the probes: an event whose endpoint lists the 400 is refused broken too; every named example of a body is accepted. */
export const EVERY_EVENT_VALIDATED = 'every-event-validated';
export const NAMED_EXAMPLE_ACCEPTED = 'named-example-accepted';

/** A rule of certify's on POS-SND-04: the POS's next catalog read for the location shows the object as its update said. */
export const CATALOG_KEEPS_OBJECT_UPDATE = 'catalog-keeps-object-update';

/** Rules certify names in its own checks' failures (`[name]`), for the catalogue changelog to scope a change to. */
export const CERTIFY_RULES: readonly string[] = [SIGNATURE_BEFORE_TYPE, SIGNATURE_BEFORE_PARSE, CLIENT_ID_CHECKED, REFRESHED_TOKEN_WORKS, TYPELESS_BODY, MODIFIER_LINE_ACCEPTED, CONNECTION_CALL_REPEATED, AUTHORIZE_PARAMETER_REQUIRED, UNKNOWN_LOCATION_EVERY_CALL, SAME_ORDER_NEW_EVENT_ID, REDIRECT_URI_QUERY_COMPARED, REDIRECT_URI_COMPARED_EXACTLY, STATE_ABSENT_WHEN_NOT_SENT, SIGNATURE_REFUSAL_NOT_RECORDED, SIGNATURE_ON_EVERY_EVENT, SIGNATURE_ON_EVERY_RESEND, EXAMPLE_ORDER_ACCEPTED, LIST_VALUE_ANSWERED, OPEN_VALUE_ACCEPTED, EVERY_EVENT_VALIDATED, NAMED_EXAMPLE_ACCEPTED, CATALOG_KEEPS_OBJECT_UPDATE, CREDENTIALS_KEPT_APART, EFFECTS_STAY_WHERE_ASKED, WHOLE_ANSWER_REPEATED, REDIRECT_URI_SCHEME_COMPARED, AUTHORIZE_VALUE_COMPARED_EXACTLY, DEDUPE_OVER_SEQUENCE, CONNECT_EVERY_LOCATION, REFUSED_ORDER_ACKNOWLEDGED, UUID_ANY_VERSION, REQUIRED_ONLY_WHEN_STATED, SAME_ORDER_AFTER_CANCELLATION, RETRY_WINDOW_HONOURED, DELIVERY_STATUS_ANY_ORDER, FLAG_VALUE_ACCEPTED, REDIRECT_URI_HOST_COMPARED, INACTIVE_MENU_TAKES_NO_ORDER, CHARGED_TAX_SERVED, CANCEL_AFTER_ITS_ORDER, REFUSED_EVENT_DOES_NO_WORK, RETRY_KEEPS_THE_EVENT,
  // audit11 (POS): exact comparisons, state kept verbatim, every amount counted.
  ISSUED_VALUE_COMPARED_EXACTLY, STATE_ECHOED_VERBATIM, EVERY_AMOUNT_COUNTED, INACTIVE_FAMILY_TAKES_NO_ORDER, IN_STORE_CURRENCY_SERVED, IN_STORE_TAX_AT_SERVED_RATES, IN_STOCK_NOT_SOLD_OUT,
  // audit11 (events): any value of a free field, closed orders still answered, non-object bodies.
  NON_OBJECT_BODY, ...RULES_1_14,
  // audit11 (DSP): ids and secrets compared exactly, repeats download nothing, long text accepted.
  EVENT_ID_COMPARED_EXACTLY, LOCATION_ID_COMPARED_EXACTLY, CLIENT_SECRET_COMPARED_WHOLE, REPEAT_DOWNLOADS_NOTHING, LONG_TEXT_ACCEPTED,
  // gen22pos: two ways of asking for the same catalog agree; distinct in-store orders get distinct ids.
  'merchant-catalog-holds-locations', 'distinct-orders-distinct-ids', 'sold-category-shown',
  // gen23dsp: the consent form's approve route checks what the form carries again.
  CONSENT_FORM_RECHECKED,
  // gen23evt: an id a partner answers with is never one Stream sent it; a sender's retries wait longer each time.
  PARTNER_ID_IS_ITS_OWN, RETRY_WAITS_GROW,
  // gen23pos: a served stock_count is enforced, an in-store order charges the prices served.
  STOCK_COUNT_ENFORCED, IN_STORE_PRICES_SERVED,
  // gen25posb: an order for exactly the served stock_count is taken.
  STOCK_COUNT_SOLD_TO_THE_LAST,

  // gen22dsp: what a partner keeps per location survives Stream's token refresh.
  STATE_SURVIVES_REFRESH,
  // gen24evt: one order's sends one at a time (x-stream-one-at-a-time names it too).
  'sends-one-at-a-time',
  // gen25dsp: a refused exchange leaves the code working; a link Stream gives is fetched verbatim (x-stream-verbatim-link names it too).
  'refused-exchange-keeps-code', 'menu-link-fetched-verbatim',
  // gen25evt: a contract-break refusal's text names the fields certify broke (a refusal list's reason).
  'refusal-names-broken-field',
  // gen26pos: an item the catalog serves with is_active and stock_count omitted (active, not counted) is not refused as sold out; an item only never-open menus offer takes no order; two modifiers of a group without a limit are taken.
  ACTIVE_ITEM_NOT_SOLD_OUT, CLOSED_MENU_TAKES_NO_ORDER, UNLIMITED_GROUP_TAKES_TWO,
  // gen27sig: a signature right for an earlier body is refused with another (a cache of verified signatures, lengths or ids lets it through).
  SIGNATURE_OF_ANOTHER_BODY,
  // gen27pos: a redirect_uri is compared in every component (port, userinfo, fragment) for POS and DSP alike; an in-store line picks within its groups' served limits.
  REDIRECT_URI_COMPONENTS_COMPARED, IN_STORE_LINES_WITHIN_GROUPS];

/** Calls each bearer endpoint without a token (or with `token`) and expects 401 from all. */
export async function bearerRefusals(context: CertifyContext, calls: readonly { name: string; target: TriggerTarget; body?: unknown; params?: Record<string, string> }[], token: string | null): Promise<CheckOutcome> {
  const wrong: string[] = [];
  for (const call of calls) {
    const exchange = await context.call(`${call.name} ${token === null ? 'without a token' : 'with an unknown token'}`, {
      target: call.target,
      body: call.body,
      ...(call.params === undefined ? {} : { params: call.params }),
      token,
    });
    const issues = refusalIssues(call.target, exchange, 401);
    if (issues.length > 0) wrong.push(`${call.target.carrier.method} ${call.target.carrier.path}: ${issues.join('; ')}`);
  }
  return wrong.length === 0 ? pass(`${calls.length} endpoint(s) refused`) : fail(wrong.join('; '), '401 from every endpoint that needs a bearer token');
}

/** A fresh, contract-valid body for a signed call, and the path of a free-text field in it. */
export interface SignedBody {
  readonly make: () => Promise<Record<string, unknown>>;
  readonly textPath: string;
}

/**
 * Signed-call refusals: `missing` sends no signature and an empty one; `wrong` sends each wrong
 * form of the published test vectors (a prefix, upper case, `sha256=`, another secret...).
 */
export async function signatureRefusal(context: CertifyContext, target: TriggerTarget, source: SignedBody, kind: 'missing' | 'wrong'): Promise<CheckOutcome> {
  const token = target.carrier.bearer ? await accessToken(context) : null;
  const forms = kind === 'missing' ? MISSING_FORMS : REFUSED_FORMS;
  const wrong: string[] = [];
  for (const form of forms) {
    const { raw, signature } = form.build(await source.make(), source.textPath, context.config.webhookSecret);
    const exchange = await context.call(`send with ${form.what}`, { target, rawBody: raw, signature, token });
    const issues = refusalIssues(target, exchange, 401);
    // A 401 the contract's body allows still names its case: a receiver with one failure code tells the sender nothing.
    const named = issues.length === 0 && form.case !== undefined ? signatureCaseIssue(target.audience, form.case, (exchange.json as { code?: unknown } | undefined)?.code) : undefined;
    if (named !== undefined) issues.push(named);
    if (issues.length > 0) wrong.push(`${form.rule === undefined ? '' : `[${form.rule}] `}${form.what}: ${issues.join('; ')}`);
    // A refusal that shows the signature it expected hands a forger the one to send next (echoing a header that held it gives nothing away).
    else if (shows(exchange.bodyText, expectedOf(context, raw)) && !shows(signature ?? '', expectedOf(context, raw))) wrong.push(`[${EXPECTED_SIGNATURE_NOT_SHOWN}] ${form.what}: the 401 shows the signature the body needs, so anyone can read it and send the body again signed`);
  }
  if (wrong.length === 0) {
    // The signature is checked before the body is read, so an event of a type the receiver does not know (one
    // Stream adds later) is refused the same way: a receiver that sorts types first acknowledges forgeries.
    // Named, as it came after the forms above: until its effective day it warns (catalogue 1.6.0).
    const known = await source.make();
    if (typeof known.type === 'string') {
      const { raw, signature } = forms[0]!.build({ ...known, type: 'stream.added_later' }, source.textPath, context.config.webhookSecret);
      const exchange = await context.call(`send an event of a type added later with ${forms[0]!.what}`, { target, rawBody: raw, signature, token });
      const issues = refusalIssues(target, exchange, 401);
      if (issues.length > 0) wrong.push(`[${SIGNATURE_BEFORE_TYPE}] ${forms[0]!.what} on an event of a type added later (stream.added_later): ${issues.join('; ')}`);
    }
    // Nor is the body parsed first: bytes that are not JSON, unsigned or wrongly signed, are refused as unsigned, not as malformed.
    const { signature } = forms[0]!.build(known, source.textPath, context.config.webhookSecret);
    const garbled = await context.call(`send bytes that are not JSON with ${forms[0]!.what}`, { target, rawBody: '{"type": not json', signature, token });
    const garbledIssues = refusalIssues(target, garbled, 401);
    if (garbledIssues.length > 0) wrong.push(`[${SIGNATURE_BEFORE_PARSE}] ${forms[0]!.what} on bytes that are not JSON: ${garbledIssues.join('; ')}`);
    // Nor is any body answered before it is verified: the shapes the contract names (x-stream-signature-cases bodies).
    const bodies = signatureCases(target.audience)?.bodies;
    const { type: _type, ...untyped } = known;
    const shaped: Record<BodyShape, readonly [string, string]> = { empty: ['an empty body', ''], 'empty-object': ['the body {}', '{}'], untyped: ['the event without its type', JSON.stringify(untyped)] };
    for (const shape of bodies?.shapes ?? []) {
      const [words, raw] = shaped[shape];
      const exchange = await context.call(`send ${words} with ${forms[0]!.what}`, { target, rawBody: raw, signature, token });
      const shapeIssues = refusalIssues(target, exchange, 401);
      if (shapeIssues.length > 0) wrong.push(`[${bodies!.rule}] ${forms[0]!.what} on ${words}: ${shapeIssues.join('; ')}`);
    }
    const replayed = kind === 'wrong' ? await replayedSignatureIssue({ context, target, body: await source.make(), token }) : undefined;
    if (replayed !== undefined) wrong.push(replayed);
    if (wrong.length === 0) return pass(`${forms.length} form(s) refused with 401, and again on an event of a type added later, on bytes that are not JSON${bodies === undefined ? '' : ` and on ${bodies.shapes.join(', ')} bodies`}${kind === 'wrong' ? ', and the signature of an earlier body sent with other bytes' : ''}`);
  }
  const cases = signatureCases(target.audience);
  const codes = cases === undefined ? '' : `, its code naming the case (${cases.cases.map((entry) => `${entry.code} when ${entry.when}`).join('; ')})`;
  return fail(`a call with ${wrong.join(' | ')}`, kind === 'missing' ? `401 with the contract's error body, before reading the body${codes}` : `401 for every signature that is not the lower-case hex HMAC-SHA256 of the exact bytes received, under your secret${codes}`);
}

const accepted = (exchange: HttpExchange) => exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300;

function expectedOf(context: CertifyContext, raw: string): string {
  return signWebhook({ secret: context.config.webhookSecret, body: raw });
}

/** Whether an answer's text holds a digest, in either case. */
function shows(text: string, digest: string): boolean {
  return text.toLowerCase().includes(digest.toLowerCase());
}

/**
 * Sends the event unchanged and compact before its variants: when that is refused too, the fault is
 * the requirement about the event itself (EVT-ORD-01 for order.confirmed), which blocks this one.
 */
async function unchangedAccepted(context: CertifyContext, target: TriggerTarget, body: Record<string, unknown>, token: string | null): Promise<void> {
  const control = await context.call(`send ${target.name} unchanged, before its variants`, { target, body, token });
  if (accepted(control)) return;
  const owner = loadCatalogue(context.config.audience).requirements.find((requirement) => requirement.contract.event === target.name || requirement.contract.operationId === target.name)?.id;
  throw new Blocked(`${target.name} unchanged ${answered(control)}`, owner);
}

/** Correctly signed bodies whose bytes differ from a re-serialisation: each must be accepted (any 2xx; the exact answer is judged elsewhere). */
export async function rawBytesAcceptance(context: CertifyContext, target: TriggerTarget, source: SignedBody): Promise<CheckOutcome> {
  const token = target.carrier.bearer ? await accessToken(context) : null;
  await unchangedAccepted(context, target, await source.make(), token);
  const wrong: string[] = [];
  for (const form of ACCEPTED_FORMS) {
    const { raw, signature } = form.build(await source.make(), source.textPath, context.config.webhookSecret);
    const exchange = await context.call(`send a correctly signed body ${form.what}`, { target, rawBody: raw, signature, token });
    if (!accepted(exchange)) wrong.push(`a body ${form.what}, signed over its exact bytes (${signature}), ${answered(exchange)}`);
  }
  if (wrong.length === 0) return pass(`${ACCEPTED_FORMS.length} byte forms accepted`);
  return fail(`${wrong.join(' | ')}. Certify's signature covers the exact bytes it sent, so check your verifier: it must hash the raw body, not a re-serialised, re-encoded or trimmed copy`, 'a 2xx for each, as for the same event sent compact');
}

/** A correctly signed body with a field the receiver does not know, at the top and nested: the contract says to ignore them. */
export async function unknownFieldsAcceptance(context: CertifyContext, target: TriggerTarget, make: () => Promise<Record<string, unknown>>, nested: string): Promise<CheckOutcome> {
  const token = target.carrier.bearer ? await accessToken(context) : null;
  await unchangedAccepted(context, target, await make(), token);
  const wrong: string[] = [];
  for (const [path, what] of [
    ['stream_added_later', 'an unknown top-level field'],
    [`${nested}.stream_added_later`, `an unknown field in ${nested}`],
  ] as const) {
    const body = setPath(await make(), path, { note: 'a field Stream added after your code was written' });
    const exchange = await context.call(`send a body with ${what} (${path})`, { target, body, token });
    if (!accepted(exchange)) wrong.push(`a body with ${what} (${path}) ${answered(exchange)}`);
  }
  if (wrong.length === 0) return pass('both bodies accepted');
  return fail(wrong.join('; '), 'a 2xx, as without the field: ignore fields you do not know; Stream adds fields before your code knows them');
}

/** A body that breaks the contract (a required field removed), correctly signed. */
export async function invalidBodyRefusal(context: CertifyContext, target: TriggerTarget, body: Record<string, unknown>, remove: string): Promise<CheckOutcome> {
  const broken = structuredClone(body);
  const parts = remove.split('.');
  let node: Record<string, unknown> = broken;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  delete node[parts[parts.length - 1]!];
  const token = target.carrier.bearer ? await accessToken(context) : null;
  const exchange = await context.call(`send a body without ${remove}`, { target, body: broken, token });
  const issues = refusalIssues(target, exchange, 400);
  if (issues.length === 0) return pass();
  return fail(`a correctly signed body without the required ${remove}: ${issues.join('; ')}`, '400 with the contract\'s body for a refusal');
}

/** Every answer the partner gave during the run, against the contract's time limit. */
export function timingCheck(): Check {
  return async (context) => {
    const limit = context.config.answerLimitMs;
    const slow = context.timings.filter((timing) => timing.ms > limit);
    if (context.timings.length === 0) return fail('no answers were timed: the other checks could not reach the server');
    if (slow.length === 0) {
      const slowest = Math.max(...context.timings.map((timing) => timing.ms));
      return pass(`${context.timings.length} answers, the slowest in ${slowest} ms`);
    }
    return fail(`${slow.length} answer(s) took longer than ${limit} ms: ${slow.slice(0, 5).map((timing) => `${timing.what} (${timing.ms} ms)`).join(', ')}`, `every answer within ${limit} ms`);
  };
}

/** An event body built from the contract's example, with fields set. */
export function eventBody(target: TriggerTarget, example: string | undefined, sets: Readonly<Record<string, unknown>>): Record<string, unknown> {
  let body = pickExample(target.operation, example).value as Record<string, unknown>;
  // An event happens as Stream sends it, not on the example's day: only the retry-window check sends an older one, on purpose.
  const moment = freshMomentPath(target);
  if (moment !== undefined && isObject(body)) body = setPath(body, moment, new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')) as Record<string, unknown>;
  for (const [path, value] of Object.entries(sets)) body = setPath(body, path, value) as Record<string, unknown>;
  return body;
}

/** Checks a body certify built still matches the contract, so a failure is the partner's and not certify's. */
export function assertContract(target: TriggerTarget, body: unknown): void {
  const schema = target.operation.requestSchema;
  if (schema === undefined) return;
  const result = validate(target.audience, schema as never, body);
  if (!result.valid) throw new Error(`certify built an invalid ${schema}: ${result.errors.map((issue) => issue.message).join('; ')}`);
}
