// Every server sample of the guides, in every language it is shown in, assembled from the page's
// own code blocks into a small server and certified: a sample that would fail certify fails here.
import { describe, expect, it } from 'vitest';
import { sampleBlocks } from './extract.js';
import { certify, CREDENTIALS, failures, partnerRequirementIds, startSample } from './run.js';

const LANGUAGES = ['ts', 'python'] as const;

/** Gets a code the way a merchant does: approve the consent form, then read the redirect. */
async function approve(url: string, path: string): Promise<string> {
  const state = `state-${Date.now()}`;
  const form = new URLSearchParams({ client_id: CREDENTIALS.clientId, response_type: 'code', redirect_uri: CREDENTIALS.redirectUri, state });
  const response = await fetch(`${url}${path}`, { method: 'POST', body: form, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const location = response.headers.get('location');
  if (response.status !== 302 || location === null) throw new Error(`approving the consent form answered ${response.status} ${await response.text()}`);
  const target = new URL(location);
  expect(`${target.origin}${target.pathname}`).toBe(CREDENTIALS.redirectUri);
  expect(target.searchParams.get('state')).toBe(state);
  const code = target.searchParams.get('code');
  if (!code) throw new Error(`the redirect ${location} has no code`);
  return code;
}

describe('the guides mark their server samples', () => {
  it('marks TypeScript and Python blocks with sample="<server>"', () => {
    const blocks = sampleBlocks();
    for (const language of LANGUAGES) expect(blocks.filter((block) => block.language === language).length).toBeGreaterThan(0);
  });
});

describe.each(LANGUAGES)('the POS guide samples in %s', (language) => {
  it('pass every POS requirement certify checks against the partner server', { timeout: 120_000 }, async () => {
    const server = await startSample('pos', language, 'pos');
    try {
      const code = await approve(server.url, '/stream-pos/v1/authorize/approve');
      const ids = partnerRequirementIds('pos');
      expect(ids.length).toBeGreaterThan(0);
      const result = await certify('pos', server.url, ids, { code });
      expect(failures(result), server.output()).toEqual([]);
      expect(result.counts.passed).toBe(ids.length);
    } finally {
      await server.close();
    }
  });
});

describe.each(LANGUAGES)('the DSP guide samples in %s', (language) => {
  it('pass every DSP requirement certify checks against the partner server', { timeout: 120_000 }, async () => {
    const server = await startSample('dsp', language, 'dsp');
    try {
      const ids = partnerRequirementIds('dsp');
      expect(ids.length).toBeGreaterThan(0);
      const result = await certify('dsp', server.url, ids);
      expect(failures(result), server.output()).toEqual([]);
      expect(result.counts.passed).toBe(ids.length);
    } finally {
      await server.close();
    }
  });
});
