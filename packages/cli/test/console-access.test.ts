// Who can use the sandbox console: only the terminal user, who holds its token. The page trades the
// token from the banner URL's fragment for a session secret it sends in a header (console-session.test.ts
// holds the neighbour that received the browser's cookies); trigger and certify read it from a
// per-user file; nobody gets it, or the webhook secret, by asking a route; other machines are
// refused even when they claim a loopback Host.
import { chmodSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signWebhook } from '@stream-partner/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { exampleValue, findOperation } from '../src/openapi.js';
import { consoleTokenPath, readConsoleToken } from '../src/console-token-file.js';
import type { ConsoleSandbox } from '../src/console/index.js';
import { call, captureIo, closeSandboxes, NON_LOOPBACK_ADDRESS, openSandbox, requestFrom, tempDir, TEST_RUNTIME_DIR } from './support.js';

afterEach(closeSandboxes);

function sessionOf(sandbox: ConsoleSandbox): Record<string, string> {
  return { 'x-sandbox-console-session': sandbox.consoleSession };
}

describe('opening the console', () => {
  it('answers GET / with the bare shell, which says where to find the console URL and holds neither token nor session', async () => {
    const { sandbox } = await openSandbox();
    const page = await call(sandbox, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.contentType).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('printed in the terminal');
    expect(page.text).toContain('/#token=');
    expect(page.text).not.toContain(sandbox.consoleToken);
    expect(page.text).not.toContain(sandbox.consoleSession);
    expect(page.headers.get('set-cookie')).toBeNull();
    for (const path of ['/_sandbox/console/contract', '/_sandbox/stream']) {
      const answer = await call(sandbox, 'GET', path);
      expect(answer.status, path).toBeGreaterThanOrEqual(401);
      expect(answer.text, path).not.toContain(sandbox.consoleToken);
    }
  });

  it('drives the event stream and the control routes with the session header, and takes no token in a URL', async () => {
    const { sandbox } = await openSandbox();
    const stream = await fetch(`${sandbox.url}/_sandbox/stream`, { headers: sessionOf(sandbox) });
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
    const reset = await call(sandbox, 'POST', '/_sandbox/console/reset', { json: {}, headers: sessionOf(sandbox) });
    expect(reset.status).toBe(200);
    const inQuery = await fetch(`${sandbox.url}/_sandbox/stream?token=${sandbox.consoleToken}`);
    expect(inQuery.status).toBe(403);
    await inQuery.body?.cancel();
  });
});

