// How a contract's `besides` and `filled` rules are read (x-stream-rules): a list the contract gives
// besides another set of the same body, and a container whose meaning is to list things. Judged in
// rules-besides.ts.
import type { CliError } from './errors.js';
import type { JsonObject } from './openapi.js';

/**
 * Each list at `list` of each object at `each` names none of the ids (at `id`) of the objects at
 * `set`: the contract gives the list besides that set (a family's `tax_ids`, besides the default
 * taxes), so an id in both counts twice. With `marked`, only set objects where that flag is true
 * count (`is_default`); with `through`, only those the object reaches from its own list through
 * `holders` (groups holding modifiers), and from what those reach, so a nested group found again
 * on its family is one group in two places whose meanings exclude each other.
 */
export interface BesidesSet {
  readonly each: string;
  readonly list: string;
  readonly set: string;
  readonly id: string;
  readonly marked?: string;
  readonly through?: { readonly holders: string; readonly key: string; readonly holds: string };
  readonly unless?: Unless;
}

/** Each object at `each` lists at least one value at `list`: a menu that lists no category offers nothing. */
export interface FilledList {
  readonly each: string;
  readonly list: string;
  readonly unless?: Unless;
}

/** Flags of the judged object that make the rule moot, by pointer and the value that does (`/use_default_tax_rates: false`); an absent flag never does. */
export type Unless = readonly { readonly at: string; readonly is: boolean }[];

type Pointer = (name: string, value: unknown) => string;

function readUnless(kind: string, raw: unknown, pointer: Pointer, fail: (why: string) => CliError): { unless?: Unless } {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw fail(`gives ${kind}.unless no object of flags: write { /use_default_tax_rates: false }`);
  const entries = Object.entries(raw as JsonObject);
  if (entries.length === 0 || !entries.every(([, value]) => typeof value === 'boolean')) throw fail(`gives ${kind}.unless a flag whose value is not true or false`);
  return { unless: entries.map(([at, is]) => ({ at: pointer('unless', at), is: is as boolean })) };
}

export function readBesides(body: JsonObject, pointer: Pointer, fail: (why: string) => CliError): BesidesSet {
  const through = body.through;
  if (through !== undefined && (typeof through !== 'object' || through === null || Array.isArray(through))) throw fail('gives besides.through no object: name the holders, their key and what they hold');
  const hops = through as JsonObject | undefined;
  return {
    each: pointer('each', body.each),
    list: pointer('list', body.list),
    set: pointer('set', body.set),
    id: pointer('id', body.id),
    ...(body.marked === undefined ? {} : { marked: pointer('marked', body.marked) }),
    ...(hops === undefined ? {} : { through: { holders: pointer('through.holders', hops.holders), key: pointer('through.key', hops.key), holds: pointer('through.holds', hops.holds) } }),
    ...readUnless('besides', body.unless, pointer, fail),
  };
}

export function readFilled(body: JsonObject, pointer: Pointer, fail: (why: string) => CliError): FilledList {
  return { each: pointer('each', body.each), list: pointer('list', body.list), ...readUnless('filled', body.unless, pointer, fail) };
}
