// `stream-partner sandbox state` prints a running sandbox's state to the user who started it, with
// the token from their token file, and says clearly why when it cannot.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { call, captureIo, closeSandboxes, openSandbox, tempDir, TEST_RUNTIME_DIR } from './support.js';

afterEach(closeSandboxes);

async function state(args: string[], env: Record<string, string> = { XDG_RUNTIME_DIR: TEST_RUNTIME_DIR }) {
  const captured = captureIo(env);
  const code = await main(['sandbox', 'state', ...args], { io: captured.io });
  return { code, out: captured.stdout(), err: captured.stderr() };
}

/** A port on 127.0.0.1 that nothing listens on (taken, then let go). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('stream-partner sandbox state', () => {
  it('prints the organizations, locations and orders of the running sandbox, reading the token from the token file', async () => {
    const { sandbox } = await openSandbox();
    expect((await call(sandbox, 'POST', '/_sandbox/orders', { json: { id: 'ord_state_cli', audience: 'pos', location_id: 'loc-downtown', provider_id: 'pos_42' } })).status).toBe(201);
    const { code, out, err } = await state(['--sandbox-url', sandbox.url]);
    expect(code, err).toBe(0);
    expect(out).toContain(sandbox.url);
    expect(out).toMatch(/Organizations \(1\)\n {2}org_demo/);
    expect(out).toContain('loc-downtown');
    expect(out).toMatch(/ord_state_cli {2}pos {2}\S+ {2}at loc-downtown {2}provider_id pos_42/);
    expect(out).not.toContain(sandbox.consoleToken);
  });

  it('prints with --json exactly what GET /_sandbox/state answers', async () => {
    const { sandbox } = await openSandbox();
    const { code, out } = await state(['--sandbox-url', sandbox.url, '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(sandbox.state())));
  });

  it('takes the URL from STREAM_SANDBOX_URL', async () => {
    const { sandbox } = await openSandbox();
    const { code, out } = await state(['--json'], { XDG_RUNTIME_DIR: TEST_RUNTIME_DIR, STREAM_SANDBOX_URL: sandbox.url });
    expect(code).toBe(0);
    expect(JSON.parse(out).partner.partner_slug).toBe('demo-partner');
  });

  it('shows control characters a partner put in an order id as escapes instead of sending them to the terminal', async () => {
    const { sandbox } = await openSandbox();
    const id = 'ord_\u001b]0;pwned\u0007\u009b2J\u202egnp.exe';
    expect((await call(sandbox, 'POST', '/_sandbox/orders', { json: { id, audience: 'pos', location_id: 'loc-downtown' } })).status).toBe(201);
    const { code, out } = await state(['--sandbox-url', sandbox.url]);
    expect(code).toBe(0);
    expect(out).not.toContain('\u001b]0;');
    expect(out).not.toContain('\u202e');
    expect(out).toContain('ord_');
    const json = await state(['--sandbox-url', sandbox.url, '--json']);
    expect(json.out).not.toMatch(/[\u0080-\u009f\u202e]/u);
    expect(json.out).toContain('\\u202e');
    expect(JSON.parse(json.out).orders.map((order: { id: string }) => order.id)).toContain(id);
  });

  it('exits 2 naming the token file it looked for when this user has none for that port', async () => {
    const { sandbox } = await openSandbox();
    const elsewhere = tempDir('no-token');
    const { code, err } = await state(['--sandbox-url', sandbox.url], { XDG_RUNTIME_DIR: elsewhere });
    expect(code).toBe(2);
    expect(err).toContain(join(elsewhere, 'stream-partner', `console-${sandbox.port}.token`));
    expect(err).toContain('stream-partner sandbox');
  });

  it('exits 1 when no sandbox answers at the URL, even with a token file left behind', async () => {
    const port = await freePort();
    const runtime = tempDir('stale-token');
    mkdirSync(join(runtime, 'stream-partner'), { recursive: true, mode: 0o700 });
    writeFileSync(join(runtime, 'stream-partner', `console-${port}.token`), `${'a'.repeat(48)}\n`, { mode: 0o600 });
    const { code, err } = await state(['--sandbox-url', `http://127.0.0.1:${port}`], { XDG_RUNTIME_DIR: runtime });
    expect(code).toBe(1);
    expect(err).toContain(`No sandbox answers at http://127.0.0.1:${port}`);
  });

  it('exits 1 when the token file holds another sandbox token', async () => {
    const { sandbox } = await openSandbox();
    const runtime = tempDir('wrong-token');
    mkdirSync(join(runtime, 'stream-partner'), { recursive: true, mode: 0o700 });
    writeFileSync(join(runtime, 'stream-partner', `console-${sandbox.port}.token`), `${'b'.repeat(48)}\n`, { mode: 0o600 });
    const { code, err } = await state(['--sandbox-url', sandbox.url], { XDG_RUNTIME_DIR: runtime });
    expect(code).toBe(1);
    expect(err).toContain('answered 401');
  });

  it.each([['not a url'], ['http://127.0.0.1:4010/_sandbox/state'], ['ftp://127.0.0.1:4010']])('exits 2 for the sandbox URL %s, saying what it takes', async (url) => {
    const { code, err } = await state(['--sandbox-url', url]);
    expect(code).toBe(2);
    expect(err).toContain("must be the sandbox's base URL, such as http://127.0.0.1:4010, with no path, query or fragment");
  });

  it('exits 2 for a sandbox on another machine, whose token it could not have', async () => {
    const { code, err } = await state(['--sandbox-url', 'http://sandbox.example:4010']);
    expect(code).toBe(2);
    expect(err).toContain('is not on this machine');
  });
});
