// Judges answers against the contract's `x-stream-rules`, one generic function per kind of rule.
// A value the schema already refuses (a missing field, a string for a number) is the schema
// checks' finding, not a rule's: such values are skipped here.
import { placeIssues } from './rules-meaning.js';
import { PLACELESS_ZONE, publicHostIssue, urlPart, zoneIssue, zoneNameIssue } from './rules-place.js';
import { select, type Rule, type RuleCondition } from './rules.js';
import { SLUG, slugOf } from './spelling.js';
import { pricedIssues, publishedIssues, type MenuBook, type PriceBook } from './rules-published.js';
import { distinctIssues, readableIssues, requiredWhenIssues } from './rules-names.js';
import { omittedIssues } from './rules-omitted.js';
import { taxedIssues, type TaxBook } from './rules-taxed.js';
import { freeIssues, type FreeBook } from './rules-free.js';
import { lineValue } from './rules-lines.js';
import { awayIssues, minorIssues, type AnswersOf } from './rules-plausible.js';
import { postalIssues } from './rules-postal.js';
import { localHoursIssues } from './rules-hours.js';
import { besidesIssues, filledIssues } from './rules-besides.js';
import { heldIssues, offeredIssues, type Holders } from './rules-held.js';
import { quoted } from './visible.js';

export type { Holders } from './rules-held.js';

export { zoneIssue } from './rules-place.js';
export type { MenuBook, PriceBook } from './rules-published.js';
export type { TaxBook } from './rules-taxed.js';
export type { FreeBook } from './rules-free.js';

export interface RuleFinding {
  readonly rule: string;
  readonly requirement: string;
  /** What broke, prefixed with the rule's name so a partner can find it in the contract. */
  readonly message: string;
}

/** A value as its JSON text: what makes two values the same one. */
const keyOf = (value: unknown) => JSON.stringify(value);

