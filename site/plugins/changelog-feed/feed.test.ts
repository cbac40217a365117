import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { API_REFERENCES } from '../../src/constants';
import { releaseAnchor } from '../../src/lib/contractReleases';
import { readBundledSpec } from '../../src/lib/openapi/bundledSpecs';
import { readReleaseManifest } from '../remark-contract-changes';
import { CHANGELOG_PAGES, changelogFeed } from './feed';

const SPECS_DIST = fileURLToPath(new URL('../../../specs/dist', import.meta.url));
const contracts = API_REFERENCES.map(({ spec }) => ({ manifest: readReleaseManifest(SPECS_DIST, spec), doc: readBundledSpec(SPECS_DIST, spec) }));
const xml = changelogFeed({ siteUrl: 'https://partners.stream.example', baseUrl: '/', contracts });
const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml) as { feed: Record<string, any> };
const feed = parsed.feed;
const entries: Record<string, any>[] = [feed.entry ?? []].flat();
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const text = (node: unknown) => (typeof node === 'object' && node !== null ? String((node as Record<string, unknown>)['#text'] ?? '') : String(node ?? ''));

describe('the contract changes feed', () => {
  it('is an Atom feed with the elements RFC 4287 requires of a feed', () => {
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(text(feed.id)).toBe('https://partners.stream.example/changelog.xml');
    expect(text(feed.title)).toBe('Stream contract changes');
    expect(feed.updated).toMatch(RFC3339);
    expect(feed.author?.name).toBe('Stream Partner Engineering');
    const links = [feed.link].flat() as Record<string, string>[];
    expect(links).toContainEqual(expect.objectContaining({ '@rel': 'self', '@href': 'https://partners.stream.example/changelog.xml' }));
  });

  it('has one entry per release of each contract, each with a unique id, a title, a link and an updated date', () => {
    const releases = contracts.flatMap(({ manifest }) => manifest.releases.map((release) => ({ api: manifest.api, ...release })));
    expect(releases.length).toBeGreaterThanOrEqual(8);
    expect(entries).toHaveLength(releases.length);
    const ids = entries.map((entry) => text(entry.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of entries) {
      expect(text(entry.title)).not.toBe('');
      expect(entry.updated).toMatch(RFC3339);
      expect(entry.link['@href']).toBe(text(entry.id));
      expect(text(entry.content)).toContain('<p>');
    }
    for (const release of releases) {
      const url = `https://partners.stream.example/${CHANGELOG_PAGES[release.api]}#${releaseAnchor(release.version)}`;
      const entry = entries.find((candidate) => text(candidate.id) === url);
      expect(entry, `${release.api} ${release.version}`).toBeDefined();
      expect(entry?.updated).toBe(`${release.date}T00:00:00.000Z`);
    }
  });

  it('is updated on the day of its newest release and lists the newest first', () => {
    const dates = entries.map((entry) => String(entry.updated));
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(feed.updated).toBe(dates[0]);
  });

  it('names a breaking release as breaking and links its changes to the API reference', () => {
    const dsp = entries.find((entry) => text(entry.title) === 'DSP API 1.1.0');
    expect(dsp).toBeDefined();
    expect(text(dsp?.content)).toContain('href="https://partners.stream.example/api/become-a-dsp#operation/exchangeToken"');
    expect(entries.every((entry) => !text(entry.title).endsWith('(breaking)') || /Breaking changes/.test(text(entry.content)))).toBe(true);
  });
});

describe('the changelog pages the feed links to', () => {
  it.each(Object.entries(CHANGELOG_PAGES))('%s: %s exists', async (_api, page) => {
    const { existsSync } = await import('node:fs');
    const file = join(fileURLToPath(new URL('../../', import.meta.url)), `${page}.mdx`);
    expect(existsSync(file)).toBe(true);
  });
});
