// Rules on what values mean together, beside their schema: a place's coordinates, country and time
// zone agree (`place`), and a value the context rules out is not sent (`excludes`).
import { coordinatesIssue, countryZones, kilometres, zonePoint, type ZonePoint } from './rules-place.js';
import { select, type Rule } from './rules.js';
import { quoted } from './visible.js';

const shown = quoted;

function said(rule: Rule, what: string, text: string): string {
  return `[${rule.rule}] ${what}: ${text}`;
}

function one(root: unknown, pointer: string): unknown {
  return select(root, pointer)[0]?.value;
}

/** What a body breaks of an `inherits` rule: a member giving 0 where a parent listing it gives a value that is not 0. */
function inheritsIssues(rule: Extract<Rule, { kind: 'inherits' }>, body: unknown, what: string): string[] {
  const given = new Map<string, { path: string; value: number }>();
  for (const { path, value } of select(body, rule.parents)) {
    const amount = one(value, rule.value);
    if (typeof amount !== 'number' || amount === 0) continue;
    for (const { value: member } of select(value, rule.members)) if (typeof member === 'string' && !given.has(member)) given.set(member, { path, value: amount });
  }
  const found: string[] = [];
  for (const { path, value } of select(body, rule.each)) {
    const id = one(value, rule.id);
    const parent = typeof id === 'string' ? given.get(id) : undefined;
    if (parent === undefined || one(value, rule.value) !== 0) continue;
    found.push(said(rule, what, `${path.slice(1)}${rule.value} is 0 while ${parent.path.slice(1)}, which lists ${shown(id)}, gives ${rule.value.slice(1)} ${parent.value}: an inherited value is left out, not sent as 0 (which sells it free); leave it out unless the item really is free`));
  }
  return found;
}

/** What a body breaks of a `place`, `excludes` or `inherits` rule. */
export function placeIssues(rule: Extract<Rule, { kind: 'place' | 'excludes' | 'inherits' }>, body: unknown, what: string): string[] {
  if (rule.kind === 'inherits') return inheritsIssues(rule, body, what);
  if (rule.kind === 'excludes') {
    return select(body, rule.values)
      .filter(({ value }) => typeof value === 'string' && rule.not.includes(value))
      .map(({ path, value }) => said(rule, what, `${path.slice(1)} is ${shown(value)}, which this message cannot mean: ${rule.statement.replace(/`/g, '')}`));
  }
  const found: string[] = [];
  for (const { path, value } of select(body, rule.each)) {
    const at = path === '' ? '' : `${path.slice(1)}: `;
    const name = rule.zone === undefined ? undefined : one(value, rule.zone);
    const country = rule.country === undefined ? undefined : one(value, rule.country);
    const code = typeof country === 'string' && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : undefined;
    // A zone the database lacks is the zone rule's finding; a place without coordinates has nothing to compare.
    const zone = typeof name === 'string' ? zonePoint(name) : undefined;
    if (zone !== undefined && code !== undefined && !zone.countries.includes(code)) {
      found.push(said(rule, what, `${at}${rule.country!.slice(1)} is ${shown(country)}, but ${rule.zone!.slice(1)} ${shown(name)} is the zone of ${zone.countries.join(', ')}`));
    }
    const latitude = one(value, rule.latitude);
    const longitude = one(value, rule.longitude);
    if (typeof latitude !== 'number' || typeof longitude !== 'number') continue;
    // Without a zone, the country's zone nearest the coordinates is the one they are judged by.
    const candidates: readonly ZonePoint[] = zone !== undefined ? [zone] : rule.zone === undefined && code !== undefined ? countryZones(code) : [];
    const nearest = [...candidates].sort((a, b) => kilometres(a, { latitude, longitude }) - kilometres(b, { latitude, longitude }))[0];
    const issue = nearest === undefined ? undefined : coordinatesIssue(nearest, latitude, longitude);
    if (issue === undefined) continue;
    const whose = zone !== undefined ? '' : ` (the nearest zone of ${code!})`;
    found.push(said(rule, what, `${at}${rule.latitude.slice(1)}, ${rule.longitude.slice(1)} (${latitude}, ${longitude}) lie ${issue}${whose}`));
  }
  return found;
}
