// Checks every guide page against the page standard that a machine can check: front matter,
// explicit heading anchors, shared language tabs, and JSON that validates against the specs.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { describeErrors, validatorFor, API_NAMES, type ApiName } from '../../specs/test/support';

const DOCS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs');

function guideFiles(dir = DOCS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return guideFiles(path);
    return /\.mdx?$/.test(entry.name) ? [path] : [];
  });
}

interface Guide {
  name: string;
  frontMatter: Record<string, unknown>;
  body: string;
}

function readGuide(path: string): Guide {
  const source = readFileSync(path, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  return {
    name: relative(DOCS_DIR, path),
    frontMatter: match ? (parseYaml(match[1]) as Record<string, unknown>) : {},
    body: match ? source.slice(match[0].length) : source,
  };
}

interface Fence {
  lang: string;
  meta: string;
  code: string;
  line: number;
}

function fences(body: string): Fence[] {
  const result: Fence[] = [];
  const pattern = /^(\s*)(`{3,})([^\s`]*)([^\n]*)\n([\s\S]*?)^\1\2\s*$/gm;
  for (const m of body.matchAll(pattern)) {
    result.push({ lang: m[3], meta: m[4].trim(), code: m[5], line: body.slice(0, m.index).split('\n').length });
  }
  return result;
}

/** The body with fenced code removed, so headings and tags inside code samples are ignored. */
function prose(body: string): string {
  return body.replace(/^(\s*)(`{3,})[^\n]*\n[\s\S]*?^\1\2\s*$/gm, '');
}

const guides = guideFiles().map(readGuide);

describe('the guide pages', () => {
  it('exist', () => {
    expect(guides.length).toBeGreaterThan(0);
  });

  describe.each(guides.map((g) => [g.name, g] as const))('%s', (_name, guide) => {
    it('has a title, a description and a sidebar position in its front matter', () => {
      expect(typeof guide.frontMatter.title).toBe('string');
      expect(typeof guide.frontMatter.description).toBe('string');
      expect(typeof guide.frontMatter.sidebar_position).toBe('number');
    });

    it('gives every heading an explicit anchor', () => {
      const missing = prose(guide.body)
        .split('\n')
        .filter((line) => /^#{1,6}\s/.test(line) && !/\{#[\w-]+\}\s*$/.test(line));
      expect(missing).toEqual([]);
    });

    it('groups every set of language tabs under groupId "lang" or a named group', () => {
      const tabs = [...prose(guide.body).matchAll(/<Tabs\b([^>]*)>/g)].map((m) => m[1]);
      for (const attributes of tabs) expect(attributes).toMatch(/groupId="[\w-]+"/);
    });

    it('puts code samples for curl, TypeScript and Python in the shared "lang" tab group', () => {
      const text = prose(guide.body);
      const langGroups = text.split(/<Tabs\b/).slice(1).filter((chunk) => /^[^>]*groupId="lang"/.test(chunk));
      for (const group of langGroups) {
        const values = [...group.split('</Tabs>')[0].matchAll(/<TabItem[^>]*value="([\w-]+)"/g)].map((m) => m[1]);
        expect(values.slice(0, 3)).toEqual(['curl', 'typescript', 'python']);
      }
    });

    it('validates every JSON block against the schema it names', async () => {
      const problems: string[] = [];
      for (const fence of fences(guide.body).filter((f) => f.lang === 'json')) {
        const target = /validate="(\w+):([\w./#-]+)"/.exec(fence.meta);
        if (!target) {
          problems.push(`line ${fence.line}: a json block needs validate="<api>:<Schema>" or should be a <SpecExample>`);
          continue;
        }
        const [, api, schema] = target;
        if (!API_NAMES.includes(api as ApiName)) {
          problems.push(`line ${fence.line}: unknown spec "${api}"`);
          continue;
        }
        let value: unknown;
        try {
          value = JSON.parse(fence.code);
        } catch (error) {
          problems.push(`line ${fence.line}: not valid JSON (${(error as Error).message})`);
          continue;
        }
        const validate = await validatorFor(api as ApiName, schema);
        if (!validate(value)) problems.push(`line ${fence.line}: ${describeErrors(validate.errors)}`);
      }
      expect(problems).toEqual([]);
    });

    it('contains no unfinished-work markers', () => {
      expect(guide.body).not.toMatch(/lorem ipsum|coming soon|\bTBD\b|\bTODO\b|\bFIXME\b|placeholder text/i);
    });
  });
});
