// The console's server side: the live stream of exchanges with their verdicts, and the control
// endpoints (send, reset, replay, token, certify) behind the same-origin and token guard.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleValue, findOperation } from '../src/openapi.js';
import { consoleAssetsDir, type ConsoleSandbox } from '../src/console/index.js';
import { findTarget } from '../src/trigger/targets.js';
import { startKit } from './kits.js';
import { call, closeSandboxes, openConsoleStream as openStream, openSandbox, sendSigned } from './support.js';

afterEach(closeSandboxes);

function control(sandbox: ConsoleSandbox, path: string, body: unknown, headers: Record<string, string> = {}) {
  return call(sandbox, 'POST', path, { json: body, headers: { 'x-sandbox-console-token': sandbox.consoleToken, ...headers } });
}

/** A partner's server that records what it receives and answers 204. */
async function partnerServer(): Promise<{ url: string; received: { url: string; headers: IncomingMessage['headers']; body: string }[]; close(): Promise<void> }> {
  const received: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, close: () => new Promise((done) => server.close(() => done())) };
}

describe('the console stream', () => {
  it('pushes a partner call to the page with a signature verdict that says why it was refused', async () => {
    const { sandbox } = await openSandbox();
    const stream = await openStream(sandbox);
    const body = exampleValue('pos', 'OrderReadyForPickup') ?? [...findOperation('pos', 'sendWebhookEvent').requestExamples.values()][0];
    await sendSigned(sandbox, '/pos/demo-partner/webhook', body, 'a'.repeat(64));
    const exchange = await stream.next('exchange', (data) => data.url === '/pos/demo-partner/webhook' && data.contract.status !== 'checking');
    stream.close();
    expect(exchange).toMatchObject({ direction: 'inbound', audience: 'pos', method: 'POST', status: 401, operation: 'pos:sendWebhookEvent' });
    expect(exchange.signature.status).toBe('signature_mismatch');
    expect(exchange.signature.why).toMatch(/HMAC-SHA256/);
    expect(exchange.contract.status).toBe('valid');
    expect(exchange.contract.reference).toBe('https://partners.stream.example/api/become-a-pos#operation/sendWebhookEvent');
  });

  it('names each contract error with its JSON pointer and rule', async () => {
    const { sandbox } = await openSandbox();
    const stream = await openStream(sandbox);
    const body = structuredClone([...findOperation('pos', 'sendWebhookEvent').requestExamples.values()][0]) as { object: Record<string, unknown> };
    delete body.object.location_id;
    await sendSigned(sandbox, '/pos/demo-partner/webhook', body);
    const exchange = await stream.next('exchange', (data) => data.url === '/pos/demo-partner/webhook' && data.contract.status !== 'checking');
    stream.close();
    expect(exchange.status).toBe(400);
    expect(exchange.signature.status).toBe('ok');
    expect(exchange.contract.status).toBe('invalid');
    expect(exchange.contract.issues.length).toBeGreaterThan(0);
    expect(exchange.contract.issues).toContainEqual(expect.objectContaining({ rule: 'required', pointer: expect.stringMatching(/^\/object/) }));
  });

  it('redacts secrets in the bodies and headers it shows', async () => {
    const { sandbox } = await openSandbox();
    const stream = await openStream(sandbox);
    await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' } });
    const exchange = await stream.next('exchange', (data) => data.url === '/oauth/token');
    stream.close();
    expect(exchange.requestBody).not.toContain('sandbox-secret');
    expect(exchange.requestBody).toContain('[redacted]');
    expect(exchange.responseBody).toContain('[redacted]');
    expect(JSON.parse(exchange.responseBody).access_token).toBe('[redacted]');
  });

  it('redacts the secrets of a call made while no page was open, in the backlog and in the exchange fetched in full', async () => {
    const { sandbox } = await openSandbox();
    const issued = await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' } });
    const token = issued.body.access_token as string;
    await call(sandbox, 'GET', '/onboarding/integrations', { token });
    const stream = await openStream(sandbox);
    const summary = await stream.next('exchange', (data) => data.url === '/onboarding/integrations');
    stream.close();
    const full = await call(sandbox, 'GET', `/_sandbox/console/exchanges/${summary.id}`, { headers: { 'x-sandbox-console-token': sandbox.consoleToken } });
    expect(full.status).toBe(200);
    expect(full.body.requestHeaders.authorization).toBe('Bearer [redacted]');
    expect(full.text).not.toContain(token);
    const tokenCall = await call(sandbox, 'GET', `/_sandbox/console/exchanges/${summary.id - 1}`, { headers: { 'x-sandbox-console-token': sandbox.consoleToken } });
    expect(tokenCall.body.url).toBe('/oauth/token');
    expect(tokenCall.text).not.toContain('sandbox-secret');
    expect(tokenCall.text).not.toContain(token);
    expect(JSON.parse(tokenCall.body.responseBody).access_token).toBe('[redacted]');
  });

  it('pushes the state again when a call changes it, and reset brings back the seeded state', async () => {
    const { sandbox } = await openSandbox();
    const stream = await openStream(sandbox);
    const seeded = await stream.next('state');
    expect(seeded.locations.length).toBe(2);
    const token = (await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' } })).body.access_token;
    await call(sandbox, 'POST', '/onboarding/integrations', { token, json: exampleOnboarding() });
    const changed = await stream.next('state', (data) => data.onboardings.length === 1);
    expect(changed.onboardings[0].status).toBe('pending');
    const answer = await control(sandbox, '/_sandbox/console/reset', {});
    expect(answer.status).toBe(200);
    expect(sandbox.state().onboardings).toEqual([]);
    await stream.next('reset');
    stream.close();
  });
});

describe('the console state push', () => {
  it("pushes the state when a merchant's consent moves an onboarding on, though that step is no exchange of the log", async () => {
    const { sandbox } = await openSandbox();
    const stream = await openStream(sandbox);
    await stream.next('state');
    const token = (await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' } })).body.access_token;
    const created = await call(sandbox, 'POST', '/onboarding/integrations', { token, json: exampleOnboarding() });
    expect((await stream.next('state', (data) => data.onboardings.length === 1)).onboardings[0].status).toBe('pending');
    const before = sandbox.exchanges().length;
    const consent = await call(sandbox, 'GET', String(created.body.entry_url).slice(sandbox.url.length), { redirect: 'manual' });
    expect(consent.status).toBe(302);
    // Well before the stream's 5-second ping, which would push it too.
    const moved = await stream.next('state', (data) => data.onboardings.length === 1 && data.onboardings[0].status !== 'pending', 2_000);
    expect(moved.onboardings[0].status).toBe('waiting_for_oauth');
    expect(sandbox.exchanges().length).toBe(before);
    stream.close();
  });
});

function exampleOnboarding(): unknown {
  const operation = findOperation('partner', 'createOnboardingIntegration');
  return { ...([...operation.requestExamples.values()][0] as object), org_id: 'org_demo' };
}

describe('the console control endpoints', () => {
  it('refuse a call without the console token, from another origin, or for another host, and change nothing', async () => {
    const { sandbox } = await openSandbox();
    const token = (await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' } })).body.access_token;
    await call(sandbox, 'POST', '/onboarding/integrations', { token, json: exampleOnboarding() });
    const attempts = [
      await call(sandbox, 'POST', '/_sandbox/console/reset', { json: {} }),
      await control(sandbox, '/_sandbox/console/reset', {}, { 'x-sandbox-console-token': 'f'.repeat(48) }),
      await control(sandbox, '/_sandbox/console/reset', {}, { origin: 'http://evil.example' }),
      await control(sandbox, '/_sandbox/console/reset', {}, { 'sec-fetch-site': 'cross-site' }),
      await call(sandbox, 'POST', '/_sandbox/console/reset', { raw: '{}', headers: { 'content-type': 'text/plain', 'x-sandbox-console-token': sandbox.consoleToken } }),
    ];
    expect(attempts.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 415]);
    expect(attempts[0]!.body.message).toMatch(/x-sandbox-console-token/);
    expect(attempts[2]!.body.code).toBe('origin_not_allowed');
    // A rebinding name: fetch cannot set Host, so speak HTTP directly.
    const rebound = await rawRequest(sandbox.port, `POST /_sandbox/console/reset HTTP/1.1\r\nHost: evil.example:${sandbox.port}\r\nContent-Type: application/json\r\nx-sandbox-console-token: ${sandbox.consoleToken}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
    expect(rebound).toMatch(/^HTTP\/1.1 403/);
    expect(rebound).toMatch(/host_not_allowed/);
    expect(sandbox.state().onboardings.length).toBe(1);
    const stream = await fetch(`${sandbox.url}/_sandbox/stream?token=wrong`);
    expect(stream.status).toBe(403);
  });

  it('shows the bearer token typed on the Send page as redacted when the partner answers with it', async () => {
    const { sandbox } = await openSandbox();
    const token = 'tok-console-88124';
    const echo: Server = createServer((request, response) => {
      request.resume();
      response.writeHead(401, { 'content-type': 'application/json', 'x-seen': String(request.headers.authorization) });
      response.end(JSON.stringify({ code: 'unauthorized', message: `unknown token ${request.headers.authorization}` }));
    });
    await new Promise<void>((done) => echo.listen(0, '127.0.0.1', done));
    try {
      const stream = await openStream(sandbox);
      const target = findTarget('pos:order.created');
      const answer = await control(sandbox, '/_sandbox/console/send', { target: target.qualified, to: `http://127.0.0.1:${(echo.address() as AddressInfo).port}`, token, body: [...target.operation.requestExamples.values()][0] });
      expect(answer.status, answer.text).toBe(200);
      const exchange = await stream.next('exchange', (data) => data.direction === 'outbound');
      stream.close();
      expect(answer.body.exchange.responseBody).toContain('[redacted]');
      expect(answer.text).not.toContain(token);
      expect(JSON.stringify(exchange)).not.toContain(token);
      const full = await call(sandbox, 'GET', `/_sandbox/console/exchanges/${exchange.id}`, { headers: { 'x-sandbox-console-token': sandbox.consoleToken } });
      expect(full.text).not.toContain(token);
    } finally {
      await new Promise((done) => echo.close(done));
    }
  });

  it('sends a signed event to a partner server, judges the answer and shows it as an outbound exchange', async () => {
    const { sandbox } = await openSandbox();
    const partner = await partnerServer();
    try {
      const stream = await openStream(sandbox);
      const target = findTarget('events:order.updated');
      const answer = await control(sandbox, '/_sandbox/console/send', { target: target.qualified, to: partner.url, body: [...target.operation.requestExamples.values()][0] });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.judgement.ok).toBe(true);
      expect(partner.received.length).toBe(1);
      expect(partner.received[0]!.headers['stream-signature']).toMatch(/^[0-9a-f]{64}$/);
      const exchange = await stream.next('exchange', (data) => data.direction === 'outbound');
      stream.close();
      expect(exchange).toMatchObject({ source: 'console', audience: 'events', status: 204 });
      expect(exchange.signature.status).toBe('ok');
      expect(exchange.judgement.summary).toBe('accepted (204)');
    } finally {
      await partner.close();
    }
  });

  it('refuses to send to something that is not an http URL, with what to do', async () => {
    const { sandbox } = await openSandbox();
    const answer = await control(sandbox, '/_sandbox/console/send', { target: 'events:order.updated', to: 'file:///etc/passwd', body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/absolute http/);
  });

  it('validates a body against the contract and answers each issue with its pointer', async () => {
    const { sandbox } = await openSandbox();
    const answer = await control(sandbox, '/_sandbox/console/validate', { target: 'pos:order.created', body: { type: 'order.created' } });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('invalid');
    expect(answer.body.issues.length).toBeGreaterThan(0);
    expect(answer.body.issues[0]).toHaveProperty('pointer');
    expect(answer.body.reference).toMatch(/#operation\//);
  });

  it('fetches a bearer token for the explorer and replays an inbound call', async () => {
    const { sandbox } = await openSandbox();
    const stream = await openStream(sandbox);
    const token = await control(sandbox, '/_sandbox/console/token', {});
    expect(token.status).toBe(200);
    const tokens = await call(sandbox, 'GET', '/tokens?org_id=org_demo', { token: token.body.access_token });
    expect(tokens.status).toBe(200);
    const first = await stream.next('exchange', (data) => data.url === '/tokens?org_id=org_demo');
    const replay = await control(sandbox, '/_sandbox/console/replay', { id: first.id });
    expect(replay.status).toBe(200);
    expect(replay.body.status).toBe(200);
    const again = await stream.next('exchange', (data) => data.url === '/tokens?org_id=org_demo' && data.source === 'replay');
    expect(again.id).toBeGreaterThan(first.id);
    stream.close();
  });

  it('serves the contract data the console needs: every target and every Stream-hosted operation', async () => {
    const { sandbox } = await openSandbox();
    const answer = await call(sandbox, 'GET', '/_sandbox/console/contract', { headers: { 'x-sandbox-console-token': sandbox.consoleToken } });
    expect(answer.status).toBe(200);
    expect(answer.body.targets.length).toBeGreaterThan(10);
    expect(answer.body.operations.length).toBeGreaterThan(10);
    expect(answer.body.operations.map((op: { operationId: string }) => op.operationId)).toContain('createOnboardingIntegration');
    const crossSite = await call(sandbox, 'GET', '/_sandbox/console/contract', { headers: { 'sec-fetch-site': 'cross-site', 'x-sandbox-console-token': sandbox.consoleToken } });
    expect(crossSite.status).toBe(403);
    const anonymous = await call(sandbox, 'GET', '/_sandbox/console/contract');
    expect(anonymous.status).toBe(403);
  });
});

describe('the console page', () => {
  it('is served at the root as a shell without its token or session, with a strict content security policy and cached hashed assets (npm run pack builds it)', async () => {
    expect(consoleAssetsDir(), 'the console is built: run npm run build -w packages/console (npm run pack does)').toBeDefined();
    const { sandbox } = await openSandbox();
    const page = await call(sandbox, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.contentType).toBe('text/html; charset=utf-8');
    expect(page.text).not.toContain(sandbox.consoleToken);
    expect(page.text).not.toContain(sandbox.consoleSession);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = /src="\/(assets\/[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const asset = await call(sandbox, 'GET', `/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.contentType).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const escape = await call(sandbox, 'GET', '/assets/..%2findex.html');
    expect(escape.status).toBe(404);
    const framed = await call(sandbox, 'GET', '/', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(framed.status).toBe(403);
    expect(framed.text).not.toContain(sandbox.consoleToken);
  });
});

describe('certification from the console', () => {
  it('streams each requirement result of a run against the POS kit and then offers the JUnit and HTML reports', async () => {
    const { sandbox } = await openSandbox({ now: Date.now });
    const kit = await startKit('pos');
    try {
      const stream = await openStream(sandbox);
      const started = await control(sandbox, '/_sandbox/console/certify', { audience: 'pos', baseUrl: kit.url, skipSandbox: true });
      expect(started.status, started.text).toBe(202);
      const id = started.body.id as string;
      const first = await stream.next('certify', (data) => data.id === id && data.phase === 'result', 30_000);
      expect(first.result).toHaveProperty('status');
      expect(first.result.guide).toMatch(/^https:\/\/partners\.stream\.example\//);
      const finished = await stream.next('certify', (data) => data.id === id && data.phase === 'finished', 120_000);
      expect(finished.counts.failed).toBe(0);
      expect(finished.counts.passed).toBeGreaterThan(5);
      const evidence = await stream.next('exchange', (data) => data.source === 'certify');
      expect(evidence.direction).toBe('outbound');
      stream.close();
      const junit = await call(sandbox, 'GET', `/_sandbox/console/certify/${id}?format=junit`, { headers: { 'x-sandbox-console-session': sandbox.consoleSession } });
      expect(junit.status).toBe(200);
      expect(junit.contentType).toMatch(/^application\/xml/);
      expect(junit.text).toContain('<testsuite');
      const html = await call(sandbox, 'GET', `/_sandbox/console/certify/${id}?format=html`, { headers: { 'x-sandbox-console-token': sandbox.consoleToken } });
      expect(html.text).toContain('Stream certification report: POS');
      const anonymous = await call(sandbox, 'GET', `/_sandbox/console/certify/${id}?format=junit`);
      expect(anonymous.status).toBe(403);
      // A token in the URL is not taken: report downloads carry it in the cookie or a header only.
      const inUrl = await call(sandbox, 'GET', `/_sandbox/console/certify/${id}?format=junit&token=${sandbox.consoleToken}`);
      expect(inUrl.status).toBe(403);
      expect(html.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    } finally {
      await kit.close();
    }
  }, 180_000);
});

function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    void import('node:net').then(({ connect }) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  });
}
