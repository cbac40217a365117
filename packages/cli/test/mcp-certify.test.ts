// certify through `stream-partner mcp`, as an agent runs it: the POS starter kit passes, with a
// progress notification per requirement, and a copy of the kit without its signature check fails
// POS-SEC-03. The send command takes certify's own path (the kit's send script, as kits.ts runs it).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../src/certify/catalogue.js';
import { kitSendCommand, mutate, ROOT, startKit } from './kits.js';
import { call, connect, type Connected } from './mcp-client.js';

let server: Connected;

beforeAll(async () => {
  server = await connect(['--allow-send-command']);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const NO_SIGNATURE_CHECK = { name: 'mcp-no-signature-check', patches: [{ file: 'app.ts', find: '    if (!requireSignature(config.webhookSecret, request, reply)) return reply;\n', replace: '' }], fails: ['POS-SEC-03'], reason: /answered 201/ };

describe('certify through stream-partner mcp', () => {
  it('certifies the POS starter kit, reporting progress as each requirement finishes', { timeout: 300_000 }, async () => {
    const kit = await startKit('pos');
    try {
      const seen: unknown[] = [];
      const before = server.progressSent().length;
      const result = await call(server.client, 'certify', { audience: 'pos', base_url: kit.url, send_command: await kitSendCommand(join(ROOT, 'examples', 'pos')), wait_ms: 30_000 }, { timeout: 280_000, onprogress: (step) => seen.push(step) });
      const progress = server.progressSent().slice(before);
      const failed = result.results.filter((item: { status: string }) => item.status !== 'passed').map((item: { requirement: { id: string }; reason?: string }) => `${item.requirement.id}: ${item.reason}`);
      expect(failed).toEqual([]);
      expect(result).toMatchObject({ audience: 'pos', certified: true, complete: true });
      const total = loadCatalogue('pos').requirements.length;
      expect(progress).toHaveLength(total);
      expect(progress.at(-1)).toMatchObject({ progress: total, total });
      expect(progress.map((step) => step.message)).toEqual(expect.arrayContaining(['POS-SEC-03 passed']));
      // The host's own handler saw them as they came (all but any that shared a read with the result).
      expect(seen.length).toBeGreaterThan(total / 2);
    } finally {
      await kit.close();
    }
  });

  it('fails POS-SEC-03 for a POS that skips the signature check, and does not certify it', { timeout: 300_000 }, async () => {
    const dir = mutate('pos', NO_SIGNATURE_CHECK);
    const kit = await startKit('pos', dir);
    try {
      const result = await call(server.client, 'certify', { audience: 'pos', base_url: kit.url, send_command: await kitSendCommand(dir), wait_ms: 30_000 }, { timeout: 280_000 });
      expect(result.certified).toBe(false);
      const sec03 = result.results.find((item: { requirement: { id: string } }) => item.requirement.id === 'POS-SEC-03');
      expect(sec03.status).toBe('failed');
      expect(sec03.reason).toMatch(/no Stream-Signature header: answered 201/);
      const text = await server.client.callTool({ name: 'certify', arguments: { audience: 'pos', base_url: kit.url, only: ['POS-SEC-03'] } }, undefined, { timeout: 120_000 });
      expect((text.content as { text: string }[])[0]!.text).toMatch(/POS-SEC-03 failed/);
    } finally {
      await kit.close();
    }
  });
});
