// Acceptance probes: valid bodies a receiver meets less often than the contract's example. Every
// optional field present, none present, values on their bounds, date-times with fractions and
// offsets, non-ASCII text, each other value of a list or a flag, a new value of an open set (a slug). Each is
// kept only if the contract's validator accepts it.
import { randomBytes } from 'node:crypto';
import OpenAPISampler from 'openapi-sampler';
import { loadContract, type ApiName, type JsonObject } from '../../openapi.js';
import type { Draw } from './draw.js';
import { getAt, pointer, REMOVE, sites, withValue, type PathPart, type Site } from './schema.js';
import type { Edit, Probe } from './types.js';

export interface BodyShape {
  readonly api: ApiName;
  /** The body's schema node (a `$ref` to a component). */
  readonly schema: unknown;
  readonly protect: (path: readonly PathPart[]) => boolean;
  /** The contract's validator for the body's schema. */
  readonly valid: (body: unknown) => boolean;
}

/** Names that carry meaning beyond free text (ids, keys, codes): non-ASCII and length probes leave them alone. */
const NOT_FREE_TEXT = /(^|_)(id|ids|key|slug|type|url|uri|currency|code|phone|email|status|version)$/i;

function freeText(site: Site): boolean {
  const { schema } = site;
  const last = site.path[site.path.length - 1];
  return schema.type === 'string' && schema.enum === undefined && !('const' in schema) && schema.format === undefined && schema.pattern === undefined && !NOT_FREE_TEXT.test(String(last));
}

/** Values a slug-like open set could take next: a new channel, a new kind. */
const NEW_VALUES = ['stream-added-later', 'stream_added_later', 'streamaddedlater'];

/**
 * For a string whose schema bounds it by a pattern alone (no list, no format: a slug such as an
 * order's `source`), a value the pattern allows that differs from the one given. The contract adds
 * such values without a new version, so a receiver treats one it does not know as the general case.
 */
function openValue(site: Site, value: string): string[] {
  const { schema } = site;
  if (schema.type !== 'string' || typeof schema.pattern !== 'string' || schema.enum !== undefined || 'const' in schema || schema.format !== undefined) return [];
  if (NOT_FREE_TEXT.test(String(site.path[site.path.length - 1]))) return [];
  let pattern: RegExp;
  try {
    pattern = new RegExp(schema.pattern, 'u');
  } catch {
    return [];
  }
  // Every separator the pattern allows: a receiver that takes `stream-added-later` may still refuse `stream_added_later`.
  return NEW_VALUES.filter((candidate) => candidate !== value && pattern.test(candidate));
}

/**
 * A string the contract marks `x-stream-any-value` (a status or an id Stream writes as it likes): the
 * value given, reshaped with a space, a capital and a digit, so a receiver that expects the example's
 * shape (only `in_progress`, a UUID, digits) meets one it has not seen.
 */
function anyValue(site: Site, value: string): string | undefined {
  const { schema } = site;
  if (schema['x-stream-any-value'] !== true || schema.type !== 'string' || schema.enum !== undefined || 'const' in schema) return undefined;
  return `${value} Q-7`;
}

function applyEdits(body: unknown, edits: readonly Edit[]): unknown {
  return edits.reduce((current, edit) => withValue(current, edit.path, edit.value), body);
}

/** Adds every absent optional field (sampled from its schema), round after round so nested ones fill too; keeps each only if the body stays valid. */
function everyOptional(shape: BodyShape, body: unknown): Edit[] {
  const edits: Edit[] = [];
  let current = body;
  for (let round = 0; round < 3; round++) {
    const absent = sites(shape.api, shape.schema, current, shape.protect).filter((site) => !site.present && !site.required);
    let added = 0;
    for (const site of absent) {
      let sample: unknown;
      try {
        sample = OpenAPISampler.sample(site.schema as never, { skipReadOnly: true }, loadContract(shape.api) as never);
      } catch {
        continue;
      }
      const next = withValue(current, site.path, sample);
      if (!shape.valid(next)) continue;
      current = next;
      edits.push({ path: site.path, value: sample });
      added += 1;
    }
    if (added === 0) break;
  }
  return edits;
}

