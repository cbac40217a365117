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
  it('keeps every line of the installed Docusaurus template except the deferred script tags', () => {
    const ours = lines(ssrTemplate);
    const theirs = lines(docusaurusTemplate);
    const deferred = theirs.filter((line) => /^<script\b.*\bdefer\b/.test(line));
    // If this fails after an upgrade, Docusaurus changed its template: carry the change into ssrTemplate.ts.
    expect(deferred).toHaveLength(1);
    expect(theirs.filter((line) => !deferred.includes(line)).filter((line) => !ours.includes(line))).toEqual([]);
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
});
