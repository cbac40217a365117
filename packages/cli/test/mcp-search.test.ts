// search_docs against what partners actually type: each question, in their own words, must put the
// section that answers it in the first three results. How fast it searches is npm run bench's job
// (`npm run bench -- --only=mcp` prints the latency against its budget), not a timed test's.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus, type Corpus } from '../src/mcp/corpus.js';
import { searchDocs } from '../src/mcp/search.js';
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

  it('answers a question with no match in the docs with no results, not an error', () => {
    expect(searchDocs({ index: corpus.index, entries: corpus.entries, query: 'zzqx vvkw' })).toEqual([]);
  });
});