/** Takes out every optional field present, deepest first; keeps each removal only if the body stays valid. */
function noOptional(shape: BodyShape, body: unknown): Edit[] {
  const edits: Edit[] = [];
  let current = body;
  const present = sites(shape.api, shape.schema, body, shape.protect).filter((site) => site.present && !site.required);
  for (const site of present.reverse()) {
    if (getAt(current, site.path) === undefined) continue;
    const next = withValue(current, site.path, REMOVE);
    if (!shape.valid(next)) continue;
    current = next;
    edits.push({ path: site.path, value: REMOVE });
  }
  return edits;
}

/** The same instant written with a fraction of a second and a UTC offset. */
function respell(value: string, draw: Draw): string | undefined {
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return undefined;
  const minutes = draw.pick([330, -180, 840, -660, 0]);
  const digits = draw.pick([1, 3, 6]);
  const local = new Date(instant + minutes * 60_000).toISOString();
  const fraction = `${local.slice(20, 23)}000`.slice(0, digits);
  const sign = minutes < 0 ? '-' : '+';
  const offset = minutes === 0 ? 'Z' : `${sign}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
  return `${local.slice(0, 19)}.${fraction}${offset}`;
}

/**
 * A UUID of another version than the usual random v4: a time-ordered v7 and a v1. The contract says
 * only "a UUID", so a receiver that checks for version 4 refuses ids Stream may send.
 */
function otherUuids(): { version: number; value: string }[] {
  const spell = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
  const v7 = randomBytes(16);
  v7.writeUIntBE(Date.now(), 0, 6);
  v7[6] = (v7[6]! & 0x0f) | 0x70;
  v7[8] = (v7[8]! & 0x3f) | 0x80;
  const v1 = randomBytes(16);
  v1[6] = (v1[6]! & 0x0f) | 0x10;
  v1[8] = (v1[8]! & 0x3f) | 0x80;
  return [
    { version: 7, value: spell(v7) },
    { version: 1, value: spell(v1) },
  ];
}

/**
 * Fields the contract requires only for some values of a list (`delivery_address` only for
 * `merchant_managed_delivery`): each other value with such a field taken out. The sibling is the same
 * value with the field kept, so a receiver that takes one and refuses the other refuses a valid body
 * for a field the contract leaves optional there.
 */
function requiredWhen(shape: BodyShape, body: unknown): Probe[] {
  const out: Probe[] = [];
  const all = sites(shape.api, shape.schema, body, shape.protect);
  const present = all.filter((site) => site.present && !site.required);
  const pinned = present.filter((site) => !shape.valid(withValue(body, site.path, REMOVE)));
  for (const site of all.filter((item) => item.present && Array.isArray(item.schema.enum))) {
    const value = getAt(body, site.path);
    for (const other of site.schema.enum as unknown[]) {
      if (other === value) continue;
      const changed = withValue(body, site.path, other);
      if (!shape.valid(changed)) continue;
      for (const field of pinned) {
        if (!shape.valid(withValue(changed, field.path, REMOVE))) continue;
        const edits = [
          { path: site.path, value: other },
          { path: field.path, value: REMOVE },
        ];
        const change = `set to ${JSON.stringify(other)} with ${pointer(field.path)} left out (required only when ${pointer(site.path)} is another value)`;
        out.push({ family: 'required-when', kind: 'acceptance', pointer: pointer(site.path), change, edits, sibling: [edits[0]!] });
      }
    }
  }
  return out;
}

/** A long free text, as a merchant's or customer's note can be: 600 characters. */
const LONG_TEXT = 'Out of burger buns until the delivery this afternoon; please offer the customer a refund or another item. '.repeat(6).slice(0, 600);

function single(family: Probe['family'], site: Site, change: string, value: unknown): Probe {
  return { family, kind: 'acceptance', pointer: pointer(site.path), change, edits: [{ path: site.path, value }] };
}

/** Values on a bound, date-times re-spelled, non-ASCII text: one probe per field. */
function perField(shape: BodyShape, body: unknown, draw: Draw): Probe[] {
  const out: Probe[] = [];
  for (const site of sites(shape.api, shape.schema, body, shape.protect).filter((item) => item.present)) {
    const { schema } = site;
    const value = getAt(body, site.path);
    if (typeof value === 'number') {
      if (typeof schema.minimum === 'number') out.push(single('boundary', site, `set to its minimum ${schema.minimum}`, schema.minimum));
      if (typeof schema.maximum === 'number') out.push(single('boundary', site, `set to its maximum ${schema.maximum}`, schema.maximum));
    }
    if (typeof value === 'string' && freeText(site)) {
      if (typeof schema.maxLength === 'number') out.push(single('boundary', site, `set to ${schema.maxLength} characters, its maxLength`, 'x'.repeat(schema.maxLength)));
      if (typeof schema.minLength === 'number' && schema.minLength > 0) out.push(single('boundary', site, `set to ${schema.minLength} character(s), its minLength`, 'x'.repeat(schema.minLength)));
      const text = draw.nonAscii(typeof schema.minLength === 'number' ? schema.minLength : 1, typeof schema.maxLength === 'number' ? schema.maxLength : 40);
      out.push(single('non-ascii', site, `set to the non-ASCII text ${JSON.stringify(text)}`, text));
      // Free text with no maxLength: a column sized for the usual note refuses a valid body.
      if (typeof schema.maxLength !== 'number') out.push(single('long-text', site, `set to a text of ${LONG_TEXT.length} characters (the contract sets no maxLength)`, LONG_TEXT));
    }
    if (typeof value === 'string' && Array.isArray(schema.enum)) {
      for (const other of schema.enum) if (typeof other === 'string' && other !== value) out.push(single('enum-value', site, `set to ${JSON.stringify(other)}, another value the contract lists`, other));
    }
    for (const [index, open] of (typeof value === 'string' ? openValue(site, value) : []).entries()) out.push(single(index === 0 ? 'open-value' : 'open-separator', site, `set to ${JSON.stringify(open)}, a value its pattern allows that the receiver has not seen (the set is open)`, open));
    const other = typeof value === 'string' ? anyValue(site, value) : undefined;
    if (other !== undefined) out.push(single('any-value', site, `set to ${JSON.stringify(other)}, a value of another shape than the example's (the contract takes any string here)`, other));
    if (typeof value === 'string' && schema.format === 'uuid') {
      for (const uuid of otherUuids()) out.push(single('uuid-version', site, `set to ${uuid.value}, a version ${uuid.version} UUID (the contract asks for a UUID of any version)`, uuid.value));
    }
    if (typeof value === 'string' && schema.format === 'date-time') {
      const spelled = respell(value, draw);
      if (spelled !== undefined) out.push(single('date-time', site, `set to ${spelled}, the same instant with a fraction of a second and an offset`, spelled));
      // UTC written as the offset +00:00 rather than Z: the same instant, which a receiver comparing strings refuses.
      if (/Z$/.test(value) && !Number.isNaN(Date.parse(value))) out.push(single('utc-offset', site, `set to ${value.slice(0, -1)}+00:00, the same UTC instant with its offset written +00:00 instead of Z`, `${value.slice(0, -1)}+00:00`));
    }
  }
  return out;
}

