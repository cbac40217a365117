// The requirement catalogue is versioned: a rule announced as new or tightened warns, naming its
// effective day, until that day, and fails from then on; every run names the catalogue version.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../src/certify/catalogue.js';
import { CERTIFY_RULES } from '../src/certify/checks-shared.js';
import { runCertification } from '../src/certify/runner.js';
import { dayStart, loadVersioning, pendingChange } from '../src/certify/versions.js';
import { listOperations } from '../src/openapi.js';
import { listRules } from '../src/rules.js';
import { listRefusalLists } from '../src/refusal-lists.js';
import { listRelations } from '../src/relations.js';
import { main } from '../src/cli.js';
import { AUDIENCES } from '../src/trigger/targets.js';
import { mutate, startKit, type Mutation } from './kits.js';
import { captureIo, tempDir } from './support.js';

const DAY_MS = 24 * 3600 * 1000;
const versioning = loadVersioning();

describe('the catalogue changelog', () => {
  it('names only requirements the catalogues have, and its version is the newest change', () => {
    const ids = new Set(AUDIENCES.flatMap((audience) => loadCatalogue(audience).requirements.map((requirement) => requirement.id)));
    for (const change of versioning.changes) for (const id of change.ids) expect(ids, `${change.version} ${change.kind}`).toContain(id);
    expect(versioning.version).toBe(versioning.changes[0]!.version);
  });

  it('scopes a change to named rules the contracts state (value rules, refusal lists, relations) for the requirements it names, or to rules certify itself names', () => {
    const scoped = versioning.changes.filter((change) => change.rules !== undefined);
    expect(scoped.length).toBeGreaterThan(0);
    for (const change of scoped) {
      const stated = [
        ...AUDIENCES.flatMap((audience) => [...listRules(audience), ...listRefusalLists(audience), ...listRelations(audience)]).flatMap((rule) => (change.ids.includes(rule.requirement) && rule.rule !== undefined ? [rule.rule] : [])),
        ...AUDIENCES.flatMap((audience) => listOperations(audience).flatMap((operation) => [...operation.responses.values()].flatMap((response) => response.errorCases)))
          .filter((entry) => entry.requirements.some((id) => change.ids.includes(id)))
          .map((entry) => entry.rule),
        ...CERTIFY_RULES,
      ];
      expect(stated, change.version).toEqual(expect.arrayContaining([...change.rules!]));
    }
  });

  it('warns for a tightening scoped to named rules only when the failure names one of them, so the requirement\'s older checks keep failing', () => {
    const change = versioning.changes.find((candidate) => candidate.rules?.includes('in-store-total-adds-up'))!;
    const before = dayStart(change.effective) - DAY_MS;
    const sum = 'the sandbox refused it with 400: invalid_order: [in-store-total-adds-up] the body: object/total is 999, but … comes to 1085';
    expect(pendingChange({ versioning, id: 'POS-SND-06', now: before, reason: sum })).toBe(change);
    expect(pendingChange({ versioning, id: 'POS-SND-06', now: before, reason: 'the sandbox refused it with 415: unsupported_media_type' })).toBeUndefined();
    expect(pendingChange({ versioning, id: 'POS-SND-06', now: dayStart(change.effective), reason: sum })).toBeUndefined();
  });

  it('gives every added or tightened rule the notice period before it fails, and a relaxed rule effect at once', () => {
    for (const change of versioning.changes) {
      const notice = (dayStart(change.effective) - dayStart(change.announced)) / DAY_MS;
      expect(notice, `${change.version} ${change.kind} ${change.ids.join(', ')}`).toBe(change.kind === 'relaxed' ? 0 : versioning.noticeDays);
    }
  });
});

/** A DSP that never rotates its refresh tokens: the old one keeps working after the new one's first use. */
const NOT_ROTATED: Mutation = { name: 'versions-refresh-not-rotated', patches: [{ file: 'oauth.ts', find: '      store.refreshTokens.delete(grant.refresh_token);\n', replace: '' }], fails: [], reason: /./ };