/** A number a compare operand names: the value at the pointer, or the length of the array `count(…)` names. */
function operand(root: unknown, expression: string): number | undefined {
  const counted = countedPointer(expression);
  const found = select(root, counted ?? expression);
  if (found.length !== 1) return undefined;
  const value = found[0]!.value;
  if (counted !== undefined) return Array.isArray(value) ? value.length : undefined;
  if (typeof value === 'number') return value;
  // An RFC 3339 date-time compares as the instant it names, whatever its offset.
  return typeof value === 'string' && DATE_TIME.test(value) && Number.isFinite(Date.parse(value)) ? Date.parse(value) : undefined;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

// The operands are the contracts' own, judged on every partner call: each is read once. Bounded all the same.
const countedOf = new Map<string, string | undefined>();

/** The pointer inside `count(…)`, or undefined for a plain pointer. */
function countedPointer(expression: string): string | undefined {
  if (countedOf.has(expression)) return countedOf.get(expression);
  if (countedOf.size >= 1000) countedOf.clear();
  const counted = /^count\((.*)\)$/.exec(expression)?.[1];
  countedOf.set(expression, counted);
  return counted;
}

/** An operand as the body gives it, for a message: a date-time stays a date-time. */
function operandText(root: unknown, expression: string, value: number): string {
  const found = select(root, expression);
  return found.length === 1 && typeof found[0]!.value === 'string' ? found[0]!.value : String(value);
}

const HOLDS: Record<string, (left: number, right: number) => boolean> = {
  '<': (left, right) => left < right,
  '<=': (left, right) => left <= right,
  '>': (left, right) => left > right,
  '>=': (left, right) => left >= right,
};

const RANGE = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/;

function minutes(hours: string, mins: string): number {
  return Number(hours) * 60 + Number(mins);
}

/** A number a sum adds: the value at the pointer, 0 when absent (the contract's default for amounts), undefined when not a number. */
function amount(root: unknown, pointer: string): number | undefined {
  const found = select(root, pointer);
  if (found.length === 0) return 0;
  return found.length === 1 && typeof found[0]!.value === 'number' ? found[0]!.value : undefined;
}

/** What the parts of a sum rule come to, or undefined when one is not a number (a schema finding, not this rule's). */
function sumOf(rule: Extract<Rule, { kind: 'sum' }>, body: unknown): number | undefined {
  let expected = 0;
  for (const [pointers, sign] of [[rule.add, 1], [rule.subtract, -1]] as const) {
    for (const pointer of pointers) {
      const value = amount(body, pointer);
      if (value === undefined) return undefined;
      expected += sign * value;
    }
  }
  for (const { value } of rule.lines === undefined ? [] : select(body, rule.lines.each)) {
    const line = lineValue(value, rule.lines!);
    if (line === undefined) return undefined;
    expected += line;
  }
  return expected;
}

/** The parts of a sum rule in words: `object/subtotal + object/tax − object/discount_total`. */
export function sumWords(rule: Extract<Rule, { kind: 'sum' }>): string {
  const lines = rule.lines === undefined ? [] : [`${rule.lines.quantity.slice(1)} × (${rule.lines.price.slice(1)}${rule.lines.nested === undefined ? '' : ` + ${rule.lines.nested.slice(1)}`}${rule.lines.deeper === undefined ? '' : ` (+ ${rule.lines.deeper.slice(1)})`}) over ${rule.lines.each.slice(1)}`];
  const added = [...lines, ...rule.add.map((pointer) => pointer.slice(1))].join(' + ');
  return [added, ...rule.subtract.map((pointer) => pointer.slice(1))].join(' − ');
}

/** What one answer breaks of one rule; `stable` rules are judged across answers by judgeAcross. */
/** A finding's message: the rule's name, what was judged, what broke. */
function said(rule: Rule, what: string, text: string): string {
  return `[${rule.rule}] ${what}: ${text}`;
}

/** What the judge may know beyond the body: the time it arrived, and the prices and holders of the menu or catalog it was ordered from (the sandbox's). */
export interface JudgeEnvironment {
  readonly now?: number;
  readonly prices?: PriceBook;
  readonly menu?: MenuBook;
  readonly holders?: Holders;
  /** The taxes the menu puts on each item (the sandbox's published menu). */
  readonly taxes?: TaxBook;
  /** The free amounts of the menu's modifier groups and its modifiers' prices. */
  readonly free?: FreeBook;
  /** The partner's own answers certify read (its location list), for a rule that compares a body with them. */
  readonly answersOf?: AnswersOf;
  /** The time zone of each location read in the run, by id, and the headers of the request answered (`local_hours`). */
  readonly zones?: ReadonlyMap<string, string>;
  readonly headers?: Readonly<Record<string, string>>;
}

export function judgeAnswer(rule: Rule, body: unknown, what: string, environment: JudgeEnvironment = {}): string[] {
  const { now, prices, menu, holders, taxes, free, answersOf } = environment;
  switch (rule.kind) {
    case 'minor':
      return minorIssues(rule, body, what);
    case 'away':
      return answersOf === undefined ? [] : awayIssues(rule, body, what, answersOf);
    case 'held':
      // Judged only where the menu or catalog is known (the sandbox published or registered it).
      return holders === undefined ? [] : heldIssues(rule, body, what, holders);
    case 'offered':
      return holders === undefined ? [] : offeredIssues(rule, body, what, holders);
    case 'absent':
      return rule.values.flatMap((pointer) => select(body, pointer).map(({ path }) => said(rule, what, `${path.slice(1)} is given, and this answer must leave it out`)));
    case 'priced':
      // Judged only where the menu is known (the sandbox published it); certify's answers carry no menu.
      return prices === undefined ? [] : pricedIssues(rule, body, what, prices);
    case 'published':
      return menu === undefined ? [] : publishedIssues(rule, body, what, menu);
    case 'taxed':
      return taxes === undefined ? [] : taxedIssues(rule, body, what, taxes);
    case 'free':
      return free === undefined ? [] : freeIssues(rule, body, what, free);
    case 'distinct':
      return distinctIssues(rule, body, what);
    case 'readable':
      return readableIssues(rule, body, what);
    case 'omitted':
      return omittedIssues(rule, body, what);
    case 'required_when':
      return requiredWhenIssues(rule, body, what);
    case 'postal':
      return postalIssues(rule, body, what);
    case 'local_hours':
      return localHoursIssues(rule, body, what, environment);
    case 'besides': return besidesIssues(rule, body, what);
    case 'filled': return filledIssues(rule, body, what);
    case 'unique': {
      const found: string[] = [];
      for (const list of rule.in) {
        for (const { path, value } of select(body, list)) {
          if (!Array.isArray(value)) continue;
          const seen = new Set<string>();
          for (const { value: key } of select(value, `/*${rule.key}`)) {
            const text = keyOf(key);
            if (seen.has(text)) found.push(said(rule, what, `${rule.key === '' ? 'the id' : rule.key.slice(1)} ${quoted(key)} is used twice in ${path.slice(1)}`));
            seen.add(text);
          }
        }
      }
      return found;
    }
    case 'resolves': {
      const targets = new Set(select(body, rule.to).map(({ value }) => keyOf(value)));
      return select(body, rule.from)
        .filter(({ value }) => !targets.has(keyOf(value)))
        .map(({ path, value }) => said(rule, what, `${path.slice(1)} names ${quoted(value)}, which no ${rule.to} in the answer is`));
    }
    case 'compare': {
      const found: string[] = [];
      for (const { path, value } of select(body, rule.each)) {
        // A flag that makes the comparison moot (an order scheduled for later): true skips it, absent counts as false.
        if (rule.unless !== undefined && select(value, rule.unless).some((found) => found.value === true)) continue;
        // The opposite: a flag that makes the comparison apply (an order for later's ready time), absent counting as false.
        if (rule.onlyWhen !== undefined && !select(value, rule.onlyWhen).some((found) => found.value === true)) continue;
        const left = operand(value, rule.left);
        const base = operand(value, rule.right);
        const right = base === undefined ? undefined : base + (rule.plusMinutes ?? 0) * 60_000;
        if (left === undefined || right === undefined || HOLDS[rule.op]!(left, right)) continue;
        const plus = rule.plusMinutes === undefined ? '' : rule.plusMinutes < 0 ? ` - ${-rule.plusMinutes} minutes` : ` + ${rule.plusMinutes} minutes`;
        const flag = rule.unless !== undefined ? ` while ${rule.unless.slice(1)} is not true` : rule.onlyWhen !== undefined ? ` while ${rule.onlyWhen.slice(1)} is true` : '';
        found.push(said(rule, what, `${path === '' ? '' : `${path.slice(1)}: `}${rule.left.slice(1)} is ${operandText(value, rule.left, left)}, not ${rule.op} ${rule.right.replace(/^\//, '')}${plus} (${operandText(value, rule.right, base!)})${flag}`));
      }
      return found;
    }
    case 'ranges': {
      const found: string[] = [];
      for (const { path, value } of select(body, rule.each)) {
        if (!Array.isArray(value)) continue;
        let previousEnd = -1;
        let previous = '';
        for (const range of value) {
          const match = typeof range === 'string' ? RANGE.exec(range) : null;
          if (match === null) continue;
          const start = minutes(match[1]!, match[2]!);
          const end = minutes(match[3]!, match[4]!);
          if (end <= start) found.push(said(rule, what, `${path.slice(1)} has ${range}, which ends before it starts (split a range past midnight at 24:00)`));
          else if (start < previousEnd) found.push(said(rule, what, `${path.slice(1)} lists ${range} after ${previous}: ranges go from the earliest and do not overlap`));
          if (end > start) {
            previousEnd = end;
            previous = range;
          }
        }
      }
      return found;
    }
    case 'scheme': {
      const found: string[] = [];
      for (const { path, value } of select(body, rule.values)) {
        // A string that is no URL at all breaks the schema's `format: uri`: that finding is the schema checks'.
        const scheme = typeof value === 'string' && URL.canParse(value) ? new URL(value).protocol.slice(0, -1) : undefined;
        if (scheme !== undefined && scheme !== rule.is) found.push(said(rule, what, `${path.slice(1)} is ${quoted(value)}: its scheme is ${urlPart(scheme)}, not ${rule.is}`));
        const host = scheme === undefined || rule.public !== true ? undefined : publicHostIssue(value as string);
        if (host !== undefined) found.push(said(rule, what, `${path.slice(1)} is ${quoted(value)}: ${host}; the contract asks for a public URL`));
      }
      return found;
    }
    case 'slug':
      return select(body, rule.values)
        .filter(({ value }) => typeof value === 'string' && !SLUG.test(value))
        .map(({ path, value }) => said(rule, what, `${path.slice(1)} is ${quoted(value)}: write it as a slug, lower-case words joined by hyphens (${quoted(slugOf(value as string))})`));
    case 'place':
    case 'excludes':
    case 'inherits':
      return placeIssues(rule, body, what);
    case 'sum': {
      const total = select(body, rule.total);
      if (total.length !== 1 || typeof total[0]!.value !== 'number') return [];
      const expected = sumOf(rule, body);
      if (expected === undefined || expected === total[0]!.value) return [];
      return [said(rule, what, `${rule.total.slice(1)} is ${total[0]!.value}, but ${sumWords(rule)} comes to ${expected}`)];
    }
    case 'range': {
      const found: string[] = [];
      for (const { path, value } of select(body, rule.values)) {
        if (typeof value !== 'number') continue;
        if (rule.max !== undefined && value > rule.max) found.push(said(rule, what, `${path.slice(1)} is ${value}, more than ${rule.max} ${rule.unit}: is it counted in another unit?`));
        if (rule.min !== undefined && value < rule.min) found.push(said(rule, what, `${path.slice(1)} is ${value}, less than ${rule.min} ${rule.unit}: is it counted in another unit?`));
        if (rule.above !== undefined && value <= rule.above) found.push(said(rule, what, `${path.slice(1)} is ${value}, not more than ${rule.above} ${rule.unit}: to keep the value Stream has, leave the field out rather than send ${value}`));
      }
      return found;
    }
    case 'percent': {
      // One rate below 1% can be real (a district surcharge); every rate of an answer below 1 is a list of fractions.
      const given = rule.values.flatMap((pointer) => select(body, pointer)).filter(({ value }) => typeof value === 'number' && value !== 0);
      if (given.length === 0 || given.some(({ value }) => (value as number) >= 1)) return [];
      const listed = given.map(({ path, value }) => `${path.slice(1)} is ${String(value)}`).join(', ');
      return [said(rule, what, `${listed}: every rate given is below 1, so they read as fractions (${String(given[0]!.value)} means ${String(given[0]!.value)}%, not ${String(Math.round((given[0]!.value as number) * 1e6) / 1e4)}%); write percentages`)];
    }
    case 'zone':
      if (rule.geographic === true) {
        // A name that is no zone at all is the plain zone rule's finding; this one finds a valid zone with no place.
        return select(body, rule.values)
          .filter(({ value }) => typeof value === 'string' && zoneIssue(value) === undefined && (PLACELESS_ZONE.test(value) || zoneNameIssue(value) !== undefined))
          .map(({ path, value }) =>
            said(rule, what, `${path.slice(1)} is ${quoted(value)}: ${PLACELESS_ZONE.test(value as string) ? "a zone with no place, often a server's default; send the zone of the location's own place, such as America/Los_Angeles" : zoneNameIssue(value as string)!}`),
          );
      }
      return select(body, rule.values)
        .filter(({ value }) => typeof value === 'string' && zoneIssue(value) !== undefined)
        .map(({ path, value }) => said(rule, what, `${path.slice(1)} is ${quoted(value)}: ${zoneIssue(value as string)!}`));
    case 'future':
      // Judged only where a clock is given (the sandbox when a send arrives, certify when an answer did).
      if (now === undefined) return [];
      return select(body, rule.values)
        .filter(({ value }) => typeof value === 'number' && value <= now + (rule.atLeastSeconds ?? 0) * 1000)
        .map(({ path, value }) => said(rule, what, `${path.slice(1)} is ${String(value)} (${new Date(value as number).toISOString()}), ${(value as number) > now ? `only ${((value as number) - now) / 1000} second(s) after the time it arrived (${new Date(now).toISOString()}), less than ${String(rule.atLeastSeconds)}: a length in seconds added to a millisecond clock?` : `which is not after the time it arrived (${new Date(now).toISOString()})`}`));
    case 'recent': {
      // Judged only where a clock is given (the sandbox, at the time a send arrives).
      if (now === undefined) return [];
      return select(body, rule.values).flatMap(({ path, value }) => {
        const at = typeof value === 'number' ? value : typeof value === 'string' && DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
        if (!Number.isFinite(at) || (at <= now + rule.aheadSeconds * 1000 && at >= now - rule.behindSeconds * 1000)) return [];
        const side = at > now ? 'after' : 'before';
        return [said(rule, what, `${path.slice(1)} is ${String(value)}, ${Math.round(Math.abs(at - now) / 60000)} minute(s) ${side} the time it arrived (${new Date(now).toISOString()}): a local clock time written with Z or a wrong offset?`)];
      });
    }
    case 'stable':
      return [];
  }
}

/** Values (as their JSON texts) as a finding lists them: the first ten, quoted, and how many more. */
function listed(texts: readonly string[]): string {
  const shown = texts.slice(0, 10).map((text) => quoted(JSON.parse(text) as unknown)).join(', ');
  return texts.length > 10 ? `${shown} and ${texts.length - 10} more` : shown;
}

/** What a series of answers of one operation breaks of a `stable` rule: every later answer lists what the first did. */
export function judgeAcross(rule: Rule, answers: readonly { body: unknown; what: string }[]): string[] {
  if (rule.kind !== 'stable' || answers.length < 2) return [];
  const set = (body: unknown) => [...new Set(select(body, rule.values).map(({ value }) => keyOf(value)))].sort();
  const first = set(answers[0]!.body);
  const found: string[] = [];
  for (const answer of answers.slice(1)) {
    const later = set(answer.body);
    if (later.join(',') === first.join(',')) continue;
    const gone = first.filter((value) => !later.includes(value));
    const added = later.filter((value) => !first.includes(value));
    const change = [gone.length > 0 ? `${listed(gone)} gone` : '', added.length > 0 ? `${listed(added)} new` : ''].filter(Boolean).join(', ');
    found.push(`[${rule.rule}] ${answer.what}: ${rule.values.slice(1)} changed since ${answers[0]!.what} (${change})`);
  }
  return found;
}

/** Whether a request with these headers is one a rule's `when` covers; a rule without one covers every request. */
export function applies(when: RuleCondition | undefined, headers: Readonly<Record<string, string>> | undefined): boolean {
  if (when === undefined) return true;
  if (headers === undefined) return false;
  const names = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  return when.sent.every((name) => names.has(name.toLowerCase())) && when.notSent.every((name) => !names.has(name.toLowerCase()));
}

/** One answer (or body) to judge: its body, how a message names it, and the headers of the request it answered. */
export interface JudgedAnswer {
  readonly body: unknown;
  readonly what: string;
  readonly requestHeaders?: Readonly<Record<string, string>>;
  /** When the answer arrived (epoch ms): the clock its times are judged by, rather than the run's `now`. */
  readonly receivedAt?: number;
}

/** Every finding of `rules` over the answers, in order: per-answer rules on each, stable rules across them. */
export function judgeRules(options: { rules: readonly Rule[]; answers: readonly JudgedAnswer[]; now?: number; prices?: PriceBook; menu?: MenuBook; holders?: Holders; taxes?: TaxBook; free?: FreeBook; answersOf?: AnswersOf; zones?: ReadonlyMap<string, string> }): RuleFinding[] {
  const findings: RuleFinding[] = [];
  // One environment for every rule and answer, and plain loops: the sandbox judges each partner call's body this way.
  const environment: JudgeEnvironment = { now: options.now, prices: options.prices, menu: options.menu, holders: options.holders, taxes: options.taxes, free: options.free, answersOf: options.answersOf, zones: options.zones };
  for (const rule of options.rules) {
    if (rule.kind === 'stable') {
      const answers = rule.when === undefined ? options.answers : options.answers.filter((answer) => applies(rule.when, answer.requestHeaders));
      for (const message of judgeAcross(rule, answers)) findings.push({ rule: rule.rule, requirement: rule.requirement, message });
      continue;
    }
    for (const answer of options.answers) {
      if (rule.when !== undefined && !applies(rule.when, answer.requestHeaders)) continue;
      const timed = answer.receivedAt === undefined ? environment : { ...environment, now: answer.receivedAt };
      const judged = rule.kind === 'local_hours' ? { ...timed, headers: answer.requestHeaders } : timed;
      for (const message of judgeAnswer(rule, answer.body, answer.what, judged)) findings.push({ rule: rule.rule, requirement: rule.requirement, message });
    }
  }
  return findings;
}
