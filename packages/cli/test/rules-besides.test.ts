// A list the contract gives besides another set names none of it (a default tax listed again in a
// family's tax_ids; a nested group listed again on its family), and a menu or category lists something.
import { describe, expect, it } from 'vitest';
import { readKind } from '../src/rules-kind.js';
import { judgeRules } from '../src/rules-judge.js';
import { BESIDES_STEPS } from '../src/rules-besides.js';
import { listRules } from '../src/rules.js';
import { CliError } from '../src/errors.js';

const NAMES = ['family-taxes-besides-defaults', 'nested-group-not-on-its-family', 'menu-lists-categories', 'category-lists-families'];

function judge(catalog: Record<string, unknown>) {
  const rules = listRules('pos').filter((rule) => NAMES.includes(rule.rule));
  return judgeRules({ rules, answers: [{ body: { menu: [], category: [], item_family: [], modifier_group: [], modifier: [], tax: [], ...catalog }, what: 'read the catalog' }] });
}

const TAXES = [{ provider_id: 'tax-sf', name: 'SF', rate: 8.625, is_default: true }, { provider_id: 'tax-fryer', name: 'Fryer', rate: 5 }];
const GROUPS = [
  { provider_id: 'mg-cheese', name: 'Cheese', modifier_ids: ['mod-cheddar'] },
  { provider_id: 'mg-melt', name: 'How melted?', modifier_ids: ['mod-light'] },
  { provider_id: 'mg-crust', name: 'Crust', modifier_ids: ['mod-crisp'] },
];
const MODIFIERS = [
  { provider_id: 'mod-cheddar', name: 'Cheddar', nested_modifier_group_ids: ['mg-melt'] },
  { provider_id: 'mod-light', name: 'Lightly melted', nested_modifier_group_ids: ['mg-crust'] },
  { provider_id: 'mod-crisp', name: 'Crisp' },
];

describe('a list given besides another set', () => {
  it('finds a default tax listed again in the tax_ids of a family that uses default rates, under POS-CAT-09', () => {
    const findings = judge({ tax: TAXES, item_family: [{ provider_id: 'fam-fries', name: 'Fries', price_amount: 399, price_currency: 'USD', tax_ids: ['tax-fryer', 'tax-sf'] }] });
    expect(findings).toHaveLength(1);
    expect(findings[0]!.requirement).toBe('POS-CAT-09');
    expect(findings[0]!.message).toBe('[family-taxes-besides-defaults] read the catalog: item_family/0/tax_ids/1 is "tax-sf", but tax/0 (is_default: true) applies to it already: the list is besides that, so leave it out of tax_ids');
  });

  it('takes a default tax in the tax_ids of a family that does not use default rates or is tax exempt, and a tax that is not a default', () => {
    const families = [
      { provider_id: 'fam-a', name: 'A', price_amount: 1, price_currency: 'USD', tax_ids: ['tax-sf'], use_default_tax_rates: false },
      { provider_id: 'fam-b', name: 'B', price_amount: 1, price_currency: 'USD', tax_ids: ['tax-sf'], is_tax_exempt: true },
      { provider_id: 'fam-c', name: 'C', price_amount: 1, price_currency: 'USD', tax_ids: ['tax-fryer'] },
    ];
    expect(judge({ tax: TAXES, item_family: families })).toEqual([]);
  });

  it("finds a nested group also on the family that offers its modifier's group, and one nested a level deeper, under POS-CAT-03", () => {
    const findings = judge({ modifier_group: GROUPS, modifier: MODIFIERS, item_family: [{ provider_id: 'fam-burger', name: 'Burger', price_amount: 999, price_currency: 'USD', modifier_group_ids: ['mg-cheese', 'mg-melt', 'mg-crust'] }] });
    expect(findings.map((finding) => finding.requirement)).toEqual(['POS-CAT-03', 'POS-CAT-03']);
    expect(findings[0]!.message).toBe('[nested-group-not-on-its-family] read the catalog: item_family/0/modifier_group_ids/1 is "mg-melt", but "mod-cheddar" of "mg-cheese" names it in nested_modifier_group_ids, so it is offered only once "mod-cheddar" is picked: the list is besides that, so leave it out of modifier_group_ids');
    expect(findings[1]!.message).toContain('modifier_group_ids/2 is "mg-crust", but "mod-light" of "mg-melt"');
  });

  it('takes a group offered at the top of one family and nested under a modifier another family offers', () => {
    const families = [
      { provider_id: 'fam-burger', name: 'Burger', price_amount: 999, price_currency: 'USD', modifier_group_ids: ['mg-cheese'] },
      { provider_id: 'fam-melt', name: 'Melt', price_amount: 899, price_currency: 'USD', modifier_group_ids: ['mg-melt'] },
    ];
    expect(judge({ modifier_group: GROUPS, modifier: MODIFIERS, item_family: families })).toEqual([]);
  });

  it('stops at a nesting loop rather than walking it for ever', () => {
    const looped = [{ provider_id: 'mod-cheddar', name: 'Cheddar', nested_modifier_group_ids: ['mg-cheese'] }];
    const findings = judge({ modifier_group: [GROUPS[0]], modifier: looped, item_family: [{ provider_id: 'fam-burger', name: 'Burger', price_amount: 999, price_currency: 'USD', modifier_group_ids: ['mg-cheese'] }] });
    expect(findings).toHaveLength(1);
    expect(findings[0]!.message).toContain('modifier_group_ids/0 is "mg-cheese", but "mod-cheddar" of "mg-cheese"');
  });
});

