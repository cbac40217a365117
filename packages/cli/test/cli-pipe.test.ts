// The CLI writing into a pipe whose reader has gone: `stream-partner certify --help | head`.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'bin.ts');

/** Runs the CLI with stdout into a pipe that is closed before the CLI writes anything. */
function runIntoClosedReader(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    // The reader goes away at once, as `head` does once it has its lines.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('output into a closed pipe', () => {
  for (const args of [['certify', '--help'], ['--help'], ['trigger', '--list']]) {
    it(`stream-partner ${args.join(' ')} | head exits 0 without an EPIPE stack trace`, { timeout: 30_000 }, async () => {
      const result = await runIntoClosedReader(args);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    });
  }
});
