import { buildReferenceModel, type ExampleModel, type MediaModel, type OperationModel, type ReferenceModel } from '../../src/lib/openapi/referenceModel';
import type { OpenApiDocument } from '../../src/lib/openapi/types';
import { partyName, SANDBOX_LINK_NEEDS, sandboxConsoleLink } from '../../src/components/ApiReferenceBody/parties';
import { fieldTable, htmlToMarkdown } from './markdownText';

/**
 * One API reference as a single Markdown document, rendered from the same page model
 * (`buildReferenceModel`) as the HTML reference, so the two show the same things: every
 * operation with its full URL and host, parameters, request body, responses, named examples and
 * request samples; every webhook; every component schema. Operation bodies are expanded as on the
 * page; a component schema names its nested component schemas, which have their own sections.
 */

export interface ReferenceLinks {
  /** Absolute URL of the rendered reference page. */
  page: string;
  /** Absolute URLs of the downloadable spec. */
  yaml: string;
  json: string;
}

const LOCATION_TITLES: Record<string, string> = {
  path: 'Path parameters',
  query: 'Query parameters',
  header: 'Header parameters',
  cookie: 'Cookie parameters',
};

/** The first sentence-ish paragraph of a description, for the summary line under the title. */
export function firstParagraph(markdown: string | undefined): string | undefined {
  const paragraph = markdown?.trim().split(/\n\s*\n/)[0];
  return paragraph ? paragraph.replace(/\s*\n\s*/g, ' ') : undefined;
}

/** A fence longer than any backtick run in the code, so the code cannot close it. */
function fenced(code: string, language: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language === 'markup' ? 'html' : language}\n${code}\n${fence}`;
}

function exampleBlock(example: ExampleModel): string {
  const label = example.generated
    ? 'Example (generated from the schema; the spec names none)'
    : `Example \`${example.name}\`${example.title !== example.name ? `: ${example.title}` : ''}`;
  const description = htmlToMarkdown(example.description);
  return [label, description, fenced(example.code, example.language)].filter(Boolean).join('\n\n');
}

function mediaSection(media: MediaModel): string[] {
  const out = [`Media type \`${media.mediaType}\`.`];
  if (media.schema) out.push(fieldTable(media.schema));
  out.push(...media.examples.map(exampleBlock));
  return out;
}

function security(requirements: string[][]): string {
  const alternatives = requirements.filter((names) => names.length > 0);
  if (alternatives.length === 0) return 'none';
  const text = alternatives.map((names) => names.map((name) => `\`${name}\``).join(' and ')).join(' or ');
  return alternatives.length < requirements.length ? `${text} (optional)` : text;
}

/** The operation's method and full URL, and who calls whom at which host. */
function endpoint(operation: OperationModel): string[] {
  if (operation.kind === 'webhook') return [`Webhook \`${operation.path}\` (\`${operation.method}\`)`];
  const out = [`\`${operation.method} ${operation.baseUrl ?? ''}${operation.path}\` · operation ID \`${operation.id}\``];
  // A partner-hosted URL is the spec's example host; the reader's own host replaces it.
  const where = !operation.baseUrl ? '' : operation.host === 'stream' ? `, at \`${operation.baseUrl}\`` : `, at your own host (\`${operation.baseUrl}\` in the examples)`;
  if (operation.caller && operation.host) out.push(`${partyName(operation.caller)} calls ${partyName(operation.host)}${where}.`);
  else if (operation.baseUrl) out.push(`Host: \`${operation.baseUrl}\`.`);
  return out;
}

