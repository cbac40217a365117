// What certify's command line promises in its messages and help: the documented way to give a
// second approved code works, each option shows one default, and the live lines follow the table.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../src/certify/catalogue.js';
import { MANUAL_STATE } from '../src/certify/checks-oauth.js';
import { main } from '../src/cli.js';
import { startKit } from './kits.js';
import { captureIo } from './support.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** What a person's browser does: approve Stream's authorize link and land on the redirect. */
async function approve(url: string): Promise<string> {
  const link = `${url}/stream-pos/v1/authorize?client_id=stream-client&response_type=code&redirect_uri=${encodeURIComponent('https://partners.stream.example/oauth/callback')}&state=${encodeURIComponent(MANUAL_STATE)}`;
  const response = await fetch(link, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (location === null) throw new Error(`the kit did not redirect: ${response.status}`);
  return location;
}

describe('certify with an authorize page behind a login', () => {
  it('takes the landed URL and a second code from STREAM_CERTIFY_REDIRECT_URL and STREAM_CERTIFY_CODE, as the not-verified message asks, and uses that code for the fresh-code check', { timeout: 60_000 }, async () => {
    const kit = await startKit('pos');
    closers.push(() => kit.close());
    const landed = await approve(kit.url);
    const second = new URL(await approve(kit.url)).searchParams.get('code')!;
    const captured = captureIo({ STREAM_CERTIFY_REDIRECT_URL: landed, STREAM_CERTIFY_CODE: second });
    const code = await main(['certify', 'pos', '--base-url', kit.url, '--skip-sandbox', '--only', 'POS-OAU-01,POS-OAU-03,POS-OAU-08'], { io: captured.io });
    expect(captured.stderr()).toBe('');
    expect(captured.stdout()).toMatch(/✔ pass {2}POS-OAU-01 /);
    expect(captured.stdout()).toMatch(/✔ pass {2}POS-OAU-08 /);
    expect(code).toBe(0);
  });

  it('takes --redirect-url and --code as flags too, warning for each that other users of the machine can read it', { timeout: 60_000 }, async () => {
    const kit = await startKit('pos');
    closers.push(() => kit.close());
    const landed = await approve(kit.url);
    const second = new URL(await approve(kit.url)).searchParams.get('code')!;
    const captured = captureIo();
    const code = await main(['certify', 'pos', '--base-url', kit.url, '--skip-sandbox', '--redirect-url', landed, '--code', second, '--only', 'POS-OAU-01,POS-OAU-03,POS-OAU-08'], { io: captured.io });
    expect(code).toBe(0);
    expect(captured.stderr()).toContain('warning: --redirect-url puts the secret in this command\'s arguments, which other users of this machine can read (ps, /proc). Set STREAM_CERTIFY_REDIRECT_URL instead.');
    expect(captured.stderr()).toContain('warning: --code puts the secret in this command\'s arguments, which other users of this machine can read (ps, /proc). Set STREAM_CERTIFY_CODE (several separated by commas) instead.');
    expect(captured.stderr()).not.toContain(second);
  });
});

describe('certify --help', () => {
  it('shows one default for --client-secret and calls the menu check DSP-MNU-01', async () => {
    const captured = captureIo();
    await main(['certify', '--help'], { io: captured.io });
    const help = captured.stdout();
    const option = (/--client-secret[\s\S]*?(?=\n\s+--)/.exec(help)?.[0] ?? '').replace(/\s+/g, ' ');
    expect(option).toContain('$STREAM_CLIENT_SECRET, else stream-secret');
    expect(option.match(/default/g)).toHaveLength(1);
    expect(help).toContain('The DSP menu check (DSP-MNU-01)');
    expect(help).not.toContain('DSP-EVT-07) is driven');
  });
});

describe('certify live output', () => {
  it('prints each requirement in the order of the catalogue table, timing requirements included', { timeout: 120_000 }, async () => {
    const kit = await startKit('events');
    closers.push(() => kit.close());
    const captured = captureIo();
    await main(['certify', 'events', '--base-url', kit.url, '--skip-sandbox'], { io: captured.io });
    const printed = [...captured.stdout().matchAll(/^(?:✔ pass|✖ fail|⚠ warn|⊘ blocked|○ skip|\? not verified) {2}(EVT-[A-Z]{3}-\d{2})/gm)].map((match) => match[1]);
    expect(printed).toEqual(loadCatalogue('events').requirements.map((requirement) => requirement.id));
  });
});

describe("certify's bearer token and base URL", () => {
  it('come from STREAM_CERTIFY_TOKEN and STREAM_CERTIFY_BASE_URL, and a --token or a password in --base-url on the command line gets a warning naming the variable', { timeout: 60_000 }, async () => {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(String(request.headers.authorization));
      request.resume();
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'invalid_token', message: 'A bearer token is required.' }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    closers.push(() => new Promise<void>((done) => server.close(() => done())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const quiet = captureIo({ STREAM_CERTIFY_TOKEN: 'tok-env-31', STREAM_CERTIFY_BASE_URL: url });
    await main(['certify', 'pos', '--skip-sandbox', '--only', 'POS-SEC-01'], { io: quiet.io });
    expect(quiet.stderr()).toBe('');
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['Bearer tok-env-31']));
    seen.length = 0;
    const loud = captureIo({ STREAM_CERTIFY_TOKEN: 'tok-env-31' });
    await main(['certify', 'pos', '--base-url', url.replace('http://', 'http://stream:pa55word@'), '--token', 'tok-flag-32', '--skip-sandbox', '--only', 'POS-SEC-01'], { io: loud.io });
    expect(loud.stderr()).toContain('warning: --token puts the secret in this command\'s arguments, which other users of this machine can read (ps, /proc). Set STREAM_CERTIFY_TOKEN instead.');
    expect(loud.stderr()).toContain('warning: --base-url with a password puts the secret in this command\'s arguments');
    expect(loud.stderr()).toContain('Set STREAM_CERTIFY_BASE_URL instead.');
    expect(`${loud.stderr()}${loud.stdout()}`).not.toContain('pa55word');
    expect(new Set(seen)).toEqual(new Set(['Bearer tok-flag-32']));
  });
});

describe('certify --base-url', () => {
  it('appends each contract path to the base URL and keeps a path prefix the server lives under', { timeout: 60_000 }, async () => {
    const paths: string[] = [];
    const server = createServer((request, response) => {
      paths.push(request.url ?? '');
      request.resume();
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'invalid_token', message: 'A bearer token is required.' }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    closers.push(() => new Promise<void>((done) => server.close(() => done())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/partner-api/`;
    const captured = captureIo();
    await main(['certify', 'pos', '--base-url', url, '--skip-sandbox', '--token', 'tok', '--only', 'POS-SEC-01'], { io: captured.io });
    // The server refuses every call, so the run is blocked; what matters here is where the calls went.
    expect(captured.stdout()).toContain('GET /stream-pos/v1/locations answered 401');
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path).toMatch(/^\/partner-api\/stream-pos\/v1\/[a-z]/);
  });
});
