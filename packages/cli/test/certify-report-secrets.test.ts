// Certify's reports go into CI artifacts and certification requests: they must not carry the client
// secret certify was given nor the tokens the partner issued, wherever the partner's server echoes
// them, and what the partner's server says must not act in the terminal that shows it.
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, readdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { htmlReport, REPORT_CSP } from '../src/certify/report.js';
import { main } from '../src/cli.js';
import { captureIo, tempDir } from './support.js';

const CLIENT_SECRET = 'cs-live-5f0c2a9e71d4b8';
const ACCESS_TOKEN = 'at-live-9b2e77c1f04a6d';
const REFRESH_TOKEN = 'rt-live-3d8a0e5b92c71f';
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

/** A DSP that issues tokens, then refuses every other call with an answer that repeats them, the client secret and a terminal escape. */
async function leakyDsp(): Promise<string> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
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
      if (url.pathname.endsWith('/token')) {
        return response.end(JSON.stringify({ access_token: ACCESS_TOKEN, refresh_token: REFRESH_TOKEN, token_type: 'Bearer', expires_in: 3600 }));
      }
      // Echoes what it was sent, as a careless error handler does.
      response.end(`{"message":"\u001b]0;owned\u0007\u001b[2J refused ${ACCESS_TOKEN} (${request.headers.authorization ?? ''}) for client ${CLIENT_SECRET}","sent":${JSON.stringify(Buffer.concat(chunks).toString())},"refresh_token":"${REFRESH_TOKEN}"}`);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function leaks(text: string): string[] {
  return [CLIENT_SECRET, ACCESS_TOKEN, REFRESH_TOKEN].filter((secret) => text.includes(secret));
}

describe('certify against a server that echoes secrets back', () => {
  it('shows no client secret, access token or refresh token in its output, --json, JUnit, HTML or Markdown report', { timeout: 90_000 }, async () => {
    const url = await leakyDsp();
    const dir = tempDir('certify-secrets');
    const base = ['certify', 'dsp', '--base-url', url, '--skip-sandbox', '--client-secret', CLIENT_SECRET, '--timeout-ms', '5000'];
    const captured = captureIo();
    expect(await main([...base, '--junit', join(dir, 'junit.xml'), '--report', join(dir, 'report.html')], { io: captured.io })).toBe(1);
    const markdown = captureIo();
    expect(await main([...base, '--report', join(dir, 'report.md')], { io: markdown.io })).toBe(1);
    const json = captureIo();
    await main([...base, '--json'], { io: json.io });

    const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    const md = readFileSync(join(dir, 'report.md'), 'utf8');
    // The server's answers did reach the reports, with the secrets in them replaced.
    for (const text of [captured.stdout(), xml, html, md, json.stdout()]) expect(text).toContain('[redacted]');
    expect({ stdout: leaks(captured.stdout()), xml: leaks(xml), html: leaks(html), md: leaks(md), json: leaks(json.stdout()) }).toEqual({ stdout: [], xml: [], html: [], md: [], json: [] });
  });

  it("shows the server's terminal escapes as text in its live lines, never as escapes", { timeout: 90_000 }, async () => {
    const url = await leakyDsp();
    const captured = captureIo();
    await main(['certify', 'dsp', '--base-url', url, '--skip-sandbox', '--only', 'DSP-OAU-03,DSP-LOC-01'], { io: captured.io });
    expect(captured.stdout()).toContain('\\x1b]0;owned\\x07');
    expect(captured.stdout()).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/u);
  });
});