describe('a rule announced but not yet in force', () => {
  const kits: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(kits.map((kit) => kit.close()));
  });

  async function judgeRotation(now: () => number) {
    const kit = await startKit('dsp', mutate('dsp', NOT_ROTATED));
    kits.push(kit);
    return runCertification({
      config: {
        audience: 'dsp',
        baseUrl: kit.url,
        webhookSecret: 'whsec_sandbox',
        clientId: 'stream-client',
        clientSecret: 'stream-secret',
        redirectUri: 'https://partners.stream.example/oauth/callback',
        timeoutMs: 15_000,
        answerLimitMs: 10_000,
        waitMs: 10_000,
        now,
        sleep: (ms) => delay(ms).then(() => undefined),
      },
      only: ['DSP-OAU-11'],
      skipSandbox: true,
    });
  }

  it('warns, naming the day it starts to fail, and does not count against certification before that day', { timeout: 60_000 }, async () => {
    const change = versioning.changes.find((item) => item.kind === 'added' && item.ids.includes('DSP-OAU-11'))!;
    const before = dayStart(change.effective) - DAY_MS;
    const result = await judgeRotation(() => before);
    expect(result.results[0]).toMatchObject({ status: 'warned', effective: change.effective });
    expect(result.results[0]!.reason).toContain(`a warning until ${change.effective}`);
    expect(result.counts).toMatchObject({ warned: 1, failed: 0, mustFailed: 0 });
    expect(result.allMustPassed).toBe(true);
    expect(result.catalogueVersion).toBe(versioning.version);
  });

  it('fails the same answer from its effective day on', { timeout: 60_000 }, async () => {
    const change = versioning.changes.find((item) => item.kind === 'added' && item.ids.includes('DSP-OAU-11'))!;
    const result = await judgeRotation(() => dayStart(change.effective) + 1000);
    expect(result.results[0]).toMatchObject({ status: 'failed' });
    expect(result.results[0]!.reason).toMatch(/already used, sent again after the new one was used: answered 200/);
    expect(result.allMustPassed).toBe(false);
  });

  it('shows the warning and the catalogue version in the terminal, --json, JUnit and the Markdown report', { timeout: 60_000 }, async () => {
    const kit = await startKit('dsp', mutate('dsp', NOT_ROTATED));
    kits.push(kit);
    const dir = tempDir('certify-versions');
    // The clock runs, but stays before the rule's effective day whenever this test runs.
    const change = versioning.changes.find((item) => item.kind === 'added' && item.ids.includes('DSP-OAU-11'))!;
    const shift = Math.min(0, dayStart(change.effective) - DAY_MS - Date.now());
    const now = () => Date.now() + shift;
    const captured = captureIo({}, now);
    const code = await main(['certify', 'dsp', '--base-url', kit.url, '--skip-sandbox', '--only', 'DSP-OAU-05,DSP-OAU-11', '--junit', join(dir, 'junit.xml'), '--report', join(dir, 'report.md')], { io: captured.io });
    expect(code).toBe(0);
    const out = captured.stdout();
    expect(out).toMatch(/⚠ warn {2}DSP-OAU-11 /);
    expect(out).toContain('1 passed, 0 failed, 1 warned, 0 blocked');
    expect(out).toContain(`judged by requirement catalogue ${versioning.version}`);
    const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(xml).toContain(`name="catalogueVersion" value="${versioning.version}"`);
    expect(xml).toContain('warning: the refresh token already used');
    expect(xml).not.toContain('<failure');
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(report).toContain(`- Requirement catalogue: version ${versioning.version}`);
    expect(report).toMatch(/\| DSP-OAU-11 \| must \| .* \| warning \|/);

    const json = captureIo({}, now);
    await main(['certify', 'dsp', '--base-url', kit.url, '--skip-sandbox', '--only', 'DSP-OAU-11', '--json'], { io: json.io });
    expect(JSON.parse(json.stdout())).toMatchObject({ catalogueVersion: versioning.version, counts: { warned: 1 } });
  });
});
