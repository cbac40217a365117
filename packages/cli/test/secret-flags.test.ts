import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { warnSecretFlags } from '../src/secret-flags.js';
import { ROOT } from './kits.js';
import { tempDir } from './support.js';

describe('a secret given as a flag', () => {
  it('shows the command line with the secret replaced, and leaves the title alone when no argument holds it', () => {
    const titles: string[] = [];
    const warnings: string[] = [];
    const flags = [{ flag: '--webhook-secret', value: 'whsec_live_1', variable: 'STREAM_SANDBOX_WEBHOOK_SECRET' }];
    warnSecretFlags({ stderr: (text) => warnings.push(text), flags, argv: ['node', 'stream-partner', 'sandbox', '--webhook-secret=whsec_live_1'], setTitle: (title) => titles.push(title) });
    expect(titles).toEqual(['node stream-partner sandbox --webhook-secret=[hidden]']);
    expect(warnings.join('')).toContain('Set STREAM_SANDBOX_WEBHOOK_SECRET instead.');
    warnSecretFlags({ stderr: () => {}, flags, argv: ['node', 'vitest'], setTitle: (title) => titles.push(title) });
    expect(titles).toHaveLength(1);
  });

  // /proc is Linux's; elsewhere `ps` shows the same title.
  it.skipIf(!existsSync('/proc/self/cmdline'))("is gone from the sandbox's command line, which other local users read in /proc, once it has started", async () => {
    const secret = 'whsec_flag_secret_4815162342';
    const dir = tempDir('secret-flags');
    const child = spawn(process.execPath, [join(ROOT, 'packages/cli/bin/stream-partner.js'), 'sandbox', '--port', '0', '--webhook-secret', secret], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: dir } });
    try {
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      for (let waited = 0; !/Press Ctrl\+C/.test(output); waited += 100) {
        if (waited > 30_000 || child.exitCode !== null) throw new Error(`the sandbox did not start:\n${output}`);
        await new Promise((done) => setTimeout(done, 100));
      }
      expect(output).toContain('warning: --webhook-secret puts the secret');
      const commandLine = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      expect(commandLine).toContain('sandbox');
      expect(commandLine).not.toContain(secret);
    } finally {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
  });

  it('says so when the process that started it (npx, npm exec, a shell) keeps the secret in its own arguments, without printing it', () => {
    const warnings: string[] = [];
    const flags = [{ flag: '--webhook-secret', value: 'whsec_live_2', variable: 'STREAM_SANDBOX_WEBHOOK_SECRET' }];
    const argv = ['node', 'stream-partner', 'sandbox', '--webhook-secret', 'whsec_live_2'];
    warnSecretFlags({ stderr: (text) => warnings.push(text), flags, argv, setTitle: () => {}, parent: { pid: 4242, args: 'npm exec stream-partner sandbox --webhook-secret whsec_live_2' } });
    const text = warnings.join('');
    expect(text).toContain('the process that started this one (pid 4242: npm exec stream-partner …) shows the secret in its arguments for as long as it runs');
    expect(text).not.toContain('whsec_live_2');
    warnings.length = 0;
    warnSecretFlags({ stderr: (text) => warnings.push(text), flags, argv, setTitle: () => {}, parent: { pid: 4242, args: '-bash' } });
    expect(warnings.join('')).not.toContain('the process that started this one');
  });

  it.skipIf(!existsSync('/proc/self/cmdline'))('names the shell that started it with the secret in its arguments, as npm run and npx do', async () => {
    const secret = 'whsec_flag_secret_parent_42';
    const dir = tempDir('secret-flags-parent');
    // The shell runs the CLI as a child and waits for it, keeping its own arguments, as `sh -c` under npm does.
    const cli = [process.execPath, '--conditions=source', '--import', 'tsx', join(ROOT, 'packages/cli/src/bin.ts')];
    const child = spawn('sh', ['-c', '"$@"; exit $?', 'sh', ...cli, 'trigger', 'order.created', '--to', 'http://127.0.0.1:9', '--token', 't', '--timeout-ms', '500', '--webhook-secret', secret], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: dir } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    await new Promise((done) => child.once('exit', done));
    expect(output).toMatch(/the process that started this one \(pid \d+: sh -c /);
    expect(output).not.toContain(secret);
  });
});
