import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import remarkSpecComponents from './remark-spec-components';

const distDir = mkdtempSync(join(tmpdir(), 'spec-components-'));
writeFileSync(
  join(distDir, 'dsp.json'),
  JSON.stringify({
    openapi: '3.1.0',
    components: {
      schemas: {
        Holiday: { type: 'object', required: ['date'], properties: { date: { type: 'string', pattern: '^\\d{2}-\\d{2}$' } } },
        Tax: { type: 'object', properties: { rate: { type: 'number' } } },
      },
      examples: { ChristmasHoliday: { summary: 'Christmas', value: { date: '12-25' } } },
    },
  }),
);

interface TestNode {
  type: string;
  name: string;
  attributes: { type: string; name: string; value: string | { type: string; value: string } }[];
  children: [];
  position: { start: { line: number; column: number } };
}

function element(name: string, attributes: Record<string, string | { type: string; value: string }>): TestNode {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: Object.entries(attributes).map(([key, value]) => ({ type: 'mdxJsxAttribute', name: key, value })),
    children: [],
    position: { start: { line: 12, column: 1 } },
  };
}

function run(node: TestNode) {
  remarkSpecComponents({ specsDistDir: distDir })({ type: 'root', children: [node] }, { path: join(process.cwd(), 'docs/guide.mdx') });
  const data = node.attributes.find((a) => a.name === 'data')?.value;
  return JSON.parse(String(data)) as Record<string, unknown>;
}

describe('remarkSpecComponents', () => {
  it('injects the resolved field tree of a named schema into SchemaFields', () => {
    const data = run(element('SchemaFields', { spec: 'dsp', schema: 'Holiday' }));
    expect(data.root).toMatchObject({ ref: 'Holiday', properties: [{ name: 'date', required: true, type: 'string' }] });
  });

  it('accepts a JSON pointer and an expression depth', () => {
    const data = run(
      element('SchemaFields', { spec: 'dsp', pointer: '/components/schemas/Tax', depth: { type: 'mdxJsxAttributeValueExpression', value: '1' } }),
    );
    expect(data.root).toMatchObject({ properties: [{ name: 'rate', type: 'number' }] });
  });

  it('injects a named example with its summary as the title into SpecExample', () => {
    const data = run(element('SpecExample', { spec: 'dsp', example: 'ChristmasHoliday' }));
    expect(data).toEqual({ title: 'Christmas', code: JSON.stringify({ date: '12-25' }, null, 2) });
  });

  it('fails naming the file, the spec, the missing schema and close matches', () => {
    expect(() => run(element('SchemaFields', { spec: 'dsp', schema: 'Holidays' }))).toThrow(
      'docs/guide.mdx:12: <SchemaFields spec="dsp" schema="Holidays" />: Schema "Holidays" does not exist in the dsp spec. Did you mean: Holiday?',
    );
  });

  it('fails on a missing example with close matches', () => {
    expect(() => run(element('SpecExample', { spec: 'dsp', example: 'Christmas' }))).toThrow(
      'Example "Christmas" does not exist in the dsp spec. Did you mean: ChristmasHoliday?',
    );
  });

  it('fails on a spec that is not one of the four', () => {
    expect(() => run(element('SchemaFields', { spec: 'dps', schema: 'Holiday' }))).toThrow(
      'spec="dps" is not one of the specs (partner, dsp, pos, events). Did you mean: dsp?',
    );
  });

  it('tells the author to bundle the specs when the bundle is missing', () => {
    expect(() => run(element('SchemaFields', { spec: 'pos', schema: 'Holiday' }))).toThrow('Run npm run specs:bundle');
  });
});
