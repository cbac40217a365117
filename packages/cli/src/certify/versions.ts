// The catalogue's version and changelog (requirements/catalogue.json): which requirements were
// added, tightened or relaxed, and from when a new or tightened rule fails instead of warning.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError } from '../errors.js';

export interface CatalogueChange {
  /** The catalogue version that made the change. */
  readonly version: string;
  /** The day the change was published (YYYY-MM-DD, UTC). */
  readonly announced: string;
  /** The day it takes effect: until then a new or tightened rule that is broken is a warning. */
  readonly effective: string;
  readonly kind: 'added' | 'tightened' | 'relaxed';
  readonly ids: readonly string[];
  /**
   * The named rules (`x-stream-rules`, or one of certify's own, `CERTIFY_RULES`) the change adds to
   * requirements that existed before it. When
   * given, only a failure whose reason names one of them (`[rule-name]`) warns: the requirement's
   * older checks keep failing at once.
   */
  readonly rules?: readonly string[];
  readonly summary: string;
}

/** A catalogue version Stream published, and the day it was (YYYY-MM-DD, UTC). */
export interface PublishedVersion {
  readonly version: string;
  readonly day: string;
}

export interface CatalogueVersioning {
  readonly version: string;
  /**
   * Every catalogue version published, newest first, the first (1.0.0, which changed nothing) included:
   * only these can have judged a certification.
   */
  readonly published: readonly PublishedVersion[];
  /** How long a new or tightened `must` warns before it fails. */
  readonly noticeDays: number;
  /** Newest first. */
  readonly changes: readonly CatalogueChange[];
}

const here = dirname(fileURLToPath(import.meta.url));

export function loadVersioning(): CatalogueVersioning {
  // From src/certify (source) or dist (bundled): the requirements folder sits at the package root.
  const candidates = [join(here, '..', '..', 'requirements', 'catalogue.json'), join(here, '..', 'requirements', 'catalogue.json')];
  const found = candidates.find((file) => existsSync(file));
  if (found === undefined) throw new CliError('spec_missing', `The requirement catalogue's changelog is missing (looked in ${candidates.join(', ')}). Reinstall stream-partner.`);
  return JSON.parse(readFileSync(found, 'utf8')) as CatalogueVersioning;
}

/** Midnight UTC at the start of a YYYY-MM-DD day, in epoch milliseconds. */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

const VERSION = /^(\d{1,4})\.(\d{1,4})\.(\d{1,4})$/;

/** Orders two catalogue versions (MAJOR.MINOR.PATCH) by their numbers: negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const [, ...left] = VERSION.exec(a) ?? [];
  const [, ...right] = VERSION.exec(b) ?? [];
  for (let index = 0; index < 3; index += 1) {
    const difference = Number(left[index] ?? 0) - Number(right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * Reads `--certified-under`: a catalogue version Stream published. A newer one means the CLI is older
 * than the certification it is asked to honour; any other unpublished one (a typo, a guess) would
 * silently relax every rule added after it, so it is refused with the versions that exist.
 */
export function parseCertifiedUnder(options: { versioning: CatalogueVersioning; value: string; source?: string }): string {
  // Named as the user gave it: the flag, STREAM_CERTIFIED_UNDER, or the MCP tool's certified_under.
  const { versioning, value, source = '--certified-under' } = options;
  if (!VERSION.test(value)) throw new CliError('usage', `${source} takes the catalogue version your last certification names, such as 1.0.1 (its report says "judged by requirement catalogue X.Y.Z"); got "${value}".`);
  if (compareVersions(value, versioning.version) > 0) {
    throw new CliError('usage', `${source} ${value} is newer than this stream-partner's catalogue (${versioning.version}). Update stream-partner (npm install stream-partner@latest) to judge by it.`);
  }
  if (!versioning.published.some((entry) => entry.version === value)) {
    const names = versioning.published.map((entry) => entry.version).join(', ');
    throw new CliError('usage', `${source} ${value} is not a catalogue version Stream published; give the one your last certification report names ("judged by requirement catalogue X.Y.Z"), one of ${names}, or leave it out to be judged as a new integration.`);
  }
  return value;
}

/**
 * The announced change that makes a broken requirement a warning at `now` for a partner certified
 * under catalogue `certifiedUnder`: the newest added or tightened change after that version naming
 * `id` whose effective day has not begun and, for a change scoped to named rules, whose rules the
 * failure's `reason` names. Undefined when the rule is in force, and always for a new integration
 * (no `certifiedUnder`): the notice period protects what an earlier certification passed, and a
 * server never certified has nothing to protect.
 */
export function pendingChange(options: { versioning: CatalogueVersioning; id: string; now: number; reason?: string; certifiedUnder?: string }): CatalogueChange | undefined {
  const { versioning, id, now, reason = '', certifiedUnder } = options;
  if (certifiedUnder === undefined) return undefined;
  return versioning.changes.find(
    (change) =>
      change.kind !== 'relaxed' &&
      compareVersions(change.version, certifiedUnder) > 0 &&
      change.ids.includes(id) &&
      now < dayStart(change.effective) &&
      (change.rules === undefined || change.rules.some((rule) => reason.includes(`[${rule}]`))),
  );
}
