// The contract lets an authorize endpoint answer 200 with an HTML page that redirects the browser.
// Certify follows a page that redirects at once (a meta refresh) as it follows a 302, and still asks
// for --redirect-url when the page waits for a person.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageRedirect } from '../src/certify/page-redirect.js';
import { MANUAL_STATE } from '../src/certify/checks-oauth.js';
import { certifyKit, mutate, ROOT, startKit, type Mutation } from './kits.js';
import { FRAMEABLE_CONSENT_PAGES, TRUSTING_CONSENT_FORMS } from './mutations.js';

describe('a page that redirects the browser', () => {
  it('is followed when it refreshes at once, its URL read with HTML entities decoded', () => {
    const bodyText = '<!doctype html><head><meta http-equiv="refresh" content="0; url=https://partners.stream.example/oauth/callback?code=c1&amp;state=s%201"></head>';
    expect(pageRedirect({ contentType: 'text/html; charset=utf-8', bodyText })).toBe('https://partners.stream.example/oauth/callback?code=c1&state=s%201');
    expect(pageRedirect({ contentType: 'text/html', bodyText: "<META HTTP-EQUIV=Refresh CONTENT='0;URL=/cb?code=x'>" })).toBe('/cb?code=x');
  });

  it('is not followed when it waits, is not HTML, or has no refresh', () => {
    expect(pageRedirect({ contentType: 'text/html', bodyText: '<meta http-equiv="refresh" content="5; url=/cb?code=x">' })).toBeUndefined();
    expect(pageRedirect({ contentType: 'text/plain', bodyText: '<meta http-equiv="refresh" content="0; url=/cb?code=x">' })).toBeUndefined();
    expect(pageRedirect({ contentType: 'text/html', bodyText: '<form method="post"><button>Approve</button></form>' })).toBeUndefined();
  });

  it('costs little to search when a hostile page is made of unclosed tags', () => {
    const started = process.hrtime.bigint();
    expect(pageRedirect({ contentType: 'text/html', bodyText: '<meta '.repeat(200_000) })).toBeUndefined();
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(1000);
  });
});

/** A POS whose authorize endpoint answers with a page that sends the browser on at once, as some frameworks do. */
const HTML_REDIRECT: Mutation = {
  name: 'authorize-page-redirects',
  patches: [
    {
      file: 'app.ts',
      find: '    return reply.redirect(approve(query.redirect_uri, query.state), 302);',
      replace:
        "    const to = approve(query.redirect_uri, query.state).replace(/&/g, '&amp;').replace(/\"/g, '&quot;');\n    return reply.type('text/html; charset=utf-8').send(`<!doctype html><meta http-equiv=\"refresh\" content=\"0; url=${to}\"><a href=\"${to}\">Continue</a>`);",
    },
  ],
  fails: [],
  reason: /./,
};

/** A POS whose authorize endpoint redirects to a Location that is no URL at all (an unclosed IPv6 host). */
const LOCATION_NOT_A_URL: Mutation = {
  name: 'authorize-location-not-a-url',
  patches: [
    {
      file: 'app.ts',
      find: '    return reply.redirect(approve(query.redirect_uri, query.state), 302);',
      replace: "    return reply.code(302).header('location', 'http://[::1/callback?code=c1').send();",
    },
  ],
  fails: [],
  reason: /./,
};

