import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { SIGN_BODY_LIMIT_BYTES } from '../src/sign.js';
import { captureIo, tempDir } from './support.js';

const dir = tempDir('sign');
const bodyText = '{"type":"order.created","object":{"name":"Jalapeño 🌶"}}\n';
const bodyFile = join(dir, 'body.json');
writeFileSync(bodyFile, bodyText);
const secret = 'whsec_cli_test';
// Computed independently of the contracts library, so a mistake there cannot hide here.
const signature = createHmac('sha256', secret).update(Buffer.from(bodyText, 'utf8')).digest('hex');

async function run(args: string[], options: { env?: Record<string, string>; programName?: string } = {}) {
  const captured = captureIo(options.env ?? {});
  const code = await main(args, { io: captured.io, ...(options.programName === undefined ? {} : { programName: options.programName }) });
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

describe('stream-partner sign', () => {
  it('prints the Stream-Signature header for a body file, with the secret from STREAM_WEBHOOK_SECRET', async () => {
    expect(await run(['sign', '--body-file', bodyFile], { env: { STREAM_WEBHOOK_SECRET: secret } })).toEqual({ code: 0, stdout: `Stream-Signature: ${signature}\n`, stderr: '' });
  });

  it('signs with a --secret flag too, warning that other users of the machine can read it and naming the variable', async () => {
    const flagged = await run(['sign', '--secret', secret, '--body-file', bodyFile], { env: { STREAM_WEBHOOK_SECRET: 'whsec_other' } });
    expect(flagged.code).toBe(0);
    expect(flagged.stdout).toBe(`Stream-Signature: ${signature}\n`);
    expect(flagged.stderr).toBe("warning: --secret puts the secret in this command's arguments, which other users of this machine can read (ps, /proc). Set STREAM_WEBHOOK_SECRET (or name another with --secret-env) instead.\n");
  });

  it('reads the secret from the environment variable named by --secret-env', async () => {
    const result = await run(['sign', '--secret-env', 'MY_STREAM_SECRET', '--body-file', bodyFile], { env: { MY_STREAM_SECRET: secret } });
    expect(result).toEqual({ code: 0, stdout: `Stream-Signature: ${signature}\n`, stderr: '' });
  });

  it('reads the body from standard input with --body-file - when run as a program', () => {
    const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'bin.ts');
    const result = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', bin, 'sign', '--secret-env', 'MY_STREAM_SECRET', '--body-file', '-'], {
      encoding: 'utf8',
      input: bodyText,
      env: { ...process.env, MY_STREAM_SECRET: secret },
      timeout: 30_000,
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`Stream-Signature: ${signature}\n`);
    expect(result.status).toBe(0);
  });

  it('exits 2 with a clear message when the secret is missing', async () => {
    const missing = await run(['sign', '--body-file', bodyFile]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Missing the webhook secret');
    expect(missing.stdout).toBe('');
    const unset = await run(['sign', '--secret-env', 'UNSET_STREAM_SECRET_VAR', '--body-file', bodyFile]);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain('UNSET_STREAM_SECRET_VAR is not set');
    const both = await run(['sign', '--secret', secret, '--secret-env', 'X', '--body-file', bodyFile]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('either --secret or --secret-env');
  });

  it('exits 2, naming the limit, for a body file past 5,000,000 bytes, from sign and verify alike', async () => {
    const large = join(dir, 'large.json');
    writeFileSync(large, 'x'.repeat(SIGN_BODY_LIMIT_BYTES + 1));
    for (const args of [['sign'], ['verify', '--signature', signature]]) {
      const result = await run([...args, '--body-file', large], { env: { STREAM_WEBHOOK_SECRET: secret } });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`${large} holds more than 5000000 bytes, the most sign and verify read`);
      expect(result.stdout).toBe('');
    }
  });

  it('stops reading a body that never ends (/dev/zero) at the limit, with exit code 2, instead of filling memory', () => {
    const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'bin.ts');
    const result = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', bin, 'sign', '--body-file', '/dev/zero'], { encoding: 'utf8', env: { ...process.env, STREAM_WEBHOOK_SECRET: secret }, timeout: 15_000 });
    expect(result.signal).toBeNull();
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('/dev/zero holds more than 5000000 bytes');
  });

  it('exits 2 when the body file is missing or cannot be read', async () => {
    const noFlag = await run(['sign', '--secret', secret]);
    expect(noFlag.code).toBe(2);
    expect(noFlag.stderr).toContain('--body-file');
    const unreadable = await run(['sign', '--secret', secret, '--body-file', join(dir, 'nope.json')]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toContain('Could not read');
  });
});

describe('stream-partner verify', () => {
  it('prints valid and exits 0 for a matching signature, with or without the header name', async () => {
    expect(await run(['verify', '--body-file', bodyFile, '--signature', signature], { env: { STREAM_WEBHOOK_SECRET: secret } })).toEqual({ code: 0, stdout: 'valid\n', stderr: '' });
    const withHeader = await run(['verify', '--secret-env', 'MY_STREAM_SECRET', '--body-file', bodyFile, '--signature', `Stream-Signature: ${signature}`], { env: { MY_STREAM_SECRET: secret } });
    expect(withHeader.code).toBe(0);
    expect(withHeader.stdout).toBe('valid\n');
  });

  it('exits 1 with signature_mismatch for a signature made with another secret', async () => {
    const mismatch = await run(['verify', '--body-file', bodyFile, '--signature', signature], { env: { STREAM_WEBHOOK_SECRET: 'wrong' } });
    expect(mismatch.code).toBe(1);
    expect(mismatch.stdout).toBe('');
    expect(mismatch.stderr).toMatch(/^signature_mismatch: /);
  });

  it('exits 1 with signature_malformed and the reason for a signature of the wrong length', async () => {
    const malformed = await run(['verify', '--body-file', bodyFile, '--signature', signature.slice(1)], { env: { STREAM_WEBHOOK_SECRET: secret } });
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toMatch(/^signature_malformed: .*63 characters/);
  });

  it('exits 2 when the signature or the secret is missing', async () => {
    const noSignature = await run(['verify', '--secret', secret, '--body-file', bodyFile]);
    expect(noSignature.code).toBe(2);
    expect(noSignature.stderr).toContain('--signature');
    const noSecret = await run(['verify', '--body-file', bodyFile, '--signature', signature]);
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toContain('Missing the webhook secret');
  });
});

describe('the stream-webhook alias', () => {
  it('signs and verifies under the old name and shows that name in its help', async () => {
    expect(await run(['sign', '--body-file', bodyFile], { programName: 'stream-webhook', env: { STREAM_WEBHOOK_SECRET: secret } })).toEqual({
      code: 0,
      stdout: `Stream-Signature: ${signature}\n`,
      stderr: '',
    });
    expect((await run(['verify', '--body-file', bodyFile, '--signature', signature], { programName: 'stream-webhook', env: { STREAM_WEBHOOK_SECRET: secret } })).code).toBe(0);
    const help = await run(['--help'], { programName: 'stream-webhook' });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: stream-webhook');
    expect(help.stdout).toContain('stream-webhook sandbox');
  });

  it('reports an unknown command with usage help and exit code 2', async () => {
    const result = await run(['frobnicate'], { programName: 'stream-webhook' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command 'frobnicate'");
    expect(result.stderr).toContain('--help');
  });
});
