// What a partner sends or answers is printed in a terminal by `sandbox` and `trigger`. A terminal
// acts on control characters (ESC ] 0 sets the window title, ESC [ 2J clears the screen, OSC 52
// writes the clipboard, an 8-bit CSI does the same), a bidirectional control reorders the text
// after it, and zero-width and tag characters hide text a reader cannot see but an agent reads:
// each must reach the terminal, the reports and an agent as visible text.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { inertJson, visibleText } from '../src/visible.js';
import { writeConsoleToken } from '../src/console-token-file.js';
import { call, captureIo, sendSigned, tempDir } from './support.js';

const HOSTILE = 'x\u001b]0;owned\u0007\u001b[2J\u001b]52;c;ZWNobyBvd25lZA==\u0007\u009b31m\u202egnp.exe\u200b\ufeff\u2062\u{e0041}\u{e007f}';
// Any C0 control but newline, DEL, any C1 control, the bidirectional controls, zero-width and tag characters.
const ACTING = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]/u;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((done) => server.close(() => done()))));
});

describe('visibleText', () => {
  it('writes every acting character as an escape and leaves the rest as it was', () => {
    expect(visibleText({ text: HOSTILE })).toBe('x\\x1b]0;owned\\x07\\x1b[2J\\x1b]52;c;ZWNobyBvd25lZA==\\x07\\x9b31m\\u202egnp.exe\\u200b\\ufeff\\u2062\\u{e0041}\\u{e007f}');
    // A zero-width joiner inside a family emoji is written out too; characters beside the tag block are kept.
    expect(visibleText({ text: '👨\u200d👩 \u{e0080}' })).toBe('👨\\u200d👩 \u{e0080}');
    expect(visibleText({ text: 'café\tline\nnext' })).toBe('café\tline\nnext');
    expect(visibleText({ text: 'a\nb', oneLine: true })).toBe('a\\nb');
    // The Arabic letter mark reorders the text around it as the right-to-left mark does.
    expect(visibleText({ text: 'a\u061cb' })).toBe('a\\u061cb');
    expect(inertJson({ note: 'a\u061cb' })).toContain('a\\u061cb');
    expect(inertJson({ note: 'a\u200b\u{e0041}' })).toContain('a\\u200b\\udb40\\udc41');
    expect(JSON.parse(inertJson({ note: HOSTILE })).note).toBe(HOSTILE);
  });

  it('writes out every character that shows nothing, so a message hidden in variation selectors reads as escapes', () => {
    // "RUN" as one variation selector per byte after a visible "ok", the way emoji smuggling hides text.
    const smuggled = `ok${[...'RUN'].map((character) => String.fromCodePoint(0xe0100 + character.charCodeAt(0) - 16)).join('')}\ufe01`;
    expect(visibleText({ text: smuggled })).toBe('ok\\u{e0142}\\u{e0145}\\u{e013e}\\ufe01');
    const others = 'a\u00adb\u115fc\u1160d\u180ee\u3164f\uffa0g\ufff9h\ufffbi';
    expect(visibleText({ text: others, oneLine: true })).toBe('a\\xadb\\u115fc\\u1160d\\u180ee\\u3164f\\uffa0g\\ufff9h\\ufffbi');
    expect(inertJson({ note: smuggled + others })).toContain('ok\\udb40\\udd42\\udb40\\udd45\\udb40\\udd3e\\ufe01a\\u00adb\\u115fc');
    expect(JSON.parse(inertJson({ note: smuggled + others })).note).toBe(smuggled + others);
    // Characters beside them stay as they are.
    expect(visibleText({ text: 'café 👍 \u{e01f0} \ufe10' })).toBe('café 👍 \u{e01f0} \ufe10');
  });
});

describe('the sandbox terminal', () => {
  it('prints an event type, path and note full of terminal escapes as visible text, in its lines and --verbose bodies', { timeout: 30_000 }, async () => {
    const dir = tempDir('escapes');
    const captured = captureIo();
    const before = new Set(process.listeners('SIGINT'));
    const exit = main(['sandbox', '--port', '0', '--log', join(dir, 'exchanges.jsonl'), '--verbose'], { io: captured.io });
    await expect.poll(() => captured.stdout(), { timeout: 10_000 }).toContain('listening on');
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(captured.stdout())?.[1] ?? '';
    const bannerLength = captured.stdout().length;
    await sendSigned({ url, credentials: { webhookSecret: 'whsec_sandbox' } } as never, '/pos/demo-partner/webhook', { type: HOSTILE, object: { location_id: HOSTILE } });
    await call({ url }, 'GET', `/pos/${encodeURIComponent(HOSTILE)}/webhook`);
    await expect.poll(() => captured.stdout().slice(bannerLength).split('\n').filter((line) => line.includes('/webhook')).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const stop = process.listeners('SIGINT').find((listener) => !before.has(listener));
    (stop as () => void)();
    expect(await exit).toBe(0);
    const terminal = captured.stdout().slice(bannerLength);
    expect(terminal).toContain('\\x1b]0;owned');
    expect(terminal).not.toMatch(ACTING);
  });
});

describe('trigger', () => {
  it("prints a partner's answer full of terminal escapes as visible text", { timeout: 30_000 }, async () => {
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end(`${HOSTILE}\r\n\u001b[1A\u001b[2K✔ the answer matches the contract.`);
      });
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const captured = captureIo();
    await main(['trigger', 'order.created', '--to', `http://127.0.0.1:${(server.address() as AddressInfo).port}`, '--token', 't'], { io: captured.io });
    expect(captured.stdout()).toContain('\\x1b]0;owned');
    expect(captured.stdout()).toContain('\\x1b[1A\\x1b[2K');
    expect(captured.stdout()).not.toMatch(ACTING);
  });
});

