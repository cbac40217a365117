// The Markdown copy of every guide, built as the llms plugin builds it, keeps what the HTML page
// shows: every content component, no build-only annotation, and a target for every #link.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { changeListMarkdown } from '../../src/lib/contractReleases';
import { readBundledSpec } from '../../src/lib/openapi/bundledSpecs';
import { contractChangesData } from '../remark-contract-changes';
import { guideMarkdown, type GuideContext } from './guideMarkdown';

const SITE = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOCS = join(SITE, 'docs');
const SPECS_DIST = join(SITE, '..', 'specs', 'dist');

function pages(dir = DOCS): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pages(path);
    return /\.mdx?$/.test(entry.name) ? [path] : [];
  });
}

const context: GuideContext = {
  spec: (api) => readBundledSpec(SPECS_DIST, api),
  reference: (api) => ({ label: `${api} API`, url: `https://docs.example/api/${api}` }),
  link: (url) => (url.startsWith('#') || /^[a-z]+:/i.test(url) ? undefined : `https://docs.example${url.startsWith('/') ? '' : '/docs/'}${url}`),
  // As the llms plugin renders a changelog's generated list of a release.
  changes: (api, version) => changeListMarkdown(contractChangesData(SPECS_DIST, api, version), (url) => url),
};

const copies = pages().map((path) => {
  const source = readFileSync(path, 'utf8');
  const frontMatter = (parseYaml(/^---\n([\s\S]*?)\n---\n/.exec(source)?.[1] ?? '') ?? {}) as { title?: string; description?: string };
  return { name: relative(DOCS, path), markdown: guideMarkdown(source, frontMatter.title ?? '', frontMatter.description, context).markdown };
});

/** GitHub's heading slug: what a Markdown viewer without explicit ids links to. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function targets(markdown: string): Set<string> {
  const ids = [...markdown.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]);
  const headings = [...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1].replace(/`/g, '')));
  return new Set([...ids, ...headings]);
}

describe('the Markdown copies of the guides', () => {
  it('exist for every guide page', () => {
    expect(copies.length).toBeGreaterThan(20);
  });

  it('send every in-page link (#id) to a heading or anchor of the same copy', () => {
    let links = 0;
    const unresolved: string[] = [];
    for (const { name, markdown } of copies) {
      const known = targets(markdown);
      for (const [, id] of markdown.matchAll(/\]\(#([^)\s]+)\)/g)) {
        links += 1;
        if (!known.has(id)) unresolved.push(`${name}: #${id}`);
      }
    }
    expect(links).toBeGreaterThan(20);
    expect(unresolved).toEqual([]);
  });

  it('keep no build-only code-fence annotation (validate=, sample=)', () => {
    const leaks = copies.flatMap(({ name, markdown }) => markdown.split('\n').filter((line) => /^\s*(`{3,}|~{3,}).*\b(validate|sample)="/.test(line)).map((line) => `${name}: ${line.trim()}`));
    expect(leaks).toEqual([]);
  });

  it('render every content component instead of dropping it', () => {
    const leftovers = copies.filter(({ markdown }) => /<(SchemaFields|SpecExample|Tabs|TabItem|RequirementList)\b/.test(markdown)).map(({ name }) => name);
    expect(leftovers).toEqual([]);
    const certification = copies.find(({ name }) => name.endsWith('certification.mdx'));
    expect(certification?.markdown).toContain('| Requirement | Severity | What certify checks | Contract |');
    expect(certification?.markdown).toMatch(/\| <a id="pos-oau-01"><\/a>`POS-OAU-01` \| must \|/);
    const sandbox = copies.find(({ name }) => name.endsWith('test-locally-with-the-sandbox.mdx'));
    expect(sandbox?.markdown).toMatch(/!\[The console's Exchanges page[^\]]*\]\(https:\/\/docs\.example\/img\/console\/exchanges-light\.png\)/);
    const changelog = copies.find(({ name }) => name.endsWith('integrate-with-stream-as-a-pos/changelog.mdx'));
    expect(changelog?.markdown).toContain('PosValidation');
  });
});
