// Named-example probes: each example the contract gives for a body a partner receives is a body it
// will meet (a fail without details, a robot delivery), so each is sent and must be accepted. The
// paths certify keeps fresh (the event id, the order and location it set up) come from a fresh body,
// so an example is neither a duplicate of another nor about an order the partner never saw.
import type { TriggerTarget } from '../../trigger/targets.js';
import { getAt, withValue, type PathPart } from './schema.js';
import type { Probe } from './types.js';

function parts(dotted: string): PathPart[] {
  return dotted.split('.');
}

/** The example with each fresh path the example also has taken from `made`. */
export function exampleBody(example: unknown, made: unknown, freshPaths: readonly string[]): unknown {
  let body = structuredClone(example);
  for (const dotted of freshPaths) {
    const path = parts(dotted);
    const value = getAt(made, path);
    if (value === undefined || getAt(body, path) === undefined) continue;
    body = withValue(body, path, value);
  }
  return body;
}

/** One probe per named request example of the body's event, kept only if the contract's validator accepts it as sent. */
export function exampleProbes(target: TriggerTarget, base: unknown, valid: (body: unknown) => boolean, freshPaths: readonly string[]): Probe[] {
  const out: Probe[] = [];
  for (const [name, example] of target.operation.requestExamples) {
    if (example === null || typeof example !== 'object') continue;
    if (!valid(exampleBody(example, base, freshPaths))) continue;
    out.push({ family: 'example', kind: 'acceptance', pointer: '(the body)', change: `replaced by the contract's named example ${name}`, edits: [], example });
  }
  return out;
}
