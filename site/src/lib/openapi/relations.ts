import { deref } from './refs';
import { isObject, type OpenApiDocument } from './types';

/** One `x-stream-relations` entry of a bundled spec, as a guide shows it. */
export interface RelationRow {
  requirement: string;
  statement: string;
  /** Where it applies: `POST /stream-pos/v1/token → 201`, or every JSON answer. */
  where: string;
  /** The machine form, in words: `$response.body#/id equals $response.body#/id of the first answer`. */
  rule: string;
}

/** What `<ValueRelations>` receives, serialised into its `data` attribute at build time. */
export interface ValueRelationsData {
  rows: RelationRow[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function ruleText(entry: Record<string, unknown>): string {
  const value = `\`${String(entry.value)}\``;
  if (typeof entry.mediaType === 'string') return `${value} names the media type \`${entry.mediaType}\` (parameters allowed)`;
  if (typeof entry.listed === 'string') return `${value} is one of the codes the answered response lists in \`${entry.listed}\`, spelled exactly`;
  if (entry.of === 'first-answer') return `${value} equals \`${String(entry.equals)}\` of the first success answer`;
  return `${value} equals \`${String(entry.equals)}\` of the same exchange`;
}

function collect(list: unknown, where: string, rows: RelationRow[]): void {
  if (!Array.isArray(list)) return;
  for (const entry of list) {
    if (!isObject(entry)) continue;
    // A listed-codes relation covers only the answers that list codes, wherever it is stated.
    const covered = typeof entry.listed === 'string' ? `every error answer that lists its codes in \`${entry.listed}\`` : where;
    rows.push({ requirement: String(entry.requirement), statement: String(entry.statement), where: covered, rule: ruleText(entry) });
  }
}

function operationRows(doc: OpenApiDocument, label: string, operation: unknown, rows: RelationRow[]): void {
  if (!isObject(operation) || !isObject(operation.responses)) return;
  for (const [status, response] of Object.entries(operation.responses)) {
    collect(deref(doc, response)?.['x-stream-relations'], `${label} → ${status}`, rows);
  }
}

/** Every relation a spec states, in spec order: contract-wide, then paths, then webhooks. */
export function allRelations(doc: OpenApiDocument): RelationRow[] {
  const rows: RelationRow[] = [];
  collect((doc as Record<string, unknown>)['x-stream-relations'], 'every answer the contract gives as JSON', rows);
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) operationRows(doc, `${method.toUpperCase()} ${path}`, item[method], rows);
  }
  for (const [name, item] of Object.entries(doc.webhooks ?? {})) {
    for (const method of METHODS) operationRows(doc, `${name} event`, item[method], rows);
  }
  return rows;
}

/**
 * The relations of the given requirements, each listed once with every place that states it. An
 * id the spec does not state is an error, so a guide cannot promise a rule the contract lacks.
 */
export function valueRelationsData(doc: OpenApiDocument, api: string, ids: readonly string[]): ValueRelationsData {
  const all = allRelations(doc);
  const rows: RelationRow[] = [];
  for (const id of ids) {
    const matching = all.filter((row) => row.requirement === id);
    if (matching.length === 0) {
      const known = [...new Set(all.map((row) => row.requirement))].join(', ');
      throw new Error(`The ${api} spec states no x-stream-relations for ${id}. It states: ${known || 'none'}.`);
    }
    rows.push({ ...matching[0]!, where: [...new Set(matching.map((row) => row.where))].join('; ') });
  }
  return { rows };
}
