// A POS may list location ids of a megabyte each inside the 8 MB answer certify reads, and certify's
// reasons quote the ids they judge: POS-LOC-06 quoted three of them whole, so the terminal line and
// every report carried megabytes. A reason is cut at SHOWN_TEXT_CHARS, saying how much was left out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOWN_TEXT_CHARS } from '../src/certify/redact-result.js';
import { main } from '../src/cli.js';
import { startKitProxy, type KitProxy } from './kit-proxy.js';
import { startKit } from './kits.js';
import { captureIo, tempDir } from './support.js';

const HUGE = Array.from({ length: 3 }, (_, index) => `loc-${index}-${'x'.repeat(1_000_000)}`);
let kit: Awaited<ReturnType<typeof startKit>>;
let proxy: KitProxy;
let url: string;

beforeAll(async () => {
  kit = await startKit('pos');
  // In front of the POS starter kit: three more listed locations with 1 MB ids, whose catalogs answer 404.
  proxy = await startKitProxy({
    target: kit.url,
    answer: (request) => (String(request.headers['provider-location-id'] ?? '').length > 1000 ? { status: 404, text: '{"code":"not_found","message":"no such location"}' } : undefined),
    rewrite: (request, answer) => {
      if (!(request.url ?? '').startsWith('/stream-pos/v1/locations') || answer.status !== 200) return answer.text;
      const json = JSON.parse(answer.text) as { locations: Record<string, unknown>[] };
      json.locations.push(...HUGE.map((id) => ({ ...json.locations[0], provider_id: id })));
      return JSON.stringify(json);
    },
  });
  url = proxy.url;
}, 60_000);

afterAll(async () => {
  await proxy.close();
  await kit.close();
});

describe('a reason that quotes megabyte ids a POS listed', () => {
  it('is cut short, saying how much was left out, in the terminal, JUnit and the HTML report', { timeout: 120_000 }, async () => {
    const dir = tempDir('quoted-values');
    const captured = captureIo();
    await main(['certify', 'pos', '--base-url', url, '--skip-sandbox', '--only', 'POS-LOC-06', '--junit', join(dir, 'c.xml'), '--report', join(dir, 'c.html')], { io: captured.io });
    expect(captured.stdout()).toMatch(/✖ fail {2}POS-LOC-06/);
    expect(captured.stdout()).toContain('more characters)');
    for (const text of [captured.stdout(), readFileSync(join(dir, 'c.xml'), 'utf8'), readFileSync(join(dir, 'c.html'), 'utf8')]) {
      expect(text.length).toBeLessThan(4 * SHOWN_TEXT_CHARS + 20_000);
    }
  });
});
