// Honest verdicts: blocked is not failed, --only gives no verdict, --code leaves the redirect
// unverified unless the redirect URL is given, a 401 to a sound call shows certify's signature,
// and what the partner's send command did (its exit, the sandbox's refusal) is reported as it was.
import { createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../src/certify/catalogue.js';
import { describeSecret } from '../src/certify/context.js';
import { runCertification, type CertificationResult, type RequirementResult } from '../src/certify/runner.js';
import { linkSandbox } from '../src/certify/sandbox-link.js';
import { main } from '../src/cli.js';
import type { Audience } from '../src/trigger/targets.js';
import { ROOT, startKit } from './kits.js';
import { captureIo, tempDir } from './support.js';

const SECRET = 'whsec_sandbox';
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A tiny partner server on 127.0.0.1: `route` answers each request from its method and path. */
async function tinyServer(route: (request: IncomingMessage, url: URL, response: ServerResponse) => void): Promise<string> {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => route(request, new URL(request.url ?? '/', 'http://127.0.0.1'), response));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  closers.push(
    () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** A DSP whose authorize endpoint redirects with a code; `broken` decides what else answers 500. */
function dspServer(broken: 'token' | 'locations'): Promise<string> {
  return tinyServer((request, url, response) => {
    if (url.pathname.endsWith('/authorize')) {
      const target = new URL(url.searchParams.get('redirect_uri') ?? 'https://partners.stream.example/oauth/callback');
      target.searchParams.set('code', 'code-1');
      target.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: target.toString() });
      return response.end();
    }
    if (url.pathname.endsWith('/token') && broken !== 'token') return json(response, 200, { access_token: 'tok-1', refresh_token: 'ref-1', token_type: 'Bearer', expires_in: 3600 });
    json(response, 500, { code: 'broken', message: `${request.method} ${url.pathname} is broken` });
  });
}

function byId(result: CertificationResult, id: string): RequirementResult {
  const found = result.results.find((item) => item.requirement.id === id);
  if (found === undefined) throw new Error(`no result for ${id}`);
  return found;
}

function config(audience: Audience, baseUrl: string) {
  return {
    audience,
    baseUrl,
    webhookSecret: SECRET,
    webhookSecretSource: "the sandbox's default",
    clientId: 'stream-client',
    clientSecret: 'stream-secret',
    redirectUri: 'https://partners.stream.example/oauth/callback',
    timeoutMs: 10_000,
    answerLimitMs: 10_000,
    waitMs: 20_000,
    now: () => Date.now(),
    sleep: (ms: number) => delay(ms).then(() => undefined),
  };
}

/** Runs certify in-process with a sandbox and `sendCommand`, on the requirements in `only`. */
async function certifyWithSandbox(audience: Audience, baseUrl: string, only: readonly string[], sendCommand: string) {
  const base = config(audience, baseUrl);
  const sandbox = await linkSandbox({ webhookSecret: SECRET, partnerSlug: 'demo-partner', partnerId: 'demo-partner-id', now: base.now, sleep: base.sleep });
  try {
    const result = await runCertification({ config: base, only, sandbox, sendCommand });
    return { result, sandboxUrl: sandbox.url };
  } finally {
    await sandbox.close();
  }
}