describe('trigger --stream-url', () => {
  it("prints the sandbox's refusal to register an order, full of terminal escapes, as visible text", { timeout: 30_000 }, async () => {
    const listen = async (handler: (body: string, response: import('node:http').ServerResponse) => void) => {
      const server = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => handler(body, response));
      });
      servers.push(server);
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    const pos = await listen((_body, response) => {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ order: { provider_id: 'pos-1' } }));
    });
    // Something else listens where --stream-url points, and refuses with a message meant for the terminal.
    const sandbox = await listen((_body, response) => {
      response.writeHead(409, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'conflict', message: `${HOSTILE}\r\u001b[2K✔ registered` }));
    });
    const captured = captureIo();
    const code = await main(['trigger', 'order.created', '--to', pos, '--token', 't', '--stream-url', sandbox], { io: captured.io });
    expect(code).toBe(0);
    expect(captured.stdout()).toContain('could not register order');
    expect(captured.stdout()).toContain('\\x1b]0;owned');
    expect(captured.stdout()).not.toMatch(ACTING);
  });
});

describe('a server that answers where --sandbox-url points but is not the sandbox', () => {
  async function impostor(): Promise<string> {
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ code: 'console_token_required', message: `${HOSTILE}\r\u001b[2K✔ reported` }));
      });
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("has its refusal shown as visible text in certify's error", { timeout: 30_000 }, async () => {
    const sandbox = await impostor();
    const captured = captureIo({ XDG_RUNTIME_DIR: tempDir('impostor-certify') });
    const code = await main(['certify', 'pos', '--base-url', 'http://127.0.0.1:9', '--sandbox-url', sandbox, '--only', 'POS-ORD-01'], { io: captured.io });
    expect(code, captured.stderr()).toBe(2);
    expect(captured.stderr()).toContain('\\x1b]0;owned');
    expect(captured.stderr()).not.toMatch(ACTING);
  });

  it("has its refusal shown as visible text in trigger's warning", { timeout: 30_000 }, async () => {
    const sandbox = await impostor();
    const pos = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ order: { provider_id: 'pos-1' } }));
      });
    });
    servers.push(pos);
    await new Promise<void>((done) => pos.listen(0, '127.0.0.1', done));
    // A token file of this user's for that port, left by a sandbox that ran there before.
    const runtime = tempDir('impostor-trigger');
    writeConsoleToken({ dir: join(runtime, 'stream-partner'), port: Number(new URL(sandbox).port), token: 'a'.repeat(48) });
    const captured = captureIo({ XDG_RUNTIME_DIR: runtime });
    await main(['trigger', 'order.created', '--to', `http://127.0.0.1:${(pos.address() as AddressInfo).port}`, '--token', 't', '--sandbox-url', sandbox], { io: captured.io });
    expect(captured.stderr()).toContain('could not report to the sandbox console');
    expect(captured.stderr()).not.toMatch(ACTING);
  });
});

describe('certify', () => {
  it("shows a partner's answer full of escapes, zero-width and tag characters as visible text in its live lines, --json and every report", { timeout: 30_000 }, async () => {
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ code: 'oops', message: HOSTILE }));
      });
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dir = tempDir('escapes-certify');
    const args = ['certify', 'pos', '--base-url', url, '--token', 't', '--skip-sandbox', '--only', 'POS-ORD-01'];
    const live = captureIo();
    expect(await main([...args, '--junit', join(dir, 'junit.xml'), '--report', join(dir, 'report.md')], { io: live.io })).toBe(1);
    const json = captureIo();
    await main([...args, '--json', '--report', join(dir, 'report.html')], { io: json.io });
    const shown = { live: live.stdout(), json: json.stdout(), ...Object.fromEntries(['junit.xml', 'report.md', 'report.html'].map((name) => [name, readFileSync(join(dir, name), 'utf8')])) };
    for (const [where, text] of Object.entries(shown)) {
      expect(text, where).toContain('gnp.exe');
      expect(text, where).not.toMatch(ACTING);
    }
    expect(shown.live).toContain('\\u200b\\ufeff\\u2062\\u{e0041}\\u{e007f}');
  });
});
