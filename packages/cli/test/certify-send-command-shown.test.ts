// A send command that fails is quoted in its requirement's reason, which reaches the terminal, the
// JSON, JUnit and HTML reports that get shared: credentials the user typed into it (a curl header,
// --token, -u user:password, API_KEY=...) and their echo in its error output are written [redacted].
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shownCommand } from '../src/certify/command-shown.js';
import { main } from '../src/cli.js';
import { startKit } from './kits.js';
import { captureIo, tempDir, TEST_RUNTIME_DIR } from './support.js';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('the send command as a failed requirement shows it', () => {
  it('hides a header value, -u, a credential flag and a credential variable, and keeps the rest readable', () => {
    const { shown, secrets } = shownCommand(`API_KEY=k_typed_1 curl -sf -H "Content-Type: application/json" -H 'X-Api-Key: k_typed_2' -u admin:k_typed_3 --token=k_typed_4 --client-secret "k typed 5" --event order.created http://127.0.0.1:4010`);
    expect(shown).toBe(`API_KEY=[redacted] curl -sf -H "Content-Type: application/json" -H 'X-Api-Key: [redacted]' -u [redacted] --token=[redacted] --client-secret [redacted] --event order.created http://127.0.0.1:4010`);
    expect(secrets.sort()).toEqual(['admin:k_typed_3', 'k typed 5', 'k_typed_1', 'k_typed_2', 'k_typed_4']);
  });

  it('writes no credential typed into --send-command, nor its echo in the command\'s error output, to the terminal, --json, JUnit or the HTML report', { timeout: 120_000 }, async () => {
    const kit = await startKit('events');
    closers.push(() => kit.close());
    const dir = tempDir('send-command-shown');
    const command = `sh -c 'echo "> $2" >&2; exit 3' send -H "X-Api-Key: sk_typed_secret_9" --token tok_typed_secret_8 # {event}`;
    for (const json of [false, true]) {
      const captured = captureIo({ XDG_RUNTIME_DIR: TEST_RUNTIME_DIR });
      const junit = join(dir, `certify-${json}.xml`);
      const report = join(dir, `certify-${json}.html`);
      await main(['certify', 'events', '--base-url', kit.url, '--only', 'EVT-SND-01', '--wait-ms', '1000', '--send-command', command, '--junit', junit, '--report', report, ...(json ? ['--json'] : [])], { io: captured.io });
      const everything = [captured.stdout(), captured.stderr(), readFileSync(junit, 'utf8'), readFileSync(report, 'utf8')].join('\n');
      expect(everything).toContain('exited with code 3');
      expect(everything).toContain('-H "X-Api-Key: [redacted]"');
      expect(everything).toContain('(stderr: > X-Api-Key: [redacted])');
      expect(everything).not.toContain('sk_typed_secret_9');
      expect(everything).not.toContain('tok_typed_secret_8');
    }
  });
});
