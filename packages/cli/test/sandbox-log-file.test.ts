// The sandbox's --log file holds every exchange a web page or another local process can cause, and
// what partners sent: it is its user's alone (0600, never written through a symlink) and bounded in
// bytes, the older half moved to FILE.1.
import { chownSync, existsSync, lstatSync, readFileSync, statSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { openLogFile } from '../src/log-file.js';
import { call, captureIo, startSymlinkSwapper, tempDir, TEST_RUNTIME_DIR } from './support.js';

describe('the --log file', () => {
  it("is created readable by its owner only, and an earlier one others could read is tightened", async () => {
    const dir = tempDir('log-mode');
    const fresh = join(dir, 'fresh.jsonl');
    const earlier = join(dir, 'earlier.jsonl');
    writeFileSync(earlier, '{"seq":0}\n');
    chmodSync(earlier, 0o644);
    for (const logFile of [fresh, earlier]) {
      const captured = captureIo({ XDG_RUNTIME_DIR: TEST_RUNTIME_DIR });
      const before = new Set(process.listeners('SIGINT'));
      const exit = main(['sandbox', '--port', '0', '--log', logFile], { io: captured.io });
      await expect.poll(() => captured.stdout(), { timeout: 10_000 }).toContain('listening on');
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(captured.stdout())?.[1] ?? '';
      expect((await call({ url }, 'GET', '/no-such-route')).status).toBe(404);
      const stop = process.listeners('SIGINT').find((listener) => !before.has(listener));
      (stop as () => void)();
      expect(await exit).toBe(0);
      expect(statSync(logFile).mode & 0o777, logFile).toBe(0o600);
      expect(readFileSync(logFile, 'utf8'), logFile).toContain('/no-such-route');
    }
  });

  it('is refused, not written through, when its path is a symlink', async () => {
    const dir = tempDir('log-link');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'keep me\n');
    const logFile = join(dir, 'sandbox.jsonl');
    symlinkSync(victim, logFile);
    const captured = captureIo({ XDG_RUNTIME_DIR: TEST_RUNTIME_DIR });
    expect(await main(['sandbox', '--port', '0', '--log', logFile], { io: captured.io })).toBe(2);
    expect(captured.stderr()).toContain(`Cannot write the exchange log ${logFile}`);
    expect(readFileSync(victim, 'utf8')).toBe('keep me\n');
  });

  it('moves to FILE.1 once it would pass its bound, so the two never hold much more than twice it', async () => {
    const path = join(tempDir('log-bound'), 'sandbox.jsonl');
    const log = openLogFile({ path, maxBytes: 1000 });
    const line = `${JSON.stringify({ seq: 1, pad: 'x'.repeat(80) })}\n`;
    for (let index = 0; index < 100; index += 1) await log.append(line);
    await log.close();
    expect(statSync(path).size).toBeLessThanOrEqual(1000);
    expect(statSync(`${path}.1`).size).toBeLessThanOrEqual(1000);
    expect(statSync(path).size + statSync(`${path}.1`).size).toBeGreaterThan(1000 - line.length);
    expect(lstatSync(`${path}.1`).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8').endsWith(line)).toBe(true);
  });

  it("never changes the rights of another file when someone swaps the log's path for a symlink to it while it opens", { timeout: 30_000 }, async () => {
    const dir = tempDir('log-race');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'shared\n');
    chmodSync(victim, 0o644);
    const path = join(dir, 'sandbox.jsonl');
    const swapper = startSymlinkSwapper(path, victim);
    try {
      // The race is run only once the swapper is at work (a loaded machine starts python slowly).
      await expect.poll(() => existsSync(path) && lstatSync(path).isSymbolicLink(), { timeout: 20_000, interval: 1 }).toBe(true);
      const log = openLogFile({ path, maxBytes: 1_000_000 });
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        await log.append('{"seq":1}\n').catch(() => undefined);
        await log.close();
      }
    } finally {
      swapper.kill('SIGKILL');
    }
    expect(statSync(victim).mode & 0o777).toBe(0o644);
    expect(readFileSync(victim, 'utf8')).toBe('shared\n');
  });
});

describe('a --log path another user prepared', () => {
  it.skipIf(process.getuid?.() !== 0)("is refused, not appended to, when the file there belongs to someone else", async () => {
    const dir = tempDir('log-foreign');
    const logFile = join(dir, 'sandbox.jsonl');
    writeFileSync(logFile, '');
    chmodSync(logFile, 0o666);
    chownSync(logFile, 4242, 4242);
    const log = openLogFile({ path: logFile, maxBytes: 1_000_000 });
    await expect(log.append('{"secret":"x"}\n')).rejects.toThrow(/belongs to another user/);
    expect(readFileSync(logFile, 'utf8')).toBe('');
  });
});

describe('a --log path someone else prepared, at start-up', () => {
  it('stops with exit code 2 and says why when a FIFO waits there, instead of hanging until someone reads it', { timeout: 30_000 }, async () => {
    const logFile = join(tempDir('log-fifo'), 'sandbox.jsonl');
    execFileSync('mkfifo', [logFile]);
    const captured = captureIo({ XDG_RUNTIME_DIR: TEST_RUNTIME_DIR });
    const started = Date.now();
    expect(await main(['sandbox', '--port', '0', '--log', logFile], { io: captured.io })).toBe(2);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(captured.stderr()).toContain(`Cannot write the exchange log ${logFile}`);
  });

  it.skipIf(process.getuid?.() !== 0)("stops with exit code 2 when the file there belongs to another user, before it logs anything", async () => {
    const logFile = join(tempDir('log-foreign-start'), 'sandbox.jsonl');
    writeFileSync(logFile, '');
    chmodSync(logFile, 0o666);
    chownSync(logFile, 4242, 4242);
    const captured = captureIo({ XDG_RUNTIME_DIR: TEST_RUNTIME_DIR });
    expect(await main(['sandbox', '--port', '0', '--log', logFile], { io: captured.io })).toBe(2);
    expect(captured.stderr()).toContain('belongs to another user');
    expect(readFileSync(logFile, 'utf8')).toBe('');
  });
});
