// What a body breaks of a `postal` rule: each address at `each` in a country whose postal codes are
// known (src/postal-codes.ts) writes its state as that country's postal service does; with `zone`, its
// time zone is one a place in that state keeps (src/state-zones.ts).
import { postalStateIssue } from './postal-codes.js';
import { select, type Rule } from './rules.js';
import { stateZoneIssue } from './state-zones.js';
import { quoted } from './visible.js';

export function postalIssues(rule: Extract<Rule, { kind: 'postal' }>, body: unknown, what: string): string[] {
  const found: string[] = [];
  for (const { path, value } of select(body, rule.each)) {
    const country = select(value, rule.country)[0]?.value;
    const state = select(value, rule.state)[0]?.value;
    // A missing state, or a country that is no string, is the schema's finding (or no finding).
    if (typeof country !== 'string' || typeof state !== 'string') continue;
    if (rule.zone !== undefined) {
      const zone = select(value, rule.zone)[0]?.value;
      const issue = typeof zone === 'string' ? stateZoneIssue(country, state, zone) : undefined;
      if (issue !== undefined) found.push(`[${rule.rule}] ${what}: ${path.slice(1)}${rule.zone} is ${quoted(zone)}, while ${path.slice(1)}${rule.state} is ${quoted(state)}: ${issue}`);
      continue;
    }
    const issue = postalStateIssue(country, state);
    if (issue !== undefined) found.push(`[${rule.rule}] ${what}: ${path.slice(1)}${rule.state} is ${quoted(state)}: ${issue}`);
  }
  return found;
}
