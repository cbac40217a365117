// Writes the docs corpus `stream-partner mcp` serves offline (packages/cli/dist/docs/ by default):
// the Markdown copy of every guide and API reference page, made by this plugin's own functions (one
// renderer for the site and the agent), and the search index over their sections, operations,
// events and schemas. packages/cli/scripts/build.mjs runs it:
// `node --import tsx site/plugins/llms/agentCorpus.ts [outDir]`.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { buildIndex, type CorpusPage, type DocAudience, type SearchEntry } from '../../../packages/cli/src/mcp/search';
import { changeListMarkdown } from '../../src/lib/contractReleases';
import { readBundledSpec } from '../../src/lib/openapi/bundledSpecs';
import type { OpenApiDocument } from '../../src/lib/openapi/types';
import { contractChangesData } from '../remark-contract-changes';
import { guideMarkdown, type GuideContext } from './guideMarkdown';
import { referenceMarkdown } from './referenceMarkdown';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const CLI = join(ROOT, 'packages', 'cli');
const DOCS = join(ROOT, 'site', 'docs');
const SPECS_DIST = join(ROOT, 'specs', 'dist');
const SITE_URL = 'https://partners.stream.example';
const REFERENCES = [
  { api: 'partner', path: '/api' },
  { api: 'dsp', path: '/api/become-a-dsp' },
  { api: 'pos', path: '/api/become-a-pos' },
  { api: 'events', path: '/api/integrate-with-events' },
] as const;
const outDir = resolve(process.argv[2] ?? join(CLI, 'dist', 'docs'));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.mdx?$/.test(entry.name) ? [path] : [];
  });
}

/** The page's site path, as Docusaurus routes it: `index.mdx` is its folder's page. */
function sitePath(file: string): string {
  const rel = relative(DOCS, file).replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
  return `/docs/${rel}`.replace(/\/$/, '');
}

function audienceOf(path: string): DocAudience {
  if (/as-a-pos|become-a-pos/.test(path)) return 'pos';
  if (/as-a-dsp|become-a-dsp/.test(path)) return 'dsp';
  if (/stream-events|integrate-with-events/.test(path)) return 'events';
  if (/white-label|^\/api$/.test(path)) return 'partner';
  return 'general';
}

const pages: CorpusPage[] = [];
const entries: SearchEntry[] = [];
const add = (entry: Omit<SearchEntry, 'id'>) => entries.push({ id: entries.length, ...entry });

/** GitHub's heading slug, which Docusaurus also uses for a heading without an explicit id. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** One search entry per heading of a guide's Markdown copy; code fences are text, never headings. */
function sections(page: CorpusPage): void {
  let anchor = '';
  let title = page.title;
  let text: string[] = [];
  let fence: string | undefined;
  let pendingId: string | undefined;
  const flush = () => {
    const body = text.join('\n').trim();
    if (body !== '' || anchor !== '') add({ kind: 'section', title, page: page.title, path: anchor === '' ? page.path : `${page.path}#${anchor}`, audience: page.audience, keywords: '', text: body });
    text = [];
  };
  for (const line of page.markdown.split('\n')) {
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark !== undefined && (fence === undefined || fenceMark.startsWith(fence))) fence = fence === undefined ? fenceMark : undefined;
    const id = fence === undefined ? /^<a id="([^"]+)"><\/a>$/.exec(line.trim())?.[1] : undefined;
    if (id !== undefined) {
      pendingId = id;
      continue;
    }
    const heading = fence === undefined ? /^(#{1,6})\s+(.+?)\s*$/.exec(line) : null;
    if (heading !== null) {
      flush();
      title = heading[2]!.replace(/`/g, '');
      anchor = heading[1] === '#' ? '' : (pendingId ?? slug(title));
      pendingId = undefined;
      continue;
    }
    text.push(line);
  }
  flush();
}

for (const file of files(DOCS)) {
  const source = readFileSync(file, 'utf8');
  const front = (parseYaml(/^---\n([\s\S]*?)\n---\n/.exec(source)?.[1] ?? '') ?? {}) as { title?: string; description?: string; unlisted?: boolean };
  const path = sitePath(file);
  const context: GuideContext = {
    spec: (api) => readBundledSpec(SPECS_DIST, api),
    reference: (api) => {
      const found = REFERENCES.find((reference) => reference.api === api);
      return found === undefined ? undefined : { label: `${api === 'partner' ? 'Partner' : api.toUpperCase()} API`, url: found.path };
    },
    // Links stay site paths, which read_doc takes as they are.
    link: (url) => {
      if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('#')) return undefined;
      if (url.startsWith('/')) return undefined;
      const [target = '', hash = ''] = url.split(/(?=#)/);
      return `${sitePath(resolve(dirname(file), decodeURI(target)))}${hash}`;
    },
    changes: (api, version) => changeListMarkdown(contractChangesData(SPECS_DIST, api, version), (url) => url),
  };
  const { title, markdown } = guideMarkdown(source, front.title ?? '', front.description, context);
  const page: CorpusPage = { path, title, description: front.description ?? '', audience: audienceOf(path), markdown };
  pages.push(page);
  sections(page);
}

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const words = (value: unknown) => (typeof value === 'string' ? value : '');

for (const { api, path } of REFERENCES) {
  const doc = readBundledSpec(SPECS_DIST, api) as OpenApiDocument & Json;
  const title = String((doc.info as Json | undefined)?.title ?? `${api} API`);
  const audience = audienceOf(path);
  const markdown = referenceMarkdown(doc, { api, page: `${SITE_URL}${path}`, yaml: `${SITE_URL}/openapi/${api}.yaml`, json: `${SITE_URL}/openapi/${api}.json` });
  pages.push({ path, title, description: words((doc.info as Json | undefined)?.description).split('\n')[0] ?? '', audience, markdown });
  for (const [kind, group] of [['operation', doc.paths], ['webhook', doc.webhooks]] as const) {
    for (const [route, item] of Object.entries((group ?? {}) as Json)) {
      for (const method of METHODS) {
        const op = (item as Json)[method] as Json | undefined;
        if (op === undefined) continue;
        const id = kind === 'operation' ? String(op.operationId) : route;
        const summary = words(op.summary);
        add({
          kind,
          title: kind === 'operation' ? `${summary || id} (${method.toUpperCase()} ${route})` : `${route}: ${summary}`,
          page: title,
          path: `${path}#${kind}/${id}`,
          audience,
          keywords: [op.operationId, route, method.toUpperCase(), ...((op.tags as string[] | undefined) ?? [])].filter(Boolean).join(' '),
          text: words(op.description) || summary,
        });
      }
    }
  }
  for (const [name, schema] of Object.entries(((doc.components as Json | undefined)?.schemas ?? {}) as Json)) {
    const node = schema as Json;
    const properties = Object.entries((node.properties ?? {}) as Json).map(([key, value]) => `${key}: ${words((value as Json).description)}`);
    add({ kind: 'schema', title: name, page: title, path: `${path}#schema/${name}`, audience, keywords: name, text: [words(node.description), ...properties].join('\n') });
  }
}

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'corpus.json'), JSON.stringify({ pages, entries }));
// The page list alone, so the server can list its resources at start-up without reading every page.
writeFileSync(join(outDir, 'pages.json'), JSON.stringify(pages.map(({ markdown: _markdown, ...page }) => page)));
writeFileSync(join(outDir, 'search-index.json'), JSON.stringify(buildIndex(entries)));
console.log(`wrote the docs corpus to ${relative(process.cwd(), outDir) || '.'}: ${pages.length} pages, ${entries.length} search entries`);
