// Refusal probes: one change to a valid body that makes it break its schema. Each is kept only if
// the contract's own validator agrees the result is invalid, so a probe never blames a partner for
// refusing (or accepting) something the contract allows.
import type { JsonObject } from '../../openapi.js';
import type { Draw } from './draw.js';
import { jsonType, pointer, REMOVE, type Site } from './schema.js';
import type { Edit, Probe } from './types.js';

const WRONG_VALUES: readonly { type: string; value: unknown }[] = [
  { type: 'string', value: 'a string' },
  { type: 'integer', value: 42 },
  { type: 'boolean', value: true },
  { type: 'null', value: null },
  { type: 'array', value: [] },
  { type: 'object', value: {} },
];

const BROKEN_FORMATS: Readonly<Record<string, readonly string[]>> = {
  'date-time': ['27/11/2026 16:15', 'tomorrow', '2026-13-45T25:61:00Z', '2026-11-27T16:15:19'],
  date: ['27/11/2026', '2026-13-45'],
  uri: ['not a uri', 'www.example.com/menu.json'],
  email: ['stream.example.com', 'ops@'],
  uuid: ['not-a-uuid', '1234'],
};

function types(schema: JsonObject): string[] {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

function accepts(schema: JsonObject, value: unknown): boolean {
  const allowed = types(schema);
  const actual = jsonType(value);
  return allowed.includes(actual) || (actual === 'integer' && allowed.includes('number'));
}

function probe(family: Probe['family'], site: Site, change: string, value: unknown): Probe {
  const edit: Edit = { path: site.path, value };
  return { family, kind: 'refusal', pointer: pointer(site.path), change, edits: [edit] };
}

/** Every refusal this site allows: missing, wrong type, number as string, outside the enum, broken format, past a bound. */
export function refusalsAt(site: Site, value: unknown, draw: Draw): Probe[] {
  const { schema } = site;
  const out: Probe[] = [];
  if (site.required) out.push(probe('missing', site, 'removed (it is required)', REMOVE));
  if (types(schema).length > 0) {
    const wrong = WRONG_VALUES.filter((candidate) => !accepts(schema, candidate.value));
    if (wrong.length > 0) {
      const chosen = draw.pick(wrong);
      out.push(probe('type', site, `set to ${JSON.stringify(chosen.value)} (${chosen.type}, not ${types(schema).join(' or ')})`, chosen.value));
    }
  }
  if (typeof value === 'number') out.push(probe('number-as-string', site, `sent as the string ${JSON.stringify(String(value))}`, String(value)));
  const listed = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : 'const' in schema ? [schema.const] : [];
  if (typeof value === 'string' && listed.length > 0) {
    const otherCase = value === value.toUpperCase() ? value.toLowerCase() : value.toUpperCase();
    if (!listed.includes(otherCase)) out.push(probe('enum', site, `set to ${JSON.stringify(otherCase)}, ${JSON.stringify(value)} in another case`, otherCase));
    out.push(probe('enum', site, `set to ${JSON.stringify(`${value}_unlisted`)}, a value outside the list`, `${value}_unlisted`));
  }
  if (typeof schema.format === 'string' && BROKEN_FORMATS[schema.format] !== undefined) {
    const broken = draw.pick(BROKEN_FORMATS[schema.format]!);
    out.push(probe('format', site, `set to ${JSON.stringify(broken)}, not a ${schema.format}`, broken));
  }
  if (typeof schema.pattern === 'string' && typeof value === 'string') out.push(probe('format', site, `set to ${JSON.stringify(`${value} !`)}, outside the pattern ${schema.pattern}`, `${value} !`));
  out.push(...boundRefusals(site, value));
  return out;
}

function boundRefusals(site: Site, value: unknown): Probe[] {
  const { schema } = site;
  const out: Probe[] = [];
  const step = types(schema).includes('integer') ? 1 : 0.5;
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number') out.push(probe('bound', site, `set to ${schema.minimum - step}, below the minimum ${schema.minimum}`, schema.minimum - step));
    if (typeof schema.exclusiveMinimum === 'number') out.push(probe('bound', site, `set to ${schema.exclusiveMinimum}, not above the exclusive minimum`, schema.exclusiveMinimum));
    if (typeof schema.maximum === 'number') out.push(probe('bound', site, `set to ${schema.maximum + step}, above the maximum ${schema.maximum}`, schema.maximum + step));
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && schema.minLength > 0) out.push(probe('bound', site, `set to ${JSON.stringify('')}, shorter than minLength ${schema.minLength}`, ''));
    if (typeof schema.maxLength === 'number') out.push(probe('bound', site, `set to ${schema.maxLength + 1} characters, over maxLength ${schema.maxLength}`, 'x'.repeat(schema.maxLength + 1)));
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && schema.minItems > 0) out.push(probe('bound', site, `set to [], fewer than minItems ${schema.minItems}`, []));
    if (typeof schema.maxItems === 'number' && value.length > 0) out.push(probe('bound', site, `given ${schema.maxItems + 1} items, over maxItems ${schema.maxItems}`, Array.from({ length: schema.maxItems + 1 }, () => value[0])));
  }
  return out;
}

/** The body's JSON cut short: correctly signed bytes that are not JSON. */
export function notJsonProbe(body: unknown): Probe {
  const text = JSON.stringify(body);
  return { family: 'not-json', kind: 'refusal', pointer: '(the body)', change: 'cut short so it is not JSON', edits: [], raw: text.slice(0, Math.max(1, text.length - 2)) };
}
