import { enumKey, type SchemaNode } from '../../src/lib/openapi/schemaTree';
import type { JsonValue } from '../../src/lib/openapi/types';

/**
 * Adapters from the site's OpenAPI model (src/lib/openapi) to Markdown. The model carries
 * descriptions as HTML, rendered by micromark from the specs' CommonMark, so they are turned back
 * into Markdown here; only the few elements micromark writes for these descriptions occur.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Decodes the character references micromark and React write. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}

/** Micromark's HTML of a spec description, back to Markdown. */
export function htmlToMarkdown(html: string | undefined): string {
  if (!html) return '';
  return decodeEntities(
    html
      .replace(/<pre><code(?: class="language-([^"]*)")?>([\s\S]*?)<\/code><\/pre>/g, (_m, lang: string | undefined, code: string) => `\n\`\`\`${lang ?? ''}\n${code.replace(/\n$/, '')}\n\`\`\`\n`)
      .replace(/<code>([\s\S]*?)<\/code>/g, '`$1`')
      .replace(/<\/?strong>/g, '**')
      .replace(/<\/?em>/g, '_')
      .replace(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, '[$2]($1)')
      .replace(/<li>/g, '- ')
      .replace(/<\/li>/g, '\n')
      .replace(/<br\s*\/?>/g, '\n')
      .replace(/<\/p>/g, '\n\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One line of Markdown for a table cell: no line breaks, no unescaped pipes. */
export function cell(markdown: string): string {
  return markdown.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
}

function literal(value: JsonValue | undefined): string {
  return `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
}

/** As the reference page labels a type: a schema with options and no type of its own is `oneOf`/`anyOf`. */
function typeLabel(node: SchemaNode): string {
  let label = node.type || node.variants?.keyword || 'any';
  if (node.items) label = `array of ${typeLabel(node.items)}`;
  else if (node.ref) label = `${label} (${node.ref})`;
  return label;
}

function notes(node: SchemaNode): string {
  const parts: string[] = [];
  const description = htmlToMarkdown(node.description);
  if (description) parts.push(description);
  if (node.deprecated) parts.push('Deprecated.');
  if (node.allOf?.length) parts.push(`All of ${node.allOf.map((name) => `\`${name}\``).join(', ')}.`);
  if (node.rules?.length) parts.push(`Rules: ${node.rules.map((rule) => htmlToMarkdown(rule)).join(' ')}`);
  if (node.readOnly) parts.push('Read-only.');
  if (node.writeOnly) parts.push('Write-only.');
  const values = node.enum ?? node.items?.enum;
  const meanings = node.enumDescriptions ?? node.items?.enumDescriptions ?? {};
  if (values) {
    const described = values.map((value) => {
      const meaning = meanings[enumKey(value)];
      return meaning ? `${literal(value)} (${htmlToMarkdown(meaning).replace(/\.$/, '')})` : literal(value);
    });
    parts.push(`One of: ${described.join(', ')}.`);
  }
  if (node.const !== undefined) parts.push(`Always ${literal(node.const)}.`);
  if (node.default !== undefined) parts.push(`Default ${literal(node.default)}.`);
  if (node.example !== undefined) parts.push(`Example ${literal(node.example)}.`);
  if (node.constraints?.length) parts.push(`Constraints: ${node.constraints.map((c) => `\`${c}\``).join(', ')}.`);
  const target = node.ref ?? node.items?.ref;
  if ((node.collapsed || node.cycle || node.items?.collapsed || node.items?.cycle) && target) parts.push(`Fields: see schema \`${target}\`.`);
  return cell(parts.join(' '));
}

interface Row {
  name: string;
  node: SchemaNode;
  /** A oneOf/anyOf option rather than a field: it has no "required". */
  option?: boolean;
}

function optionLabel(option: SchemaNode, discriminator: string | undefined): string {
  return option.match !== undefined ? `${option.title} (${discriminator} = ${option.match})` : (option.title ?? '');
}

function collect(node: SchemaNode, prefix: string, rows: Row[]): void {
  const fields = node.items && !node.properties ? node.items : node;
  const path = fields === node ? prefix : `${prefix}[]`;
  for (const property of fields.properties ?? []) {
    const name = path ? `${path}.${property.name ?? ''}` : (property.name ?? '');
    rows.push({ name, node: property });
    collect(property, name, rows);
  }
  if (fields.additionalProperties) {
    const name = path ? `${path}.*` : '*';
    rows.push({ name, node: fields.additionalProperties });
    collect(fields.additionalProperties, name, rows);
  }
  for (const option of fields.variants?.options ?? []) {
    const label = optionLabel(option, fields.variants?.discriminator);
    const name = path ? `${path} [${label}]` : `[${label}]`;
    rows.push({ name, node: option, option: true });
    collect(option, name, rows);
  }
}

/** The sentence that introduces a schema's options, as the reference page words it. */
function variantsIntro(node: SchemaNode): string {
  const variants = node.variants;
  if (!variants) return '';
  const how = variants.discriminator ? `, chosen by \`${variants.discriminator}\`` : '';
  const options = variants.options.map((option) => `\`${optionLabel(option, variants.discriminator)}\``).join(', ');
  return `${variants.keyword === 'oneOf' ? 'Exactly one' : 'Any'} of these ${variants.options.length} shapes${how}: ${options}; each option's fields are the rows under its name in brackets.`;
}

export interface FieldTableOptions {
  /** Describe the root (type and facts) above the fields; false for a parameter list. Default true. */
  root?: boolean;
}

/**
 * A schema as a Markdown field table, nested fields as dotted paths (`items[].price`) and
 * oneOf/anyOf options in brackets. A schema with no fields is described in one line.
 */
export function fieldTable(root: SchemaNode, options: FieldTableOptions = {}): string {
  const rows: Row[] = [];
  const target = root.items && !root.properties ? root.items : root;
  collect(root, '', rows);
  const summary = options.root === false ? '' : [`Type: ${typeLabel(root)}.`, notes(root)].filter(Boolean).join(' ');
  const intro = [summary, variantsIntro(target)].filter(Boolean).join(' ');
  if (rows.length === 0) return intro;
  const lines = ['| Field | Type | Required | Description |', '| --- | --- | --- | --- |'];
  for (const { name, node, option } of rows) {
    lines.push(`| \`${cell(name)}\` | ${cell(typeLabel(node))} | ${option ? 'option' : node.required ? 'yes' : 'no'} | ${notes(node)} |`);
  }
  return intro ? `${intro}\n\n${lines.join('\n')}` : lines.join('\n');
}
