import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { CliError } from '../src/errors.js';
import { formatExchange, logLine } from '../src/commands/sandbox.js';
import { redact } from '../src/redact.js';
import { inertJson } from '../src/visible.js';
import { startSandbox, type SandboxExchange } from '../src/sandbox/index.js';
import { loadState } from '../src/sandbox/state-load.js';
import { accessToken, call, captureIo, closeSandboxes, openSandbox, tempDir, TEST_RUNTIME_DIR } from './support.js';

afterEach(closeSandboxes);

describe('secrets in the exchange log', () => {
  it('redacts every secret field wherever it sits in a body and keeps the rest', () => {
    const body = {
      grant_type: 'client_credentials',
      client_id: 'sandbox-client',
      client_secret: 'sandbox-secret',
      nested: { access_token: 'eyJ.a.b', refresh_token: 'rt_1', list: [{ sso_login_token: 'sso_1', email: 'a@b.example' }] },
    };
    expect(redact(body)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'sandbox-client',
      client_secret: '[redacted]',
      nested: { access_token: '[redacted]', refresh_token: '[redacted]', list: [{ sso_login_token: '[redacted]', email: 'a@b.example' }] },
    });
    expect(body.client_secret).toBe('sandbox-secret');
    expect(redact('plain text')).toBe('plain text');
  });

  it('prints one terminal line per exchange with time, method, path without the query, status, verdict, event and note', () => {
    const exchange: SandboxExchange = {
      seq: 4,
      at: '2026-03-15T12:34:56.789Z',
      method: 'POST',
      path: '/pos/demo-partner/webhook?debug=1',
      operation: 'pos:sendWebhookEvent',
      status: 401,
      verdict: 'refused',
      event: 'order.status.updated',
      note: 'signature_mismatch: Stream-Signature does not match',
      ms: 3,
      requestBody: { client_secret: 'never-printed' },
    };
    const line = formatExchange(exchange, { isTTY: false });
    expect(line).toBe('12:34:56  POST    /pos/demo-partner/webhook  401  refused   order.status.updated  signature_mismatch: Stream-Signature does not match');
    expect(line).not.toContain('\n');
    expect(line).not.toContain('never-printed');
  });

  it('writes each log line as inertJson would, fields in order, absent ones left out and hostile text escaped', () => {
    const full: SandboxExchange = {
      seq: 7,
      at: '2026-03-15T12:34:56.789Z',
      method: 'POST',
      path: '/pos/demo-partner/webhook?x="\\\u0000\u2028</script>',
      operation: 'pos:sendWebhookEvent',
      status: 204,
      verdict: 'accepted',
      event: 'location.status.updated\n{"fake":1}',
      note: 'location loc-downtown paused until 2027-01-15T08:00:00.000Z \u001b[31m',
      ms: 2,
      requestBody: { client_secret: 'never-logged' },
    };
    const { requestBody: _body, ...fields } = full;
    expect(logLine(full)).toBe(`${inertJson(fields, { indent: 0 })}\n`);
    expect(JSON.parse(logLine(full))).toEqual(fields);
    const bare: SandboxExchange = { seq: 8, at: '2026-03-15T12:34:57.000Z', method: 'GET', path: '/nowhere', status: 404, verdict: 'refused', ms: 0 };
    expect(logLine(bare)).toBe(`${JSON.stringify(bare)}\n`);
    // Fields that repeat are written from the last exchange's text: a change back is written anew.
    expect(logLine(full)).toBe(`${inertJson(fields, { indent: 0 })}\n`);
    const next: SandboxExchange = { seq: 9, at: bare.at, method: 'GET', path: '/nowhere/else', status: 404, verdict: 'refused', event: 'location.catalog.updated', ms: 1 };
    expect(logLine(next)).toBe(`${JSON.stringify(next)}\n`);
    // Notes quoted without JSON.stringify when nothing needs escaping; a lone surrogate, a pair and DEL as inertJson writes them (DEL escaped).
    for (const note of ['location loc-mission takes orders', 'lone \ud83d here', 'pair \ud83d\ude00 here', 'del \u007f and tab\t']) {
      const noted: SandboxExchange = { seq: 10, at: next.at, method: 'GET', path: '/nowhere/else', status: 404, verdict: 'refused', note, ms: 1 };
      expect(logLine(noted)).toBe(`${inertJson(noted, { indent: 0 })}\n`);
    }
    expect(logLine(full)).not.toContain('never-logged');
    expect(logLine(full)).toContain('\\u2028');
    expect(logLine(full).indexOf('\n')).toBe(logLine(full).length - 1);
  });

  it('writes bidirectional and invisible characters a caller sent as \\u escapes, so tail -f of the log shows them instead of reordering the line', () => {
    const hostile = 'invoice\u202egpj.exe \u2066x\u2069 \u200b \u0085 \u{e0041}';
    const exchange: SandboxExchange = { seq: 11, at: '2026-03-15T12:34:58.000Z', method: 'GET', path: `/x/${hostile}`, status: 404, verdict: 'refused', event: hostile, note: hostile, ms: 1 };
    const line = logLine(exchange);
    expect(line).not.toMatch(/[\u202e\u2066\u2069\u200b\u0085]|\udb40/);
    expect(line).toContain('invoice\\u202egpj.exe');
    expect(JSON.parse(line)).toEqual(exchange);
  });

  it('writes one JSON line per exchange with --verbose bodies and no secret, and stops on SIGINT', async () => {
    const dir = tempDir('log');
    const logFile = join(dir, 'exchanges.jsonl');
    const captured = captureIo({ XDG_RUNTIME_DIR: TEST_RUNTIME_DIR });
    const secret = 'cs_very_private_value';
    const before = new Set(process.listeners('SIGINT'));
    const exit = main(['sandbox', '--port', '0', '--log', logFile, '--client-secret', secret, '--verbose'], { io: captured.io });
    await expect.poll(() => captured.stdout(), { timeout: 10_000 }).toContain('listening on');
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(captured.stdout())?.[1] ?? '';
    const bannerLength = captured.stdout().length;
    const sandbox = { url };

    const issued = await call(sandbox, 'POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: secret } });
    expect(issued.status).toBe(200);
    const refused = await call(sandbox, 'GET', '/tokens?org_id=org_demo');
    expect(refused.status).toBe(401);

    const stop = process.listeners('SIGINT').find((listener) => !before.has(listener));
    expect(stop, 'the command waits for SIGINT').toBeDefined();
    (stop as () => void)();
    expect(await exit).toBe(0);
    expect(captured.stdout()).toContain('Sandbox stopped.');

    const text = readFileSync(logFile, 'utf8');
    const terminal = captured.stdout().slice(bannerLength);
    for (const leaked of [secret, issued.body.access_token, issued.body.refresh_token]) {
      expect(text).not.toContain(leaked);
      expect(terminal).not.toContain(leaked);
    }
    const lines = text.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toMatchObject([
      { method: 'POST', path: '/oauth/token', status: 200, verdict: 'accepted', requestBody: { client_secret: '[redacted]' }, responseBody: { access_token: '[redacted]', refresh_token: '[redacted]' } },
      { method: 'GET', path: '/tokens?org_id=org_demo', status: 401, verdict: 'refused' },
    ]);
    expect(terminal).toContain('/oauth/token');
    expect(terminal).toContain('[redacted]');
  });

  it('has every exchange of a burst in the --log file and on the terminal once stopped, though lines are written after the answers', async () => {
    const logFile = join(tempDir('burst'), 'exchanges.jsonl');
    const captured = captureIo({ XDG_RUNTIME_DIR: TEST_RUNTIME_DIR });
    const before = new Set(process.listeners('SIGINT'));
    const exit = main(['sandbox', '--port', '0', '--log', logFile], { io: captured.io });
    await expect.poll(() => captured.stdout(), { timeout: 10_000 }).toContain('listening on');
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(captured.stdout())?.[1] ?? '';
    const burst = 60;
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, index) => {
        const raw = JSON.stringify({ type: 'location.status.updated', object: { status: index % 2 === 0 ? 'inactive' : 'active', location_id: 'loc-downtown' } });
        return call({ url }, 'POST', '/pos/demo-partner/webhook', { raw, headers: { 'stream-signature': createHmac('sha256', 'whsec_sandbox').update(raw).digest('hex') } });
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(burst).fill(204));
    // Stop at once: lines still queued must reach the file and the terminal before the command ends.
    const stop = process.listeners('SIGINT').find((listener) => !before.has(listener));
    (stop as () => void)();
    expect(await exit).toBe(0);
    const lines = readFileSync(logFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toHaveLength(burst);
    expect(lines.every((line) => line.path === '/pos/demo-partner/webhook' && line.status === 204 && line.event === 'location.status.updated')).toBe(true);
    expect(lines.map((line) => line.seq)).toEqual([...lines.map((line) => line.seq)].sort((a, b) => a - b));
    const terminal = captured.stdout();
    expect(terminal.match(/POST +\/pos\/demo-partner\/webhook {2}204/g)).toHaveLength(burst);
    expect(terminal.trimEnd().endsWith('Sandbox stopped.')).toBe(true);
  });
});

