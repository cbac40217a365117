// Sends the probes of each body a partner receives, signed correctly, and judges every answer
// against what the contract says for that operation: its refusal status and body for a broken
// body, a success status and body for a valid one.
import { isValid } from '@stream-partner/contracts';
import type { HttpExchange } from '../../http.js';
import { judge } from '../../judge.js';
import type { OperationInfo } from '../../openapi.js';
import type { TriggerTarget } from '../../trigger/targets.js';
import { accessToken } from '../checks-oauth.js';
import { EVERY_EVENT_VALIDATED, FLAG_VALUE_ACCEPTED, LIST_VALUE_ANSWERED, NAMED_EXAMPLE_ACCEPTED, OPEN_VALUE_ACCEPTED, LONG_TEXT_ACCEPTED, REQUIRED_ONLY_WHEN_STATED, UUID_ANY_VERSION } from '../checks-shared.js';
import { ANY_VALUE_ACCEPTED, OPEN_SEPARATOR_ACCEPTED, UTC_OFFSET_ACCEPTED, VALID_EVENT_NEVER_REFUSED } from '../rules-1-14.js';
import { refusalIssues } from '../refusals.js';
import { baseOwner } from '../base-bodies.js';
import { freshMomentPath } from '../retry-window.js';
import { answered, Blocked, fail, pass, type CertifyContext, type CheckOutcome } from '../context.js';
import { acceptanceProbes, applyEdits, type BodyShape } from './acceptances.js';
import { DEPTHS, refusalProbes, selectProbes } from './derive.js';
import { Draw } from './draw.js';
import { exampleBody, exampleProbes } from './examples.js';
import type { PathPart } from './schema.js';
import type { Probe } from './types.js';

export interface ProbeSource {
  /** How reports name the body: `order.created`, `connectLocation`. */
  readonly label: string;
  readonly target: TriggerTarget;
  /** A fresh, valid body (new event and order ids each time, so no probe is a duplicate of another). */
  readonly make: () => Promise<Record<string, unknown>>;
  /** Dotted paths whose values certify chose for the scenario (an order's items and sums): acceptance probes leave them as they are. */
  readonly keep?: readonly string[];
  /** The requirement that owns a refusal of the unchanged body, when it is not the first one about this event. */
  readonly owner?: string;
}

/** Probe families added after the others, named in a failure so the catalogue can announce them. */
const NAMED: Partial<Record<Probe['family'], string>> = { 'enum-value': LIST_VALUE_ANSWERED, 'flag-value': FLAG_VALUE_ACCEPTED, 'open-value': OPEN_VALUE_ACCEPTED, example: NAMED_EXAMPLE_ACCEPTED, 'uuid-version': UUID_ANY_VERSION, 'required-when': REQUIRED_ONLY_WHEN_STATED, 'open-separator': OPEN_SEPARATOR_ACCEPTED, 'any-value': ANY_VALUE_ACCEPTED, 'utc-offset': UTC_OFFSET_ACCEPTED, 'long-text': LONG_TEXT_ACCEPTED };

/** Failures shown in a message, and kept with their calls as evidence. */
const SHOWN = 3;

function dotted(path: readonly PathPart[]): string {
  return path.map(String).join('.');
}

function shapeOf(source: ProbeSource, kind: Probe['kind']): BodyShape | undefined {
  const schemaName = source.target.operation.requestSchema;
  if (schemaName === undefined) return undefined;
  const api = source.target.audience;
  const keep = source.keep ?? [];
  const protect = (path: readonly PathPart[]) => {
    const at = dotted(path);
    // The event type picks the event: the unknown-event requirements probe it.
    if (at === 'type') return true;
    return kind === 'acceptance' && keep.some((prefix) => at === prefix || at.startsWith(`${prefix}.`));
  };
  return { api, schema: { $ref: `#/components/schemas/${schemaName}` }, protect, valid: (body) => isValid(api as never, schemaName as never, body) };
}

/** A stable number for a label, so each body's draws do not depend on which other bodies ran. */
function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (Math.imul(value, 31) + char.charCodeAt(0)) | 0;
  return value;
}

export function depthName(depth: number): string {
  return Object.entries(DEPTHS).find(([, value]) => value === depth)?.[0] ?? String(depth);
}

