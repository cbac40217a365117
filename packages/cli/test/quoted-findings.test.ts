// Every value a finding quotes from a partner's answer is cut to QUOTED_CHARS and escaped: a
// megabyte-long state, plate, tax id or provider_id does not fill the terminal, a report or an
// agent's context, and a right-to-left override or an escape sequence in it shows as an escape.
import { describe, expect, it } from 'vitest';
import { freedIdIssue } from '../src/certify/freed-ids.js';
import { postalStateIssue } from '../src/postal-codes.js';
import { judgeRules } from '../src/rules-judge.js';
import { listRules, type Rule } from '../src/rules.js';
import { QUOTED_CHARS, quoted } from '../src/visible.js';

const HOSTILE = `\u202e\u001b]0;owned\u0007${'A'.repeat(200_000)}\n✔ pass`;

function rules(api: 'pos' | 'dsp' | 'events', names: readonly string[]): Rule[] {
  const found = listRules(api).filter((rule) => names.includes(rule.rule));
  expect(found.map((rule) => rule.rule).sort()).toEqual([...names].sort());
  return found;
}

const judged = (list: Rule[], body: unknown) => judgeRules({ rules: list, answers: [{ body, what: 'the answer' }] }).map((finding) => finding.message);

function expectBounded(messages: readonly string[]) {
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) {
    expect(message.length).toBeLessThan(QUOTED_CHARS * 4 + 1_000);
    expect(message).not.toMatch(/[\u0000-\u001f\u202e]/);
    expect(message).toContain('(200,');
  }
}

describe('a value quoted from a partner into a finding', () => {
  it('is cut to its first characters, saying how long it was, and keeps its quote and escapes', () => {
    expect(quoted('NY')).toBe('"NY"');
    expect(quoted('a\u202eb\u001b[2J')).toBe('"a\\u202eb\\u001b[2J"');
    const long = quoted('x'.repeat(5_000));
    expect(long).toBe(`"${'x'.repeat(QUOTED_CHARS)}…" (5,000 characters)`);
    expect(quoted(['y'.repeat(300)])).toMatch(/… \(304 characters of JSON\)$/);
    expect(quoted('😀'.repeat(QUOTED_CHARS + 1))).toBe(`"${'😀'.repeat(QUOTED_CHARS)}…" (242 characters)`);
  });

  it("quotes a postal rule's state and zone bounded and escaped, as the state-zone rule does", () => {
    expectBounded(judged(rules('dsp', ['location-state-postal']), { locations: [{ address: { country: 'US', state: HOSTILE } }] }));
    expect(postalStateIssue('US', HOSTILE)!.length).toBeLessThan(1_000);
    const zone = judged(rules('pos', ['location-zone-in-its-state']), { locations: [{ timezone: 'America/New_York', address: { country: 'US', administrative_district_level_1: 'CA' } }] });
    expect(zone[0]).toContain('locations/0/timezone is "America/New_York"');
  });

  it("quotes a besides rule's tax id bounded and escaped", () => {
    const id = HOSTILE;
    const body = { menu: [], category: [], modifier_group: [], modifier: [], tax: [{ provider_id: id, name: 'SF', rate: 8, is_default: true }], item_family: [{ provider_id: 'f', name: 'F', price_amount: 1, price_currency: 'USD', tax_ids: [id] }] };
    expectBounded(judged(rules('pos', ['family-taxes-besides-defaults']), body));
  });

  it('quotes a slug, a scheme and a unique key bounded and escaped, wherever a rule kind quotes the value it judged', () => {
    const kinds = listRules('pos').concat(listRules('dsp'), listRules('events')).filter((rule) => rule.kind === 'slug' || rule.kind === 'zone');
    expect(kinds.length).toBeGreaterThan(0);
    for (const rule of kinds) {
      const pointer = (rule as { values: string }).values;
      const body = bodyAt(pointer, HOSTILE);
      const found = judged([rule], body);
      if (found.length > 0) expectBounded(found);
    }
  });

  it('quotes the provider_id a POS gave a canceled order and the next one bounded and escaped', async () => {
    const issue = await freedIdIssue({ create: async () => ({ orderId: 'ord_1', providerId: HOSTILE, cancel: async () => undefined }) });
    expectBounded([issue!]);
  });
});

/** A body holding `value` at a pointer whose `*` steps are lists of one. */
function bodyAt(pointer: string, value: unknown): unknown {
  const parts = pointer.split('/').slice(1);
  const build = (index: number): unknown => {
    if (index === parts.length) return value;
    const inner = build(index + 1);
    return parts[index] === '*' ? [inner] : { [parts[index]!]: inner };
  };
  return build(0);
}