describe('the console token file', () => {
  it('holds the token for its port, readable only by its owner in a folder only they can enter, and goes when the sandbox stops', async () => {
    const dir = join(tempDir('runtime'), 'stream-partner');
    const { sandbox } = await openSandbox({ consoleTokenDir: dir });
    const path = consoleTokenPath({ dir, port: sandbox.port });
    expect(sandbox.consoleTokenFile).toEqual({ path });
    expect(readFileSync(path, 'utf8').trim()).toBe(sandbox.consoleToken);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readConsoleToken({ dir, port: sandbox.port })).toEqual({ token: sandbox.consoleToken });
    // Beside it, the address it listens on: the only one the terminal tools send the token to.
    const address = path.replace(/\.token$/, '.address');
    expect(readFileSync(address, 'utf8')).toBe('127.0.0.1\n');
    expect(statSync(address).mode & 0o777).toBe(0o600);
    await closeSandboxes();
    expect(() => lstatSync(path)).toThrow();
    expect(() => lstatSync(address)).toThrow();
    expect(readConsoleToken({ dir, port: sandbox.port })).toMatchObject({ problem: expect.stringContaining('no console token file') });
  });

  it('is not trusted when others could have read or written it, or when it is a symbolic link', () => {
    const dir = tempDir('runtime-loose');
    writeFileSync(join(dir, 'console-4010.token'), `${'a'.repeat(48)}\n`, { mode: 0o644 });
    chmodSync(join(dir, 'console-4010.token'), 0o644);
    expect(readConsoleToken({ dir, port: 4010 })).toMatchObject({ problem: expect.stringContaining('can be read or written by other users') });
    mkdirSync(join(dir, 'elsewhere'));
    writeFileSync(join(dir, 'elsewhere', 'token'), `${'b'.repeat(48)}\n`, { mode: 0o600 });
    symlinkSync(join(dir, 'elsewhere', 'token'), join(dir, 'console-4011.token'));
    expect(readConsoleToken({ dir, port: 4011 })).toMatchObject({ problem: expect.stringContaining('symbolic link') });
  });

  it('tightens a folder of the user that others could enter before writing the token into it', async () => {
    const dir = join(tempDir('runtime-open'), 'stream-partner');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    await openSandbox({ consoleTokenDir: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});

describe('secrets the console never hands out', () => {
  it('answers no route with the webhook secret: the explorer has the sandbox sign its webhooks instead', async () => {
    const secret = 'whsec_only_in_the_environment_4711';
    const { sandbox } = await openSandbox({ webhookSecret: secret });
    const token = await call(sandbox, 'POST', '/_sandbox/console/token', { json: {}, headers: sessionOf(sandbox) });
    expect(token.status).toBe(200);
    expect(typeof token.body.access_token).toBe('string');
    expect(token.text).not.toContain(secret);
    const contract = await call(sandbox, 'GET', '/_sandbox/console/contract', { headers: sessionOf(sandbox) });
    expect(contract.text).not.toContain(secret);
    const page = await call(sandbox, 'GET', '/', { headers: sessionOf(sandbox) });
    expect(page.text).not.toContain(secret);

    const body = JSON.stringify(exampleValue('pos', 'OrderReadyForPickup') ?? [...findOperation('pos', 'sendWebhookEvent').requestExamples.values()][0]);
    const signed = await call(sandbox, 'POST', '/_sandbox/console/sign', { json: { body }, headers: sessionOf(sandbox) });
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual({ signature: signWebhook({ secret, body }) });
    expect(signed.text).not.toContain(secret);
    const anonymous = await call(sandbox, 'POST', '/_sandbox/console/sign', { json: { body } });
    expect(anonymous.status).toBe(403);
    const notText = await call(sandbox, 'POST', '/_sandbox/console/sign', { json: { body: { a: 1 } }, headers: sessionOf(sandbox) });
    expect(notText.status).toBe(400);
    expect(notText.body.message).toContain('exact body text');
  });
});

/** An IPv4 address of this machine that is not loopback, if it has one. */
const outside = NON_LOOPBACK_ADDRESS;

/** A GET from another address that claims a loopback Host, as a machine on the network can. */
const fromOutside = (sandbox: ConsoleSandbox, path: string, headers: Record<string, string> = {}) =>
  requestFrom({ port: sandbox.port, from: outside!, path, headers: { host: `127.0.0.1:${sandbox.port}`, ...headers } });

describe('a sandbox listening beyond loopback', () => {
  it.skipIf(outside === undefined)('refuses the console, its control routes and the sandbox data to another machine even with the token and a loopback Host, yet serves it the API', async () => {
    const { sandbox } = await openSandbox({ host: '0.0.0.0' });
    expect(sandbox.listenUrl).toBe(`http://0.0.0.0:${sandbox.port}`);
    for (const path of ['/', `/?token=${sandbox.consoleToken}`, '/_sandbox/stream', '/_sandbox/console/contract']) {
      const answer = await fromOutside(sandbox, path, sessionOf(sandbox));
      expect(answer.status, path).toBe(403);
      expect(answer.text, path).toContain('remote_console_refused');
      expect(answer.text).toContain('--allow-remote-console');
    }
    // The sandbox's data is the console's too: refused to another machine, token or not.
    for (const path of ['/_sandbox/state', '/_sandbox/exchanges']) {
      const data = await fromOutside(sandbox, path, { 'x-sandbox-console-token': sandbox.consoleToken });
      expect(data.status, path).toBe(403);
      expect(data.text, path).toContain('remote_console_refused');
    }
    // The API answers it (here: a token list without a bearer, 401 from the route itself).
    const api = await fromOutside(sandbox, '/tokens?org_id=org_demo');
    expect(api.status).toBe(401);
    expect(api.text).not.toContain('remote_console_refused');
  });

  it.skipIf(outside === undefined)('lets another machine open the console with the token when --allow-remote-console says so', async () => {
    const { sandbox } = await openSandbox({ host: '0.0.0.0', allowRemoteConsole: true });
    expect((await fromOutside(sandbox, '/_sandbox/console/contract')).status).toBe(403);
    const traded = await requestFrom({ port: sandbox.port, from: outside!, path: '/_sandbox/console/session', method: 'POST', headers: { host: `127.0.0.1:${sandbox.port}`, 'x-sandbox-console-token': sandbox.consoleToken } });
    expect(traded.status).toBe(200);
    expect(JSON.parse(traded.text).session).toBe(sandbox.consoleSession);
    expect((await fromOutside(sandbox, '/_sandbox/console/contract', sessionOf(sandbox))).status).toBe(200);
  });

  it('prints the address it really listens on and warns that the network can reach it', async () => {
    const captured = captureIo({ XDG_RUNTIME_DIR: TEST_RUNTIME_DIR });
    const before = new Set(process.listeners('SIGINT'));
    const exit = main(['sandbox', '--port', '0', '--host', '0.0.0.0', '--log', join(tempDir('log'), 'x.jsonl')], { io: captured.io });
    await expect.poll(() => captured.stdout(), { timeout: 10_000 }).toContain('listening on');
    const stop = process.listeners('SIGINT').find((listener) => !before.has(listener)) as () => void;
    stop();
    expect(await exit).toBe(0);
    expect(captured.stdout()).toMatch(/listening on http:\/\/0\.0\.0\.0:\d+ \(every address of this machine; from here: http:\/\/127\.0\.0\.1:\d+\)/);
    expect(captured.stdout()).toMatch(/Console \(open in your browser\) +http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{48}/);
    expect(captured.stdout()).toMatch(/Console token for trigger and certify +.*stream-partner\/console-\d+\.token/);
    expect(captured.stderr()).toContain('warning: --host 0.0.0.0 lets other machines on the network call');
    expect(captured.stderr()).toContain('still answer only this machine');
  });
});