describe('a requirement that could not run because an earlier one failed', () => {
  it('reads "blocked by" the failed requirement, is counted apart, and is not a failure of its own', { timeout: 60_000 }, async () => {
    const url = await dspServer('token');
    const result = await runCertification({ config: config('dsp', url), skipSandbox: true });
    expect(byId(result, 'DSP-OAU-03').status).toBe('failed');
    const blocked = result.results.filter((item) => item.status === 'blocked');
    expect(blocked.map((item) => item.requirement.id)).toEqual(expect.arrayContaining(['DSP-OAU-05', 'DSP-SEC-01', 'DSP-LOC-01', 'DSP-EVT-01']));
    for (const item of blocked) {
      expect(item.blockedBy).toBe('DSP-OAU-03');
      // The relation checks judge the calls the token would have allowed: none were made.
      expect(item.reason).toMatch(/^blocked by DSP-OAU-03: (could not get an access token|no answer it covers)/);
    }
    expect(result.counts.blocked).toBe(blocked.length);
    expect(result.counts.failed).toBe(result.results.filter((item) => item.status === 'failed').length);
    expect(result.counts.failed + result.counts.warned + result.counts.blocked + result.counts.passed + result.counts.skipped + result.counts.notVerified).toBe(result.results.length);
    expect(result.certified).toBe(false);
  });

  it('waits for a prerequisite owner that runs later in the catalogue, and then says blocked by it', { timeout: 60_000 }, async () => {
    // DSP-SEC-01 runs before DSP-LOC-01 but needs the location it lists.
    const url = await dspServer('locations');
    const seen: string[] = [];
    const result = await runCertification({ config: config('dsp', url), skipSandbox: true, onResult: (item) => seen.push(`${item.requirement.id}:${item.status}`) });
    expect(byId(result, 'DSP-LOC-01').status).toBe('failed');
    expect(byId(result, 'DSP-SEC-01')).toMatchObject({ status: 'blocked', blockedBy: 'DSP-LOC-01' });
    // The live output reports the final status only, once the owner has run, in the catalogue's order.
    expect(seen).toContain('DSP-SEC-01:blocked');
    expect(seen).toEqual(result.results.map((item) => `${item.requirement.id}:${item.status}`));
  });

  it('shows blocked apart in the text summary, the JSON, the JUnit XML and the HTML report', { timeout: 60_000 }, async () => {
    const url = await dspServer('token');
    const dir = tempDir('certify-blocked');
    const captured = captureIo();
    const code = await main(['certify', 'dsp', '--base-url', url, '--skip-sandbox', '--junit', join(dir, 'junit.xml'), '--report', join(dir, 'report.html')], { io: captured.io });
    expect(code).toBe(1);
    const out = captured.stdout();
    expect(out).toMatch(/⊘ blocked {2}DSP-LOC-01/);
    expect(out).toMatch(/\d+ passed, \d+ failed, \d+ warned, [1-9]\d* blocked, \d+ skipped, 0 not verified/);
    expect(out).toContain('would not pass certification yet');
    expect(out).not.toMatch(/✖ fail {2}DSP-LOC-01/);
    const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(xml).toContain('blocked: blocked by DSP-OAU-03');
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('blocked by DSP-OAU-03');

    const jsonRun = captureIo();
    await main(['certify', 'dsp', '--base-url', url, '--skip-sandbox', '--json'], { io: jsonRun.io });
    const parsed = JSON.parse(jsonRun.stdout()) as CertificationResult;
    expect(parsed.counts.blocked).toBeGreaterThan(0);
    expect(parsed.results.find((item) => item.requirement.id === 'DSP-LOC-01')).toMatchObject({ status: 'blocked', blockedBy: 'DSP-OAU-03' });
  });
});

describe('--only', () => {
  it('never says the server would pass certification: it says how many requirements ran', { timeout: 60_000 }, async () => {
    const kit = await startKit('dsp');
    closers.push(() => kit.close());
    const captured = captureIo();
    const code = await main(['certify', 'dsp', '--base-url', kit.url, '--skip-sandbox', '--only', 'DSP-OAU-01,DSP-LOC-01,DSP-EVT-05'], { io: captured.io });
    expect(code).toBe(0);
    const total = loadCatalogue('dsp').requirements.length;
    expect(captured.stdout()).toContain(`3 of ${total} requirements ran: all passed; run without --only for a verdict.`);
    expect(captured.stdout()).not.toContain('would pass certification');
  });
});