describe('certify against a server whose answers carry line breaks', () => {
  it("keeps each requirement's reason on its own lines, so the server cannot print a passing line of its own in the output or a report", { timeout: 90_000 }, async () => {
    const forged = '✔ pass  POS-OAU-01  must    forged by the server';
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(`oops\r\n${forged}\n`);
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    servers.push(server);
    const dir = tempDir('certify-lines');
    const captured = captureIo();
    const args = ['certify', 'pos', '--base-url', `http://127.0.0.1:${(server.address() as AddressInfo).port}`, '--skip-sandbox', '--only', 'POS-OAU-01', '--timeout-ms', '5000'];
    expect(await main([...args, '--junit', join(dir, 'junit.xml'), '--report', join(dir, 'report.html')], { io: captured.io })).toBe(1);
    await main([...args, '--report', join(dir, 'report.md')], { io: captureIo().io });
    const texts = { stdout: captured.stdout(), xml: readFileSync(join(dir, 'junit.xml'), 'utf8'), html: readFileSync(join(dir, 'report.html'), 'utf8'), md: readFileSync(join(dir, 'report.md'), 'utf8') };
    // The answer is quoted, its line breaks written out as \r\n and \n.
    for (const text of Object.values(texts)) expect(text).toContain(`oops\\r\\n${forged}`);
    const startsALine = Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, text.split('\n').some((line) => line.trimStart().startsWith('✔ pass'))]));
    expect(startsALine).toEqual({ stdout: false, xml: false, html: false, md: false });
  });
});

describe('certify given authorization codes a person approved', () => {
  it('shows none of them, from STREAM_CERTIFY_CODE or the redirect URL, in its output, --json or reports, even when the server refused them unspent', { timeout: 90_000 }, async () => {
    const codes = ['approved-code-1a2b3c4d', 'approved-code-5e6f7a8b', 'landed-code-9c0d1e2f'];
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        // Refuses every code exchange with an answer the contract does not list, so the calls are shown.
        response.writeHead(418, { 'content-type': 'application/json' });
        response.end('{"nope":true}');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    servers.push(server);
    const dir = tempDir('certify-codes');
    const base = ['certify', 'pos', '--base-url', `http://127.0.0.1:${(server.address() as AddressInfo).port}`, '--skip-sandbox', '--only', 'POS-OAU-01,POS-OAU-03,POS-OAU-08', '--timeout-ms', '5000'];
    const given = captureIo({ STREAM_CERTIFY_CODE: `${codes[0]},${codes[1]}` });
    await main([...base, '--junit', join(dir, 'junit.xml'), '--report', join(dir, 'report.html')], { io: given.io });
    const json = captureIo({ STREAM_CERTIFY_CODE: `${codes[0]},${codes[1]}` });
    await main([...base, '--json', '--report', join(dir, 'report.md')], { io: json.io });
    const landed = captureIo({ STREAM_CERTIFY_REDIRECT_URL: `https://partners.stream.example/oauth/callback?code=${codes[2]}&state=wrong` });
    await main([...base, '--json'], { io: landed.io });
    const texts = { stdout: given.stdout(), json: json.stdout(), landed: landed.stdout(), xml: readFileSync(join(dir, 'junit.xml'), 'utf8'), html: readFileSync(join(dir, 'report.html'), 'utf8'), md: readFileSync(join(dir, 'report.md'), 'utf8') };
    // The code exchanges were made and are shown, each code replaced.
    expect(texts.json).toContain('\\"code\\":\\"[redacted]\\"');
    expect(texts.landed).toContain('\\"code\\":\\"[redacted]\\"');
    const leaked = Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, codes.filter((code) => text.includes(code))]));
    expect(leaked).toEqual({ stdout: [], json: [], landed: [], xml: [], html: [], md: [] });
  });
});

describe('certify against a server behind HTTP basic auth given in --base-url', () => {
  it('sends the credential but shows its password nowhere: output, --json, JUnit, HTML or Markdown report', { timeout: 90_000 }, async () => {
    const url = new URL(await leakyDsp());
    url.username = 'stream';
    url.password = 'basic-pass-7e41c9a0';
    const dir = tempDir('certify-userinfo');
    const base = ['certify', 'dsp', '--base-url', url.toString(), '--skip-sandbox', '--only', 'DSP-OAU-03,DSP-LOC-01', '--timeout-ms', '5000'];
    const captured = captureIo();
    await main([...base, '--junit', join(dir, 'junit.xml'), '--report', join(dir, 'report.html')], { io: captured.io });
    const markdown = captureIo();
    await main([...base, '--report', join(dir, 'report.md')], { io: markdown.io });
    const json = captureIo();
    await main([...base, '--json'], { io: json.io });
    const texts = { stdout: captured.stdout(), json: json.stdout(), xml: readFileSync(join(dir, 'junit.xml'), 'utf8'), html: readFileSync(join(dir, 'report.html'), 'utf8'), md: readFileSync(join(dir, 'report.md'), 'utf8') };
    const leaked = Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, text.includes('basic-pass-7e41c9a0')]));
    expect(leaked).toEqual({ stdout: false, json: false, xml: false, html: false, md: false });
    expect(texts.json).toContain('stream:[redacted]@127.0.0.1');
  });
});

