// The released data the changelogs and the feed are built from: each release's stored change list
// is exactly the diff between its snapshot and the one before, so a hand-edited list fails here.
import { describe, expect, it } from 'vitest';
import { diffContracts, requiredBump } from './diff';
import { API_NAMES, applyCorrections, bumpBetween, bumpCovers, readManifest, readSnapshot } from './releases';
import { DEFAULT_PATHS } from './report';

describe('the released contracts', () => {
  it.each(API_NAMES)('%s: every release has a snapshot that says its version', (api) => {
    const manifest = readManifest(DEFAULT_PATHS, api);
    expect(manifest.releases.length).toBeGreaterThan(0);
    for (const release of manifest.releases) {
      const snapshot = readSnapshot(DEFAULT_PATHS, api, release.version) as { info?: { version?: string } };
      expect(snapshot.info?.version).toBe(release.version);
    }
  });

  it.each(API_NAMES)('%s: every release lists exactly the changes from the release before, under a version that covers them', (api) => {
    const manifest = readManifest(DEFAULT_PATHS, api);
    const releases = [...manifest.releases].reverse();
    expect(releases[0].changes).toEqual([]);
    for (let i = 1; i < releases.length; i++) {
      const diff = diffContracts({ before: readSnapshot(DEFAULT_PATHS, api, releases[i - 1].version), after: readSnapshot(DEFAULT_PATHS, api, releases[i].version) });
      const changes = applyCorrections(diff, manifest.corrections, releases[i].version);
      expect(releases[i].changes, `${api} ${releases[i].version}`).toEqual(changes);
      expect(bumpCovers(bumpBetween(releases[i - 1].version, releases[i].version), requiredBump(changes))).toBe(true);
    }
  });

  it('ship the PosValidation fix as a correction that says so, in POS 1.1.0 and events 1.1.0', () => {
    for (const api of ['pos', 'events'] as const) {
      const release = readManifest(DEFAULT_PATHS, api).releases.find((candidate) => candidate.version === '1.1.0');
      const fix = release?.changes.find((change) => change.key.startsWith('schema:PosValidation(anyOf 4)'));
      expect(fix, api).toMatchObject({ breaking: false, reason: expect.stringMatching(/^Correction: /) });
    }
  });

  it('rebuilt 1.0.0 from the contracts before the signature and malformed-request changes', () => {
    const dsp = readManifest(DEFAULT_PATHS, 'dsp');
    const first = readSnapshot(DEFAULT_PATHS, 'dsp', '1.0.0') as Record<string, any>;
    expect(dsp.releases.at(-1)?.version).toBe('1.0.0');
    expect(first.components.securitySchemes.streamSignature).toBeDefined();
    expect(first.paths['/stream-dsp/v1/token'].post.responses['400']).toBeUndefined();
    const changes = dsp.releases.find((release) => release.version === '1.1.0')?.changes ?? [];
    expect(changes.map((change) => change.key)).toEqual(expect.arrayContaining(['operation:exchangeToken#response:400', 'operation:connectLocation#response:400', 'webhook:location.paused#security']));
  });
});
