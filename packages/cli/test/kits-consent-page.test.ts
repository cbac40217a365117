// The POS and DSP kits' consent page, as partners copy it: it shows in the merchant's browser, so
// a link crafted by someone else must not run script in it, frame it or carry parameters of its own.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, startKit } from './kits.js';

/** The kit as a partner runs it in production: the consent page shown, not approved for them. */
const startWithConsentPage = (audience: 'pos' | 'dsp') => startKit(audience, join(ROOT, 'examples', audience), { DEV_AUTO_APPROVE: '0' });

const REDIRECT = 'https://partners.stream.example/oauth/callback';

function authorizeUrl(base: string, audience: 'pos' | 'dsp', extra: Record<string, string>): string {
  const url = new URL(`${base}/stream-${audience}/v1/authorize`);
  for (const [name, value] of Object.entries({ client_id: 'stream-client', response_type: 'code', redirect_uri: REDIRECT, ...extra })) url.searchParams.set(name, value);
  return url.toString();
}

/** The form's hidden fields as a browser would read them back. */
function hiddenFields(html: string): Map<string, string> {
  const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  return new Map([...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((match) => [unescape(match[1]!), unescape(match[2]!)]));
}

describe("the starter kits' consent page", () => {
  for (const audience of ['pos', 'dsp'] as const) {
    it(`${audience}: a parameter named with markup in the link does not reach the page as markup`, async () => {
      const kit = await startWithConsentPage(audience);
      try {
        const answer = await fetch(authorizeUrl(kit.url, audience, { state: 's1', '"><script>alert(document.domain)</script><x y="': '1' }));
        expect(answer.status).toBe(200);
        const html = await answer.text();
        expect(html).not.toContain('<script');
        expect(html).not.toContain('alert(document.domain)');
        expect([...hiddenFields(html).keys()].sort()).toEqual(['client_id', 'redirect_uri', 'response_type', 'state']);
      } finally {
        await kit.close();
      }
    });

    it(`${audience}: a state with quotes, ampersands and angle brackets comes back unchanged after Approve`, async () => {
      const kit = await startWithConsentPage(audience);
      try {
        const state = `a"b'c&amp;d<e>f&g`;
        const html = await (await fetch(authorizeUrl(kit.url, audience, { state }))).text();
        const fields = hiddenFields(html);
        expect(fields.get('state')).toBe(state);
        const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
        expect(action).toBe(`/stream-${audience}/v1/authorize/approve`);
        const redirected = await fetch(`${kit.url}${action}`, { method: 'POST', body: new URLSearchParams([...fields]), redirect: 'manual' });
        expect(redirected.status).toBe(302);
        expect(new URL(redirected.headers.get('location')!).searchParams.get('state')).toBe(state);
      } finally {
        await kit.close();
      }
    });

    it(`${audience}: a GET to the approve route, as an <img> on another site sends, issues no code`, async () => {
      const kit = await startWithConsentPage(audience);
      try {
        const approve = new URL(`${kit.url}/stream-${audience}/v1/authorize/approve`);
        for (const [name, value] of Object.entries({ client_id: 'stream-client', response_type: 'code', redirect_uri: REDIRECT, state: 's1' })) approve.searchParams.set(name, value);
        const answer = await fetch(approve, { redirect: 'manual' });
        expect(answer.status).toBe(404);
        expect(answer.headers.get('location')).toBeNull();
      } finally {
        await kit.close();
      }
    });

    it(`${audience}: the page cannot be framed by another site, sniffed, cached or made to run script`, async () => {
      const kit = await startWithConsentPage(audience);
      try {
        const answer = await fetch(authorizeUrl(kit.url, audience, { state: 's1' }));
        expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
        expect(answer.headers.get('x-frame-options')).toBe('DENY');
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(answer.headers.get('cache-control')).toBe('no-store');
        const policy = answer.headers.get('content-security-policy') ?? '';
        expect(policy).toContain("frame-ancestors 'none'");
        expect(policy).toContain("default-src 'none'");
        // The approve route redirects to Stream: browsers hold that redirect to form-action too.
        expect(policy).toContain("form-action 'self' https://partners.stream.example;");
      } finally {
        await kit.close();
      }
    });
  }
});
