// Every example in every command's --help runs: against the starter kits (real partner servers on
// 127.0.0.1) for trigger and certify, on a free port for sandbox, and on the documented body and
// secret for sign and verify, whose output must be the one the help shows.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUAL_STATE } from '../src/certify/checks-oauth.js';
import { main } from '../src/cli.js';
import { startSandbox, type RunningSandbox } from '../src/sandbox/index.js';
import { ROOT, startKit } from './kits.js';
import { captureIo, tempDir } from './support.js';

interface Example {
  /** The command line as the help shows it, `$NAME`s not yet filled in. */
  readonly line: string;
  /** The line the help shows right after the command: its expected output, if any. */
  readonly output: string | undefined;
}

const COMMANDS = ['sandbox', 'trigger', 'sign', 'verify', 'certify'] as const;
/** The kits stand where the examples' ports say each audience's server is. */
const PORTS: Readonly<Record<string, 'pos' | 'dsp' | 'events'>> = { '4101': 'pos', '4102': 'dsp', '4103': 'events' };

async function help(command: string): Promise<string> {
  const captured = captureIo();
  await main([command, '--help'], { io: captured.io });
  return captured.stdout();
}

/** Splits a shell line into words, honouring quotes and replacing $NAME from `env`. */
function words(line: string, env: Readonly<Record<string, string>>): string[] {
  const result: string[] = [];
  for (const match of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) {
    const word = match[1] ?? (match[2] ?? match[3] ?? '').replace(/\$(\w+)/g, (_all, name: string) => {
      if (env[name] === undefined) throw new Error(`the example uses $${name}, which this test does not provide`);
      return env[name]!;
    });
    result.push(word);
  }
  return result;
}

/** The `$ stream-partner ...` lines of a help text (after any `NAME=value` the shell puts in its environment), continuation lines joined. */
function examples(text: string): Example[] {
  const lines = text.split('\n');
  const found: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*\$ (?:[A-Z_][A-Z0-9_]*=\S+ )*stream-partner /.test(lines[i]!)) continue;
    let command = lines[i]!.replace(/^\s*\$ /, '');
    while (command.endsWith('\\') && i + 1 < lines.length) command = `${command.slice(0, -1)} ${lines[++i]!.trim()}`;
    // A trailing `# note` explains the line to the reader; the shell ignores it, and so does this test.
    command = command.replace(/\s+#\s.*$/, '');
    const next = lines[i + 1]?.trim();
    found.push({ line: command, output: next && !next.startsWith('$') ? next : undefined });
  }
  return found;
}

const kits = new Map<string, { url: string; close(): Promise<void> }>();
const env: Record<string, string> = { STREAM_WEBHOOK_SECRET: 'whsec_sandbox' };
/** Where the examples' sandbox (http://127.0.0.1:4010) stands. */
let sandbox: RunningSandbox;

/** The URL a merchant's browser lands on after approving a kit's authorize page (auto-approved locally). */
async function landedUrl(audience: 'pos' | 'dsp', url: string, state: string): Promise<string> {
  const redirectUri = 'https://partners.stream.example/oauth/callback';
  const authorize = await fetch(`${url}/stream-${audience}/v1/authorize?${new URLSearchParams({ client_id: 'stream-client', response_type: 'code', redirect_uri: redirectUri, state })}`, { redirect: 'manual' });
  return authorize.headers.get('location') ?? '';
}

