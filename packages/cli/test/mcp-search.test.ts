// search_docs against what partners actually type: each question, in their own words, must put the
// section that answers it in the first three results. How fast it searches is npm run bench's job
// (`npm run bench -- --only=mcp` prints the latency against its budget), not a timed test's.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus, type Corpus } from '../src/mcp/corpus.js';
import { QUERY_TERMS_LIMIT, searchDocs } from '../src/mcp/search.js';
import { ensureCorpus } from './mcp-client.js';
import { QUESTIONS } from './mcp-questions.js';

function answers(path: string, expected: readonly string[]): boolean {
  return expected.some((place) => (place.includes('#') ? path === place : path === place || path.startsWith(`${place}#`)));
}

let corpus: Corpus;

beforeAll(() => {
  ensureCorpus();
  corpus = loadCorpus();
});

describe('search_docs', () => {
  for (const [question, expected] of QUESTIONS) {
    it(`puts the answer to "${question}" in the first three results`, () => {
      const top = searchDocs({ index: corpus.index, entries: corpus.entries, query: question, limit: 3 }).map((hit) => hit.path);
      expect(top.some((path) => answers(path, expected)), `top 3: ${top.join(', ')}`).toBe(true);
    });
  }

  it('searches a long query as its first distinct words, each once, so 500 characters of common words cost no more than a question', () => {
    const asked: string[] = [];
    const index = new Proxy(corpus.index, { get: (target, key) => (key === 'search' ? (query: string, options: object) => (asked.push(query), target.search(query, options)) : Reflect.get(target, key)) });
    const words = 'stream order menu send merchant created client type event location token status catalog price';
    const long = `${words} `.repeat(40).slice(0, 500);
    const hits = searchDocs({ index, entries: corpus.entries, query: long });
    const firstWords = words.split(' ').slice(0, QUERY_TERMS_LIMIT).join(' ');
    expect(searchDocs({ index, entries: corpus.entries, query: firstWords })).toEqual(hits);
    // Each asked the same words once (the synonyms of "menu" and "price" after them match exactly).
    expect(asked[0]).toBe(asked[1]);
    expect(asked[0]!.startsWith(`${firstWords} `)).toBe(true);
    expect(asked[0]!.split(' ').filter((word) => word === 'stream')).toHaveLength(1);
    searchDocs({ index, entries: corpus.entries, query: 'stream '.repeat(71) });
    expect(asked[2]).toBe('stream');
  });

  it('answers a question with no match in the docs with no results, not an error', () => {
    expect(searchDocs({ index: corpus.index, entries: corpus.entries, query: 'zzqx vvkw' })).toEqual([]);
  });
});
