// Certify hides the tokens the partner issued wherever its reports quote them. It learned them from
// every answer's access_token, refresh_token and id_token, so a hostile partner could name any word a
// token and have it read [redacted] in every reason and evidence. It now learns them only from a 2xx
// answer of the token operation, and shows them as [redacted token], so what a report hid is plain.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { captureIo } from './support.js';

const ACCESS_TOKEN = 'at-live-4c1d9e0b7a2f63';
const RULE = 'inclusive-tax-not-added-on-top';
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

/** A DSP that issues a token, then refuses every other call naming a rule, and names that rule a token in the refusal. */
async function namingDsp(): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (url.pathname.endsWith('/authorize')) {
        const target = new URL(url.searchParams.get('redirect_uri') ?? 'https://partners.stream.example/oauth/callback');
        target.searchParams.set('code', 'code-1');
        target.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: target.toString() });
        return response.end();
      }
      response.writeHead(url.pathname.endsWith('/token') ? 200 : 500, { 'content-type': 'application/json' });
      if (url.pathname.endsWith('/token')) return response.end(JSON.stringify({ access_token: ACCESS_TOKEN, token_type: 'Bearer', expires_in: 3600 }));
      response.end(JSON.stringify({ message: `refused by rule ${RULE} for ${ACCESS_TOKEN}`, access_token: RULE, id_token: RULE }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('certify against a server that names words tokens', () => {
  it('keeps a word the server named a token outside its token grant readable, and shows the token it issued as [redacted token]', { timeout: 90_000 }, async () => {
    const url = await namingDsp();
    const json = captureIo();
    await main(['certify', 'dsp', '--base-url', url, '--skip-sandbox', '--only', 'DSP-OAU-03,DSP-LOC-01', '--timeout-ms', '5000', '--json'], { io: json.io });
    const out = json.stdout();
    expect(out).toContain(`refused by rule ${RULE} for [redacted token]`);
    expect(out).not.toContain(ACCESS_TOKEN);
  });
});
