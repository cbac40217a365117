// The starter kits are copied into partners' servers. Their defaults are the sandbox's secrets,
// published in the docs: a kit that other machines can reach must not run on them, nor approve
// Stream's authorize request without showing the consent form.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from './kits.js';

const KITS = { pos: ['STREAM_WEBHOOK_SECRET', 'STREAM_CLIENT_SECRET'], dsp: ['STREAM_WEBHOOK_SECRET', 'STREAM_CLIENT_SECRET'], events: ['STREAM_WEBHOOK_SECRET'] } as const;

/** Starts a kit's server as `npm start` does, with only `env` set; answers its exit code and output once it stops or 20 s pass. */
function start(kit: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(STREAM_|HOST$|PORT$|DEV_AUTO_APPROVE$)/.test(name)));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', join(ROOT, 'examples', kit, 'src', 'server.ts')], { cwd: ROOT, env: { ...clean, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((done) => child.on('close', (code) => {
    clearTimeout(timer);
    done({ code, stderr, stdout });
  }));
}

describe('a starter kit told to listen beyond loopback', () => {
  for (const [kit, names] of Object.entries(KITS)) {
    it(`does not start the ${kit} kit on the sandbox's published secrets, and names what to set`, { timeout: 40_000 }, async () => {
      const run = await start(kit, { HOST: '0.0.0.0' });
      expect(run.code, run.stdout).toBe(2);
      for (const name of names) expect(run.stderr).toContain(name);
      expect(run.stdout).not.toContain('listening');
    });
  }

  it('shows the consent form off loopback unless DEV_AUTO_APPROVE=1 says otherwise, and auto-approves on loopback', async () => {
    for (const kit of ['pos', 'dsp']) {
      const { readConfig } = (await import(pathToFileURL(join(ROOT, 'examples', kit, 'src', 'config.ts')).href)) as { readConfig: (env: Record<string, string>) => { devAutoApprove: boolean } };
      const secrets = { STREAM_WEBHOOK_SECRET: 'whsec_own', STREAM_CLIENT_SECRET: 'own-secret' };
      expect(readConfig({ HOST: '0.0.0.0', ...secrets }).devAutoApprove, kit).toBe(false);
      expect(readConfig({ HOST: '0.0.0.0', ...secrets, DEV_AUTO_APPROVE: '1' }).devAutoApprove, kit).toBe(true);
      expect(readConfig({}).devAutoApprove, kit).toBe(true);
    }
  });
});
