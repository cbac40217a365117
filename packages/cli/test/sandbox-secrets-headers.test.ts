// Secrets in bodies the sandbox cannot parse, and the header that stops a browser guessing a body's
// type: what the console stream and the exchange log show must not depend on the partner sending
// well-formed JSON.
import { afterEach, describe, expect, it } from 'vitest';
import { rawRequest } from './hostile.js';
import { call, closeSandboxes, openConsoleStream, openSandbox } from './support.js';

afterEach(closeSandboxes);

const SECRET = 'cs-hidden-71c2d9e04b';

describe('a client_secret in a body that is not valid JSON', () => {
  const bodies: Record<string, { body: string; type: string }> = {
    'JSON cut short': { body: `{"grant_type":"client_credentials","client_id":"sandbox-client","client_secret":"${SECRET}`, type: 'application/json' },
    'JSON with a trailing comma': { body: `{"grant_type":"client_credentials","client_secret": "${SECRET}",}`, type: 'application/json' },
    'form fields with a stray space, sent as JSON': { body: `grant_type=client_credentials&client_secret=${SECRET}&note=a b`, type: 'application/json' },
  };
  for (const [name, { body, type }] of Object.entries(bodies)) {
    it(`is redacted on the console stream and in the exchange log when the body is ${name}`, async () => {
      const { sandbox } = await openSandbox();
      const stream = await openConsoleStream(sandbox);
      const answer = await call(sandbox, 'POST', '/oauth/token', { raw: body, headers: { 'content-type': type } });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      const exchange = await stream.next('exchange', (data) => data.url === '/oauth/token');
      stream.close();
      expect(exchange.requestBody).toContain('[redacted]');
      expect(JSON.stringify(exchange)).not.toContain(SECRET);
      const log = await call(sandbox, 'GET', '/_sandbox/exchanges?after=0');
      expect(log.text).toContain('/oauth/token');
      expect(log.text).not.toContain(SECRET);
    });
  }
});

describe('a secret in a query string', () => {
  it('is redacted in the URL the console stream, the full exchange and the exchange log show', async () => {
    const { sandbox } = await openSandbox();
    const stream = await openConsoleStream(sandbox);
    // A partner that puts its token in the URL, and a refused request with a sign-in token in it.
    expect((await call(sandbox, 'GET', `/pos/demo-partner/orders?access_token=${SECRET}&page=2`)).status).toBe(404);
    expect((await rawRequest(sandbox.url, `/sso/login?sso_login_token=${SECRET}`, { headers: { host: 'evil.example' } })).status).toBe(403);
    const missed = await stream.next('exchange', (data) => data.url.startsWith('/pos/demo-partner/orders'));
    const refused = await stream.next('exchange', (data) => data.url.startsWith('/sso/login'));
    stream.close();
    expect(missed.url).toBe('/pos/demo-partner/orders?access_token=[redacted]&page=2');
    expect(refused.url).toBe('/sso/login?sso_login_token=[redacted]');
    const full = await call(sandbox, 'GET', `/_sandbox/console/exchanges/${missed.id}`, { headers: { 'x-sandbox-console-token': sandbox.consoleToken } });
    expect(full.status).toBe(200);
    expect(full.text).not.toContain(SECRET);
    const log = await call(sandbox, 'GET', '/_sandbox/exchanges?after=0');
    expect(log.text).toContain('/pos/demo-partner/orders');
    expect(log.text).not.toContain(SECRET);
  });
});

describe('every answer of the sandbox', () => {
  it('says X-Content-Type-Options: nosniff, refusals and unknown paths included', async () => {
    const { sandbox } = await openSandbox();
    const answers = {
      'the console page': await call(sandbox, 'GET', '/'),
      'the state': await call(sandbox, 'GET', '/_sandbox/state'),
      'a token': await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' } }),
      'a refused token request': await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials' } }),
      'an unknown path': await call(sandbox, 'GET', '/no/such/path'),
      'a wrong content type': await call(sandbox, 'POST', '/oauth/token', { raw: 'x', headers: { 'content-type': 'text/plain' } }),
      'a foreign Host': await call(sandbox, 'GET', '/_sandbox/state', { headers: { host: 'evil.example' } }),
    };
    const missing = Object.entries(answers)
      .filter(([, answer]) => answer.headers.get('x-content-type-options') !== 'nosniff')
      .map(([name, answer]) => `${name} (${answer.status})`);
    expect(missing).toEqual([]);
  });

  it('says Cache-Control: no-store, so no browser or proxy keeps a token, the state or an exchange', async () => {
    const { sandbox } = await openSandbox();
    const token = { 'x-sandbox-console-token': sandbox.consoleToken };
    const answers = {
      'an access token': await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' } }),
      'the state': await call(sandbox, 'GET', '/_sandbox/state', { headers: token }),
      'the exchanges': await call(sandbox, 'GET', '/_sandbox/exchanges', { headers: token }),
      'the console contract': await call(sandbox, 'GET', '/_sandbox/console/contract', { headers: token }),
      'an unknown path': await call(sandbox, 'GET', '/no/such/path'),
      'a refusal': await call(sandbox, 'GET', '/_sandbox/state', { headers: { 'x-sandbox-console-token': '0'.repeat(48) } }),
    };
    const kept = Object.entries(answers)
      .filter(([, answer]) => answer.headers.get('cache-control') !== 'no-store')
      .map(([name, answer]) => `${name} (${answer.status}: ${answer.headers.get('cache-control')})`);
    expect(kept).toEqual([]);
  });
});
