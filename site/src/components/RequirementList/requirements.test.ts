// The certification checklists render the catalogue `stream-partner certify` runs; every link a
// requirement carries must land on a real guide section.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..', '..', '..');
const DOCS = join(ROOT, 'site', 'docs');

interface Requirement {
  id: string;
  guide: string;
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
