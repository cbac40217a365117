// A real POS catalog easily holds thousands of values. The contract validator explains a value that
// large by its first problem only (listing every problem cost more than linear time), so POS-CAT-01,
// which leaves prices and currencies to POS-CAT-04 and -05, must not be failed by a price, nor pass a
// catalog whose first problem is a price but whose names are missing.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { runCertification } from '../src/certify/runner.js';
import { ROOT } from './kits.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((done) => { server.closeAllConnections(); server.close(() => done()); })));
});

const pos = JSON.parse(readFileSync(join(ROOT, 'specs', 'dist', 'pos.json'), 'utf8')) as { components: { examples: Record<string, { value: unknown }> } };
const LOCATIONS = pos.components.examples.LocationList!.value;

/** The contract's location catalog with its items repeated to `copies` times as many, each priced by `price`, and named unless `nameless`. */
function largeCatalog(copies: number, price: (index: number) => unknown, nameless = false): unknown {
  const catalog = structuredClone(pos.components.examples.LocationCatalog!.value) as { item: Record<string, unknown>[] };
  const items: Record<string, unknown>[] = Array.from({ length: copies }, (_, round) => catalog.item.map((item) => ({ ...item, provider_id: `${String(item.provider_id)}-${round}` }))).flat();
  catalog.item = items.map((item, index) => {
    const { name, ...rest } = item;
    return { ...(nameless && index > 0 ? rest : { ...rest, name }), ...('price_amount' in item ? { price_amount: price(index) } : {}) };
  });
  return catalog;
}

/** A POS on 127.0.0.1 that lists the contract's locations and serves `catalog` for any of them. */
async function catalogServer(catalog: unknown): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const body = path.endsWith('/locations') ? LOCATIONS : path.endsWith('/catalog') ? catalog : { code: 'not_found', message: 'not here' };
    response.writeHead(path.endsWith('/locations') || path.endsWith('/catalog') ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function certifyCatalog(baseUrl: string) {
  return runCertification({
    config: { audience: 'pos', baseUrl, token: 'pos-token-1', webhookSecret: 'whsec_sandbox', clientId: 'stream-client', clientSecret: 'stream-secret', redirectUri: 'https://partners.stream.example/oauth/callback', timeoutMs: 10_000, answerLimitMs: 10_000, waitMs: 1_000, now: () => Date.now(), sleep: (ms: number) => delay(ms).then(() => undefined) },
    only: ['POS-CAT-01', 'POS-CAT-04'],
    skipSandbox: true,
  });
}

describe('a catalog of thousands of values', () => {
  it('whose only problems are decimal prices passes POS-CAT-01 and fails POS-CAT-04', { timeout: 60_000 }, async () => {
    const result = await certifyCatalog(await catalogServer(largeCatalog(200, (index) => 9.99 + index)));
    const status = Object.fromEntries(result.results.map((item) => [item.requirement.id, `${item.status}: ${item.reason ?? ''}`]));
    expect(status['POS-CAT-01']).toMatch(/^passed/);
    expect(status['POS-CAT-04']).toMatch(/^failed: .*is 9\.99/);
  });

  it('whose first problem is a price but whose items lack names fails POS-CAT-01 for the names', { timeout: 60_000 }, async () => {
    const result = await certifyCatalog(await catalogServer(largeCatalog(200, () => 9.99, true)));
    const cat01 = result.results.find((item) => item.requirement.id === 'POS-CAT-01')!;
    expect(cat01.status).toBe('failed');
    expect(cat01.reason).toMatch(/name is required/);
  });
});
