// Derives the probes of one body from its schema and picks, by seed and depth, the ones certify sends.
import { CliError, usageError } from '../../errors.js';
import { acceptanceProbes, applyEdits, type BodyShape } from './acceptances.js';
import type { Draw } from './draw.js';
import { notJsonProbe, refusalsAt } from './refusals.js';
import { getAt, sites } from './schema.js';
import type { Probe } from './types.js';

/** Refusal probes of one body; a change the validator still accepts (a nullable field, say) is dropped. */
export function refusalProbes(shape: BodyShape, body: unknown, draw: Draw): Probe[] {
  const out: Probe[] = [notJsonProbe(body)];
  for (const site of sites(shape.api, shape.schema, body, shape.protect)) {
    if (!site.present) continue;
    out.push(...refusalsAt(site, getAt(body, site.path), draw));
  }
  return out.filter((probe) => probe.raw !== undefined || !shape.valid(applyEdits(body, probe.edits)));
}

/** Probes per family and body at each named depth; `deep` sends every probe the contract allows. */
export const DEPTHS: Readonly<Record<string, number>> = { quick: 2, default: 16, deep: Number.POSITIVE_INFINITY };

/** `quick`, `default`, `deep` or a whole number of probes per family and body. */
export function parseDepth(text: string): number {
  if (DEPTHS[text] !== undefined) return DEPTHS[text]!;
  const number = Number(text);
  if (Number.isInteger(number) && number > 0) return number;
  throw usageError(`--depth must be quick, default, deep or a whole number of probes per family (1 or more); got "${text}".`);
}

/** How deep in the body a probe's field sits: fields near the top come first, as most of a body's meaning sits there. */
function level(probe: Probe): number {
  return probe.pointer.split('/').length;
}

/** Up to `depth` probes of each family, shallow fields first and in a seeded order within a level, the families interleaved so a failure shows early. */
export function selectProbes(probes: readonly Probe[], depth: number, draw: Draw): Probe[] {
  if (!(depth > 0)) throw new CliError('usage', 'the probe depth must be at least 1');
  const families = new Map<string, Probe[]>();
  for (const probe of probes) families.set(probe.family, [...(families.get(probe.family) ?? []), probe]);
  const queues = [...families.values()].map((list) => draw.shuffle(list).sort((a, b) => level(a) - level(b)).slice(0, depth));
  const out: Probe[] = [];
  for (let index = 0; queues.some((queue) => index < queue.length); index++) for (const queue of queues) if (index < queue.length) out.push(queue[index]!);
  return out;
}
