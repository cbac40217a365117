// Partners read the contract, not our deliberations: specs and guides state each rule as a plain
// fact, and site/docs/decisions.mdx lists the rules once, each linked to what it affects.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_NAMES, loadSpec, type ApiName } from './support';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DECISIONS_PAGE = 'site/docs/decisions.mdx';
const LABEL = /contract decision/i;

function filesUnder(dir: string, pattern: RegExp, skip: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (skip.test(path)) return [];
    if (entry.isDirectory()) return filesUnder(path, pattern, skip);
    return pattern.test(entry.name) ? [path] : [];
  });
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

const PAGE_ROUTES: Record<string, ApiName> = {
  '/api/': 'partner',
  '/api/become-a-dsp': 'dsp',
  '/api/become-a-pos': 'pos',
  '/api/integrate-with-events': 'events',
};

interface Entry {
  heading: string;
  anchor: string | undefined;
  body: string;
}

function entries(page: string): Entry[] {
  return page
    .split(/^### /m)
    .slice(1)
    .map((chunk) => {
      const [heading, ...rest] = chunk.split('\n');
      return { heading, anchor: /\{#([\w-]+)\}\s*$/.exec(heading)?.[1], body: rest.join('\n').split(/^## /m)[0] };
    });
}

describe('the contract decisions', () => {
  it('are stated as plain facts: no spec or guide outside the decisions page carries the "Contract decision" label', () => {
    const specFiles = filesUnder('specs', /\.(ya?ml|md)$/, /specs\/(dist|node_modules)$/);
    const guideFiles = filesUnder('site/docs', /\.mdx?$/, /^$/).filter((path) => path !== DECISIONS_PAGE);
    expect(specFiles.length).toBeGreaterThan(100);
    expect(guideFiles.length).toBeGreaterThan(20);
    const offenders = [...specFiles, ...guideFiles].flatMap((path) =>
      read(path)
        .split('\n')
        .flatMap((line, i) => (LABEL.test(line) ? [`${relative('.', path)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it('are listed on the decisions page, one entry per decision, each with an anchor and a link to what it affects', () => {
    const list = entries(read(DECISIONS_PAGE));
    expect(list.length).toBeGreaterThan(100);
    const anchors = list.map((e) => e.anchor);
    expect(list.filter((e) => !e.anchor).map((e) => e.heading)).toEqual([]);
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(list.filter((e) => !/^Affects: \[.+\]\(.+\)\.$/m.test(e.body)).map((e) => e.heading)).toEqual([]);
  });

  it('link from the decisions page to operations, events and schemas that exist in the specs', async () => {
    const page = read(DECISIONS_PAGE);
    const links = [...page.matchAll(/\]\((\/api\/[\w-]*)#(operation|webhook|schema)\/([^)\s]+)\)/g)];
    expect(links.length).toBeGreaterThan(100);
    const docs = Object.fromEntries(await Promise.all(API_NAMES.map(async (api) => [api, await loadSpec(api)] as const)));
    const broken = links.flatMap(([, route, kind, target]) => {
      const api = PAGE_ROUTES[route];
      if (!api) return [`${route}: not an API reference page`];
      const doc = docs[api] as Record<string, any>;
      const operations = [doc.paths ?? {}, doc.webhooks ?? {}].flatMap((group) =>
        Object.values(group as Record<string, Record<string, { operationId?: string }>>).flatMap((item) =>
          Object.values(item).map((op) => op?.operationId),
        ),
      );
      const found =
        kind === 'schema'
          ? target in (doc.components?.schemas ?? {})
          : kind === 'webhook'
            ? target in (doc.webhooks ?? {})
            : operations.includes(target);
      return found ? [] : [`${route}#${kind}/${target}`];
    });
    expect(broken).toEqual([]);
  });

  it.each([
    'site/docs/intro.md',
    'site/docs/become-a-stream-integration/integrate-with-stream-as-a-dsp/changelog.mdx',
    'site/docs/become-a-stream-integration/integrate-with-stream-as-a-pos/changelog.mdx',
    'site/docs/become-a-stream-integration/integrate-with-stream-events/changelog.mdx',
  ])('are linked from %s', (path) => {
    expect(read(path)).toMatch(/\]\((\.\.\/)*(\.\/)?decisions\.mdx(#[\w-]+)?\)/);
  });
});
