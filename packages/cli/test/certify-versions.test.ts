// The requirement catalogue is versioned: for a partner certified under an earlier catalogue, a rule
// announced since as new or tightened warns, naming its effective day, until that day, and fails from
// then on; a server never certified is judged by every rule; every run names the catalogue version.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../src/certify/catalogue.js';
import { CERTIFY_RULES } from '../src/certify/checks-shared.js';
import { signatureCases } from '../src/signature-cases.js';
import { anyStateRules } from '../src/certify/any-state.js';
import { listAnswerMarks } from '../src/certify/answer-marks.js';
import { runCertification } from '../src/certify/runner.js';
import { compareVersions, dayStart, loadVersioning, pendingChange } from '../src/certify/versions.js';
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
        ...AUDIENCES.flatMap((audience) => [...listRules(audience), ...listRefusalLists(audience), ...listRelations(audience), ...listAnswerMarks(audience)]).flatMap((rule) => (change.ids.includes(rule.requirement) && rule.rule !== undefined ? [rule.rule] : [])),
        ...AUDIENCES.flatMap((audience) => listOperations(audience).flatMap((operation) => [...operation.responses.values()].flatMap((response) => response.errorCases)))
          .filter((entry) => entry.requirements.some((id) => change.ids.includes(id)))
          .map((entry) => entry.rule),
        ...AUDIENCES.flatMap((audience) => [...anyStateRules(audience), ...[signatureCases(audience)?.rule ?? [], signatureCases(audience)?.bodies?.rule ?? []].flat()]),
        ...CERTIFY_RULES,
      ];
      expect(stated, change.version).toEqual(expect.arrayContaining([...change.rules!]));
    }
  });

  /** A change scoped to named rules whose requirement no change adds or tightens as a whole, with one id and rule of it. */
  function scopedChange() {
    const change = versioning.changes.find(
      (candidate) =>
        candidate.rules !== undefined &&
        candidate.kind === 'tightened' &&
        !versioning.changes.some((other) => other.rules === undefined && other.kind !== 'relaxed' && other.ids.includes(candidate.ids[0]!)),
    )!;
    return { change, id: change.ids[0]!, named: `the answer broke [${change.rules![0]}]: see the contract` };
  }

  it('warns for a tightening scoped to named rules only when the failure names one of them, so the requirement\'s older checks keep failing', () => {
    const { change, id, named } = scopedChange();
    const before = dayStart(change.effective) - DAY_MS;
    const certifiedUnder = '1.0.0';
    expect(pendingChange({ versioning, id, now: before, reason: named, certifiedUnder })).toBe(change);
    expect(pendingChange({ versioning, id, now: before, reason: 'the sandbox refused it with 415: unsupported_media_type', certifiedUnder })).toBeUndefined();
    expect(pendingChange({ versioning, id, now: dayStart(change.effective), reason: named, certifiedUnder })).toBeUndefined();
  });

  it('warns only a partner certified before the change: one certified under its version or later, and a new integration, are judged by it at once', () => {
    const { change, id, named } = scopedChange();
    const before = dayStart(change.effective) - DAY_MS;
    expect(pendingChange({ versioning, id, now: before, reason: named, certifiedUnder: '1.0.0' })).toBe(change);
    expect(pendingChange({ versioning, id, now: before, reason: named, certifiedUnder: change.version })).toBeUndefined();
    expect(pendingChange({ versioning, id, now: before, reason: named })).toBeUndefined();
  });

  it('warns a certified partner about a requirement tightened as a whole, whatever the failure says, until its effective day', () => {
    const change = versioning.changes.find((candidate) => candidate.rules === undefined && candidate.kind === 'tightened')!;
    const before = dayStart(change.effective) - DAY_MS;
    expect(pendingChange({ versioning, id: change.ids[0]!, now: before, reason: 'anything at all', certifiedUnder: '1.0.0' })).toBe(change);
    expect(pendingChange({ versioning, id: change.ids[0]!, now: dayStart(change.effective), reason: 'anything at all', certifiedUnder: '1.0.0' })).toBeUndefined();
  });

  it('names every version it published, newest first, from the first (1.0.0) to the current one, each change under one of them on its day', () => {
    const names = versioning.published.map((entry) => entry.version);
    expect(names[0]).toBe(versioning.version);
    expect(names.at(-1)).toBe('1.0.0');
    expect([...names].sort((a, b) => compareVersions(b, a))).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
    for (const change of versioning.changes) {
      expect(versioning.published.find((entry) => entry.version === change.version), change.version).toMatchObject({ day: change.announced });
    }
  });

  it('orders catalogue versions by their numbers, so 1.10.0 comes after 1.9.0', () => {
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('1.2.0', '1.2.0')).toBe(0);
    expect(compareVersions('0.9.9', '1.0.0')).toBeLessThan(0);
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

  async function judgeRotation(now: () => number, certifiedUnder: string | null = '1.0.0') {
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
        ...(certifiedUnder === null ? {} : { certifiedUnder }),
        now,
        sleep: (ms) => delay(ms).then(() => undefined),
      },
      only: ['DSP-OAU-11'],
      skipSandbox: true,
    });
  }

  it('fails at once for a server never certified, naming the catalogue that added the rule and how a certified partner is judged', { timeout: 60_000 }, async () => {
    const change = versioning.changes.find((item) => item.kind === 'added' && item.ids.includes('DSP-OAU-11'))!;
    const result = await judgeRotation(() => dayStart(change.effective) - DAY_MS, null);
    expect(result.results[0]).toMatchObject({ status: 'failed' });
    expect(result.results[0]!.reason).toContain(`a rule added in catalogue ${change.version}`);
    expect(result.results[0]!.reason).toContain('--certified-under');
    expect(result.certifiedUnder).toBeNull();
    expect(result.allMustPassed).toBe(false);
  });

  it('warns a partner certified before the rule, naming the day it starts to fail, and does not count against certification before that day', { timeout: 60_000 }, async () => {
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
    const code = await main(['certify', 'dsp', '--base-url', kit.url, '--skip-sandbox', '--certified-under', '1.0.0', '--only', 'DSP-OAU-05,DSP-OAU-11', '--junit', join(dir, 'junit.xml'), '--report', join(dir, 'report.md')], { io: captured.io });
    expect(code).toBe(0);
    const out = captured.stdout();
    expect(out).toMatch(/⚠ warn {2}DSP-OAU-11 /);
    expect(out).toContain('1 passed, 0 failed, 1 warned, 0 blocked');
    expect(out).toContain(`judged by requirement catalogue ${versioning.version} for a partner certified under 1.0.0`);
    const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(xml).toContain(`name="catalogueVersion" value="${versioning.version}"`);
    expect(xml).toContain('warning: the refresh token already used');
    expect(xml).not.toContain('<failure');
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(report).toContain(`- Requirement catalogue: version ${versioning.version}, for a partner certified under 1.0.0`);
    expect(report).toMatch(/\| DSP-OAU-11 \| must \| .* \| warning \|/);

    // The environment variable does what the flag does, for a CI configuration.
    const json = captureIo({ STREAM_CERTIFIED_UNDER: '1.0.0' }, now);
    await main(['certify', 'dsp', '--base-url', kit.url, '--skip-sandbox', '--only', 'DSP-OAU-11', '--json'], { io: json.io });
    expect(JSON.parse(json.stdout())).toMatchObject({ catalogueVersion: versioning.version, certifiedUnder: '1.0.0', counts: { warned: 1 } });
  });

  it('refuses a --certified-under that is not a version, or newer than its catalogue, with exit code 2 and what to pass', async () => {
    for (const [value, says] of [['last-month', /such as 1\.0\.1/], ['99.0.0', /newer than this stream-partner's catalogue/]] as const) {
      const captured = captureIo({});
      const code = await main(['certify', 'dsp', '--base-url', 'http://127.0.0.1:9', '--skip-sandbox', '--certified-under', value], { io: captured.io });
      expect(code).toBe(2);
      expect(captured.stderr()).toMatch(says);
    }
  });

  it('refuses a --certified-under or STREAM_CERTIFIED_UNDER version never published, which would relax every rule added after it, listing the published ones', async () => {
    const published = versioning.published.map((entry) => entry.version);
    for (const value of ['0.0.1', '1.0.5', '1.2.3']) {
      expect(published).not.toContain(value);
      for (const [args, env, named] of [[['--certified-under', value], {}, '--certified-under'], [[], { STREAM_CERTIFIED_UNDER: value }, 'STREAM_CERTIFIED_UNDER']] as const) {
        const captured = captureIo(env);
        const code = await main(['certify', 'dsp', '--base-url', 'http://127.0.0.1:9', '--skip-sandbox', ...args], { io: captured.io });
        expect(code, `${named} ${value}`).toBe(2);
        expect(captured.stderr()).toContain(`${named} ${value} is not a catalogue version Stream published`);
        expect(captured.stderr()).toContain(published.join(', '));
      }
    }
  });

  it('names STREAM_CERTIFIED_UNDER, not a flag the user never passed, when the variable holds no version', async () => {
    const captured = captureIo({ STREAM_CERTIFIED_UNDER: 'last-month' });
    const code = await main(['certify', 'dsp', '--base-url', 'http://127.0.0.1:9', '--skip-sandbox'], { io: captured.io });
    expect(code).toBe(2);
    expect(captured.stderr()).toMatch(/STREAM_CERTIFIED_UNDER takes the catalogue version/);
    expect(captured.stderr()).not.toContain('--certified-under takes');
  });
});
