import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../src/cli.js';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'cli.ts');
const dir = mkdtempSync(join(tmpdir(), 'stream-webhook-cli-'));
const bodyText = '{"type":"order.created","object":{"name":"Jalapeño 🌶"}}\n';
const bodyFile = join(dir, 'body.json');
writeFileSync(bodyFile, bodyText);
const secret = 'whsec_cli_test';
const signature = createHmac('sha256', secret).update(Buffer.from(bodyText, 'utf8')).digest('hex');

function run(args: string[], options: { env?: Record<string, string>; input?: string } = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    encoding: 'utf8',
    input: options.input,
    env: { ...process.env, ...options.env },
    timeout: 20_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs the CLI in this process with captured output, for the many argument checks. */
function inProcess(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env,
    readFile: (path) => readFileSync(path),
  };
  const code = runCli(args, io);
  return { code, stdout, stderr };
}

describe('the stream-webhook CLI', () => {
  it('sign prints the Stream-Signature header for a body file', () => {
    expect(run(['sign', '--secret', secret, '--body-file', bodyFile])).toEqual({ code: 0, stdout: `Stream-Signature: ${signature}\n`, stderr: '' });
  });

  it('sign reads the secret from an environment variable and the body from standard input', () => {
    const result = run(['sign', '--secret-env', 'MY_STREAM_SECRET', '--body-file', '-'], { env: { MY_STREAM_SECRET: secret }, input: bodyText });
    expect(result.stdout).toBe(`Stream-Signature: ${signature}\n`);
    expect(result.code).toBe(0);
  });

  it('verify prints valid and exits 0 for a matching signature, with or without the header name', () => {
    expect(run(['verify', '--secret', secret, '--body-file', bodyFile, '--signature', signature])).toEqual({ code: 0, stdout: 'valid\n', stderr: '' });
    expect(inProcess(['verify', '--secret', secret, '--body-file', bodyFile, '--signature', `Stream-Signature: ${signature}`]).code).toBe(0);
  });

  it('verify exits 1 with the error code and reason for a wrong signature', () => {
    const mismatch = run(['verify', '--secret', 'wrong', '--body-file', bodyFile, '--signature', signature]);
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr).toMatch(/^signature_mismatch: /);
  });

  it('exits 1 with the error code and reason for a malformed signature', () => {
    const malformed = inProcess(['verify', '--secret', secret, '--body-file', bodyFile, '--signature', signature.slice(1)]);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toMatch(/^signature_malformed: .*63 characters/);
  });

  it('explains its usage and exits 2 on wrong arguments', () => {
    const cases: [string[], RegExp][] = [
      [[], /Give a command: sign or verify/],
      [['frobnicate'], /Unknown command "frobnicate"/],
      [['sign', 'extra', '--secret', secret, '--body-file', bodyFile], /Unexpected argument "extra"/],
      [['sign', '--body-file', bodyFile], /Missing the secret/],
      [['sign', '--secret', secret], /Missing --body-file/],
      [['sign', '--secret', secret, '--body-file', bodyFile, '--signature', signature], /sign does not take --signature/],
      [['verify', '--secret', secret, '--body-file', bodyFile], /Missing --signature/],
      [['sign', '--secret', secret, '--secret-env', 'X', '--body-file', bodyFile], /either --secret or --secret-env/],
      [['sign', '--secret-env', 'UNSET_STREAM_SECRET_VAR', '--body-file', bodyFile], /UNSET_STREAM_SECRET_VAR is not set/],
      [['sign', '--secret', secret, '--body-file', bodyFile, '--colour'], /Unknown option '--colour'/],
    ];
    for (const [args, message] of cases) {
      const result = inProcess(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('Usage:');
    }
    // The real binary reports usage errors the same way.
    const spawned = run(['frobnicate']);
    expect(spawned.code).toBe(2);
    expect(spawned.stderr).toContain('Usage:');
  });

  it('exits 2 when the body file cannot be read, and prints help with --help', () => {
    const missing = inProcess(['sign', '--secret', secret, '--body-file', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Could not read/);
    const help = inProcess(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('stream-webhook sign');
  });
});
