import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../src/certify/catalogue.js';
import { main } from '../src/cli.js';
import { AUDIENCES } from '../src/trigger/targets.js';
import { certifyKit, explain, ROOT, startKit } from './kits.js';
import { captureIo, tempDir } from './support.js';

describe('the starter kits pass certification', () => {
  for (const audience of AUDIENCES) {
    it(`passes every ${audience} requirement, must and should, including what the kit sends to the sandbox`, { timeout: 180_000 }, async () => {
      const kit = await startKit(audience);
      try {
        const result = await certifyKit(audience, { url: kit.url, sendFrom: join(ROOT, 'examples', audience) });
        expect(explain(result)).toBe('');
        expect(result.counts).toMatchObject({ passed: loadCatalogue(audience).requirements.length, failed: 0, skipped: 0 });
        expect(result.certified).toBe(true);
      } finally {
        await kit.close();
      }
    });
  }
});

describe('stream-partner certify on the command line', () => {
  it('exits 0 for the POS kit and writes JUnit XML with one test case per requirement, and a Markdown report', { timeout: 120_000 }, async () => {
    const kit = await startKit('pos');
    const dir = tempDir('certify');
    try {
      const captured = captureIo();
      const code = await main(
        ['certify', 'pos', '--base-url', kit.url, '--skip-sandbox', '--only', 'POS-OAU-01,POS-ORD-01,POS-ORD-02,POS-CAT-04', '--junit', join(dir, 'junit.xml'), '--report', join(dir, 'report.md')],
        { io: captured.io },
      );
      expect(captured.stdout()).toContain('✔ pass  POS-ORD-02');
      expect(code).toBe(0);
      const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
      expect(xml.match(/<testcase /g)).toHaveLength(4);
      expect(xml).not.toContain('<failure');
      expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain('| POS-CAT-04 | must |');
    } finally {
      await kit.close();
    }
  });

  it('exits 1 against a server that gets everything wrong, naming each failed requirement and why', { timeout: 120_000 }, async () => {
    const { createServer } = await import('node:http');
    const server = createServer((_request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('everything is broken');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as { port: number }).port;
    const dir = tempDir('certify-broken');
    try {
      const captured = captureIo();
      const code = await main(['certify', 'events', '--base-url', `http://127.0.0.1:${port}`, '--skip-sandbox', '--junit', join(dir, 'junit.xml')], { io: captured.io });
      expect(code).toBe(1);
      const out = captured.stdout();
      for (const id of ['EVT-SEC-01', 'EVT-SEC-02', 'EVT-ORD-01', 'EVT-ORD-03', 'EVT-ORD-06']) expect(out).toMatch(new RegExp(`✖ fail  ${id}`));
      // order.updated needs the order EVT-ORD-01 could not create: blocked by it, not a failure of its own.
      expect(out).toMatch(/⊘ blocked {2}EVT-ORD-02 [^\n]*\n\s+why\s+blocked by EVT-ORD-01/);
      expect(out).toContain('answered 500');
      expect(out).toContain('would not pass certification');
      expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('<failure');
    } finally {
      server.close();
    }
  });

  it('refuses an unknown audience, a missing --base-url and an unknown requirement id with exit code 2', async () => {
    for (const argv of [['certify', 'kiosk', '--base-url', 'http://127.0.0.1:9'], ['certify', 'pos'], ['certify', 'pos', '--base-url', 'http://127.0.0.1:9', '--only', 'POS-XYZ-99']]) {
      const captured = captureIo();
      expect(await main(argv, { io: captured.io })).toBe(2);
      expect(captured.stderr()).toMatch(/Error: /);
    }
  });
});