describe('--state FILE', () => {
  it('saves every change and loads it on restart, so tokens made before a restart still exist and still work', async () => {
    const stateFile = join(tempDir('state'), 'nested', 'state.json');
    const first = await startSandbox({ port: 0, stateFile });
    let token: string;
    let tokenId: string;
    try {
      token = await accessToken(first);
      const created = await call(first, 'POST', '/tokens', { token, json: { org_id: 'org_demo', token_name: 'Kept across restarts', scopes: ['billing'] } });
      expect(created.status).toBe(201);
      tokenId = created.body._id;
      expect(loadState(stateFile)!.partner_tokens.map((saved) => saved.token_name)).toContain('Kept across restarts');
    } finally {
      await first.close();
    }
    const second = await startSandbox({ port: 0, stateFile });
    try {
      const listed = await call(second, 'GET', '/tokens?org_id=org_demo', { token });
      expect(listed.status).toBe(200);
      expect(listed.body.tokens).toContainEqual(expect.objectContaining({ _id: tokenId, token_name: 'Kept across restarts', scopes: ['billing'] }));
    } finally {
      await second.close();
    }
  });

  it('starts seeded and keeps state in memory only without --state', async () => {
    const { sandbox } = await openSandbox();
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const state = (await call(sandbox, 'GET', '/_sandbox/state')).body;
    expect(state.organizations).toMatchObject([{ org_id: 'org_demo' }]);
    expect(state.locations.map((location: { _id: string }) => location._id)).toEqual(['loc-downtown', 'loc-mission']);
    expect(JSON.stringify(state)).not.toContain('sandbox-secret');
  });

  it('refuses a corrupt state file with CliError state_corrupt', async () => {
    const dir = tempDir('corrupt');
    const notJson = join(dir, 'broken.json');
    writeFileSync(notJson, '{"version": 1, "partner_tokens": [');
    await expect(startSandbox({ port: 0, stateFile: notJson })).rejects.toMatchObject({ name: 'CliError', code: 'state_corrupt', exitCode: 2 });
    const notState = join(dir, 'other.json');
    writeFileSync(notState, JSON.stringify({ hello: 'world' }));
    const error = await startSandbox({ port: 0, stateFile: notState }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({ code: 'state_corrupt' });
  });
});

describe('the sandbox command refuses bad configuration with exit code 2 and one clear message', () => {
  const run = async (args: string[]) => {
    const captured = captureIo();
    const code = await main(['sandbox', '--log', join(tempDir('cfg'), 'log.jsonl'), ...args], { io: captured.io });
    return { code, stdout: captured.stdout(), stderr: captured.stderr() };
  };

  it('exits 2 for a corrupt state file, naming the file', async () => {
    const file = join(tempDir('corrupt-cli'), 'state.json');
    writeFileSync(file, 'not json at all');
    const result = await run(['--state', file, '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(file);
    expect(result.stderr).toContain('not valid JSON');
    expect(result.stdout).not.toContain('listening on');
  });

  it('exits 2 for a state file that cannot be read', async () => {
    const directory = join(tempDir('unreadable'), 'state.json');
    mkdirSync(directory);
    const result = await run(['--state', directory, '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Cannot read the state file');
  });

  it('exits 2 naming the port when the port is already in use', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const port = (blocker.address() as { port: number }).port;
    try {
      const result = await run(['--port', String(port)]);
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(`Port ${port}`);
      expect(result.stderr).toContain('already in use');
    } finally {
      await new Promise((done) => blocker.close(done));
    }
  });

  it('exits 2 for a port that is not a number', async () => {
    const result = await run(['--port', 'abc']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port must be a whole number');
    expect(result.stderr).toContain('"abc"');
  });

  it('exits 2 for an empty webhook secret and for an unknown option', async () => {
    const empty = await run(['--port', '0', '--webhook-secret', '']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--webhook-secret must not be empty');
    const unknown = await run(['--colour']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--colour'");
  });
});
