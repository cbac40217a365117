import { admonitionTitleToDirectiveLabel, escapeMarkdownHeadingIds, unwrapMdxCodeBlocks } from '@docusaurus/utils';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { schemaFieldsData, specExampleData } from '../../src/lib/openapi/guideData';
import { errorAnswersData } from '../../src/lib/openapi/errorAnswers';
import { valueRelationsData } from '../../src/lib/openapi/relations';
import type { OpenApiDocument } from '../../src/lib/openapi/types';
import { fieldTable } from './markdownText';
import { refusalMarkdown } from '../../../packages/cli/src/send-command-refusals';
import { SEND_COMMAND_COMPONENT, sendShell } from '../remark-send-command';
import { catalogueChanges, requirementRows } from '../../src/lib/requirements';

/**
 * Turns a guide's MDX source into plain Markdown: the author's Markdown is copied as written, and
 * only what a Markdown reader cannot use is replaced. `import`/`export` lines and JS expressions
 * go; `<SchemaFields>` becomes a field table, `<SpecExample>` a JSON block and `<ValueRelations>` a list, all from the
 * bundled specs exactly as the page renders them; `<Tabs>` become labelled sections; admonitions
 * become quotes; `<RequirementList>` becomes the requirement table and `<RequirementChanges>` the
 * catalogue's version and changelog; build-only code-fence
 * annotations (`validate="..."`, `sample="..."`) go; a heading id becomes an `<a id>` anchor
 * above the heading, so every `#id` link still lands; other JSX wrappers are dropped, keeping
 * their content. A component this does not know fails, so no content silently disappears.
 */

interface Position {
  start: { offset?: number };
  end: { offset?: number };
}

interface Attribute {
  type: string;
  name?: string;
  value?: unknown;
}

interface Node {
  type: string;
  name?: string | null;
  meta?: string | null;
  depth?: number;
  url?: string;
  attributes?: Attribute[];
  children?: Node[];
  data?: { directiveLabel?: boolean };
  position?: Position;
}

export interface GuideContext {
  /** The bundled spec `<SchemaFields>` and `<SpecExample>` read (`spec="dsp"`). */
  spec(api: string): OpenApiDocument;
  /** Label and absolute page URL of a spec's API reference, for the line above a field table. */
  reference(api: string): { label: string; url: string } | undefined;
  /** A link target as written in the guide, rewritten for the copy; undefined keeps it. */
  link(url: string): string | undefined;
  /** The generated change list of a contract release (`<ContractChanges>`), as Markdown. */
  changes?(api: string, version: string): string;
}

export interface GuideMarkdown {
  /** The page's h1: the guide's own `#` heading, else the front matter title. */
  title: string;
  markdown: string;
}

