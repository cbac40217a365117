// A report written into a folder another local user may write to (not sticky) could be renamed away
// and replaced by theirs once certify finished; a symlink at the report's name points it elsewhere.
// certify refuses both before it runs anything, with exit code 2 and what to do instead.
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { privateTargetProblem, writePrivateFile } from '../src/private-file.js';
import { captureIo, tempDir } from './support.js';

async function certifyInto(args: string[]): Promise<{ code: number; stderr: string }> {
  const captured = captureIo();
  const code = await main(['certify', 'pos', '--base-url', 'http://127.0.0.1:9', '--skip-sandbox', '--only', 'POS-SEC-01', ...args], { io: captured.io });
  return { code, stderr: captured.stderr() };
}

describe('where certify writes --report and --junit', () => {
  it('refuses, with exit code 2 and before the run, a path under a folder anyone may write to that is not sticky', async () => {
    const shared = join(tempDir('report-shared'), 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    for (const flag of ['--report', '--junit']) {
      const file = join(shared, 'team', flag === '--report' ? 'certify.html' : 'certify.xml');
      const { code, stderr } = await certifyInto([flag, file]);
      expect(code).toBe(2);
      expect(stderr).toContain(`${flag}: another user of this machine may write to ${shared} (mode 777`);
      expect(stderr).toContain('write it to a folder only you can write to');
      expect(existsSync(join(shared, 'team'))).toBe(false);
    }
  });

  it('refuses a path through a symlinked folder whose real folder sits in one anyone may write to, which the path as written never names', async () => {
    const dir = tempDir('report-via-link');
    const shared = join(dir, 'shared');
    mkdirSync(join(shared, 'mine'), { recursive: true });
    chmodSync(shared, 0o777);
    chmodSync(join(shared, 'mine'), 0o700);
    const link = join(tempDir('report-link-home'), 'reports');
    symlinkSync(join(shared, 'mine'), link);
    for (const flag of ['--report', '--junit']) {
      const { code, stderr } = await certifyInto([flag, join(link, 'run', flag === '--report' ? 'certify.html' : 'certify.xml')]);
      expect(code).toBe(2);
      expect(stderr).toContain(`${flag}: another user of this machine may write to ${shared} (mode 777`);
    }
    expect(existsSync(join(shared, 'mine', 'run'))).toBe(false);
  });

  it('refuses a symlink at the report name, and leaves what it points at alone', async () => {
    const dir = tempDir('report-link');
    const link = join(dir, 'certify.html');
    symlinkSync(join(dir, 'elsewhere.html'), link);
    const { code, stderr } = await certifyInto(['--report', link]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${link} is a symbolic link`);
    expect(existsSync(join(dir, 'elsewhere.html'))).toBe(false);
  });

  it('writes under a sticky shared folder, as /tmp is, creating its folders for this user alone and the file 0600', () => {
    const sticky = join(tempDir('report-sticky'), 'sticky');
    mkdirSync(sticky);
    chmodSync(sticky, 0o1777);
    const file = join(sticky, 'mine', 'certify.md');
    expect(privateTargetProblem({ path: file })).toBeUndefined();
    writePrivateFile({ path: file, text: '# report\n' });
    expect(readFileSync(file, 'utf8')).toBe('# report\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(sticky, 'mine')).mode & 0o077).toBe(0);
  });

  it.runIf(process.getuid?.() === 0)('refuses a folder another user owns, even one only its owner may write to (run as root)', () => {
    const theirs = join(tempDir('report-theirs'), 'theirs');
    mkdirSync(theirs);
    chownSync(theirs, 4242, 4242);
    chmodSync(theirs, 0o755);
    expect(privateTargetProblem({ path: join(theirs, 'certify.html') })).toContain(`another user of this machine may write to ${theirs} (mode 755, owner uid 4242)`);
    expect(() => writePrivateFile({ path: join(theirs, 'certify.html'), text: 'x' })).toThrow(/another user/);
  });
});