/** An access token from a kit, got the way Stream gets one: authorize, then exchange. */
async function kitToken(audience: 'pos' | 'dsp', url: string): Promise<string> {
  const code = new URL(await landedUrl(audience, url, 's')).searchParams.get('code');
  const exchange = await fetch(`${url}/stream-${audience}/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'authorization_code', client_id: 'stream-client', client_secret: 'stream-secret', code }),
  });
  return ((await exchange.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  for (const audience of ['pos', 'dsp', 'events'] as const) kits.set(audience, await startKit(audience));
  env.POS_ACCESS_TOKEN = await kitToken('pos', kits.get('pos')!.url);
  env.DSP_ACCESS_TOKEN = await kitToken('dsp', kits.get('dsp')!.url);
  sandbox = await startSandbox({ port: 0 });
}, 120_000);

afterAll(async () => {
  await Promise.all([...kits.values()].map((kit) => kit.close()));
  await sandbox?.close();
});

/**
 * What a person pastes for an authorize page that needs them: a code, or the whole landed URL. Got
 * just before the example that uses it, as a person would: a code lives five minutes, and the
 * examples before it can take longer than that on a busy machine.
 */
async function freshAuthorization(line: string): Promise<void> {
  if (line.includes('$AUTH_CODE')) env.AUTH_CODE = new URL(await landedUrl('pos', kits.get('pos')!.url, MANUAL_STATE)).searchParams.get('code') ?? '';
  if (line.includes('$LANDED_URL')) env.LANDED_URL = await landedUrl('pos', kits.get('pos')!.url, MANUAL_STATE);
}

/** The certification guide's send-update.sh, which the certify example runs, written into `dir`. */
function guideSendScript(dir: string): string {
  const guide = readFileSync(join(ROOT, 'site', 'docs', 'become-a-stream-integration', 'certification.mdx'), 'utf8');
  const script = /```sh title="send-update.sh"\n([\s\S]*?)```/.exec(guide)?.[1];
  if (script === undefined) throw new Error('the certification guide has no send-update.sh block');
  const file = join(dir, 'send-update.sh');
  writeFileSync(file, script);
  return file;
}

/** The example's arguments with its local ports pointed at the kits and its files in a temp folder. */
function localise(argv: readonly string[], dir: string): string[] {
  return argv.map((word, index) => {
    const port = /^http:\/\/127\.0\.0\.1:(\d+)/.exec(word)?.[1];
    if (port !== undefined && PORTS[port] !== undefined) return word.replace(`http://127.0.0.1:${port}`, kits.get(PORTS[port]!)!.url);
    if (port === '4010') return word.replace('http://127.0.0.1:4010', sandbox.url);
    if (argv[index - 1] === '--send-command' && word.includes(' send-update.sh ')) return word.replace(' send-update.sh ', ` ${JSON.stringify(guideSendScript(dir))} `);
    if (['--junit', '--report', '--state', '--log', '--body-file'].includes(argv[index - 1] ?? '')) return join(dir, word.replace(/[/\\]/g, '_'));
    return word;
  });
}

async function runSandbox(argv: string[], env: Record<string, string>): Promise<number> {
  const withPort = argv.includes('--port') ? argv.map((word, index) => (argv[index - 1] === '--port' ? '0' : word)) : [...argv, '--port', '0'];
  const before = new Set(process.listeners('SIGINT'));
  const captured = captureIo(env);
  const exit = main(withPort, { io: captured.io });
  let stop: (() => void) | undefined;
  for (let waited = 0; stop === undefined && waited < 30_000; waited += 50) {
    await new Promise((done) => setTimeout(done, 50));
    stop = process.listeners('SIGINT').find((listener) => !before.has(listener)) as (() => void) | undefined;
  }
  if (stop === undefined) throw new Error(`the sandbox did not start: ${captured.stderr()}`);
  stop();
  return exit;
}

describe('every example in every --help', () => {
  // Every certify example is a full run that sends the probes derived from the contracts: a busy two-core machine needs the room.
  it.each(COMMANDS)('stream-partner %s --help: each example runs as shown (sign and verify print the output the help shows; certify fails no requirement it runs)', async (command) => {
    const list = examples(await help(command));
    expect(list.length).toBeGreaterThan(0);
    const dir = tempDir(`help-${command}`);
    writeFileSync(join(dir, 'body.json'), '{"event_id":"evt_1"}');
    for (const example of list) {
      await freshAuthorization(example.line);
      const all = words(example.line, env);
      // Leading NAME=value words are the command's environment, as the shell gives it.
      const assigned = all.filter((word, index) => all.slice(0, index + 1).every((each) => /^[A-Z_][A-Z0-9_]*=/.test(each)));
      const runEnv = { ...env, ...Object.fromEntries(assigned.map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1).replace(/^"(.*)"$/, '$1')])) };
      let argv = localise(all.slice(assigned.length + 1), dir);
      expect(argv[0]).toBe(command);
      if (command === 'sandbox') {
        expect(await runSandbox([...argv, ...(argv.includes('--log') ? [] : ['--log', join(dir, 'sandbox.jsonl')])], runEnv), argv.join(' ')).toBe(0);
        continue;
      }
      // What the partner's server sends goes through a sandbox and the partner's own send command; the kits' is in their test.
      if (command === 'certify' && !argv.includes('--send-command')) argv = [...argv, '--skip-sandbox'];
      const captured = captureIo(runEnv);
      const code = await main(argv, { io: captured.io });
      // The help shows each secret in a variable, so no example prints the warning a secret flag gets.
      expect(captured.stderr()).not.toContain('puts the secret in this command');
      const shown = `${argv.join(' ')}\n${captured.stdout()}\n${captured.stderr()}`;
      if (command === 'certify' && !argv.includes('--send-command')) {
        // Without the sandbox, its requirements are skipped and certify exits 1; every requirement it ran must pass.
        expect([0, 1], shown).toContain(code);
        expect(captured.stdout(), shown).toMatch(/pass/);
        expect(captured.stdout(), shown).not.toMatch(/✖ fail/);
      } else {
        expect(code, shown).toBe(0);
      }
      if (example.output !== undefined && (command === 'sign' || command === 'verify')) expect(captured.stdout().trim()).toBe(example.output);
    }
  }, 600_000);
});
