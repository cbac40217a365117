import { describe, expect, it } from 'vitest';
import { pagePaths, plainPath } from './plainPath';

const PAGES = pagePaths([
  { path: '/markdown-page', exact: true },
  { path: '/api/', exact: true },
  { path: '/api/become-a-pos', exact: true },
  { path: '/legacy.html', exact: true },
  {
    path: '/docs',
    routes: [
      {
        path: '/docs',
        routes: [
          { path: '/docs/intro', exact: true },
          { path: '/docs/pos/order-events/', exact: true },
        ],
      },
    ],
  },
  { path: '/', exact: true },
  { path: '*' },
]);

describe('plainPath', () => {
  it('maps /index.html to the home page', () => {
    expect(plainPath('/index.html', PAGES)).toBe('/');
  });

  it('maps both forms of a guide to its route without a trailing slash', () => {
    expect(plainPath('/docs/intro.html', PAGES)).toBe('/docs/intro');
    expect(plainPath('/docs/intro/index.html', PAGES)).toBe('/docs/intro');
  });

  it('keeps the trailing slash of a route that has one', () => {
    expect(plainPath('/api/index.html', PAGES)).toBe('/api/');
    expect(plainPath('/api.html', PAGES)).toBe('/api/');
    expect(plainPath('/docs/pos/order-events/index.html', PAGES)).toBe('/docs/pos/order-events/');
  });

  it('maps both forms of an API reference and a Markdown page', () => {
    expect(plainPath('/api/become-a-pos.html', PAGES)).toBe('/api/become-a-pos');
    expect(plainPath('/api/become-a-pos/index.html', PAGES)).toBe('/api/become-a-pos');
    expect(plainPath('/markdown-page.html', PAGES)).toBe('/markdown-page');
  });

  it('leaves plain paths, pages built with .html and unknown pages alone', () => {
    expect(plainPath('/docs/intro', PAGES)).toBeNull();
    expect(plainPath('/legacy.html', PAGES)).toBeNull();
    expect(plainPath('/no/such/page.html', PAGES)).toBeNull();
  });

  it('collects only page routes, at every depth', () => {
    expect([...PAGES].sort()).toEqual(
      ['/', '/api/', '/api/become-a-pos', '/docs/intro', '/docs/pos/order-events/', '/legacy.html', '/markdown-page'].sort(),
    );
  });
});
