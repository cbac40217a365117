// Building what Stream sends: a named example from the contract, with `--set path=value` overrides.
import { CliError, usageError } from '../errors.js';
import { deref, isObject, type OperationInfo } from '../openapi.js';

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

/** No list in a contract body comes near it; a body built with a list millions long froze the process (an agent's tool input reaches here too). */
const MAX_SET_INDEX = 10_000;

function listIndex(path: string, digits: string): number {
  const index = Number(digits);
  if (index > MAX_SET_INDEX) throw usageError(`--set path "${path}" has the list index ${digits.slice(0, 20)}: give an index up to ${MAX_SET_INDEX}, the position of an item in a list of the body.`);
  return index;
}

/** Splits `object.line_items[0].quantity` into `['object', 'line_items', 0, 'quantity']`. */
export function parsePath(path: string): (string | number)[] {
  const parts: (string | number)[] = [];
  for (const segment of path.split('.')) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(segment);
    if (match === null || (match[1] === '' && match[2] === '')) throw usageError(`--set path "${path}" is not a field path like object.line_items[0].quantity.`);
    // Setting through these would change every object's prototype in this process (an agent's tool input reaches here too).
    if (FORBIDDEN_SEGMENTS.has(match[1]!)) throw usageError(`--set path "${path}" names ${match[1]}, which is no contract field's name: give a field path like object.line_items[0].quantity.`);
    if (match[1] !== '') parts.push(/^\d+$/.test(match[1]!) ? listIndex(path, match[1]!) : match[1]!);
    for (const index of match[2]!.matchAll(/\[(\d+)\]/g)) parts.push(listIndex(path, index[1]!));
  }
  return parts;
}

/** The value as JSON when it parses (`5`, `true`, `null`, `{"a":1}`, `"5"`), otherwise the text itself. */
export function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Splits `path=value` at the first `=`. */
export function splitAssignment(assignment: string, flag: string): [string, string] {
  const at = assignment.indexOf('=');
  if (at <= 0) throw usageError(`${flag} needs path=value; got "${assignment}".`);
  return [assignment.slice(0, at), assignment.slice(at + 1)];
}

/** Sets `path` in `target` (creating objects and arrays on the way) and returns `target`. */
export function setPath(target: unknown, path: string, value: unknown): unknown {
  const parts = parsePath(path);
  if (!isObject(target) && !Array.isArray(target)) throw usageError(`--set ${path}: the body is not an object.`);
  let node: Record<string | number, unknown> = target as Record<string | number, unknown>;
  parts.forEach((part, index) => {
    if (index === parts.length - 1) {
      node[part] = value;
      return;
    }
    const next = node[part];
    if (typeof next !== 'object' || next === null) node[part] = typeof parts[index + 1] === 'number' ? [] : {};
    node = node[part] as Record<string | number, unknown>;
  });
  return target;
}

/** Picks the named example (or the first) of the operation's request body. */
export function pickExample(operation: OperationInfo, name: string | undefined): { name: string; value: unknown } {
  const examples = operation.requestExamples;
  if (examples.size === 0) return { name: '', value: undefined };
  if (name === undefined) {
    const [first] = examples.entries();
    return { name: first![0], value: structuredClone(first![1]) };
  }
  if (!examples.has(name)) {
    throw new CliError('unknown_example', `${operation.operationId} has no example "${name}". Its examples: ${[...examples.keys()].join(', ')}.`);
  }
  return { name, value: structuredClone(examples.get(name)) };
}

/** A parameter's example value from the contract, if it gives one. */
export function parameterExample(operation: OperationInfo, parameter: Record<string, unknown>): string | undefined {
  const schema = (deref(operation.api, parameter.schema) ?? {}) as Record<string, unknown>;
  const examples = isObject(parameter.examples) ? Object.values(parameter.examples).map((example) => (deref(operation.api, example) as { value?: unknown })?.value) : [];
  const candidates = [parameter.example, examples[0], schema.example, Array.isArray(schema.examples) ? schema.examples[0] : undefined, schema.default];
  const found = candidates.find((candidate) => candidate !== undefined);
  return found === undefined ? undefined : String(found);
}
