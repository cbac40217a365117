// The documentation tools and resources: search the docs, read a page's Markdown copy, list the
// certification requirements; every page, the four contracts and the catalogues as resources.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { loadCatalogue } from '../certify/catalogue.js';
import { CliError } from '../errors.js';
import { API_NAMES, loadContract } from '../openapi.js';
import { AUDIENCES } from '../trigger/targets.js';
import { guarded, toolResult } from './context.js';
import { loadCorpus, loadPages, normalisePath } from './corpus.js';
import { DOC_AUDIENCES, QUERY_TERMS_LIMIT, queryTerms, searchDocs } from './search.js';

export const RESOURCE_SCHEME = 'stream-docs://';

export function registerDocTools(server: McpServer): void {
  server.registerTool(
    'search_docs',
    {
      title: 'Search the Stream partner docs',
      description:
        `Search the guides and the four API references (operations, events, schemas) in the partner's own words. Returns ranked results with a site path and anchor to pass to read_doc, and a snippet. The first ${QUERY_TERMS_LIMIT} distinct words are searched (query_cut says when more were left out).`,
      inputSchema: {
        query: z.string().min(1).max(500).describe('what you want to know, in plain words: "how do I verify the webhook signature"'),
        audience: z.enum(DOC_AUDIENCES as [string, ...string[]]).optional().describe('keep results for this integration (pos, dsp, events, partner) and those for everyone'),
        limit: z.number().int().min(1).max(50).optional().describe('how many results (default 8)'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, audience, limit }) =>
      guarded(() => {
        const corpus = loadCorpus();
        const started = performance.now();
        const results = searchDocs({ index: corpus.index, entries: corpus.entries, query, ...(audience === undefined ? {} : { audience: audience as never }), ...(limit === undefined ? {} : { limit }) });
        const ms = Math.round((performance.now() - started) * 10) / 10;
        const lines = results.map((hit, index) => `${index + 1}. ${hit.title} — ${hit.path}`);
        const { terms, distinct, kept } = queryTerms(query);
        const cut = distinct > terms.length ? `Searched the first ${terms.length} distinct words of ${distinct} (up to "${kept.trim()}"): ask in a few words, or search again for the rest.` : undefined;
        const found = results.length === 0 ? `Nothing in the docs matches "${query}". Try other words, or drop the audience filter.` : `${results.length} results for "${query}":\n${lines.join('\n')}`;
        return toolResult(cut === undefined ? found : `${cut}\n${found}`, { query, results, ms, ...(cut === undefined ? {} : { query_cut: cut }) });
      }),
  );

  server.registerTool(
    'read_doc',
    {
      title: 'Read a docs page as Markdown',
      description: 'The Markdown copy of one guide or API reference page, as the site publishes it. Takes a site path from search_docs (an anchor and a .md ending are fine).',
      inputSchema: { path: z.string().min(1).max(500).describe('a site path: /docs/authenticating/implementing-hmac-webhook-authentication, /api/become-a-pos, /docs/intro.md') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ path }) =>
      guarded(() => {
        const corpus = loadCorpus();
        const page = corpus.page(path);
        if (page === undefined) {
          const wanted = normalisePath(path);
          const near = corpus.pages.filter((candidate) => candidate.path.split('/').pop() === wanted.split('/').pop()).map((candidate) => candidate.path);
          throw new CliError('usage', `No page at ${wanted}.${near.length > 0 ? ` Did you mean ${near.join(' or ')}?` : ''} Use search_docs to find a page's path.`);
        }
        // The page itself is the text an agent reads; the structured result carries it too.
        return { content: [{ type: 'text', text: page.markdown }], structuredContent: { path: page.path, title: page.title, audience: page.audience, markdown: page.markdown } };
      }),
  );

  server.registerTool(
    'list_requirements',
    {
      title: 'List the certification requirements',
      description: 'Every requirement certify checks for one integration: its id, level (must or should), what it requires, and the guide section that states it.',
      inputSchema: { audience: z.enum(AUDIENCES as unknown as [string, ...string[]]).describe('pos, dsp or events') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ audience }) =>
      guarded(() => {
        const catalogue = loadCatalogue(audience as (typeof AUDIENCES)[number]);
        const requirements = catalogue.requirements.map((requirement) => ({
          id: requirement.id,
          level: requirement.severity,
          text: requirement.title,
          guide: requirement.guide,
          checked: requirement.via === 'partner' ? 'certify calls your server' : 'your server sends to the sandbox',
          contract: requirement.contract,
        }));
        const must = requirements.filter((requirement) => requirement.level === 'must').length;
        return toolResult(`${catalogue.title}: ${requirements.length} requirements (${must} must, ${requirements.length - must} should).\n${requirements.map((r) => `${r.id} [${r.level}] ${r.text}`).join('\n')}`, { audience, requirements });
      }),
  );
}

export function registerDocResources(server: McpServer): void {
  for (const page of loadPages()) {
    const uri = `${RESOURCE_SCHEME}${page.path === '/api' ? '/api/index' : page.path}.md`;
    server.registerResource(page.path, uri, { title: page.title, ...(page.description === '' ? {} : { description: page.description }), mimeType: 'text/markdown' }, () => ({
      contents: [{ uri, mimeType: 'text/markdown', text: loadCorpus().page(page.path)?.markdown ?? '' }],
    }));
  }
  for (const api of API_NAMES) {
    const uri = `${RESOURCE_SCHEME}/openapi/${api}.json`;
    server.registerResource(`openapi-${api}`, uri, { title: `The ${api} contract (OpenAPI 3.1, bundled)`, mimeType: 'application/json' }, () => ({
      contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(loadContract(api)) }],
    }));
  }
  for (const audience of AUDIENCES) {
    const uri = `${RESOURCE_SCHEME}/requirements/${audience}.json`;
    server.registerResource(`requirements-${audience}`, uri, { title: `The ${audience} certification requirements`, mimeType: 'application/json' }, () => ({
      contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(loadCatalogue(audience)) }],
    }));
  }
}

