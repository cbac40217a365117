// Documentation search for `search_docs`: MiniSearch over guide sections, API operations, events
// and schemas. The corpus script builds the index with these options and the server loads it, so
// both must read them from here. Partners ask in their own words; a short synonym table maps those
// words to the ones the docs use before the query runs.
import MiniSearch, { type Options, type SearchResult } from 'minisearch';

export type EntryKind = 'section' | 'operation' | 'webhook' | 'schema';
export type DocAudience = 'pos' | 'dsp' | 'events' | 'partner' | 'general';
export const DOC_AUDIENCES: readonly DocAudience[] = ['pos', 'dsp', 'events', 'partner', 'general'];

/** One page of the corpus: a guide or an API reference, as its Markdown copy. */
export interface CorpusPage {
  /** Site path without `.md`: `/docs/intro`, `/api/become-a-pos`, `/api` for the partner API. */
  readonly path: string;
  readonly title: string;
  readonly description: string;
  readonly audience: DocAudience;
  readonly markdown: string;
}

export interface SearchEntry {
  readonly id: number;
  readonly kind: EntryKind;
  readonly title: string;
  /** The page's title, for a section; the contract's, for an API entry. */
  readonly page: string;
  /** Site path with anchor: `/docs/authenticating/implementing-hmac-webhook-authentication#verify-a-signature`. */
  readonly path: string;
  readonly audience: DocAudience;
  /** Exact names worth matching whole: operationIds, event types, paths, schema names. */
  readonly keywords: string;
  readonly text: string;
}

const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from get has have how i if in into is it its me my of on or our should so that the their them then there this to up was we what when where which who why will with you your'.split(' '),
);

export const SEARCH_OPTIONS: Options<SearchEntry> = {
  fields: ['title', 'page', 'keywords', 'text'],
  storeFields: ['kind', 'title', 'path', 'audience'],
  processTerm: (term) => {
    const lower = term.toLowerCase();
    return STOP_WORDS.has(lower) ? null : lower;
  },
  // Typo tolerance and prefixes only on longer words: on short ones they match half the index and cost the most time.
  searchOptions: { boost: { title: 4, keywords: 3, page: 1.5, text: 1 }, prefix: (term) => term.length >= 4, fuzzy: (term) => (term.length >= 6 ? 0.2 : false), combineWith: 'OR' },
};

/** What partners type, and the words the docs use for it. Matched as whole phrases, lower case. */
const SYNONYMS: readonly (readonly [RegExp, string])[] = [
  [/\bwebhook secret|signing secret|shared secret|\bhmac\b|verify (the |a )?(webhook|request)|signature/, 'Stream-Signature signature verify hmac'],
  [/\b(pause|close|closed|closing|reopen|resume)\b.*\b(store|restaurant|location)|\b(store|restaurant|location)\b.*\b(pause|paused|close|closed|busy)\b/, 'location.paused paused location status pause'],
  [/\b(upload|publish|send|push|sync)\b.*\bmenus?\b/, 'menu ingestion publish location.publish'],
  [/\bmenus?\b/, 'catalog menu'],
  [/\b(86|sold out|out of stock|unavailable)\b/, 'availability available catalog object updated'],
  [/\bapi key|access token|bearer|client credentials\b/, 'token client credentials access_token'],
  [/\blog ?in\b|\bsign in\b|\bsingle sign/, 'sso login open stream'],
  [/\b(test|try)\b.*\b(locally|local|my machine|without)|\bmock server|\bsandbox\b|\blaptop\b|\bmy machine\b|\boffline\b/, 'sandbox local test'],
  [/\bgo live\b|\blaunch\b|\bapproval\b|\bapproved\b|\bcertif/, 'certification certify requirements'],
  [/\bretr(y|ies)\b|\bduplicates?\b|\btwice\b|\bdedup/, 'idempotency duplicate duplicates replays event_id deduplicate retries'],
  [/\bprices?\b|\bcents\b|\bmoney\b|\bdecimal/, 'price minor units money'],
  [/\bdriver\b|\bcourier\b|\brider\b/, 'assign driver delivery'],
  [/\bconnect (a |the )?(merchant|restaurant|store)|\bonboard/, 'onboarding merchant authorize oauth'],
  [/\bopening hours|\bstore hours|\bholiday/, 'hours holiday schedule'],
  [/\bnew orders?\b|\breceive (an? )?orders?\b|\bincoming orders?/, 'order.created order accept'],
  [/\bcancel/, 'order.canceled cancel_order canceled'],
  [/\berror codes?|\bwhat .*4\d\d\b/, 'error code status'],
];

