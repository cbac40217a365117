import { relative } from 'node:path';
import { API_REFERENCES } from '../src/constants';
import { readBundledSpec } from '../src/lib/openapi/bundledSpecs';
import { schemaFieldsData, specExampleData } from '../src/lib/openapi/guideData';
import { errorAnswersData } from '../src/lib/openapi/errorAnswers';
import { valueRelationsData } from '../src/lib/openapi/relations';
import { hint } from '../src/lib/openapi/suggest';

/**
 * Remark plugin for the guides: finds <SchemaFields>, <SpecExample>, <ValueRelations> and <ErrorAnswers> in MDX, looks the schema
 * or example up in the bundled spec at build time and hands the component only what it renders,
 * as a JSON `data` attribute. Pages never ship a spec; a wrong name fails the build.
 */

export interface Options {
  /** Directory holding `<api>.json`, written by `npm run specs:bundle`. */
  specsDistDir: string;
}

interface Attribute {
  type: string;
  name?: string;
  value?: string | { type: string; value: string } | null;
}

interface Node {
  type: string;
  name?: string | null;
  attributes?: Attribute[];
  children?: Node[];
  position?: { start: { line: number; column: number } };
}

interface File {
  path?: string;
}

const COMPONENTS = new Set(['SchemaFields', 'SpecExample', 'ValueRelations', 'ErrorAnswers']);
const API_NAMES: readonly string[] = API_REFERENCES.map((reference) => reference.spec);

function visit(node: Node, found: Node[]): Node[] {
  if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && COMPONENTS.has(node.name)) {
    found.push(node);
  }
  for (const child of node.children ?? []) visit(child, found);
  return found;
}

function attribute(node: Node, name: string): string | undefined {
  const found = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  if (!found || found.value === undefined || found.value === null) return undefined;
  if (typeof found.value === 'string') return found.value;
  return found.value.value;
}

function literal(node: Node, name: string): string | undefined {
  const found = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  if (found && found.value !== undefined && found.value !== null && typeof found.value !== 'string') {
    throw new Error(`${name} must be a plain string (${name}="…"): it is read at build time.`);
  }
  return attribute(node, name);
}

function build(node: Node, specsDistDir: string): unknown {
  const spec = literal(node, 'spec');
  if (spec === undefined || !API_NAMES.includes(spec)) {
    const suggestion = spec ? ` ${hint(spec, API_NAMES)}` : '';
    throw new Error(`spec="${spec ?? ''}" is not one of the specs (${API_NAMES.join(', ')}).${suggestion}`);
  }
  const doc = readBundledSpec(specsDistDir, spec);
  if (node.name === 'ValueRelations') {
    const ids = (literal(node, 'requirements') ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '');
    if (ids.length === 0) throw new Error('Give the requirement ids: requirements="POS-REL-01,POS-REL-03".');
    return valueRelationsData(doc, spec, ids);
  }
  if (node.name === 'ErrorAnswers') {
    const operation = literal(node, 'operation');
    if (operation === undefined) throw new Error('Give the operation: operation="sendWebhookEvent".');
    return errorAnswersData(doc, spec, operation);
  }
  if (node.name === 'SpecExample') {
    const example = literal(node, 'example');
    if (example === undefined) throw new Error('Give the example name: example="ExampleName".');
    return specExampleData(doc, spec, example);
  }
  const depthText = attribute(node, 'depth');
  const depth = depthText === undefined ? undefined : Number(depthText);
  if (depth !== undefined && !(Number.isInteger(depth) && depth > 0)) {
    throw new Error(`depth must be a positive whole number, got "${depthText}".`);
  }
  return schemaFieldsData(doc, spec, { schema: literal(node, 'schema'), pointer: literal(node, 'pointer'), depth });
}

export default function remarkSpecComponents(options: Options) {
  return (tree: Node, file: File): void => {
    for (const node of visit(tree, [])) {
      let data: unknown;
      try {
        data = build(node, options.specsDistDir);
      } catch (error) {
        const where = `${file.path ? relative(process.cwd(), file.path) : 'an MDX file'}:${node.position?.start.line ?? '?'}`;
        const tag = `<${node.name} ${(node.attributes ?? [])
          .filter((a) => a.name && typeof a.value === 'string')
          .map((a) => `${a.name}="${a.value}"`)
          .join(' ')} />`;
        throw new Error(`${where}: ${tag}: ${(error as Error).message}`);
      }
      node.attributes = (node.attributes ?? []).filter((a) => a.name !== 'data');
      node.attributes.push({ type: 'mdxJsxAttribute', name: 'data', value: JSON.stringify(data) });
    }
  };
}
