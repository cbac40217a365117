// The changelog pages list, per release, the change list generated from the contract diff: a page
// that leaves a release out, names one that does not exist, or whose Markdown copy would show
// another list than the release's fails here.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_REFERENCES } from '../src/constants';
import { changeListMarkdown, DEPRECATION_DAYS, releaseAnchor } from '../src/lib/contractReleases';
import { readBundledSpec } from '../src/lib/openapi/bundledSpecs';
import { CHANGELOG_PAGES } from '../plugins/changelog-feed/feed';
import { guideMarkdown } from '../plugins/llms/guideMarkdown';
import { contractChangesData, readReleaseManifest } from '../plugins/remark-contract-changes';
import { DEPRECATION_DAYS as GATE_DEPRECATION_DAYS } from '../../scripts/contracts-diff/releases';

const SITE = join(dirname(fileURLToPath(import.meta.url)), '..');
const SPECS_DIST = join(SITE, '..', 'specs', 'dist');
const APIS = API_REFERENCES.map((reference) => reference.spec);

function page(api: string) {
  const source = readFileSync(join(SITE, `${CHANGELOG_PAGES[api]}.mdx`), 'utf8');
  const sections = source.split(/^## /m).slice(1).map((chunk) => {
    const [heading = '', ...rest] = chunk.split('\n');
    return { heading, body: rest.join('\n') };
  });
  return { source, sections };
}

describe('each contract changelog page', () => {
  it('covers all four contracts', () => {
    expect(APIS).toEqual(['partner', 'dsp', 'pos', 'events']);
  });

  it.each(APIS)('%s: has one section per release, newest first, each holding that release\'s generated change list', (api) => {
    const manifest = readReleaseManifest(SPECS_DIST, api);
    const { source, sections } = page(api);
    expect(manifest.releases.length).toBeGreaterThan(0);
    const releaseSections = sections.filter((section) => /^\d+\.\d+\.\d+\b/.test(section.heading));
    expect(releaseSections.map((section) => section.heading.split(' ')[0])).toEqual(manifest.releases.map((release) => release.version));
    for (const [i, release] of manifest.releases.entries()) {
      const section = releaseSections[i];
      expect(section.heading).toMatch(new RegExp(`\\{#${releaseAnchor(release.version)}\\}$`));
      expect(section.heading.includes('(current)')).toBe(i === 0);
      expect(section.body).toContain(`<ContractChanges api="${api}" version="${release.version}" />`);
    }
    const all = [...source.matchAll(/<ContractChanges api="([^"]*)" version="([^"]*)" \/>/g)].map((m) => `${m[1]}@${m[2]}`);
    expect(all.sort()).toEqual(manifest.releases.map((release) => `${api}@${release.version}`).sort());
  });

  it.each(APIS)('%s: names as current the version the contract says', (api) => {
    const manifest = readReleaseManifest(SPECS_DIST, api);
    expect(readBundledSpec(SPECS_DIST, api).info?.version).toBe(manifest.releases[0].version);
  });

  it.each(APIS)('%s: shows every generated change of every release in its Markdown copy', (api) => {
    const manifest = readReleaseManifest(SPECS_DIST, api);
    const { source } = page(api);
    const { markdown } = guideMarkdown(source, 'Changelog', undefined, {
      spec: (name) => readBundledSpec(SPECS_DIST, name),
      reference: () => undefined,
      link: () => undefined,
      changes: (name, version) => changeListMarkdown(contractChangesData(SPECS_DIST, name, version)),
    });
    for (const release of manifest.releases) {
      expect(markdown).toContain(changeListMarkdown(contractChangesData(SPECS_DIST, api, release.version)));
      for (const change of release.changes.filter((c) => c.kind !== 'description-changed')) expect(markdown).toContain(change.message);
      for (const change of release.changes.filter((c) => c.kind === 'description-changed')) expect(markdown).toContain(`\`${change.target.name}\``);
    }
  });

  it('links each change to the API reference anchor of what it changes', () => {
    const data = contractChangesData(SPECS_DIST, 'dsp', '1.1.0');
    expect(data.compatible.length).toBeGreaterThan(0);
    expect(data.compatible).toContainEqual(expect.objectContaining({ href: '/api/become-a-dsp#operation/exchangeToken', message: '`POST /stream-dsp/v1/token`: response `400` added' }));
    expect(data.compatible).toContainEqual(expect.objectContaining({ href: '/api/become-a-dsp#webhook/location.paused' }));
    const pos = contractChangesData(SPECS_DIST, 'pos', '1.0.0');
    expect(pos.deprecations).toContainEqual(expect.objectContaining({ name: 'CatalogResponse.tax_rate', href: '/api/become-a-pos#schema/CatalogResponse', removableFrom: '2027-05-21' }));
  });

  it('states the deprecation period the gate enforces', () => {
    expect(DEPRECATION_DAYS).toBe(GATE_DEPRECATION_DAYS);
    for (const api of APIS) expect(page(api).source).toContain(`at least ${DEPRECATION_DAYS} days`);
  });

  it('fails the build with the known versions when a page names a release that does not exist', () => {
    expect(() => contractChangesData(SPECS_DIST, 'dsp', '9.9.9')).toThrow(/no release 9\.9\.9 \(releases: .*1\.0\.0\)/);
  });
});
