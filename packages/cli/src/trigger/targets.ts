// Everything Stream sends to partners, named the way the contracts name it: events by their
// `webhooks` key (`location.paused`, `order.created`), calls by operationId (`getCatalog`). A name
// used by two contracts needs its audience prefix (`pos:order.updated`, `events:order.updated`).
import { CliError } from '../errors.js';
import { API_NAMES, listEvents, listOperations, type ApiName, type OperationInfo } from '../openapi.js';

export type Audience = Exclude<ApiName, 'partner'>;
export const AUDIENCES: readonly Audience[] = ['pos', 'dsp', 'events'];

export interface TriggerTarget {
  readonly audience: Audience;
  /** The bare name: `order.created`, `getCatalog`. */
  readonly name: string;
  /** `pos:order.created`: always unambiguous. */
  readonly qualified: string;
  readonly kind: 'event' | 'call';
  /** Describes the answer (responses) and the example bodies. */
  readonly operation: OperationInfo;
  /** Describes the HTTP call: path, method, signature, bearer. For a call, the operation itself. */
  readonly carrier: OperationInfo;
  readonly description: string;
}

function firstSentence(text: unknown): string {
  const plain = String(text ?? '').replace(/\s+/g, ' ').trim();
  const match = /^(.*?[.!?])(\s|$)/.exec(plain);
  return (match?.[1] ?? plain).replace(/^Stream calls (you|your \w+)( \(the [^)]+\))?: /i, '');
}

let cache: TriggerTarget[] | undefined;

/** Every event and call Stream makes to partners, across the POS, DSP and events contracts. */
export function listTargets(): readonly TriggerTarget[] {
  if (cache !== undefined) return cache;
  const targets: TriggerTarget[] = [];
  for (const audience of AUDIENCES) {
    const carriers = new Set<string>();
    for (const event of listEvents(audience)) {
      if (event.operation.caller !== 'stream' || event.carrier === undefined) continue;
      carriers.add(event.carrier.operationId);
      targets.push({
        audience,
        name: event.name,
        qualified: `${audience}:${event.name}`,
        kind: 'event',
        operation: event.operation,
        carrier: event.carrier,
        description: firstSentence(event.operation.raw.summary ?? event.operation.raw.description),
      });
    }
    for (const op of listOperations(audience)) {
      if (op.caller !== 'stream' || carriers.has(op.operationId)) continue;
      targets.push({
        audience,
        name: op.operationId,
        qualified: `${audience}:${op.operationId}`,
        kind: 'call',
        operation: op,
        carrier: op,
        description: firstSentence(op.raw.summary ?? op.raw.description),
      });
    }
  }
  cache = targets;
  return targets;
}

/** Finds a target by `name` or `audience:name`; an ambiguous or unknown name is a usage error that lists the choices. */
export function findTarget(name: string): TriggerTarget {
  const targets = listTargets();
  const exact = targets.find((target) => target.qualified === name);
  if (exact !== undefined) return exact;
  const matches = targets.filter((target) => target.name === name);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new CliError('unknown_event', `"${name}" is sent to more than one audience; say which: ${matches.map((target) => target.qualified).join(' or ')}.`);
  }
  const [prefix] = name.split(':');
  const near = targets.filter((target) => target.name.includes(name.replace(/^\w+:/, '')) || (API_NAMES as readonly string[]).includes(prefix ?? '') && target.audience === prefix).slice(0, 6);
  const hint = near.length > 0 ? ` Did you mean ${near.map((target) => target.qualified).join(', ')}?` : '';
  throw new CliError('unknown_event', `Stream sends nothing called "${name}".${hint} Run stream-partner trigger --list for every name.`);
}
