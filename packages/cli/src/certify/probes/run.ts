// Sends the probes of each body a partner receives, signed correctly, and judges every answer
// against what the contract says for that operation: its refusal status and body for a broken
// body, a success status and body for a valid one.
import { isValid } from '@stream-partner/contracts';
import { judge } from '../../judge.js';
import type { TriggerTarget } from '../../trigger/targets.js';
import { accessToken, refusalIssues } from '../checks-shared.js';
import { answered, fail, pass, type CertifyContext, type CheckOutcome } from '../context.js';
import { acceptanceProbes, applyEdits, type BodyShape } from './acceptances.js';
import { DEPTHS, refusalProbes, selectProbes } from './derive.js';
import { Draw } from './draw.js';
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
}

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
  // A body the contract gives no refusal for (an events update is always acknowledged) gets no refusal probes.
  if (kind === 'refusal' && !source.target.operation.responses.has('400')) return undefined;
  const seed = context.config.seed ?? 0;
  const draw = new Draw(seed ^ hash(`${kind} ${source.target.qualified}`));
  const base = await source.make();
  const all = kind === 'refusal' ? refusalProbes(shape, base, draw) : acceptanceProbes(shape, base, draw);
  return { shape, probes: selectProbes(all, context.config.depth ?? DEPTHS.default!, draw) };
}

/** Sends every selected probe of every source and fails, naming the probes, when an answer is not the contract's. */
export async function runProbes(context: CertifyContext, sources: readonly ProbeSource[], kind: Probe['kind']): Promise<CheckOutcome> {
  const failures: string[] = [];
  let sent = 0;
  for (const source of sources) {
    const derived = await probesFor(context, source, kind);
    if (derived === undefined) continue;
    const token = source.target.carrier.bearer ? await accessToken(context) : null;
    for (const probe of derived.probes) {
      const mark = context.evidence.length;
      const body = applyEdits(await source.make(), probe.edits);
      // The fresh body differs from the one the probe was derived from (new ids); a probe that no longer means what it says is not sent.
      if (probe.raw === undefined && derived.shape.valid(body) !== (kind === 'acceptance')) {
        context.evidence.splice(mark);
        continue;
      }
      const rawBody = probe.raw === undefined ? JSON.stringify(body) : JSON.stringify(body).slice(0, -2);
      const exchange = await context.call(`probe ${source.label} ${probe.pointer}: ${probe.change}`, { target: source.target, rawBody, token });
      sent += 1;
      const issues = kind === 'refusal' ? refusalIssues(source.target, exchange, 400) : acceptanceIssues(source.target, exchange);
      if (issues.length === 0 || failures.length >= SHOWN) context.evidence.splice(mark);
      if (issues.length > 0) failures.push(`${source.label} with ${probe.pointer} ${probe.change}: ${issues.join('; ')}`);
    }
  }
  const seed = context.config.seed ?? 0;
  const rerun = `seed ${seed}, depth ${depthName(context.config.depth ?? DEPTHS.default!)}; rerun with --seed ${seed} to send the same probes`;
  if (sent === 0) return fail(`no probe could be sent (${rerun})`);
  if (failures.length === 0) return pass(`${sent} ${kind} probes over ${sources.length} bodies answered as the contract says (${rerun})`);
  const shown = failures.slice(0, SHOWN).join(' | ');
  const more = failures.length > SHOWN ? ` (and ${failures.length - SHOWN} more)` : '';
  return fail(
    `${failures.length} of ${sent} ${kind} probes: ${shown}${more} (${rerun})`,
    kind === 'refusal' ? "400 with the contract's refusal body for every correctly signed body that breaks the schema" : 'the success status and body the contract gives, for every correctly signed body the schema allows',
  );
}

function acceptanceIssues(target: TriggerTarget, exchange: Parameters<typeof judge>[1]): string[] {
  const success = [...target.operation.responses.keys()].filter((status) => status.startsWith('2'));
  const verdict = judge(target.operation, exchange, success);
  return verdict.ok ? [] : verdict.issues.length > 0 ? [...verdict.issues] : [answered(exchange)];
}
