import { describe, expect, it } from 'vitest';
import { schemaFieldsData } from './guideData';
import { buildSchemaTree, type SchemaNode } from './schemaTree';
import type { OpenApiDocument } from './types';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  components: {
    schemas: {
      Holiday: {
        type: 'object',
        description: 'A day the store *closes*.',
        required: ['date'],
        properties: {
          date: { type: 'string', pattern: '^\\d{2}-\\d{2}$', description: 'MM-DD.' },
          recurring_yearly: { type: 'boolean', default: true },
          specific_years: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 2000 } },
          hours: { $ref: '#/components/schemas/Hours', description: 'Overrides the target description.' },
        },
      },
      Hours: { type: ['string', 'null'], format: 'time', description: 'Opening hours.' },
      ModifierGroup: {
        type: 'object',
        properties: { modifiers: { type: 'array', items: { $ref: '#/components/schemas/Modifier' } } },
      },
      Modifier: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string' },
          nested_modifier_groups: { type: 'array', items: { $ref: '#/components/schemas/ModifierGroup' } },
        },
      },
      Event: {
        oneOf: [{ $ref: '#/components/schemas/Paused' }, { $ref: '#/components/schemas/Resumed' }],
        discriminator: { propertyName: 'type', mapping: { 'location.paused': '#/components/schemas/Paused' } },
      },
      Paused: {
        allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', required: ['until_ms'], properties: { until_ms: { type: 'integer' } } }],
      },
      Resumed: {
        allOf: [{ $ref: '#/components/schemas/Base' }],
        properties: { type: { const: 'location.resumed' } },
      },
      FulfillmentType: {
        type: 'string',
        description: 'How the order reaches the *customer*.',
        enum: ['delivery', 'pickup', 'drive_thru'],
        'x-enum-descriptions': {
          delivery: "The DSP's own courier delivers the order.",
          pickup: 'The customer collects the order `inside` the location.',
          unused: 'Not one of the enum values.',
        },
      },
      Order: {
        type: 'object',
        properties: {
          fulfillment_type: { $ref: '#/components/schemas/FulfillmentType' },
          priority: {
            type: 'integer',
            enum: [1, 2],
            'x-enum-descriptions': { '1': 'Cook first.', '2': 'Cook when free.' },
          },
          fallbacks: { type: 'array', items: { $ref: '#/components/schemas/FulfillmentType' } },
          channel: { type: 'string', enum: ['web', 'app'] },
        },
      },
      Base: {
        type: 'object',
        required: ['type'],
        properties: { type: { type: 'string', enum: ['location.paused', 'location.resumed'] } },
      },
    },
  },
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const field = (node: SchemaNode | undefined, name: string) => node?.properties?.find((p) => p.name === name);

describe('buildSchemaTree', () => {
  it('lists fields with type, required flag, default, constraints and Markdown descriptions as HTML', () => {
    const tree = buildSchemaTree(doc, ref('Holiday'));
    expect(tree.ref).toBe('Holiday');
    expect(tree.description).toBe('<p>A day the store <em>closes</em>.</p>');
    expect(field(tree, 'date')).toMatchObject({ type: 'string', required: true, constraints: ['pattern: ^\\d{2}-\\d{2}$'] });
    expect(field(tree, 'recurring_yearly')).toMatchObject({ type: 'boolean', default: true });
    expect(field(tree, 'recurring_yearly')?.required).toBeUndefined();
    expect(field(tree, 'specific_years')).toMatchObject({ type: 'array', constraints: ['minItems: 1'], items: { type: 'integer', constraints: ['minimum: 2000'] } });
  });

  it('resolves a $ref and lets a sibling description override the target one', () => {
    const hours = field(buildSchemaTree(doc, ref('Holiday')), 'hours');
    expect(hours).toMatchObject({ ref: 'Hours', type: 'string | null', constraints: ['format: time'] });
    expect(hours?.description).toBe('<p>Overrides the target description.</p>');
  });

  it('stops at a schema already on the path instead of looping', () => {
    const tree = buildSchemaTree(doc, ref('Modifier'));
    const groups = field(tree, 'nested_modifier_groups');
    expect(groups?.items?.ref).toBe('ModifierGroup');
    const modifier = field(groups?.items, 'modifiers')?.items;
    expect(modifier).toMatchObject({ ref: 'Modifier', cycle: true, type: 'object' });
    expect(modifier?.properties).toBeUndefined();
  });

  it('shows oneOf options with their discriminator value and merges allOf members', () => {
    const tree = buildSchemaTree(doc, ref('Event'));
    expect(tree.variants?.keyword).toBe('oneOf');
    expect(tree.variants?.discriminator).toBe('type');
    const [paused, resumed] = tree.variants?.options ?? [];
    expect(paused).toMatchObject({ title: 'Paused', match: 'location.paused', allOf: ['Base'] });
    expect(paused.properties?.map((p) => [p.name, p.required])).toEqual([
      ['type', true],
      ['until_ms', true],
    ]);
    expect(resumed).toMatchObject({ title: 'Resumed', match: 'location.resumed' });
    expect(field(resumed, 'type')).toMatchObject({ const: 'location.resumed', type: 'string' });
  });

  it('collapses nested objects beyond the requested depth', () => {
    const tree = buildSchemaTree(doc, ref('Modifier'), { maxDepth: 1 });
    const items = field(tree, 'nested_modifier_groups')?.items;
    expect(items).toMatchObject({ ref: 'ModifierGroup', collapsed: true });
    expect(items?.properties).toBeUndefined();
  });

  it('keeps enum values of a referenced enum', () => {
    const tree = buildSchemaTree(doc, ref('Base'));
    expect(field(tree, 'type')?.enum).toEqual(['location.paused', 'location.resumed']);
  });

  describe('an enum with x-enum-descriptions', () => {
    const meanings = {
      delivery: '<p>The DSP\'s own courier delivers the order.</p>',
      pickup: '<p>The customer collects the order <code>inside</code> the location.</p>',
    };

    it('keeps the scalar schema\'s own description and each described value\'s sentence as HTML', () => {
      const tree = buildSchemaTree(doc, ref('FulfillmentType'));
      expect(tree).toMatchObject({ type: 'string', ref: 'FulfillmentType', enum: ['delivery', 'pickup', 'drive_thru'] });
      expect(tree.description).toBe('<p>How the order reaches the <em>customer</em>.</p>');
      // Only enum values, and only the described ones: drive_thru has none, unused is no value.
      expect(tree.enumDescriptions).toEqual(meanings);
    });

    it('hands <SchemaFields> the description and the sentences of a scalar schema', () => {
      const { root } = schemaFieldsData(doc, 'dsp', { schema: 'FulfillmentType' });
      expect(root.description).toBe('<p>How the order reaches the <em>customer</em>.</p>');
      expect(root.enumDescriptions).toEqual(meanings);
    });

    it('carries the sentences of enum properties, referenced, inline, non-string and in array items', () => {
      const tree = buildSchemaTree(doc, ref('Order'));
      expect(field(tree, 'fulfillment_type')?.enumDescriptions).toEqual(meanings);
      expect(field(tree, 'priority')).toMatchObject({ enum: [1, 2], enumDescriptions: { '1': '<p>Cook first.</p>', '2': '<p>Cook when free.</p>' } });
      expect(field(tree, 'fallbacks')?.items?.enumDescriptions).toEqual(meanings);
      expect(field(tree, 'channel')?.enumDescriptions).toBeUndefined();
    });
  });
});
