// Every server sample of the guides, in every language it is shown in, assembled from the page's
// own code blocks into a small server and certified: a sample that would fail certify fails here.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blocksOf, sampleBlocks, type SampleBlock } from './extract.js';
import { MANUAL_STATE } from '../../packages/cli/src/certify/checks-shared.js';
import { certify, CREDENTIALS, failures, partnerRequirementIds, ROOT, runDir, runProcess, startSample } from './run.js';

const LANGUAGES = ['ts', 'python'] as const;

/**
 * Approves the consent form the way a merchant does and returns the URL the browser lands on, with
 * the state certify asks a person to approve with (`--redirect-url` checks it).
 */
async function approve(url: string, path: string): Promise<string> {
  const form = new URLSearchParams({ client_id: CREDENTIALS.clientId, response_type: 'code', redirect_uri: CREDENTIALS.redirectUri, state: MANUAL_STATE });
  const response = await fetch(`${url}${path}`, { method: 'POST', body: form, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const location = response.headers.get('location');
  if (response.status !== 302 || location === null) throw new Error(`approving the consent form answered ${response.status} ${await response.text()}`);
  return location;
}

function codeOf(landed: string): string {
  const code = new URL(landed).searchParams.get('code');
  if (!code) throw new Error(`the redirect ${landed} has no code`);
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
      // Two approvals, as a person would give for a page that needs one: the redirect certify
      // verifies, and a second code for the check that needs an unused one.
      const landed = await approve(server.url, '/stream-pos/v1/authorize/approve');
      const second = codeOf(await approve(server.url, '/stream-pos/v1/authorize/approve'));
      const ids = partnerRequirementIds('pos');
      expect(ids.length).toBeGreaterThan(0);
      const result = await certify('pos', server.url, ids, { code: codeOf(landed), redirectUrl: landed, extraCodes: [second] });
      expect(failures(result), server.output()).toEqual([]);
      expect(result.counts.passed).toBe(ids.length);
    } finally {
      await server.close();
    }
  });
});

describe.each(LANGUAGES)('the OAuth guide example implementation in %s', (language) => {
  it('passes every POS OAuth requirement certify checks: redirect with state, exact redirect_uri, single-use codes, 201 tokens, refresh, 400 and 401', { timeout: 120_000 }, async () => {
    // The page's example is a POS (token answers 201); its merchant and consent page are the POS fixture's.
    const server = await startSample('oauth', language, 'pos');
    try {
      expect(server.blockCount).toBe(1);
      const landed = await approve(server.url, '/stream-pos/v1/authorize/approve');
      const second = codeOf(await approve(server.url, '/stream-pos/v1/authorize/approve'));
      const ids = partnerRequirementIds('pos').filter((id) => id.startsWith('POS-OAU-'));
      expect(ids.length).toBeGreaterThan(0);
      const result = await certify('pos', server.url, ids, { code: codeOf(landed), redirectUrl: landed, extraCodes: [second] });
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

describe.each(LANGUAGES)('the events guide samples in %s', (language) => {
  it('pass every events requirement certify checks against the provider server', { timeout: 120_000 }, async () => {
    const server = await startSample('events', language, 'events');
    try {
      const ids = partnerRequirementIds('events');
      expect(ids.length).toBeGreaterThan(0);
      const result = await certify('events', server.url, ids);
      expect(failures(result), server.output()).toEqual([]);
      expect(result.counts.passed).toBe(ids.length);
    } finally {
      await server.close();
    }
  });
});

describe('the HMAC guide test-vector samples', () => {
  it('the node:crypto verification function accepts every valid vector and rejects every other one', async () => {
    const [block, ...rest] = blocksOf('hmac-verify', 'ts');
    expect(block).toBeDefined();
    expect(rest).toEqual([]);
    const dir = runDir('hmac-verify-ts');
    const file = join(dir, 'verify.mts');
    writeFileSync(file, block!.code);
    const { isValidStreamSignature } = (await import(pathToFileURL(file).href)) as { isValidStreamSignature: (body: Buffer, header: string | undefined, secret: string) => boolean };
    const vectors = JSON.parse(readFileSync(join(ROOT, 'packages', 'contracts', 'test-vectors.json'), 'utf8')) as { name: string; secret: string; body_base64: string; signature: string | null; expected: string }[];
    expect(vectors.length).toBeGreaterThan(0);
    const wrong = vectors.filter((v) => isValidStreamSignature(Buffer.from(v.body_base64, 'base64'), v.signature ?? undefined, v.secret) !== (v.expected === 'valid')).map((v) => v.name);
    expect(wrong).toEqual([]);
  });

  it('accept every valid vector and reject every other one, in TypeScript with node --test', { timeout: 120_000 }, async () => {
    const [block, ...rest] = blocksOf('hmac-vectors', 'ts');
    expect(block).toBeDefined();
    expect(rest).toEqual([]);
    const dir = runDir('hmac-vectors-ts');
    writeFileSync(join(dir, 'vectors.test.mts'), block!.code);
    const result = await runProcess(process.execPath, ['--conditions=source', '--import', 'tsx', '--test', join(dir, 'vectors.test.mts')], ROOT);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/# pass [1-9]\d*/);
    expect(result.output).toMatch(/# fail 0/);
  });

  it('accept every valid vector and reject every other one, in Python with unittest against the guide\'s verification function', { timeout: 60_000 }, async () => {
    const blocks = blocksOf('hmac-vectors', 'python');
    expect(blocks).toHaveLength(2);
    const [verify, vectors] = blocks as [SampleBlock, SampleBlock];
    const dir = runDir('hmac-vectors-python');
    mkdirSync(join(dir, 'myapp'));
    writeFileSync(join(dir, 'myapp', '__init__.py'), '');
    writeFileSync(join(dir, 'myapp', 'webhooks.py'), verify.code);
    writeFileSync(join(dir, 'test_vectors.py'), vectors.code);
    copyFileSync(join(ROOT, 'packages', 'contracts', 'test-vectors.json'), join(dir, 'webhook-test-vectors.json'));
    const result = await runProcess('python3', ['-m', 'unittest', '-v', 'test_vectors'], dir);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Ran 1 test/);
    expect(result.output).toMatch(/\nOK/);
  });
});
