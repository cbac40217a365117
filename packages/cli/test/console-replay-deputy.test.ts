// Replay against a caller without the token: anyone who reaches the port can have a row recorded
// (a 404, a refused call, a web page's no-cors request), and the terminal user may click Replay on
// it. A replay must gain nothing the original call lacked: not the console's token, not another
// route through a `..` a URL parser folds, not a valid bearer token for a call refused for its own.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleSandbox } from '../src/console/index.js';
import { call, closeSandboxes, openSandbox } from './support.js';

afterEach(closeSandboxes);

/** A request with its path exactly as written (fetch would fold `..` before sending). */
function raw(sandbox: ConsoleSandbox, method: string, path: string, headers: Record<string, string>, body = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port: sandbox.port, method, path, headers: { host: `127.0.0.1:${sandbox.port}`, ...headers } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

const session = (sandbox: ConsoleSandbox) => ({ headers: { 'x-sandbox-console-session': sandbox.consoleSession } });

async function rowFor(sandbox: ConsoleSandbox, match: (row: { url: string; status?: number }) => boolean): Promise<{ id: number; url: string; status?: number }> {
  for (let id = 1; id < 100; id++) {
    const row = await call(sandbox, 'GET', `/_sandbox/console/exchanges/${id}`, session(sandbox));
    if (row.status === 404) break;
    if (match(row.body)) return row.body;
  }
  throw new Error('no such row in the console log');
}

describe('replaying a call someone without the token had recorded', () => {
  it('refuses a 404 whose path a URL parser folds into a control route: nothing is signed or sent to the caller', async () => {
    const { sandbox } = await openSandbox({ webhookSecret: 'whsec_partner_private_123' });
    const received: string[] = [];
    const trap = createServer((request, response) => {
      received.push(request.url ?? '');
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((listening) => trap.listen(0, '127.0.0.1', listening));
    try {
      const to = `http://127.0.0.1:${(trap.address() as AddressInfo).port}/stolen`;
      const body = JSON.stringify({ target: 'pos:order.created', to, token: 'attacker-token', body: { attacker: 'chosen body' } });
      expect(await raw(sandbox, 'POST', '/_sandbox/console/x/../send', { 'content-type': 'application/json' }, body)).toBe(404);
      const row = await rowFor(sandbox, (candidate) => candidate.url === '/_sandbox/console/x/../send');
      const replay = await call(sandbox, 'POST', '/_sandbox/console/replay', { json: { id: row.id }, ...session(sandbox) });
      expect(replay.status, replay.text).toBe(400);
      expect(replay.body.code).toBe('not_replayable');
      await new Promise((settle) => setTimeout(settle, 300));
      expect(received, 'the caller received nothing signed').toEqual([]);
    } finally {
      trap.close();
    }
  });

  it("refuses a web page's refused reset, and the state stays", async () => {
    const { sandbox } = await openSandbox();
    const order = await call(sandbox, 'POST', '/_sandbox/orders', { json: { id: 'keep-me', audience: 'pos', location_id: 'loc-downtown' } });
    expect(order.status, order.text).toBeLessThan(300);
    expect(await raw(sandbox, 'POST', '/_sandbox/console/reset', { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' })).toBe(403);
    const row = await rowFor(sandbox, (candidate) => candidate.url === '/_sandbox/console/reset' && candidate.status === 403);
    const replay = await call(sandbox, 'POST', '/_sandbox/console/replay', { json: { id: row.id }, ...session(sandbox) });
    expect(replay.status, replay.text).toBe(400);
    expect(JSON.stringify(sandbox.state())).toContain('keep-me');
  });

  it('refuses a Partner API call refused for its bearer token, and still replays one the sandbox took, labelled as a replay', async () => {
    const { sandbox } = await openSandbox();
    expect(await raw(sandbox, 'GET', '/tokens?org_id=org_demo', { authorization: 'Bearer junk' })).toBe(401);
    const junk = await rowFor(sandbox, (candidate) => candidate.url.startsWith('/tokens') && candidate.status === 401);
    const refused = await call(sandbox, 'POST', '/_sandbox/console/replay', { json: { id: junk.id }, ...session(sandbox) });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toContain('refused this call for its credentials');

    const token = await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: sandbox.credentials.clientId, client_secret: sandbox.credentials.clientSecret } });
    expect(await raw(sandbox, 'GET', '/tokens?org_id=org_demo', { authorization: `Bearer ${token.body.access_token}` })).toBe(200);
    const taken = await rowFor(sandbox, (candidate) => candidate.url.startsWith('/tokens') && candidate.status === 200);
    const replayed = await call(sandbox, 'POST', '/_sandbox/console/replay', { json: { id: taken.id }, ...session(sandbox) });
    expect(replayed.status, replayed.text).toBe(200);
    expect(replayed.body.status).toBe(200);
    const again = await rowFor(sandbox, (candidate) => candidate.url.startsWith('/tokens') && candidate.status === 200 && (candidate as { source?: string }).source === 'replay');
    expect(again.id).toBeGreaterThan(taken.id);
  });

  it('refuses a call with a made-up bearer token that the rate limit or the throttle answered before its credentials were looked at', async () => {
    const { sandbox } = await openSandbox({ rateLimit: 2, clientSecret: 'not-the-default-secret' });
    const organization = JSON.stringify({ name: 'Stranger Org', provider_id: 'stranger-org-1', user: { email: 'stranger@evil.example', first_name: 'S', last_name: 'T' } });
    const statuses: number[] = [];
    for (let sent = 0; sent < 4; sent++) statuses.push(await raw(sandbox, 'POST', '/onboarding/org', { authorization: 'Bearer made-up', 'content-type': 'application/json' }, organization));
    expect(statuses).toEqual([401, 401, 429, 429]);
    const held = await rowFor(sandbox, (candidate) => candidate.url === '/onboarding/org' && candidate.status === 429);
    const refused = await call(sandbox, 'POST', '/_sandbox/console/replay', { json: { id: held.id }, ...session(sandbox) });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toContain('before it looked at its credentials');
    expect(JSON.stringify(sandbox.state()), 'no organization was created with the sandbox client\'s token').not.toContain('stranger-org-1');
  });
});
