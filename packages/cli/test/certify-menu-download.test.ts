// DSP-MNU-01 judges the download of the link its own location.publish carried. A DSP that answers
// first and downloads afterwards may still be fetching the link of an earlier publish when the next
// one arrives: that late fetch of a replaced link (403 menu_link_expired) is not this event's download.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { certifyKit, mutate, startKit } from './kits.js';

// Each download starts two seconds after its publish was answered, so the one for DSP-EVT-07's publish
// lands after DSP-MNU-01 has replaced that link with its own.
const slowDownloads = mutate('dsp', {
  name: 'downloads-two-seconds-late',
  patches: [{ file: 'app.ts', find: "void downloadMenu(event.data.menu_file_url, log);", replace: "void new Promise((done) => setTimeout(done, 2_000)).then(() => downloadMenu(event.data.menu_file_url, log));" }],
  fails: [],
  reason: /^$/,
});

afterAll(() => rmSync(slowDownloads, { recursive: true, force: true }));

describe('the menu download check', () => {
  it("passes a DSP that downloads each menu late, when an earlier publish's late download is refused as replaced", { timeout: 120_000 }, async () => {
    const kit = await startKit('dsp', slowDownloads);
    try {
      const result = await certifyKit('dsp', { url: kit.url, sendFrom: slowDownloads, only: ['DSP-EVT-07', 'DSP-MNU-01'] });
      const menu = result.results.find((item) => item.requirement.id === 'DSP-MNU-01');
      expect(menu?.status, menu?.reason).toBe('passed');
      expect(result.results.find((item) => item.requirement.id === 'DSP-EVT-07')?.status).toBe('passed');
    } finally {
      await kit.close();
    }
  });

  it('fails a DSP that downloads only the link of an earlier publish, naming the link it fetched instead', { timeout: 120_000 }, async () => {
    const stale = mutate('dsp', {
      name: 'downloads-the-first-link-only',
      patches: [{ file: 'app.ts', find: "void downloadMenu(event.data.menu_file_url, log);", replace: "void downloadMenu((firstLink ??= event.data.menu_file_url), log);" }, { file: 'app.ts', find: 'export function buildApp(', replace: 'let firstLink: string | undefined;\nexport function buildApp(' }],
      fails: [],
      reason: /^$/,
    });
    const kit = await startKit('dsp', stale);
    try {
      const result = await certifyKit('dsp', { url: kit.url, sendFrom: stale, only: ['DSP-EVT-07', 'DSP-MNU-01'] });
      const menu = result.results.find((item) => item.requirement.id === 'DSP-MNU-01');
      expect(menu?.status).toBe('failed');
      expect(menu?.reason).toMatch(/menu file was not downloaded from the link location\.publish carried; the DSP downloaded another link instead \(403: menu_link_expired/);
    } finally {
      await kit.close();
      rmSync(stale, { recursive: true, force: true });
    }
  });
});
