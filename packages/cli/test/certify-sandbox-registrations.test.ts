// Certify tells the sandbox the location list a POS served, and the sandbox judges the POS's events
// by it. A list the sandbox refuses (an id with a lone surrogate) was dropped without a word, so a
// POS-SND requirement passed although nothing judged its event's location against the list.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, certifyKit, startKit } from './kits.js';

let kit: Awaited<ReturnType<typeof startKit>>;
let proxy: Server;
let url: string;

beforeAll(async () => {
  kit = await startKit('pos');
  // In front of the POS starter kit: its location list gains one whose id holds a lone surrogate.
  proxy = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name))) as Record<string, string>;
      const answer = await fetch(`${kit.url}${request.url}`, { method: request.method, headers, redirect: 'manual', ...(body.length === 0 ? {} : { body }) });
      let text = await answer.text();
      if (request.url!.startsWith('/stream-pos/v1/locations') && answer.status === 200) {
        const json = JSON.parse(text) as { locations: Record<string, unknown>[] };
        text = JSON.stringify({ ...json, locations: [...json.locations, { ...json.locations[0], provider_id: 'loc-broken-@' }] }).replace('loc-broken-@', 'loc-broken-\\ud800');
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) out[name] = value;
      });
      response.writeHead(answer.status, out).end(text);
    });
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  proxy?.close();
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
