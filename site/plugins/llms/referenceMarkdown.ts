import { markdownToHtml } from '../../src/lib/openapi/markdown';
import { deref, schemaRef } from '../../src/lib/openapi/refs';
import { buildSchemaTree, type SchemaNode } from '../../src/lib/openapi/schemaTree';
import { isObject, type JsonObject, type JsonValue, type OpenApiDocument } from '../../src/lib/openapi/types';
import { partyName } from '../../src/components/ApiReferenceBody/parties';
import { fieldTable } from './markdownText';

/**
 * One API reference as a single Markdown document, generated from the spec the reference page
 * renders: every operation (method, path, parameters, request body, responses), every webhook and
 * every component schema. Nested component schemas are named, not expanded, because each has its
 * own section under "Schemas"; that keeps the file readable in one pass.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const LOCATIONS: [string, string][] = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
];

export interface ReferenceLinks {
  /** Absolute URL of the rendered reference page. */
  page: string;
  /** Absolute URLs of the downloadable spec. */
  yaml: string;
  json: string;
}

function text(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function tree(doc: OpenApiDocument, schema: unknown): SchemaNode {
  return buildSchemaTree(doc, schema, { linkNestedRefs: true });
}

/** The first sentence-ish paragraph of a description, for the summary line under the title. */
export function firstParagraph(markdown: string | undefined): string | undefined {
  const paragraph = markdown?.trim().split(/\n\s*\n/)[0];
  return paragraph ? paragraph.replace(/\s*\n\s*/g, ' ') : undefined;
}

function parameterTable(doc: OpenApiDocument, parameters: JsonObject[]): string {
  const properties = parameters.map((parameter) => {
    const schema = parameter.schema ?? (isObject(parameter.content) ? deref(doc, Object.values(parameter.content)[0])?.schema : undefined) ?? {};
    const node = tree(doc, schema);
    node.name = String(parameter.name);
    if (parameter.required === true) node.required = true;
    else delete node.required;
    if (parameter.deprecated === true) node.deprecated = true;
    const description = typeof parameter.description === 'string' ? markdownToHtml(parameter.description) : undefined;
    if (description) node.description = description;
    if (parameter.example !== undefined && (parameter.example === null || typeof parameter.example !== 'object')) node.example = parameter.example;
    return node;
  });
  return fieldTable({ type: 'object', properties }).replace(/^Type: object\.\s*/, '');
}

function contentSection(doc: OpenApiDocument, content: JsonValue | undefined): string[] {
  if (!isObject(content)) return [];
  const out: string[] = [];
  for (const [mediaType, raw] of Object.entries(content)) {
    const media = deref(doc, raw) ?? {};
    out.push(`Media type \`${mediaType}\`.`);
    if (media.schema !== undefined) out.push(fieldTable(tree(doc, media.schema)));
  }
  return out;
}

function operationSection(doc: OpenApiDocument, kind: 'operation' | 'webhook', key: string, method: string, pathItem: JsonObject, operation: JsonObject): string {
  const summary = text(operation.summary) ?? text(operation.operationId) ?? `${method.toUpperCase()} ${key}`;
  const out: string[] = [`### ${summary}`];
  const line =
    kind === 'operation'
      ? `\`${method.toUpperCase()} ${key}\`${text(operation.operationId) ? ` · operation ID \`${String(operation.operationId)}\`` : ''}`
      : `Webhook \`${key}\` (\`${method.toUpperCase()}\`)`;
  out.push(line);
  const caller = text(operation['x-caller'] ?? pathItem['x-caller']);
  const host = text(operation['x-host'] ?? pathItem['x-host']);
  if (caller && host) out.push(`${partyName(caller)} calls ${partyName(host)}.`);
  if (operation.deprecated === true) out.push('**Deprecated.**');
  const description = text(operation.description);
  if (description) out.push(description);

  if (kind === 'operation') {
    const security = (Array.isArray(operation.security) ? operation.security : (doc.security ?? [])) as Record<string, string[]>[];
    const schemes = security.map((requirement) => Object.keys(requirement).join(' + ')).filter(Boolean);
    out.push(`**Authentication:** ${schemes.length > 0 ? schemes.map((s) => `\`${s}\``).join(' or ') : 'none'}.`);
  }

  const parameters = [...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []), ...(Array.isArray(operation.parameters) ? operation.parameters : [])]
    .map((raw) => deref(doc, raw))
    .filter((p): p is JsonObject => p !== undefined && typeof p.name === 'string');
  const unique = [...new Map(parameters.map((p) => [`${String(p.in)}:${String(p.name)}`, p])).values()];
  for (const [location, title] of LOCATIONS) {
    const group = unique.filter((p) => p.in === location);
    if (group.length > 0) out.push(`**${title}**`, parameterTable(doc, group));
  }

  const body = deref(doc, operation.requestBody);
  if (body) {
    out.push(`**${kind === 'webhook' ? 'Payload' : 'Request body'}**${body.required === true ? ' (required)' : ''}`);
    const bodyDescription = text(body.description);
    if (bodyDescription) out.push(bodyDescription);
    out.push(...contentSection(doc, body.content));
  }

  const responses = isObject(operation.responses) ? operation.responses : {};
  if (Object.keys(responses).length > 0) out.push('**Responses**');
  for (const [status, raw] of Object.entries(responses)) {
    const response = deref(doc, raw) ?? {};
    out.push(`Response \`${status}\`${text(response.description) ? `: ${text(response.description)}` : ''}`);
    if (isObject(response.headers)) {
      const headers = Object.entries(response.headers).map(([name, header]) => ({ ...(deref(doc, header) ?? {}), name, in: 'header' }) as JsonObject);
      if (headers.length > 0) out.push('Headers:', parameterTable(doc, headers));
    }
    out.push(...contentSection(doc, response.content));
  }
  return out.join('\n\n');
}