describe('a container that lists nothing', () => {
  it('finds an active menu with no categories and an active category with no families, under the should POS-CAT-14', () => {
    const findings = judge({ menu: [{ provider_id: 'menu-all-day', name: 'All day', category_ids: [], schedule: {} }], category: [{ provider_id: 'cat-new', name: 'New', item_family_ids: [] }] });
    expect(findings.map((finding) => [finding.requirement, finding.message])).toEqual([
      ['POS-CAT-14', '[menu-lists-categories] read the catalog: menu/0/category_ids is empty, so it offers nothing: list what it holds, or mark it inactive'],
      ['POS-CAT-14', '[category-lists-families] read the catalog: category/0/item_family_ids is empty, so it offers nothing: list what it holds, or mark it inactive'],
    ]);
  });

  it('takes an empty menu or category marked inactive, and leaves a missing list to the schema', () => {
    expect(judge({ menu: [{ provider_id: 'menu-soon', name: 'Soon', category_ids: [], schedule: {}, is_active: false }, { provider_id: 'menu-odd', name: 'Odd', schedule: {} }], category: [{ provider_id: 'cat-soon', name: 'Soon', item_family_ids: [], is_active: false }] })).toEqual([]);
  });
});

describe('reading the rules', () => {
  const fail = (why: string) => new CliError('spec_invalid', why);
  it('refuses an unless flag whose value is not true or false, and a through that is not an object', () => {
    expect(() => readKind({ filled: { each: '/menu/*', list: '/category_ids', unless: { '/is_active': 'no' } } }, fail)).toThrow(/filled\.unless a flag whose value is not true or false/);
    expect(() => readKind({ besides: { each: '/a/*', list: '/b/*', set: '/c/*', id: '/id', through: 'groups' } }, fail)).toThrow(/besides\.through no object/);
    expect(() => readKind({ besides: { each: '/a/*', list: '/b/*', set: '/c/*', id: 'id' } }, fail)).toThrow(/besides\.id "id", not a JSON pointer/);
  });

  it('judges a catalog whose nested groups chain thousands deep in bounded time, saying what it did not walk', () => {
    const n = 4_000;
    const modifier_group = Array.from({ length: n }, (_, index) => ({ provider_id: `g${index}`, name: 'G', modifier_ids: [`m${index}`] }));
    const modifier = Array.from({ length: n }, (_, index) => ({ provider_id: `m${index}`, name: 'M', nested_modifier_group_ids: [`g${index + 1}`] }));
    const family = (groups: (index: number) => string[]) => Array.from({ length: n }, (_, index) => ({ provider_id: `f${index}`, name: 'F', price_amount: 1, price_currency: 'USD', modifier_group_ids: groups(index) }));
    // Every family names the chain's first group: one walk, reused, judges them all.
    const same = judge({ modifier_group, modifier, item_family: family(() => ['g0']) }).filter((finding) => finding.rule === 'nested-group-not-on-its-family');
    expect(same).toEqual([]);
    // Each family names its own link of the chain: the walks stop at the step bound, and a finding says so.
    const started = Date.now();
    const own = judge({ modifier_group, modifier, item_family: family((index) => [`g${index}`, `g${index + 2}`]) }).filter((finding) => finding.rule === 'nested-group-not-on-its-family');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(own.at(-1)!.message).toBe(`[nested-group-not-on-its-family] read the catalog: the modifier_group_ids of item_family reach more than ${BESIDES_STEPS.toLocaleString('en-US')} modifier through modifier_group, so the rest was not judged: nest groups a few levels deep, not in chains of thousands`);
    expect(own[0]!.message).toContain('item_family/0/modifier_group_ids/1 is "g2", but "m1" of "g1" names it in nested_modifier_group_ids');
  });
});

