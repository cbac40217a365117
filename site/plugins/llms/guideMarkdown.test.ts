import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/lib/openapi/types';
import { guideMarkdown, type GuideContext } from './guideMarkdown';

const SPEC: OpenApiDocument = {
  openapi: '3.1.0',
  components: {
    schemas: {
      Holiday: {
        type: 'object',
        required: ['date'],
        properties: {
          date: { type: 'string', description: 'The day, as `MM-DD`.' },
          hours: { type: 'array', items: { type: 'string', enum: ['09:00-17:00'] } },
        },
      },
    },
    examples: { NewYear: { summary: 'New Year', value: { date: '01-01' } } },
  },
};

const context: GuideContext = {
  spec: () => SPEC,
  reference: () => ({ label: 'DSP API', url: 'https://docs.example/api/become-a-dsp' }),
  link: (url) => (url.startsWith('./') ? `https://docs.example/docs/${url.slice(2).replace(/\.mdx?/, '.md')}` : undefined),
};

const SOURCE = `---
title: Front matter title
description: Tell Stream when a store closes.
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

# Holidays {#holidays}

Opening hours use HH:mm, as in [the menu guide](./menu-ingestion.mdx#hours).

## The fields {#the-fields}

<SchemaFields spec="dsp" schema="Holiday" />

<SpecExample spec="dsp" example="NewYear" />

:::warning[Closed all day]
Omit \`hours\` to close the whole day.
:::

<Tabs groupId="lang">
  <TabItem value="curl" label="curl">

\`\`\`bash
curl https://example.test
\`\`\`

  </TabItem>
  <TabItem value="python" label="Python">

\`\`\`python
print("hi")
\`\`\`

  </TabItem>
</Tabs>
`;

describe('guideMarkdown', () => {
  const { title, markdown } = guideMarkdown(SOURCE, 'Front matter title', 'Tell Stream when a store closes.', context);

  it('starts with the page h1 and the description, and drops front matter, imports and heading ids', () => {
    expect(title).toBe('Holidays');
    expect(markdown.startsWith('# Holidays\n\n> Tell Stream when a store closes.\n\nOpening hours use HH:mm')).toBe(true);
    expect(markdown).toContain('## The fields\n');
    expect(markdown).not.toMatch(/import |\{#|^---$|title:/m);
  });

  it('renders spec components from the spec: a field table and a JSON example', () => {
    expect(markdown).toContain('Fields of `Holiday` in the [DSP API reference](https://docs.example/api/become-a-dsp#schema/Holiday):');
    expect(markdown).toContain('| `date` | string | yes | The day, as `MM-DD`. |');
    expect(markdown).toContain('| `hours` | array of string | no | One of: `09:00-17:00`. |');
    expect(markdown).toContain('**New Year**\n\n```json\n{\n  "date": "01-01"\n}\n```');
  });

  it('turns admonitions into quotes, tabs into labelled sections and guide links into links to their Markdown', () => {
    expect(markdown).toContain('> **Warning: Closed all day**\n>\n> Omit `hours` to close the whole day.');
    expect(markdown).toContain('**curl**\n\n```bash\ncurl https://example.test\n```\n\n**Python**\n\n```python');
    expect(markdown).toContain('[the menu guide](https://docs.example/docs/menu-ingestion.md#hours)');
    expect(markdown).not.toMatch(/<\/?(Tabs|TabItem|SchemaFields|SpecExample)|:::/);
  });
});

describe('guideMarkdown and the requirement changelog', () => {
  it('renders <RequirementChanges /> as the catalogue version and one row per change, from the file certify reads', async () => {
    const { default: catalogue } = (await import('../../../packages/cli/requirements/catalogue.json')) as { default: { version: string; changes: { version: string; effective: string; kind: string; ids: string[] }[] } };
    const source = "---\ntitle: Certification\n---\n\nimport RequirementChanges from '@site/src/components/RequirementChanges';\n\n# Certification\n\n<RequirementChanges />\n";
    const { markdown } = guideMarkdown(source, 'Certification', 'Get certified.', context);
    expect(markdown).toContain(`Current catalogue: **version ${catalogue.version}**`);
    const rows = markdown.split('\n').filter((line) => /^\| \d+\.\d+\.\d+ \|/.test(line));
    expect(rows).toHaveLength(catalogue.changes.length);
    for (const [index, change] of catalogue.changes.entries()) {
      expect(rows[index]).toContain(`| ${change.version} |`);
      expect(rows[index]).toContain(`| ${change.effective} | **${change.kind}**:`);
      for (const id of change.ids) expect(rows[index]).toContain(`[\`${id}\`](#${id.toLowerCase()})`);
    }
  });

  it('names every published catalogue version, the first one (1.0.0) included, as the versions --certified-under accepts', async () => {
    const { default: catalogue } = (await import('../../../packages/cli/requirements/catalogue.json')) as { default: { published: { version: string; day: string }[] } };
    const source = "---\ntitle: Certification\n---\n\nimport RequirementChanges from '@site/src/components/RequirementChanges';\n\n# Certification\n\n<RequirementChanges />\n";
    const { markdown } = guideMarkdown(source, 'Certification', 'Get certified.', context);
    const line = markdown.split('\n').find((text) => text.startsWith('Published versions'));
    expect(line).toContain(catalogue.published.map((entry) => `${entry.version} (${entry.day})`).join(', '));
    expect(line).toContain('1.0.0 (2026-11-25)');
  });
});