export function referenceMarkdown(doc: OpenApiDocument, links: ReferenceLinks): string {
  const title = doc.info?.title ?? 'API reference';
  const out: string[] = [`# ${title}`];
  const summary = firstParagraph(doc.info?.description);
  if (summary) out.push(`> ${summary}`);
  out.push(
    `Version ${doc.info?.version ?? 'unversioned'}. Rendered reference: ${links.page}. OpenAPI document: [YAML](${links.yaml}), [JSON](${links.json}).`,
  );
  // The rest of the description; its first paragraph is the summary line above.
  const rest = text(doc.info?.description)?.split(/\n\s*\n/).slice(1).join('\n\n').trim();
  if (rest) out.push(rest);

  if (doc.servers?.length) {
    out.push('## Servers', doc.servers.map((server) => `- \`${server.url}\`${server.description ? `: ${server.description}` : ''}`).join('\n'));
  }
  const schemes = Object.entries(doc.components?.securitySchemes ?? {});
  if (schemes.length > 0) {
    out.push('## Authentication');
    for (const [name, raw] of schemes) {
      const scheme = deref(doc, raw) ?? {};
      const kind = [scheme.type, scheme.scheme, scheme.bearerFormat, scheme.type === 'apiKey' ? `${String(scheme.in)} ${String(scheme.name)}` : undefined]
        .filter((part) => typeof part === 'string' && part !== '')
        .join(', ');
      out.push(`- **${name}** (${kind})${text(scheme.description) ? `: ${cellless(String(scheme.description))}` : ''}`);
    }
  }

  const tags = new Map<string, { description?: string; sections: string[] }>();
  for (const tag of doc.tags ?? []) tags.set(tag.name, { description: tag.description, sections: [] });
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const pathItem = deref(doc, rawItem) ?? {};
    for (const method of METHODS) {
      const operation = deref(doc, pathItem[method]);
      if (!operation) continue;
      const tag = Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : 'Operations';
      if (!tags.has(tag)) tags.set(tag, { sections: [] });
      tags.get(tag)?.sections.push(operationSection(doc, 'operation', path, method, pathItem, operation));
    }
  }
  for (const [name, tag] of tags) {
    if (tag.sections.length === 0) continue;
    out.push(`## ${name}`);
    if (tag.description?.trim()) out.push(tag.description.trim());
    out.push(...tag.sections);
  }

  const webhooks = Object.entries(doc.webhooks ?? {});
  if (webhooks.length > 0) {
    out.push('## Webhooks');
    for (const [name, rawItem] of webhooks) {
      const pathItem = deref(doc, rawItem) ?? {};
      for (const method of METHODS) {
        const operation = deref(doc, pathItem[method]);
        if (operation) out.push(operationSection(doc, 'webhook', name, method, pathItem, operation));
      }
    }
  }

  const schemas = Object.keys(doc.components?.schemas ?? {});
  if (schemas.length > 0) {
    out.push('## Schemas');
    for (const name of schemas) out.push(`### ${name}`, fieldTable(tree(doc, { $ref: schemaRef(name) })));
  }
  return `${out.join('\n\n')}\n`;
}

/** A multi-paragraph description inside a list item, kept on one line. */
function cellless(markdown: string): string {
  return markdown.trim().replace(/\s*\n\s*/g, ' ');
}
