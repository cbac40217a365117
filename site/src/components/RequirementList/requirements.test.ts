// The certification checklists render the catalogue `stream-partner certify` runs; every link a
// requirement carries must land on a real guide section.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..', '..', '..');
const DOCS = join(ROOT, 'site', 'docs');

interface Requirement {
  id: string;
  title: string;
  guide: string;
}

/**
 * The words of a requirement's title a section must name to state its rule: identifiers (`order.updated`,
 * `client_secret`, `Stream-Signature`) and HTTP statuses.
 */
function ruleWords(title: string): string[] {
  return [...new Set(title.match(/[A-Za-z][\w.-]*[._][\w.-]*[A-Za-z0-9]|\b[A-Z][a-z]+(?:-[A-Z][a-z]+)+\b|\b[1-5]\d\d\b/g) ?? [])];
}

/** The section a heading anchor opens (to the next heading of its level or above), and what frames it: the page's front matter and the headings above it. */
function section(page: string, anchor: string): { text: string; frame: string } | undefined {
  const lines = page.split('\n');
  const start = lines.findIndex((line) => /^#{1,6}\s/.test(line) && line.includes(`{#${anchor}}`));
  if (start < 0) return undefined;
  const level = /^#+/.exec(lines[start]!)![0].length;
  const after = lines.findIndex((line, index) => index > start && (/^#+/.exec(line)?.[0].length ?? 7) <= level);
  const above: string[] = [];
  let reach = level;
  for (let index = start - 1; index >= 0 && reach > 1; index--) {
    const depth = /^#+(?=\s)/.exec(lines[index]!)?.[0].length;
    if (depth !== undefined && depth < reach) {
      above.push(lines[index]!);
      reach = depth;
    }
  }
  const frontMatter = /^---\n([\s\S]*?)\n---/.exec(page)?.[1] ?? '';
  return { text: lines.slice(start, after < 0 ? undefined : after).join('\n'), frame: `${frontMatter}\n${above.join('\n')}` };
}

function docFile(path: string): string | undefined {
  const base = join(DOCS, path.replace(/^\/docs\//, ''));
  return [`${base}.mdx`, `${base}.md`, join(base, 'index.mdx'), join(base, 'index.md')].find((file) => existsSync(file));
}

describe('the certification requirement catalogues', () => {
  for (const audience of ['pos', 'dsp', 'events']) {
    const { requirements } = JSON.parse(readFileSync(join(ROOT, 'packages', 'cli', 'requirements', `${audience}.json`), 'utf8')) as { requirements: Requirement[] };

    it(`link every ${audience} requirement to a guide page and a heading that exists`, () => {
      for (const requirement of requirements) {
        const [path, anchor] = requirement.guide.split('#');
        const file = docFile(path!);
        expect(file, `${requirement.id}: no page for ${requirement.guide}`).toBeDefined();
        expect(readFileSync(file!, 'utf8'), `${requirement.id}: no heading {#${anchor}} in ${file}`).toContain(`{#${anchor}}`);
      }
    });

    it(`land every ${audience} requirement's guide link on a section that states its rule: its statuses and the names it uses`, () => {
      const unstated = requirements.flatMap((requirement) => {
        const [path, anchor] = requirement.guide.split('#');
        const found = section(readFileSync(docFile(path!)!, 'utf8'), anchor!);
        if (found === undefined) return [`${requirement.id}: no section {#${anchor}}`];
        // A section that renders the requirement's own relation (<ValueRelations requirements="…">) states it from the contract.
        if (found.text.includes(requirement.id)) return [];
        // A status must be in the section itself; a name may be the page's or a parent section's subject.
        const missing = ruleWords(requirement.title).filter((word) => !found.text.includes(word) && (/^\d+$/.test(word) || !found.frame.includes(word)));
        return missing.length === 0 ? [] : [`${requirement.id} (${requirement.guide}) never says ${missing.join(', ')}`];
      });
      expect(unstated).toEqual([]);
    });
  }

  it('renders on the certification page, with no hand-written copy of the audience checklists', () => {
    const page = readFileSync(join(DOCS, 'become-a-stream-integration', 'certification.mdx'), 'utf8');
    for (const audience of ['pos', 'dsp', 'events']) expect(page).toContain(`<RequirementList audience="${audience}" />`);
    expect(page).not.toContain('answers **`201`** with tokens for a valid exchange');
  });
});

describe('the requirement changelog', () => {
  it('is on the certification page, rendered from the catalogue certify judges by', () => {
    const page = readFileSync(join(DOCS, 'become-a-stream-integration', 'certification.mdx'), 'utf8');
    expect(page).toContain('{#requirement-changelog}');
    expect(page).toContain('<RequirementChanges />');
  });
});
