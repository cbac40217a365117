import { describe, expect, it } from 'vitest';
import { prepareForIndex } from './prepare';

const GUIDE = [
  '<html lang=en><body><nav class="navbar">Guides</nav><article>',
  '<div class="theme-doc-markdown markdown"><header><h1>Location management</h1></header>',
  '<h2 id=status>Status</h2><table><tr><td>paused<td>Your endpoint</table></div>',
  '</article><footer>Footer</footer></body></html>',
].join('');

const REFERENCE = [
  '<html lang=en><body><main><div id=api-reference class=api-reference-root data-api=partner>',
  '<h3 id=operation/bindOnboardingLocations>Bind DSP stores to locations</h3>',
  '<p><span data-method=POST>POST</span><code class=path_Oo><span class=baseUrl_IA>https://api.stream.example</span>/onboarding/locations/bind</code>',
  '<code class=value_k>ready_for_pickup</code><code class=value_k>completed</code>',
  '</div></main></body></html>',
].join('');

function prepared(html: string, path: string): string {
  const result = prepareForIndex(html, path);
  if (!('html' in result)) throw new Error(`skipped: ${result.skipped}`);
  return result.html;
}

describe('prepareForIndex', () => {
  it('indexes only the guide body and tags it with its audience', () => {
    const html = prepared(GUIDE, '/docs/become-a-stream-integration/integrate-with-stream-as-a-pos/integration-steps/location-management');
    expect(html).toContain('<div data-pagefind-body class="theme-doc-markdown markdown">');
    expect(html).toContain('<span data-pagefind-filter="audience:POS"></span><span data-pagefind-meta="group:POS"></span>');
    expect(html).toContain('paused <td>Your endpoint');
  });

  it('gives an API reference the Reference group and its integrators’ filter, and unglues paths and enum values', () => {
    const html = prepared(REFERENCE, '/api/');
    expect(html).toContain('<div data-pagefind-body id=api-reference');
    expect(html).toContain('data-pagefind-filter="audience:Reference"');
    expect(html).toContain('data-pagefind-filter="audience:General"');
    expect(html).toContain('data-pagefind-meta="group:Reference"');
    expect(html).not.toContain('https://api.stream.example');
    expect(html).toContain('POST</span> <code class=path_Oo>/onboarding/locations/bind</code>');
    expect(html).toContain('ready_for_pickup</code> <code class=value_k>completed');
  });

  it('leaves out pages that are neither guides nor references, and reports a missing content root', () => {
    expect(prepareForIndex(GUIDE, '/')).toEqual({ skipped: 'not searched' });
    expect(prepareForIndex(GUIDE, '/docs')).toEqual({ skipped: 'not searched' });
    expect(prepareForIndex('<html><body><main>moved</main></body></html>', '/api/become-a-dsp')).toEqual({ skipped: 'no content root' });
  });
});
