// A partner's server that echoes what it was sent puts the bearer token and the webhook secret into
// trigger's output, which CI logs keep: the console's Send and the agent tool already hid them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { captureIo } from './support.js';

const TOKEN = 'tok_echoed_1234567890';
const SECRET = 'whsec_echoed_abcdefgh';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `you sent ${request.headers.authorization ?? ''} and we know ${request.headers["stream-signature"] === undefined ? "no secret" : SECRET}`, seen: [request.headers.authorization?.slice('Bearer '.length) ?? 'nothing'] } }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe('trigger against a server that echoes its credentials', () => {
  it('shows neither the bearer token nor the webhook secret in its text or --json output', async () => {
    for (const [name, flags] of [
      ['pos:getCatalog', ['--token', TOKEN, '--param', 'Provider-Merchant-Id=m_1', '--param', 'Provider-Location-Id=l_1']],
      ['events:order.confirmed', ['--webhook-secret', SECRET]],
    ] as const) {
      for (const json of [false, true]) {
        const captured = captureIo();
        await main(['trigger', name, '--to', `${base}/x`, ...flags, ...(json ? ['--json'] : [])], { io: captured.io });
        const out = captured.stdout();
        expect(out).toContain('[redacted]');
        expect(out).not.toContain(TOKEN);
        expect(out).not.toContain(SECRET);
      }
    }
  });
});
