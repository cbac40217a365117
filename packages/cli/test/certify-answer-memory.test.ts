// A partner's server can answer every call with 8 MB that gzip sends as a few KB. Certify reads each
// answer up to that bound, and must not keep them all: hundreds of such answers killed it (and the
// console's sandbox, which runs the console's certify) with a heap out of memory.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { CertifyContext, OBSERVED_TEXT_BUDGET } from '../src/certify/context.js';

const PAD_CHARS = 8 * 1024 * 1024 - 1024;
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
    ),
  );
});

/** A server whose every answer is a valid JSON object of almost 8 MB, gzipped. */
async function paddingServer(): Promise<string> {
  const answer = gzipSync(Buffer.from(JSON.stringify({ locations: [], pad: 'a'.repeat(PAD_CHARS) })));
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(answer);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function context(baseUrl: string): CertifyContext {
  return new CertifyContext({
    audience: 'pos',
    baseUrl,
    webhookSecret: 'whsec_sandbox',
    clientId: 'stream-client',
    clientSecret: 'stream-secret',
    redirectUri: 'https://partners.stream.example/oauth/callback',
    timeoutMs: 20_000,
    answerLimitMs: 10_000,
    waitMs: 1000,
    now: () => Date.now(),
    sleep: async () => undefined,
  });
}

describe('certify against a server whose answers are as large as certify reads', () => {
  it('keeps at most its budget of the answers for the relation and rule checks, and a short cut of each as evidence', async () => {
    const run = context(await paddingServer());
    // 80 MB read: what a run of a few hundred such answers would add up to, in small.
    const calls = 10;
    for (let index = 0; index < calls; index += 1) {
      const exchange = await run.call(`list locations ${index}`, { target: run.target('listLocations'), token: 'certify-test-token' });
      // Each answer is read whole and judged when it comes.
      expect(exchange.status).toBe(200);
      expect(exchange.bodyText.length).toBeGreaterThan(PAD_CHARS);
    }
    // Every call is still observed, but the text kept of all the answers stays within the budget.
    expect(run.observed).toHaveLength(calls);
    const keptChars = run.observed.reduce((sum, exchange) => sum + exchange.responseText.length + (JSON.stringify(exchange.responseBody) ?? '').length, 0);
    expect(keptChars).toBeLessThan((calls * PAD_CHARS) / 2);
    expect(keptChars).toBeLessThanOrEqual(OBSERVED_TEXT_BUDGET + calls * 100);
    expect(run.observed.at(-1)!.responseBody).toBeUndefined();
    expect(run.observed.every((exchange) => exchange.responseText !== '')).toBe(true);
    expect(run.evidence.every((evidence) => (evidence.response.body ?? '').length === 4000)).toBe(true);
  }, 60_000);
});
