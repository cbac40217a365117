import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesOf } from './schemaRules';
import { buildSchemaTree } from './schemaTree';
import type { JsonObject, OpenApiDocument } from './types';

const DIST = join(__dirname, '../../../../specs/dist');
const spec = (api: string) => JSON.parse(readFileSync(join(DIST, `${api}.json`), 'utf8')) as OpenApiDocument;
const schema = (doc: OpenApiDocument, name: string) => doc.components?.schemas?.[name] as JsonObject;
const empty: OpenApiDocument = { openapi: '3.1.0' };

describe('conditional rules as sentences', () => {
  it('reads an if/then/else as a rule and its "unless" counterpart', () => {
    const holiday: JsonObject = {
      type: 'object',
      if: { properties: { recurring_yearly: { const: false } }, required: ['recurring_yearly'] },
      then: { required: ['specific_years'] },
      else: { properties: { specific_years: false } },
    };
    expect(rulesOf(empty, holiday)).toEqual([
      '`specific_years` is required when `recurring_yearly` is `false`.',
      '`specific_years` is not allowed unless `recurring_yearly` is `false`.',
    ]);
  });

  it('reads dependentRequired as "required when present"', () => {
    expect(rulesOf(empty, { dependentRequired: { price_amount: ['price_currency'] } })).toEqual(['`price_currency` is required when `price_amount` is present.']);
  });

  it('reads an anyOf of "not this value" or "that field" as one condition', () => {
    const rule = rulesOf(empty, {
      anyOf: [{ properties: { fulfillment_type: { not: { const: 'merchant_managed_delivery' } } } }, { required: ['delivery_address'] }],
    });
    expect(rule).toEqual(['`delivery_address` is required when `fulfillment_type` is `merchant_managed_delivery`.']);
  });

  it('reads an anyOf of single required fields as "at least one of"', () => {
    expect(rulesOf(empty, { anyOf: [{ required: ['price'] }, { required: ['is_active'] }] })).toEqual(['At least one of `price` and `is_active` is required.']);
  });

  it('keeps the rules of every allOf member, which a merge of the members would overwrite', () => {
    const rules = rulesOf(spec('dsp'), schema(spec('dsp'), 'NewOrder'));
    expect(rules).toContain('`delivery_address` is required when `fulfillment_type` is `merchant_managed_delivery` or `stream_managed_delivery`.');
    expect(rules).toContain('`fulfillment_type` must be `drive_thru` when `unpaid` is `true`.');
    expect(rules).toContain('`store_tip` is not allowed unless `fulfillment_type` is `pickup` or `dine_in`.');
    expect(rules).toContain('`delivery_fee` is required when `delivery_fee_taxes` is present.');
  });

  it('says nothing of a condition it cannot read rather than guessing', () => {
    expect(rulesOf(empty, { if: { properties: { kind: { pattern: '^a' } } }, then: { required: ['b'] } })).toEqual([]);
  });
});

describe('schema trees with rules', () => {
  it('shows the events ConfirmedOrder delivery_address rule, not two anonymous shapes', () => {
    const doc = spec('events');
    const node = buildSchemaTree(doc, { $ref: '#/components/schemas/ConfirmedOrder' });
    expect(node.variants).toBeUndefined();
    expect(node.rules).toEqual(['<code>delivery_address</code> is required when <code>fulfillment_type</code> is <code>merchant_managed_delivery</code>.']);
  });

  it('keeps real alternatives (oneOf of component schemas) as shapes', () => {
    const node = buildSchemaTree(spec('events'), { $ref: '#/components/schemas/DeliveryUpdateEvent' });
    expect(node.variants?.options.map((option) => option.title)).toEqual(['AssignDriverEvent', 'DeliveryStatusEvent']);
    expect(node.rules).toBeUndefined();
  });
});