/** The probes of one kind for one body, derived and selected by the run's seed and depth. */
export async function probesFor(context: CertifyContext, source: ProbeSource, kind: Probe['kind']): Promise<{ shape: BodyShape; probes: Probe[] } | undefined> {
  const shape = shapeOf(source, kind);
  if (shape === undefined) return undefined;
  // A body whose event and endpoint both list no 400 gets no refusal probes; an event the endpoint's 400 covers (an events update) does.
  if (kind === 'refusal' && !refusable(source)) return undefined;
  const seed = context.config.seed ?? 0;
  const draw = new Draw(seed ^ hash(`${kind} ${source.target.qualified}`));
  const base = await source.make();
  const all = kind === 'refusal' ? refusalProbes(shape, base, draw) : acceptanceProbes(shape, base, draw);
  // Every named example is sent, whatever the depth: the contract names few, and each is a body the partner will meet.
  const examples = kind === 'acceptance' ? exampleProbes(source.target, base, shape.valid, fresh(source)) : [];
  return { shape, probes: [...examples, ...selectProbes(all, context.config.depth ?? DEPTHS.default!, draw)] };
}

function refusable(source: ProbeSource): boolean {
  return source.target.operation.responses.has('400') || source.target.carrier.responses.has('400');
}

/** Paths a named example takes from the fresh body: its event id and the ones certify chose for the scenario. */
function fresh(source: ProbeSource): string[] {
  const moment = freshMomentPath(source.target);
  return ['event_id', ...(moment === undefined ? [] : [moment]), ...(source.keep ?? [])];
}

/**
 * Whether a refusal probe's finding on this event belongs to `every-event-validated`: the event's own
 * page lists no 400 (its endpoint's does), or lists one the contract marks as that rule's
 * (`x-stream-certify-rule`), so a partner certified before the rule is warned during its notice.
 */
/** Whether the event's own 400 is marked as the refusal of a broken body only (`x-stream-certify-rule: every-event-validated`): its valid bodies are never refused. */
function refusesOnlyBrokenBodies(operation: OperationInfo): boolean {
  const own = (operation.raw.responses as Record<string, unknown> | undefined)?.['400'];
  return typeof own === 'object' && own !== null && (own as Record<string, unknown>)['x-stream-certify-rule'] === EVERY_EVENT_VALIDATED;
}

function refusalScopedToRule(operation: OperationInfo): boolean {
  if (!operation.responses.has('400')) return true;
  const own = (operation.raw.responses as Record<string, unknown> | undefined)?.['400'];
  return typeof own === 'object' && own !== null && (own as Record<string, unknown>)['x-stream-certify-rule'] === EVERY_EVENT_VALIDATED;
}

