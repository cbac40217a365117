import { execFile } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

const run = promisify(execFile);
const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const version = (JSON.parse(readFileSync(join(repo, 'packages', 'cli', 'package.json'), 'utf8')) as { version: string }).version;
const tarball = `/downloads/stream-partner-${version}.tgz`;

// A partner without this repository installs the CLI from the site; npm fetches the tarball over
// HTTP from the served build and its dependencies from the registry.
test.describe('the stream-partner tarball on the site', () => {
  test.describe.configure({ timeout: 180_000 });
  let prefix: string;

  test.beforeAll(() => {
    prefix = mkdtempSync(join(tmpdir(), 'stream-partner-download-'));
    writeFileSync(join(prefix, 'package.json'), '{"name":"partner-app","private":true}\n');
  });
  test.afterAll(() => rmSync(prefix, { recursive: true, force: true }));

  test('is served as a gzip tarball at its versioned download URL', async ({ request }) => {
    const response = await request.get(tarball);
    expect(response.status()).toBe(200);
    const body = await response.body();
    expect(body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  test('installs from the site URL and runs sign, and a sandbox that answers on 127.0.0.1', async ({ baseURL }) => {
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefix', prefix, `${baseURL}${tarball}`], { timeout: 150_000 });
    const bin = join(prefix, 'node_modules', '.bin', 'stream-partner');

    const help = await run(bin, ['--help']);
    expect(help.stdout).toContain('sandbox');
    expect(help.stdout).toContain('certify');

    writeFileSync(join(prefix, 'body.json'), '{"type":"order.status.updated"}');
    const signed = await run(bin, ['sign', '--secret', 'whsec_test', '--body-file', join(prefix, 'body.json')]);
    expect(signed.stdout).toMatch(/^Stream-Signature: [0-9a-f]{64}\n$/);

    const runtime = mkdtempSync(join(tmpdir(), 'stream-partner-runtime-'));
    const sandbox = spawn(bin, ['sandbox', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, XDG_RUNTIME_DIR: runtime, NO_COLOR: '1' } });
    try {
      const { url, tokenFile } = await new Promise<{ url: string; tokenFile: string }>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`The sandbox printed no URL within 20 s:\n${out}`)), 20_000);
        sandbox.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
          const file = /Console token for trigger and certify +(\S+\.token)/.exec(out);
          if (match && file) {
            clearTimeout(timer);
            resolve({ url: match[0], tokenFile: file[1]! });
          }
        });
        sandbox.on('exit', (code) => reject(new Error(`The sandbox exited with ${code}:\n${out}`)));
      });
      // Its data needs the console's token, which the terminal user reads from the file the banner names.
      expect((await fetch(`${url}/_sandbox/state`)).status).toBe(401);
      const state = await fetch(`${url}/_sandbox/state`, { headers: { 'x-sandbox-console-token': readFileSync(tokenFile, 'utf8').trim() } });
      expect(state.status).toBe(200);
    } finally {
      sandbox.kill('SIGTERM');
    }
  });
});
