import { AUDIENCES, AUDIENCE_FILTER, GROUP_META, type AudienceId } from './audiences';

/**
 * The slice of Pagefind's browser API (`pagefind/pagefind.js`, written by the build) the dialog
 * uses. The bundle is not an npm module the site can import: it is fetched at run time, from the
 * built site, the first time a reader opens search.
 */
interface PagefindWeightedLocation {
  weight: number;
  balanced_score: number;
  location: number;
}

interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  anchor?: { element: string; id: string; text?: string };
  weighted_locations?: PagefindWeightedLocation[];
}

interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  sub_results: PagefindSubResult[];
}

interface PagefindResult {
  id: string;
  data(): Promise<PagefindResultData>;
}

type FilterCounts = Record<string, Record<string, number>>;

interface PagefindSearch {
  results: PagefindResult[];
  totalFilters: FilterCounts;
}

export interface Pagefind {
  options(options: { baseUrl?: string; excerptLength?: number }): Promise<void>;
  init(): Promise<void>;
  filters(): Promise<FilterCounts>;
  debouncedSearch(term: string, options?: { filters?: Record<string, string> }, debounceMs?: number): Promise<PagefindSearch | null>;
}

/** One entry of the results list: a section of a page, or the page itself. */
export interface SearchHit {
  id: string;
  url: string;
  title: string;
  /** The page the section belongs to, when the hit is a section. */
  page?: string;
  /** Pagefind's excerpt: escaped text with the matched words in `<mark>`. */
  excerpt: string;
}

export interface SearchGroup {
  audience: AudienceId;
  label: string;
  hits: SearchHit[];
}

export interface SearchOutcome {
  groups: SearchGroup[];
  /** How many results each audience has for this query, whatever filter is chosen. */
  counts: Partial<Record<AudienceId, number>>;
  /** Pages that matched, before the list was cut to its first pages. */
  pages: number;
}

/** Pages whose sections are listed; the rest only count. Pagefind fetches a fragment per page. */
const PAGES_SHOWN = 8;
/** A long page (an API reference) matches in many sections: list its best ones. */
const SECTIONS_PER_PAGE = 3;

let loading: Promise<Pagefind> | undefined;

/** Loads Pagefind from the built site once; a failed load may be retried by opening search again. */
export function loadPagefind(baseUrl: string): Promise<Pagefind> {
  loading ??= (import(/* webpackIgnore: true */ `${baseUrl}pagefind/pagefind.js`) as Promise<Pagefind>)
    .then(async (pagefind) => {
      // Result URLs are indexed without the base URL: Pagefind puts it back.
      await pagefind.options({ baseUrl, excerptLength: 22 });
      await pagefind.init();
      // Loading the filter index once makes every search report its per-audience counts.
      await pagefind.filters();
      return pagefind;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

function score(section: PagefindSubResult): number {
  return (section.weighted_locations ?? []).reduce((sum, location) => sum + location.balanced_score, 0);
}

function isAudience(value: string | undefined): value is AudienceId {
  return AUDIENCES.some((audience) => audience.id === value);
}

function hitsOf(result: PagefindResult, data: PagefindResultData): SearchHit[] {
  const page = data.meta.title ?? data.url;
  // Pagefind lists a page's matching sections in page order; the best-scoring ones come first here.
  const sections = [...data.sub_results].sort((a, b) => score(b) - score(a)).slice(0, SECTIONS_PER_PAGE);
  if (sections.length === 0) return [{ id: result.id, url: data.url, title: page, excerpt: data.excerpt }];
  return sections.map((section, index) => {
    const isPage = !section.url.includes('#') || section.title === page;
    return {
      id: `${result.id}-${index}`,
      url: section.url,
      title: isPage ? page : section.title,
      ...(isPage ? {} : { page }),
      excerpt: section.excerpt,
    };
  });
}

/**
 * Runs one query and groups the hits by audience, groups in the order of their best page.
 * Returns null when a newer query replaced this one before it ran.
 */
export async function search(pagefind: Pagefind, term: string, audience: AudienceId | undefined): Promise<SearchOutcome | null> {
  const found = await pagefind.debouncedSearch(term, audience ? { filters: { [AUDIENCE_FILTER]: audience } } : {}, 150);
  if (!found) return null;
  const shown = await Promise.all(found.results.slice(0, PAGES_SHOWN).map(async (result) => ({ result, data: await result.data() })));
  const groups = new Map<AudienceId, SearchGroup>();
  for (const { result, data } of shown) {
    const group = data.meta[GROUP_META];
    const id: AudienceId = isAudience(group) ? group : 'General';
    if (!groups.has(id)) groups.set(id, { audience: id, label: AUDIENCES.find((a) => a.id === id)?.label ?? id, hits: [] });
    groups.get(id)?.hits.push(...hitsOf(result, data));
  }
  const totals = found.totalFilters[AUDIENCE_FILTER] ?? {};
  const counts: Partial<Record<AudienceId, number>> = {};
  for (const { id } of AUDIENCES) counts[id] = totals[id] ?? 0;
  return { groups: [...groups.values()], counts, pages: found.results.length };
}
