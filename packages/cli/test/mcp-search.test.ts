// search_docs against what partners actually type: each question, in their own words, must put the
// section that answers it in the first three results, in under 50 ms.
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
  // One query first, so the timings below measure searching, not the first call's compilation.
  searchDocs({ index: corpus.index, entries: corpus.entries, query: 'warm up' });
});

describe('search_docs', () => {
  for (const [question, expected] of QUESTIONS) {
    it(`puts the answer to "${question}" in the first three results, in under 50 ms`, () => {
      const times: number[] = [];
      let top: string[] = [];
      for (let run = 0; run < 5; run++) {
        const started = performance.now();
        top = searchDocs({ index: corpus.index, entries: corpus.entries, query: question, limit: 3 }).map((hit) => hit.path);
        times.push(performance.now() - started);
      }
      expect(top.some((path) => answers(path, expected)), `top 3: ${top.join(', ')}`).toBe(true);
      // The fastest of five runs is the search's own cost: on a shared machine (CI runners, two cores
      // for several jobs) the others include time spent waiting for a core. npm run bench -- --only=mcp
      // prints the median and p95 as an agent sees them, from the built server.
      expect(Math.min(...times)).toBeLessThan(50);
    });
  }

  it('answers a question with no match in the docs with no results, not an error', () => {
    expect(searchDocs({ index: corpus.index, entries: corpus.entries, query: 'zzqx vvkw' })).toEqual([]);
  });
});
