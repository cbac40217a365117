// A DSP may list a store whose id is a megabyte; certify then reads, connects and disconnects it,
// the id travelling in the query (reads, disconnects) or the body (connects). Each call's evidence
// quoted its request URL and body whole, in --json and every report: a megabyte per call.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOWN_URL_CHARS } from '../src/certify/redact-result.js';
import { main } from '../src/cli.js';
import { startKitProxy, type KitProxy } from './kit-proxy.js';
import { startKit } from './kits.js';
import { captureIo, tempDir } from './support.js';

const HUGE = `store-${'x'.repeat(1_000_000)}`;
let kit: Awaited<ReturnType<typeof startKit>>;
let proxy: KitProxy;
let url: string;

beforeAll(async () => {
  kit = await startKit('dsp');
  // In front of the DSP starter kit: its list starts with a store whose id is 1 MB, which it then does not know.
  proxy = await startKitProxy({
    target: kit.url,
    answer: (request, body) => ((request.url ?? '').length > 10_000 || body.length > 10_000 ? { status: 404, text: '{"code":"not_found","message":"no such location"}' } : undefined),
    rewrite: (request, answer) => {
      if (!(request.url ?? '').startsWith('/stream-dsp/v1/locations') || request.method !== 'GET' || answer.status !== 200) return answer.text;
      const json = JSON.parse(answer.text) as { locations: Record<string, unknown>[] };
      json.locations.unshift({ ...json.locations[0], provider_id: HUGE });
      return JSON.stringify(json);
    },
  });
  url = proxy.url;
}, 60_000);

afterAll(async () => {
  await proxy.close();
  await kit.close();
});

describe("a call's evidence that carries a megabyte store id a DSP listed", () => {
  it('quotes its URL and request body cut short, saying how much was left out, in --json, JUnit and the HTML report', { timeout: 120_000 }, async () => {
    const dir = tempDir('evidence-bounded');
    const captured = captureIo();
    await main(['certify', 'dsp', '--base-url', url, '--skip-sandbox', '--only', 'DSP-LOC-02,DSP-LOC-03', '--json', '--junit', join(dir, 'c.xml'), '--report', join(dir, 'c.html')], { io: captured.io });
    const json = JSON.parse(captured.stdout()) as { results: { requirement: { id: string }; evidence: { request: { url: string; body?: string } }[] }[] };
    const calls = json.results.flatMap((result) => result.evidence).filter((evidence) => evidence.request.url.includes('store-xxx') || (evidence.request.body ?? '').includes('store-xxx'));
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) {
      expect(call.request.url.length).toBeLessThan(SHOWN_URL_CHARS + 100);
      expect((call.request.body ?? '').length).toBeLessThan(25_000);
    }
    expect(calls.some((call) => call.request.url.endsWith('more characters)'))).toBe(true);
    for (const text of [captured.stdout(), readFileSync(join(dir, 'c.xml'), 'utf8'), readFileSync(join(dir, 'c.html'), 'utf8')]) expect(text.length).toBeLessThan(200_000);
  });
});