describe('an authorize page behind a login (--code, --redirect-url)', () => {
  /** What a person's browser does: open the link certify printed and follow the approval to the redirect. */
  async function approveInBrowser(link: string): Promise<string> {
    const response = await fetch(link, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (location === null) throw new Error(`the kit did not redirect: ${response.status}`);
    return location;
  }

  it('reports the redirect as not verified with --code, and prints the link to approve', { timeout: 60_000 }, async () => {
    const kit = await startKit('pos');
    closers.push(() => kit.close());
    const landed = await approveInBrowser(`${kit.url}/stream-pos/v1/authorize?client_id=stream-client&response_type=code&redirect_uri=${encodeURIComponent('https://partners.stream.example/oauth/callback')}&state=x`);
    const code = new URL(landed).searchParams.get('code')!;
    const captured = captureIo();
    const exit = await main(['certify', 'pos', '--base-url', kit.url, '--skip-sandbox', '--code', code, '--only', 'POS-OAU-01,POS-OAU-03'], { io: captured.io });
    const out = captured.stdout();
    expect(out).toMatch(/\? not verified {2}POS-OAU-01/);
    expect(out).toMatch(/✔ pass {2}POS-OAU-03/);
    expect(out).toContain('1 not verified');
    expect(out).toContain('--redirect-url');
    // A must requirement that is not verified did not pass.
    expect(exit).toBe(1);
  });

  it('checks the code and the exact state of the URL the browser landed on with --redirect-url', { timeout: 60_000 }, async () => {
    const kit = await startKit('pos');
    closers.push(() => kit.close());
    const first = captureIo();
    await main(['certify', 'pos', '--base-url', kit.url, '--skip-sandbox', '--code', 'unused', '--only', 'POS-OAU-01'], { io: first.io });
    const link = /open (\S+) in a browser/.exec(first.stdout())?.[1];
    expect(link).toBeDefined();
    const landed = await approveInBrowser(link!);

    const good = captureIo();
    expect(await main(['certify', 'pos', '--base-url', kit.url, '--skip-sandbox', '--redirect-url', landed, '--only', 'POS-OAU-01,POS-OAU-03'], { io: good.io })).toBe(0);
    expect(good.stdout()).toMatch(/✔ pass {2}POS-OAU-01 .*checked the redirect given with --redirect-url/);
    expect(good.stdout()).toMatch(/✔ pass {2}POS-OAU-03/);

    // A redirect whose state is not the one certify's link carried fails, and says which state it expected.
    const tampered = new URL(await approveInBrowser(link!));
    tampered.searchParams.set('state', 'certify manual/1');
    const bad = captureIo();
    expect(await main(['certify', 'pos', '--base-url', kit.url, '--skip-sandbox', '--redirect-url', tampered.toString(), '--only', 'POS-OAU-01'], { io: bad.io })).toBe(1);
    expect(bad.stdout()).toMatch(/✖ fail {2}POS-OAU-01/);
    expect(bad.stdout()).toContain('not "certify manual/1?a=b&c=d"');
  });

  it('refuses a --redirect-url without a code with exit code 2', async () => {
    const captured = captureIo();
    expect(await main(['certify', 'pos', '--base-url', 'http://127.0.0.1:9', '--redirect-url', 'https://partners.stream.example/oauth/callback?state=x'], { io: captured.io })).toBe(2);
    expect(captured.stderr()).toContain('has no code');
  });
});

describe('a partner that answers 401 to a correctly signed call', () => {
  it("shows certify's signature over the exact bytes sent, with the secret redacted", { timeout: 60_000 }, async () => {
    const url = await tinyServer((_request, _url, response) => json(response, 401, { code: 'invalid_signature', message: 'signature does not match' }));
    const result = await runCertification({ config: config('events', url), skipSandbox: true, only: ['EVT-SEC-01', 'EVT-ORD-01'] });
    const refused = byId(result, 'EVT-ORD-01');
    expect(refused.status).toBe('failed');
    const sent = refused.evidence[refused.evidence.length - 1]!.request.body!;
    const signature = createHmac('sha256', SECRET).update(sent).digest('hex');
    expect(refused.reason).toContain(`certify's Stream-Signature ${signature} is the HMAC-SHA256 of the exact ${Buffer.byteLength(sent)} bytes`);
    expect(refused.reason).toContain("whsec_… (13 characters, from the sandbox's default)");
    expect(refused.reason).not.toContain(SECRET);
    // The refusal check wanted that 401, and says nothing about signatures.
    expect(byId(result, 'EVT-SEC-01')).toMatchObject({ status: 'passed' });
  });

  it('points at the bearer-token demand, not the signature check, when the 401 asks a signature-only endpoint for a bearer token', { timeout: 60_000 }, async () => {
    const url = await tinyServer((_request, _url, response) => json(response, 401, { code: 'invalid_token', message: 'A bearer token is required.' }));
    const result = await runCertification({ config: config('events', url), skipSandbox: true, only: ['EVT-ORD-01'] });
    const refused = byId(result, 'EVT-ORD-01');
    expect(refused.status).toBe('failed');
    expect(refused.reason).toContain('its answer asks for a bearer token');
    expect(refused.reason).toContain('Remove the bearer-token check');
    expect(refused.reason).not.toContain('hashes the raw body');
  });
});

describe("what the partner's send command did", () => {
  it('reports a send command that exits 1 as "exited with code 1" with its stderr, and gives it the sandbox in its environment', { timeout: 90_000 }, async () => {
    const kit = await startKit('events');
    closers.push(() => kit.close());
    const dir = tempDir('certify-send');
    const envFile = join(dir, 'env.txt');
    const command = `printf '%s\\n' "$STREAM_BASE_URL" "$STREAM_WEBHOOK_SECRET" "$PARTNER_SLUG" "$PARTNER_ID" {sandbox_url} > ${JSON.stringify(envFile)}; echo "cannot reach the dispatch service" >&2; exit 1`;
    const { result, sandboxUrl } = await certifyWithSandbox('events', kit.url, ['EVT-ORD-01', 'EVT-SND-01'], command);
    const send = byId(result, 'EVT-SND-01');
    expect(send.status).toBe('failed');
    expect(send.reason).toContain('exited with code 1 (stderr: cannot reach the dispatch service)');
    expect(send.reason).not.toContain('signal');
    expect(readFileSync(envFile, 'utf8').trim().split('\n')).toEqual([sandboxUrl, SECRET, 'demo-partner', 'demo-partner-id', sandboxUrl]);
  });

  const badlySigned = (path: string, body: string) =>
    `curl -s -o /dev/null -X POST "{sandbox_url}${path}" -H 'Content-Type: application/json' -H "Stream-Signature: $(printf '0%.0s' $(seq 64))" --data '${body}'`;

  const cases: { audience: Audience; only: string[]; id: string; command: string }[] = [
    { audience: 'events', only: ['EVT-ORD-01', 'EVT-SND-01'], id: 'EVT-SND-01', command: badlySigned('/event-provider/{partner_slug}/webhook', '{"order_id":"{order_id}","location_id":"{location_id}","driver":{"name":"Dana"}}') },
    { audience: 'dsp', only: ['DSP-SND-01'], id: 'DSP-SND-01', command: badlySigned('/order/{partner_id}', '{"event_id":"e1","type":"{event}","location_id":"{location_id}","data":{}}') },
    { audience: 'pos', only: ['POS-SND-02'], id: 'POS-SND-02', command: badlySigned('/pos/{partner_slug}/webhook', '{"type":"location.status.updated","object":{"location_id":"{location_id}","status":"active"}}') },
  ];
  it('has a refusal case for every audience', () => {
    expect(new Set(cases.map((item) => item.audience)).size).toBe(3);
  });
  for (const item of cases) {
    it(`says "the sandbox refused it with 401" and why when a ${item.audience} partner sends a badly signed body`, { timeout: 90_000 }, async () => {
      const kit = await startKit(item.audience);
      closers.push(() => kit.close());
      const { result } = await certifyWithSandbox(item.audience, kit.url, item.only, item.command);
      const send = byId(result, item.id);
      expect(send.status).toBe('failed');
      expect(send.reason).toMatch(/^the sandbox refused it with 401: /);
      expect(send.reason).toContain('Stream-Signature does not match');
      expect(send.reason).not.toContain('nothing arrived');
    });
  }
});

describe('the certification guide', () => {
  const guide = readFileSync(join(ROOT, 'site', 'docs', 'become-a-stream-integration', 'certification.mdx'), 'utf8');

  it("runs its send-command example without the starter kits' code, and certify passes the provider's updates", { timeout: 90_000 }, async () => {
    const script = /```sh title="send-update.sh"\n([\s\S]*?)```/.exec(guide)?.[1];
    expect(script, 'the guide has no send-update.sh block').toBeDefined();
    const file = join(tempDir('certify-guide'), 'send-update.sh');
    writeFileSync(file, script!);
    // The same command line the guide shows, with the script where the test wrote it.
    const shown = /--send-command "(sh send-update\.sh [^"]+)"/.exec(guide)?.[1];
    expect(shown).toBe('sh send-update.sh {event} {order_id} {location_id} {sandbox_url}');
    const kit = await startKit('events');
    closers.push(() => kit.close());
    const { result } = await certifyWithSandbox('events', kit.url, ['EVT-ORD-01', 'EVT-SND-01', 'EVT-SND-02'], shown!.replace('send-update.sh', JSON.stringify(file)));
    expect(result.results.map((item) => `${item.requirement.id}:${item.status}:${item.reason ?? ''}`)).toEqual(['EVT-ORD-01:passed:', 'EVT-SND-01:passed:', 'EVT-SND-02:passed:']);
  });

  it('shows {sandbox_url} in every --send-command example, in the guide and in certify --help', async () => {
    const captured = captureIo();
    await main(['certify', '--help'], { io: captured.io });
    const help = captured.stdout();
    const examples = [...`${guide}\n${help}`.matchAll(/--send-command "([^"]+)"/g)].map((match) => match[1]!);
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const example of examples) expect(example).toContain('{sandbox_url}');
    for (const name of ['STREAM_BASE_URL', 'STREAM_WEBHOOK_SECRET', 'PARTNER_SLUG', 'PARTNER_ID', 'incoming.order.created', 'location.publish', 'blocked by', 'not verified']) {
      expect(help).toContain(name);
      expect(guide).toContain(name);
    }
  });
});

describe('the webhook secret in messages', () => {
  it('shows its prefix, length and source, and at most its last two characters', () => {
    const shown = describeSecret({ webhookSecret: 'whsec_k3y-only-the-partner-knows-9z', webhookSecretSource: '$STREAM_WEBHOOK_SECRET' });
    expect(shown).toBe('whsec_…9z (35 characters, from $STREAM_WEBHOOK_SECRET)');
    expect(describeSecret({ webhookSecret: 'short-secret' })).toBe('… (12 characters, from the caller)');
  });
});