// The classic theme's admonition keywords, which Docusaurus parses as container directives.
const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important', 'secondary', 'success'];
const DROPPED = new Set(['yaml', 'toml', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression']);
const JSX = new Set(['mdxJsxFlowElement', 'mdxJsxTextElement']);


function attribute(node: Node, name: string): string | undefined {
  const found = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function guideMarkdown(rawSource: string, frontMatterTitle: string, description: string | undefined, context: GuideContext): GuideMarkdown {
  // The same preprocessing Docusaurus applies before MDX sees the file, so offsets and syntax agree.
  const source = admonitionTitleToDirectiveLabel(escapeMarkdownHeadingIds(unwrapMdxCodeBlocks(rawSource)), ADMONITIONS);
  const tree = unified().use(remarkParse).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkMdx).use(remarkGfm).use(remarkDirective).parse(source) as Node;

  const start = (node: Node) => node.position?.start.offset ?? 0;
  const end = (node: Node) => node.position?.end.offset ?? 0;
  const slice = (node: Node) => source.slice(start(node), end(node));

  const rewritable = (node: Node) => (node.type === 'link' || node.type === 'definition') && node.url !== undefined && context.link(node.url) !== undefined;
  // The h1 is written from the title above the description, so the body leaves it out.
  const omitted = new Set<Node>();
  const annotatedCode = (node: Node) => node.type === 'code' && typeof node.meta === 'string' && node.meta.trim() !== '';
  const special = (node: Node): boolean =>
    omitted.has(node) ||
    DROPPED.has(node.type) || JSX.has(node.type) || node.type === 'containerDirective' || rewritable(node) || annotatedCode(node) || (node.children ?? []).some(special);

  /** The source from `from` to `to`, with every special child in between rendered instead. */
  function splice(children: Node[], from: number, to: number): string {
    let out = '';
    let cursor = from;
    for (const child of children) {
      out += source.slice(cursor, start(child)) + render(child);
      cursor = end(child);
    }
    return out + source.slice(cursor, to);
  }

  /** The content of a container (JSX element, directive) without its opening and closing syntax. */
  function inner(children: Node[]): string {
    if (children.length === 0) return '';
    return splice(children, start(children[0]), end(children[children.length - 1]));
  }

  function render(node: Node): string {
    if (!special(node)) return slice(node);
    if (DROPPED.has(node.type) || omitted.has(node)) return '';
    if (rewritable(node) && node.url !== undefined) {
      const text = slice(node);
      const at = text.lastIndexOf(node.url);
      return at < 0 ? text : `${text.slice(0, at)}${context.link(node.url) ?? node.url}${text.slice(at + node.url.length)}`;
    }
    // A fence's meta (validate="pos:Schema", sample="pos") is for the build and the tests, not the reader.
    if (annotatedCode(node)) return slice(node).replace(/^([ \t]*(?:`{3,}|~{3,})[^\s`~]*)[^\n]*/, '$1');
    if (JSX.has(node.type)) return renderJsx(node);
    if (node.type === 'containerDirective') return renderAdmonition(node);
    return splice(node.children ?? [], start(node), end(node));
  }

  function renderJsx(node: Node): string {
    const children = node.children ?? [];
    if (node.name === 'SchemaFields') {
      const api = attribute(node, 'spec') ?? '';
      const schema = attribute(node, 'schema');
      const pointer = attribute(node, 'pointer');
      const depthText = attribute(node, 'depth');
      const data = schemaFieldsData(context.spec(api), api, { schema, pointer, depth: depthText === undefined ? undefined : Number(depthText) });
      const reference = context.reference(api);
      const where = reference ? ` in the [${reference.label} reference](${reference.url}${schema ? `#schema/${schema}` : ''})` : '';
      return `Fields of ${schema ? `\`${schema}\`` : `the schema at \`${pointer ?? ''}\``}${where}:\n\n${fieldTable(data.root)}`;
    }
    if (node.name === 'SpecExample') {
      const api = attribute(node, 'spec') ?? '';
      const example = specExampleData(context.spec(api), api, attribute(node, 'example') ?? '');
      return `**${attribute(node, 'title') ?? example.title}**\n\n\`\`\`json\n${example.code}\n\`\`\``;
    }
    if (node.name === 'ValueRelations') {
      const api = attribute(node, 'spec') ?? '';
      const ids = (attribute(node, 'requirements') ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '');
      const link = (url: string) => context.link(url) ?? url;
      return valueRelationsData(context.spec(api), api, ids)
        .rows.map((row) => `- <a id="${row.requirement.toLowerCase()}"></a>[\`${row.requirement}\`](${link(`/docs/become-a-stream-integration/certification#${row.requirement.toLowerCase()}`)}) ${row.statement} Applies to ${row.where}. In the contract: ${row.rule}.`)
        .join('\n');
    }
    if (node.name === 'ErrorAnswers') {
      const api = attribute(node, 'spec') ?? '';
      const data = errorAnswersData(context.spec(api), api, attribute(node, 'operation') ?? '');
      const codes = (row: (typeof data.rows)[number]) =>
        row.codes.map((code) => { const rules = row.rules.filter((entry) => entry.code === code).map((entry) => `\`${entry.rule}\``); return `\`${code}\`${rules.length > 0 ? ` (${rules.join(', ')})` : ''}`; }).join(', ');
      return ['| Stream answers | Codes | When |', '| --- | --- | --- |', ...data.rows.map((row) => `| \`${row.status}\` | ${codes(row)} | ${row.description.replace(/\s+/g, ' ').replace(/\|/g, '\\|')} |`)].join('\n');
    }
    if (node.name === 'ContractChanges' && context.changes) {
      return context.changes(attribute(node, 'api') ?? '', attribute(node, 'version') ?? '');
    }
    if (node.name === 'Tabs') {
      return children
        .filter((child) => JSX.has(child.type) && child.name === 'TabItem')
        .map((item) => `**${attribute(item, 'label') ?? attribute(item, 'value') ?? 'Tab'}**\n\n${inner(item.children ?? []).trim()}`)
        .join('\n\n');
    }
    if (node.name === 'RequirementList') return requirementTable(attribute(node, 'audience') ?? '', attribute(node, 'via'));
    if (node.name === 'RequirementChanges') return changesTable();
    if (node.name === 'ThemedImage') {
      // `sources={{ light: useBaseUrl('/img/…'), dark: … }}`: the copy shows the light image.
      const sources = node.attributes?.find((a) => a.name === 'sources')?.value;
      const expression = typeof sources === 'object' && sources !== null ? String((sources as { value?: unknown }).value ?? '') : '';
      const light = /light:\s*(?:useBaseUrl\()?['"]([^'"]+)['"]/.exec(expression)?.[1];
      if (light === undefined) throw new Error('<ThemedImage> needs sources={{ light: useBaseUrl(\'/img/…\'), … }} for its Markdown copy.');
      return `![${attribute(node, 'alt') ?? ''}](${context.link(light) ?? light})`;
    }
    if (node.name === SEND_COMMAND_COMPONENT) return refusalMarkdown(sendShell(node));
    if (node.name === 'br') return '\n';
    if (node.name && /^[A-Z]/.test(node.name)) throw new Error(`<${node.name}> has no Markdown rendering: add one to site/plugins/llms/guideMarkdown.ts so the Markdown copy keeps its content.`);
    return inner(children);
  }

  /** The same rows RequirementList renders, as a Markdown table with an anchor per requirement. */
  function requirementTable(audience: string, via: string | undefined): string {
    const link = (url: string) => context.link(url) ?? url;
    const cell = (text: string) => text.replace(/\|/g, '\\|');
    const rows = requirementRows(audience, via).map(({ requirement, contract }) => {
      const sandbox = requirement.via === 'sandbox' ? ' (your server sends it; checked through the sandbox)' : '';
      return `| <a id="${requirement.id.toLowerCase()}"></a>\`${requirement.id}\` | ${requirement.severity} | [${cell(requirement.title)}](${link(requirement.guide)})${sandbox} | [\`${contract.label}\`](${link(contract.to)}) |`;
    });
    return ['| Requirement | Severity | What certify checks | Contract |', '| --- | --- | --- | --- |', ...rows].join('\n');
  }

  /** The same version and changelog RequirementChanges renders. */
  function changesTable(): string {
    const { version, published, noticeDays, changes } = catalogueChanges();
    const first = published.at(-1)!;
    const cell = (text: string) => text.replace(/\|/g, '\\|');
    const rows = changes.map((change) => `| ${change.version} | ${change.announced} | ${change.effective} | **${change.kind}**: ${cell(change.summary)} | ${change.ids.map((id) => `[\`${id}\`](#${id.toLowerCase()})`).join(', ')} |`);
    return [
      `Current catalogue: **version ${version}**. A new or tightened \`must\` takes effect ${noticeDays} days after it is announced: until then it is a warning naming that date for a partner certified under an earlier catalogue (\`--certified-under\`), and a failure for a new integration. A relaxed rule takes effect at once.`,
      '',
      '| Version | Announced | Fails from | Change | Requirements |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
      '',
      `Published versions, the only ones \`--certified-under\` accepts: ${published.map((entry) => `${entry.version} (${entry.day})`).join(', ')}. Version ${first.version} is the first catalogue: every requirement no row above names was in force from it.`,
    ].join('\n');
  }

  function renderAdmonition(node: Node): string {
    const children = node.children ?? [];
    const label = children.find((child) => child.data?.directiveLabel);
    const body = inner(children.filter((child) => child !== label)).trim();
    const kind = capitalise(node.name ?? 'note');
    const heading = label ? `**${kind}: ${inner(label.children ?? []).trim()}**` : `**${kind}**`;
    return [heading, '', ...body.split('\n')].map((line) => (line === '' ? '>' : `> ${line}`)).join('\n');
  }

  const children = tree.children ?? [];
  const h1 = children.find((child) => child.type === 'heading' && child.depth === 1);
  const title = h1 ? stripHeadingId(inner(h1.children ?? [])).replace(/\\(.)/g, '$1').trim() : frontMatterTitle;
  if (h1) omitted.add(h1);
  const body = splice(children, 0, source.length);
  const header = [`# ${title}`, ...(description ? [`> ${description.replace(/\s*\n\s*/g, ' ')}`] : [])].join('\n\n');
  return { title, markdown: `${header}\n\n${tidy(body)}\n` };
}

/** `Verify a signature \{#verify-a-signature\}` (escaped by Docusaurus) or `{#id}`, without the id. */
function stripHeadingId(heading: string): string {
  return heading.replace(/\s*\\?\{#[^}\\]*\\?\}\s*$/, '');
}

/**
 * Moves each heading id outside code fences into an `<a id>` anchor above its heading, so links to
 * `#id` resolve in the copy too, and collapses the blank lines the rewriting leaves.
 */
function tidy(markdown: string): string {
  let fence: string | undefined;
  const lines = markdown.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) fence = fence ? undefined : marker;
    if (fence || !/^#{1,6}\s/.test(line)) return line;
    const id = /\\?\{#([^}\\]*)\\?\}\s*$/.exec(line)?.[1];
    return id ? `<a id="${id}"></a>\n\n${stripHeadingId(line)}` : line;
  });
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
