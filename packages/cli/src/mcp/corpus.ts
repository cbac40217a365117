// The docs corpus the CLI ships in dist/docs/ (written by scripts/docs-corpus.ts at build time):
// every page's Markdown copy and the search index. Read once, on first use.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type MiniSearch from 'minisearch';
import { CliError } from '../errors.js';
import { loadIndex, type CorpusPage, type SearchEntry } from './search.js';

export type { CorpusPage } from './search.js';

export interface Corpus {
  readonly pages: readonly CorpusPage[];
  readonly entries: readonly SearchEntry[];
  readonly index: MiniSearch<SearchEntry>;
  page(path: string): CorpusPage | undefined;
}

const here = dirname(fileURLToPath(import.meta.url));

/** dist/docs beside the bundled cli.js, or packages/cli/dist/docs when running from source. */
export function corpusDir(): string {
  const candidates = [join(here, 'docs'), join(here, '..', '..', 'dist', 'docs')];
  const found = candidates.find((dir) => existsSync(join(dir, 'pages.json')));
  if (found === undefined) {
    throw new CliError('spec_missing', `The docs corpus is missing (looked in ${candidates.join(' and ')}). In the repository, run npm run build -w packages/cli; otherwise reinstall stream-partner.`);
  }
  return found;
}

/** `/docs/intro.md`, `https://partners.stream.example/docs/intro#x`, `docs/intro/` all name `/docs/intro`. */
export function normalisePath(input: string): string {
  let path = input.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  path = path.replace(/[#?].*$/, '').replace(/\.md$/, '').replace(/\/index$/, '').replace(/\/+$/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  return path;
}

export type PageSummary = Omit<CorpusPage, 'markdown'>;

let manifest: readonly PageSummary[] | undefined;

/** Every page's path, title and description: small, read at start-up to list the resources. */
export function loadPages(): readonly PageSummary[] {
  manifest ??= JSON.parse(readFileSync(join(corpusDir(), 'pages.json'), 'utf8')) as PageSummary[];
  return manifest;
}

let loaded: Corpus | undefined;

/** The pages' Markdown and the search index: read on the first search or read, not at start-up. */
export function loadCorpus(): Corpus {
  if (loaded !== undefined) return loaded;
  const dir = corpusDir();
  const data = JSON.parse(readFileSync(join(dir, 'corpus.json'), 'utf8')) as { pages: CorpusPage[]; entries: SearchEntry[] };
  const index = loadIndex(readFileSync(join(dir, 'search-index.json'), 'utf8'));
  const byPath = new Map(data.pages.map((page) => [page.path, page]));
  loaded = { pages: data.pages, entries: data.entries, index, page: (path) => byPath.get(normalisePath(path)) };
  return loaded;
}