/** Sends every selected probe of every source and fails, naming the probes, when an answer is not the contract's. */
export async function runProbes(context: CertifyContext, sources: readonly ProbeSource[], kind: Probe['kind']): Promise<CheckOutcome> {
  const failures: string[] = [];
  const blockers: { owner: string; message: string }[] = [];
  let unsigned = 0;
  let sent = 0;
  for (const source of sources) {
    const derived = await probesFor(context, source, kind);
    if (derived === undefined) continue;
    const token = source.target.carrier.bearer ? await accessToken(context) : null;
    let unchanged: number | undefined;
    if (kind === 'acceptance') {
      // The unchanged body first: when it is refused too, the fault is the event's own requirement's, not a probe's.
      const control = await context.call(`send ${source.label} unchanged, before its probes`, { target: source.target, body: await source.make(), token });
      if (!accepted(control)) {
        blockers.push({ owner: ownerOf(context, source), message: `${source.label} unchanged ${answered(control)}` });
        continue;
      }
      unchanged = control.status;
    }
    for (const probe of derived.probes) {
      const mark = context.evidence.length;
      const made = await source.make();
      const body = probe.example === undefined ? applyEdits(made, probe.edits) : exampleBody(probe.example, made, fresh(source));
      // The fresh body differs from the one the probe was derived from (new ids); a probe that no longer means what it says is not sent.
      if (probe.raw === undefined && derived.shape.valid(body) !== (kind === 'acceptance')) {
        context.evidence.splice(mark);
        continue;
      }
      // The sibling (the same value with the field kept) first: it tells whether the receiver serves that value at all.
      const sibling = probe.sibling === undefined ? undefined : await context.call(`probe ${source.label} ${probe.pointer}: the same value with every field kept`, { target: source.target, body: applyEdits(await source.make(), probe.sibling), token });
      const rawBody = probe.raw === undefined ? JSON.stringify(body) : JSON.stringify(body).slice(0, -2);
      const exchange = await context.call(`probe ${source.label} ${probe.pointer}: ${probe.change}`, { target: source.target, rawBody, token });
      sent += 1;
      // A 401 to a correctly signed valid body is the signature verifier's fault, which its own requirement reports.
      if (kind === 'acceptance' && exchange.status === 401) unsigned += 1;
      const neverRefused = kind === 'acceptance' && refusesOnlyBrokenBodies(source.target.operation);
      const issues = kind === 'refusal' ? refusalIssues(source.target, exchange, 400) : exchange.status === 401 ? [] : acceptanceIssues(source.target, probe, exchange, { unchanged, siblingAccepted: sibling !== undefined && accepted(sibling), neverRefused });
      if (issues.length === 0 || failures.length >= SHOWN) context.evidence.splice(mark);
      // Another value of a list refused where the event's 400 is only for broken bodies: a rule of its own, as it came later.
      const listed = probe.family === 'enum-value' || probe.family === 'required-when';
      const rule = kind === 'refusal' && refusalScopedToRule(source.target.operation) ? EVERY_EVENT_VALIDATED : neverRefused && listed ? VALID_EVENT_NEVER_REFUSED : NAMED[probe.family];
      if (issues.length > 0) failures.push(`${rule === undefined ? '' : `[${rule}] `}${source.label} with ${probe.pointer} ${probe.change}: ${issues.join('; ')}`);
    }
  }
  const seed = context.config.seed ?? 0;
  const rerun = `seed ${seed}, depth ${depthName(context.config.depth ?? DEPTHS.default!)}; rerun with --seed ${seed} to send the same probes`;
  if (failures.length === 0 && unsigned > 0) throw new Blocked(`${unsigned} correctly signed valid probe(s) were answered 401 (${rerun})`, signatureRequirement(context));
  if (failures.length === 0 && blockers.length > 0) throw new Blocked(blockers.map((item) => item.message).join('; '), blockers[0]!.owner);
  if (sent === 0) return fail(`no probe could be sent (${rerun})`);
  if (failures.length === 0) return pass(`${sent} ${kind} probes over ${sources.length} bodies answered as the contract says (${rerun})`);
  // Named only when every failure is a named family's: a break of an older family must not read as a new rule's.
  const named = failures.every((failure) => failure.startsWith('['));
  const shown = failures.slice(0, SHOWN).map((failure) => (named ? failure : failure.replace(/^\[([a-z0-9-]+)\]/, '(rule $1)'))).join(' | ');
  const more = failures.length > SHOWN ? ` (and ${failures.length - SHOWN} more)` : '';
  return fail(
    `${failures.length} of ${sent} ${kind} probes: ${shown}${more} (${rerun})`,
    kind === 'refusal' ? "400 with the contract's refusal body for every correctly signed body that breaks the schema" : 'a 2xx for every correctly signed body the schema allows, as for the unchanged body',
  );
}

/**
 * What is wrong with the answer to a valid body. Another value of a list may be one the receiver does
 * not serve (a pickup order for a delivery-only provider): it may answer with any answer its event
 * lists, its refusal included, but not one the event does not list; so may the same value with a field
 * left out that only other values require, unless the receiver took that value with the field. Every
 * other valid body is accepted.
 */
function acceptanceIssues(target: TriggerTarget, probe: Probe, exchange: HttpExchange, answers: { unchanged: number | undefined; siblingAccepted: boolean; neverRefused: boolean }): string[] {
  const { unchanged } = answers;
  // An event whose own 400 is only for a body that breaks the contract (`x-stream-certify-rule: every-event-validated`) takes every valid body.
  if (answers.neverRefused) return accepted(exchange) ? [] : [`${answered(exchange)}, though this event's 400 is only for a body that breaks the contract`];
  // A field left out where the contract does not require it: once the same value with the field was accepted, so must this be.
  if (probe.family === 'required-when' && answers.siblingAccepted) return accepted(exchange) ? [] : [`${answered(exchange)}, though the same body with the field was accepted`];
  if (probe.family !== 'enum-value' && probe.family !== 'required-when') return accepted(exchange) ? [] : [answered(exchange)];
  // Answered as the unchanged body was: whether that status is the event's is its own requirement's finding.
  if (exchange.status === unchanged) return [];
  const verdict = judge(target.operation, exchange);
  return verdict.ok ? [] : [...verdict.issues];
}

/** Any 2xx: the exact success answer of each event is judged by that event's own requirement. */
function accepted(exchange: HttpExchange): boolean {
  return exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300;
}

/** The requirement about the body's own event or call (POS-ORD-01 for order.created): it owns a refusal of the unchanged body. */
function ownerOf(context: CertifyContext, source: ProbeSource): string {
  return source.owner ?? baseOwner(context, source.target) ?? signatureRequirement(context);
}

/** The requirement that a correctly signed body of any bytes is accepted. */
function signatureRequirement(context: CertifyContext): string {
  return { pos: 'POS-SEC-06', dsp: 'DSP-SEC-06', events: 'EVT-SEC-04' }[context.config.audience];
}