/** The query with the docs' words for what the partner typed appended. */
export function expandQuery(query: string): string {
  const lower = query.toLowerCase();
  const extra = SYNONYMS.filter(([pattern]) => pattern.test(lower)).map(([, words]) => words);
  return extra.length === 0 ? query : `${query} ${extra.join(' ')}`;
}

export function buildIndex(entries: readonly SearchEntry[]): MiniSearch<SearchEntry> {
  const index = new MiniSearch<SearchEntry>(SEARCH_OPTIONS);
  index.addAll([...entries]);
  return index;
}

export function loadIndex(json: string): MiniSearch<SearchEntry> {
  return MiniSearch.loadJSON<SearchEntry>(json, SEARCH_OPTIONS);
}

export interface SearchHit {
  readonly kind: EntryKind;
  readonly title: string;
  readonly path: string;
  readonly audience: DocAudience;
  readonly score: number;
  readonly snippet: string;
}

/** About 200 characters of the entry's text around the first term the query matched. */
export function snippet(text: string, terms: readonly string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  const at = terms.map((term) => lower.indexOf(term)).filter((index) => index >= 0).sort((a, b) => a - b)[0] ?? 0;
  const start = Math.max(0, at - 60);
  const cut = flat.slice(start, start + 200);
  return `${start > 0 ? '…' : ''}${cut}${start + 200 < flat.length ? '…' : ''}`;
}

export interface SearchOptions {
  readonly index: MiniSearch<SearchEntry>;
  readonly entries: readonly SearchEntry[];
  readonly query: string;
  /** Keep entries for this audience and those for everyone. */
  readonly audience?: DocAudience;
  readonly limit?: number;
}

/**
 * The most distinct words of a query that are searched. A partner's question has a handful; each word
 * is looked up with its prefixes and typos, so 500 characters of common words ("stream order menu ...")
 * cost a tenth of a second or more each time. Past this many the rest are left out, and said so.
 */
export const QUERY_TERMS_LIMIT = 12;

/** The words of `query` that count (stop words dropped), each once, and the query cut after the last one kept. */
export function queryTerms(query: string): { terms: string[]; distinct: number; kept: string } {
  const terms: string[] = [];
  const seen = new Set<string>();
  let keptEnd = query.length;
  // The default tokenizer's split: runs of anything but spaces, line breaks and punctuation.
  for (const match of query.matchAll(/[^\n\r\p{Z}\p{P}]+/gu)) {
    const term = SEARCH_OPTIONS.processTerm!(match[0]);
    if (typeof term !== 'string' || seen.has(term)) continue;
    seen.add(term);
    if (terms.length < QUERY_TERMS_LIMIT) {
      terms.push(term);
      keptEnd = match.index + match[0].length;
    } else if (keptEnd === query.length) keptEnd = match.index;
  }
  return { terms, distinct: seen.size, kept: seen.size > QUERY_TERMS_LIMIT ? query.slice(0, keptEnd) : query };
}

export function searchDocs(options: SearchOptions): SearchHit[] {
  const { audience } = options;
  const filter = audience === undefined || audience === 'general' ? undefined : (result: SearchResult) => result.audience === audience || result.audience === 'general';
  // Each distinct word once, at most QUERY_TERMS_LIMIT of them: a word repeated or a long paste costs no more than a question.
  const { terms, kept } = queryTerms(options.query);
  const extra = expandQuery(kept).slice(kept.length).split(/\s+/).filter((word) => word !== '' && !terms.includes(word.toLowerCase()));
  // The partner's own words get prefixes and typo tolerance; the synonyms appended after them match exactly, which keeps long questions fast.
  const own = terms.length;
  const results = options.index.search([...terms, ...new Set(extra)].join(' '), {
    prefix: (term, index) => index < own && term.length >= 4,
    fuzzy: (term, index) => (index < own && term.length >= 6 ? 0.2 : false),
    ...(filter === undefined ? {} : { filter }),
  });
  return results.slice(0, options.limit ?? 8).map((result) => {
    const entry = options.entries[result.id as number];
    return {
      kind: result.kind as EntryKind,
      title: result.title as string,
      path: result.path as string,
      audience: result.audience as DocAudience,
      score: Math.round(result.score * 100) / 100,
      snippet: snippet(entry?.text ?? '', result.terms),
    };
  });
}