describe('certify and an authorize page', () => {
  const kits: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(kits.map((kit) => kit.close()));
  });

  it('passes a POS whose authorize page redirects at once, checking its code and state as a 302', { timeout: 60_000 }, async () => {
    const kit = await startKit('pos', mutate('pos', HTML_REDIRECT));
    kits.push(kit);
    const result = await certifyKit('pos', { url: kit.url, only: ['POS-OAU-01', 'POS-OAU-03'] });
    expect(result.results.map((item) => [item.requirement.id, item.status, item.reason ?? ''])).toEqual([
      ['POS-OAU-01', 'passed', expect.any(String)],
      ['POS-OAU-03', 'passed', expect.any(String)],
    ]);
  });

  it('fails a POS whose authorize redirect names no URL, quoting the Location it sent', { timeout: 60_000 }, async () => {
    const kit = await startKit('pos', mutate('pos', LOCATION_NOT_A_URL));
    kits.push(kit);
    const result = await certifyKit('pos', { url: kit.url, only: ['POS-OAU-01'] });
    expect(result.results[0]).toMatchObject({ status: 'failed' });
    // Before, every requirement read "certify failed while checking: Invalid URL", naming neither answer nor header.
    expect(result.results[0]!.reason).toBe('the authorize endpoint redirected to "http://[::1/callback?code=c1", which is not a URL a browser can follow');
  });

  it('still asks for --redirect-url when the page waits for the merchant to approve', { timeout: 60_000 }, async () => {
    const kit = await startKit('pos', join(ROOT, 'examples', 'pos'), { DEV_AUTO_APPROVE: '0' });
    kits.push(kit);
    const result = await certifyKit('pos', { url: kit.url, only: ['POS-OAU-01'] });
    expect(result.results[0]).toMatchObject({ status: 'failed' });
    expect(result.results[0]!.reason).toMatch(/shows a page \(answered 200\) instead of redirecting.*--redirect-url/);
    // The kit's page forbids framing, so nothing is said of its headers.
    expect(result.results[0]!.reason).not.toMatch(/frame-ancestors/);
  });

  for (const audience of ['pos', 'dsp'] as const) {
    it(`passes a ${audience.toUpperCase()} consent page that forbids framing and fails one sent without its headers, judged on the redirect a person pasted`, { timeout: 120_000 }, async () => {
      const mutation = FRAMEABLE_CONSENT_PAGES[audience];
      const id = `${audience.toUpperCase()}-OAU-01`;
      for (const [dir, expected] of [[join(ROOT, 'examples', audience), undefined], [mutate(audience, mutation), mutation.reason]] as const) {
        const kit = await startKit(audience, dir, { DEV_AUTO_APPROVE: '0' });
        kits.push(kit);
        const redirectUrl = await approveByHand(kit.url, audience);
        const result = await certifyKit(audience, { url: kit.url, only: [id], redirectUrl });
        if (expected === undefined) expect(result.results[0], id).toMatchObject({ status: 'passed' });
        else expect(result.results[0], id).toMatchObject({ status: 'failed', reason: expect.stringMatching(expected) });
      }
    });
  }
});

describe("certify and a consent page's form", () => {
  const kits: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(kits.map((kit) => kit.close()));
  });

  for (const audience of ['pos', 'dsp'] as const) {
    it(`passes a ${audience.toUpperCase()} approve route that checks the posted redirect_uri again and fails one that trusts the form`, { timeout: 120_000 }, async () => {
      const mutation = TRUSTING_CONSENT_FORMS[audience];
      const id = `${audience.toUpperCase()}-OAU-02`;
      for (const [dir, expected] of [[join(ROOT, 'examples', audience), undefined], [mutate(audience, mutation), mutation.reason]] as const) {
        const kit = await startKit(audience, dir, { DEV_AUTO_APPROVE: '0' });
        kits.push(kit);
        const redirectUrl = await approveByHand(kit.url, audience);
        const result = await certifyKit(audience, { url: kit.url, only: [id], redirectUrl });
        if (expected === undefined) expect(result.results[0], id).toMatchObject({ status: 'passed' });
        else expect(result.results[0], id).toMatchObject({ status: 'failed', reason: expect.stringMatching(expected) });
      }
    });
  }
});

/** Submits the kit's consent form as the merchant would, for Stream's link, and gives where the browser lands. */
async function approveByHand(url: string, audience: 'pos' | 'dsp'): Promise<string> {
  const form = new URLSearchParams({ client_id: 'stream-client', response_type: 'code', redirect_uri: 'https://partners.stream.example/oauth/callback', state: MANUAL_STATE });
  const answer = await fetch(`${url}/stream-${audience}/v1/authorize/approve`, { method: 'POST', body: form, redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || location === null) throw new Error(`the consent form answered ${answer.status}, not a redirect`);
  return location;
}