/**
 * Each boolean flag set to its other value, an absent one to the value other than its default: each is
 * another branch of the receiver's code (tax_withheld_by_dsp: true leaves remitting the tax to the source).
 */
function flagValues(shape: BodyShape, body: unknown): Probe[] {
  return sites(shape.api, shape.schema, body, shape.protect)
    .filter((site) => site.schema.type === 'boolean')
    .map((site) => {
      const value = getAt(body, site.path);
      const other = typeof value === 'boolean' ? !value : site.schema.default !== true;
      return single('flag-value', site, `set to ${String(other)}, ${typeof value === 'boolean' ? "the flag's other value" : 'the value other than its default'}`, other);
    });
}

/** Every acceptance probe of one body; those the validator refuses are dropped. */
export function acceptanceProbes(shape: BodyShape, body: unknown, draw: Draw): Probe[] {
  const out: Probe[] = [];
  const all = everyOptional(shape, body);
  if (all.length > 0) out.push({ family: 'optional-all', kind: 'acceptance', pointer: all.map((edit) => pointer(edit.path)).join(', '), change: `every optional field present (${all.length} added)`, edits: all });
  const none = noOptional(shape, body);
  if (none.length > 0) out.push({ family: 'optional-none', kind: 'acceptance', pointer: none.map((edit) => pointer(edit.path)).join(', '), change: `no optional field present (${none.length} removed)`, edits: none });
  out.push(...perField(shape, body, draw), ...flagValues(shape, body));
  out.push(...requiredWhen(shape, body));
  return out.filter((probe) => shape.valid(applyEdits(body, probe.edits)));
}

export { applyEdits };
