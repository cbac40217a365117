// Certify tells the sandbox the location list a POS served, and the sandbox judges the POS's events
// by it. A list the sandbox refuses (an id with a lone surrogate) was dropped without a word, so a
// POS-SND requirement passed although nothing judged its event's location against the list.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKitProxy, type KitProxy } from './kit-proxy.js';
import { ROOT, certifyKit, startKit } from './kits.js';

let kit: Awaited<ReturnType<typeof startKit>>;
let proxy: KitProxy | undefined;
let url: string;

beforeAll(async () => {
  kit = await startKit('pos');
  // In front of the POS starter kit: its location list gains one whose id holds a lone surrogate.
  proxy = await startKitProxy({
    target: kit.url,
    rewrite: (request, answer) => {
      if (!(request.url ?? '').startsWith('/stream-pos/v1/locations') || answer.status !== 200) return answer.text;
      const json = JSON.parse(answer.text) as { locations: Record<string, unknown>[] };
      return JSON.stringify({ ...json, locations: [...json.locations, { ...json.locations[0], provider_id: 'loc-broken-@' }] }).replace('loc-broken-@', 'loc-broken-\\ud800');
    },
  });
  url = proxy.url;
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await kit?.close();
});

describe('a location list the sandbox will not take', () => {
  it('leaves the event requirements the sandbox judges by it not verified, naming the list and why it was refused', { timeout: 120_000 }, async () => {
    const result = await certifyKit('pos', { url, sendFrom: join(ROOT, 'examples', 'pos'), only: ['POS-SND-03'] });
    const item = result.results.find((entry) => entry.requirement.id === 'POS-SND-03')!;
    expect(item.status).toBe('not_verified');
    expect(item.reason).toMatch(/the sandbox was not given the location list certify read from the POS \(.*provider_ids\[\d+\] must be well-formed Unicode.*\), so it could not judge POS-SND-03's events by it/);
  });
});