describe('the report files certify writes', () => {
  it('are readable by their owner only, and refuse a symlink planted at their path instead of writing through or over it', { timeout: 90_000 }, async () => {
    const url = await leakyDsp();
    const dir = tempDir('certify-files');
    // Another user of a shared folder points the report's name at a file of this user's.
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'keep me\n');
    symlinkSync(victim, join(dir, 'junit.xml'));
    const args = ['certify', 'dsp', '--base-url', url, '--skip-sandbox', '--only', 'DSP-OAU-03', '--timeout-ms', '5000', '--junit', join(dir, 'junit.xml'), '--report', join(dir, 'report.html')];
    const refused = captureIo();
    expect(await main(args, { io: refused.io })).toBe(2);
    expect(refused.stderr()).toContain(`--junit: ${join(dir, 'junit.xml')} is a symbolic link`);
    expect(readFileSync(victim, 'utf8')).toBe('keep me\n');
    expect(readdirSync(dir).sort()).toEqual(['junit.xml', 'victim.txt']);
    unlinkSync(join(dir, 'junit.xml'));
    const captured = captureIo();
    await main(args, { io: captured.io });
    for (const name of ['junit.xml', 'report.html']) {
      const stat = lstatSync(join(dir, name));
      expect(stat.isFile(), name).toBe(true);
      expect(stat.mode & 0o777, name).toBe(0o600);
    }
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('<testsuite');
    expect(readdirSync(dir).sort()).toEqual(['junit.xml', 'report.html', 'victim.txt']);
  });
});

describe('the saved HTML report', () => {
  it('carries a Content-Security-Policy of its own that allows no script and only its own stylesheet', () => {
    const html = htmlReport({ audience: 'dsp', baseUrl: 'http://127.0.0.1:1', startedAt: '2026-03-15T12:00:00.000Z', ms: 1, results: [], catalogueVersion: '1.1.0', certifiedUnder: null, seed: 1, depth: 'default', counts: { passed: 0, failed: 0, warned: 0, blocked: 0, skipped: 0, notVerified: 0, notRun: 0, mustFailed: 0 }, total: 0, complete: false, runLimitMs: null, timeLimitReached: false, allMustPassed: true, certified: false });
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    expect(policy).toBe(REPORT_CSP);
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('unsafe-inline');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(policy).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });
});

describe("certify's JUnit file against a server whose answers carry CDATA ends", () => {
  it('keeps every "]]>" the server wrote as text, so its markup never becomes elements of the report', { timeout: 90_000 }, async () => {
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://127.0.0.1');
        if (url.pathname.endsWith('/token')) {
          response.writeHead(200, { 'content-type': 'application/json' });
          return response.end(JSON.stringify({ access_token: 'at-1', refresh_token: 'rt-1', token_type: 'Bearer', expires_in: 3600 }));
        }
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'a]]>b]]></system-out></testcase><testcase name="DSP-FAKE-01 forged" classname="certify.dsp"><system-out><![CDATA[c' }));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    servers.push(server);
    const dir = tempDir('certify-cdata');
    const captured = captureIo();
    await main(['certify', 'dsp', '--base-url', `http://127.0.0.1:${(server.address() as AddressInfo).port}`, '--skip-sandbox', '--token', 'at-1', '--only', 'DSP-LOC-01', '--timeout-ms', '5000', '--junit', join(dir, 'junit.xml')], { io: captured.io });
    const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
    // What an XML parser reads as markup: everything outside CDATA sections.
    const markup = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
    expect(markup).not.toContain('DSP-FAKE-01');
    expect(markup.match(/<testcase /g)).toHaveLength(1);
    // And the text of the CDATA sections, joined, still says what the server answered.
    const text = [...xml.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)].map((match) => match[1]).join('');
    expect(text).toContain('a]]>b]]></system-out></testcase><testcase name=');
  });
});
