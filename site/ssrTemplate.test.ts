import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ssrTemplate } from './ssrTemplate';

const require = createRequire(import.meta.url);
const docusaurusTemplate = (require('@docusaurus/core/lib/ssg/ssgTemplate.html.js') as { default: string }).default;

/** The template's lines, trimmed, without blank ones: indentation is not part of the page. */
const lines = (template: string) =>
  template
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

describe('the page template', () => {
  it('keeps every line of the installed Docusaurus template except the deferred script tags and where the app goes', () => {
    const ours = lines(ssrTemplate);
    const theirs = lines(docusaurusTemplate);
    const deferred = theirs.filter((line) => /^<script\b.*\bdefer\b/.test(line));
    const app = '<div id="__docusaurus"><%~ it.appHtml %></div>';
    // If this fails after an upgrade, Docusaurus changed its template: carry the change into ssrTemplate.ts.
    expect(deferred).toHaveLength(1);
    expect(theirs).toContain(app);
    expect(theirs.filter((line) => !deferred.includes(line) && line !== app).filter((line) => !ours.includes(line))).toEqual([]);
    expect(ours.some((line) => /\bdefer\b/.test(line))).toBe(false);
  });

  it('preloads each script at low priority and starts them in order from the end of the body', () => {
    const ours = lines(ssrTemplate);
    expect(ours).toContain('<link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" />');
    const loader = ours.findIndex((line) => line.startsWith('<script>'));
    expect(loader).toBeGreaterThan(ours.indexOf('<%~ it.postBodyTags %>'));
    expect(ssrTemplate).toContain('script.async = false');
    expect(ssrTemplate).toContain("getEntriesByName('first-contentful-paint')");
  });

  it("runs the route's own scripts before main.js, in the order the manifest gives them", async () => {
    const { compileSSGTemplate } = require('@docusaurus/core/lib/ssg/ssgTemplate.js') as {
      compileSSGTemplate: (template: string) => Promise<(data: object) => string>;
    };
    const render = await compileSSGTemplate(ssrTemplate);
    const html = render({
      appHtml: '',
      baseUrl: '/',
      htmlAttributes: '',
      bodyAttributes: '',
      headTags: '',
      preBodyTags: '',
      postBodyTags: '',
      metaAttributes: [],
      stylesheets: [],
      scripts: ['assets/js/react-dom.1.js', 'assets/js/runtime~main.2.js', 'assets/js/main.3.js', 'assets/js/5731.4.js', 'assets/js/0e384e19.5.js'],
      version: '3',
    });
    const started = JSON.parse(/\}\)\((\[[^\]]*\])\);<\/script>/.exec(html)![1]!) as string[];
    expect(started).toEqual(['/assets/js/react-dom.1.js', '/assets/js/runtime~main.2.js', '/assets/js/5731.4.js', '/assets/js/0e384e19.5.js', '/assets/js/main.3.js']);
    expect(html.match(/rel="preload" as="script"/g)).toHaveLength(5);
  });

  it('moves the resource hints React writes before the app into the head, and keeps the app as it was otherwise', async () => {
    const { compileSSGTemplate } = require('@docusaurus/core/lib/ssg/ssgTemplate.js') as {
      compileSSGTemplate: (template: string) => Promise<(data: object) => string>;
    };
    const render = await compileSSGTemplate(ssrTemplate);
    const page = (appHtml: string) =>
      render({ appHtml, baseUrl: '/', htmlAttributes: '', bodyAttributes: '', headTags: '', preBodyTags: '', postBodyTags: '', metaAttributes: [], stylesheets: [], scripts: [], version: '3' });
    const html = page('<link rel="preload" as="image" href="/img/logo.svg"/><div role="region">Skip</div><nav>Main</nav>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/img/logo.svg"/>');
    expect(html).toContain('<div id="__docusaurus"><div role="region">Skip</div><nav>Main</nav></div>');
    expect(page('<div>no hints</div>')).toContain('<div id="__docusaurus"><div>no hints</div></div>');
  });
});
