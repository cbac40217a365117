import { describe, expect, it } from 'vitest';
import { createFragmentLoader, fragmentUrlFor } from './fragmentLoader';

describe('fragmentLoader', () => {
  it('asks the network once when the navigation and the page both want the same reference', async () => {
    const asked: string[] = [];
    const loadFragment = createFragmentLoader({ fetchText: async (url) => (asked.push(url), `<h1>${url}</h1>`) });
    const early = loadFragment('/api-reference/dsp.html');
    const late = loadFragment('/api-reference/dsp.html');
    expect(await late).toBe('<h1>/api-reference/dsp.html</h1>');
    expect(await early).toBe(await late);
    expect(asked).toEqual(['/api-reference/dsp.html']);
  });

  it('tries again on the next visit after a request failed', async () => {
    let attempts = 0;
    const loadFragment = createFragmentLoader({
      fetchText: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('HTTP 503');
        return '<h1>POS</h1>';
      },
    });
    await expect(loadFragment('/api-reference/pos.html')).rejects.toThrow('HTTP 503');
    expect(await loadFragment('/api-reference/pos.html')).toBe('<h1>POS</h1>');
    expect(attempts).toBe(2);
  });

  it('maps each reference route to its fragment, with or without a trailing slash and under a base URL', () => {
    expect(fragmentUrlFor('/api/', '/')).toBe('/api-reference/partner.html');
    expect(fragmentUrlFor('/api', '/')).toBe('/api-reference/partner.html');
    expect(fragmentUrlFor('/api/become-a-dsp', '/')).toBe('/api-reference/dsp.html');
    expect(fragmentUrlFor('/partners/api/integrate-with-events/', '/partners/')).toBe('/partners/api-reference/events.html');
  });

  it('leaves guides and other pages alone', () => {
    expect(fragmentUrlFor('/docs/intro', '/')).toBeUndefined();
    expect(fragmentUrlFor('/api/become-a-dsp/extra', '/')).toBeUndefined();
    expect(fragmentUrlFor('/api/become-a-dsp', '/partners/')).toBeUndefined();
  });
});
