// The time zone of each location certify read in the run, for the rules that read a schedule in its
// location's zone (`local_hours`): taken from the answers of the operation the rule names.
import type { ObservedExchange } from '../relations.js';
import { select, type Rule } from '../rules.js';

export function locationZones(rules: readonly Rule[], observed: readonly ObservedExchange[]): ReadonlyMap<string, string> | undefined {
  const hours = rules.filter((rule): rule is Extract<Rule, { kind: 'local_hours' }> => rule.kind === 'local_hours');
  if (hours.length === 0) return undefined;
  const zones = new Map<string, string>();
  for (const rule of hours) {
    for (const exchange of observed) {
      if (exchange.api !== rule.api || exchange.status !== 200 || !exchange.operations.some((operation) => operation.operationId === rule.zonesFrom)) continue;
      for (const { value } of select(exchange.responseBody, rule.places)) {
        const id = select(value, rule.id)[0]?.value;
        const zone = select(value, rule.zone)[0]?.value;
        if (typeof id === 'string' && typeof zone === 'string') zones.set(id, zone);
      }
    }
  }
  return zones;
}

/** The operations whose answers give those zones, for certify to read before it judges. */
export function zoneOperations(rules: readonly Rule[]): string[] {
  return [...new Set(rules.flatMap((rule) => (rule.kind === 'local_hours' ? [rule.zonesFrom] : [])))];
}
