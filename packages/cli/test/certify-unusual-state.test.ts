// An authorize request with an unusual state (empty, or holding % sequences) must come back with that
// state exactly. A partner that answers those with a Location that is no URL gets a finding that says so.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { unusualStateIssues } from '../src/certify/authorize-page.js';
import { redirectOf } from '../src/certify/checks-oauth.js';
import { CertifyContext } from '../src/certify/context.js';

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done())))));
});

describe('an authorize redirect for an unusual state', () => {
  it('that names no URL is a finding quoting the Location, not an error that ends the check', async () => {
    const partner = createServer((_request, response) => {
      response.writeHead(302, { location: 'http://[' });
      response.end();
    });
    await new Promise<void>((done) => partner.listen(0, '127.0.0.1', done));
    servers.push(partner);
    const baseUrl = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
    const context = new CertifyContext({ audience: 'pos', baseUrl, webhookSecret: 'whsec_sandbox', clientId: 'stream-client', clientSecret: 'stream-secret', redirectUri: 'https://partners.stream.example/oauth/callback', timeoutMs: 5000, answerLimitMs: 5000, waitMs: 1000, now: () => Date.now(), sleep: async () => undefined });
    const issues = await unusualStateIssues({ context, redirectOf });
    expect(issues).toEqual([
      '[state-echoed-verbatim] an authorize request with an empty state ("") was redirected to "http://[", which is not a URL a browser can follow: redirect to redirect_uri with state exactly as sent, URL-encoded once',
      '[state-echoed-verbatim] an authorize request with a state holding percent sequences and a plus ("a%2Fb 100%25+c") was redirected to "http://[", which is not a URL a browser can follow: redirect to redirect_uri with state exactly as sent, URL-encoded once',
    ]);
  });
});