function operationSection(operation: OperationModel, api: string): string {
  const webhook = operation.kind === 'webhook';
  const out: string[] = [`### ${operation.summary}`, ...endpoint(operation)];
  if (webhook && operation.caller && operation.host) out.push(`${partyName(operation.caller)} calls ${partyName(operation.host)}.`);
  if (!webhook && operation.host === 'stream') {
    out.push(`Try it in your local sandbox: ${sandboxConsoleLink(api, operation.id)}. ${SANDBOX_LINK_NEEDS}`);
  }
  if (operation.deprecated) out.push('**Deprecated.**');
  const description = htmlToMarkdown(operation.description);
  if (description) out.push(description);
  if (!webhook) out.push(`**Authorization:** ${security(operation.security)}.`);

  for (const group of operation.parameters) {
    out.push(`**${LOCATION_TITLES[group.location] ?? group.location}**`, fieldTable({ type: 'object', properties: group.fields }, { root: false }));
  }
  const body = operation.requestBody;
  if (body) {
    out.push(`**${webhook ? 'Payload' : 'Request body'}**${body.required ? ' (required)' : ''}`);
    const bodyDescription = htmlToMarkdown(body.description);
    if (bodyDescription) out.push(bodyDescription);
    for (const media of body.contents) out.push(...mediaSection(media));
  }
  if (operation.responses.length > 0) out.push('**Responses**');
  for (const response of operation.responses) {
    const responseDescription = htmlToMarkdown(response.description);
    out.push(`Response \`${response.status}\`${responseDescription ? `: ${responseDescription}` : ''}`);
    if (response.errorCodes !== undefined) out.push(`Error codes (\`code\`, spelled exactly): ${response.errorCodes.map((code) => `\`${code}\``).join(', ')}`);
    if (response.headers.length > 0) out.push('Headers:', fieldTable({ type: 'object', properties: response.headers }, { root: false }));
    for (const media of response.contents) out.push(...mediaSection(media));
    if (response.contents.length === 0 && response.headers.length === 0) out.push('No body.');
  }
  if (operation.samples.length > 0) {
    out.push('**Request samples**');
    for (const sample of operation.samples) out.push(`${sample.label}:`, fenced(sample.code, sample.language));
  }
  return out.join('\n\n');
}

/** The Markdown reference of a page model, as the page at `links.page` shows it. */
export function referenceModelMarkdown(model: ReferenceModel, links: ReferenceLinks): string {
  const out: string[] = [`# ${model.title}`];
  const description = htmlToMarkdown(model.description);
  const summary = firstParagraph(description);
  if (summary) out.push(`> ${summary}`);
  out.push(
    `Version ${model.version || 'unversioned'}. Rendered reference: ${links.page}. OpenAPI document: [YAML](${links.yaml}), [JSON](${links.json}).`,
  );
  // The rest of the description; its first paragraph is the summary line above.
  const rest = description.split(/\n\s*\n/).slice(1).join('\n\n').trim();
  if (rest) out.push(rest);

  if (model.servers.length > 0) {
    out.push('## Servers', model.servers.map((server) => `- \`${server.url}\`${server.description ? `: ${server.description}` : ''}`).join('\n'));
  }
  if (model.securitySchemes.length > 0) {
    out.push('## Authentication');
    for (const scheme of model.securitySchemes) {
      const text = htmlToMarkdown(scheme.description).replace(/\s*\n\s*/g, ' ');
      out.push(`- **${scheme.name}** (${scheme.summary})${text ? `: ${text}` : ''}`);
    }
  }
  for (const tag of model.tags) {
    out.push(`## ${tag.name}`);
    const tagDescription = htmlToMarkdown(tag.description);
    if (tagDescription) out.push(tagDescription);
    out.push(...tag.operations.map((operation) => operationSection(operation, model.api)));
  }
  if (model.webhooks.length > 0) out.push('## Webhooks', 'Events delivered as HTTP calls, one entry per event type.', ...model.webhooks.map((operation) => operationSection(operation, model.api)));
  if (model.schemas.length > 0) {
    out.push('## Schemas');
    for (const schema of model.schemas) out.push(`### ${schema.name}`, fieldTable(schema.node));
  }
  return `${out.join('\n\n')}\n`;
}

/** The Markdown reference of one bundled spec (`api` names it: `partner`, `dsp`, `pos`, `events`). */
export function referenceMarkdown(doc: OpenApiDocument, options: ReferenceLinks & { api: string }): string {
  return referenceModelMarkdown(buildReferenceModel(doc, options.api), options);
}
