// Values in certify's --send-command come from the partner's server (the provider_id it answered to
// order.created, the locations it lists). A hostile or careless server must not be able to run
// anything on the machine that runs certify: a value reaches the command as one literal word, and a
// value a second parse of it would run (sh -c, eval, arithmetic) is refused, the command not run.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCertification } from '../src/certify/runner.js';
import { linkSandbox } from '../src/certify/sandbox-link.js';
import { checkSendTemplate, fillCommand, placeholderEnv, posixQuote, runSendCommand, valueProblem } from '../src/certify/send-command.js';
import { main } from '../src/cli.js';
import { startKit } from './kits.js';
import { captureIo, tempDir } from './support.js';

/** Each tries to create the file `marker`, read once or parsed again; certify refuses every one. */
function payloads(marker: string): Record<string, string> {
  return {
    'command substitution': `x$(touch ${marker})`,
    backticks: `x\`touch ${marker}\``,
    semicolon: `x; touch ${marker}`,
    pipe: `x | touch ${marker}`,
    'single quote': `x'; touch ${marker}; echo '`,
    'double quote': `x"; touch ${marker}; echo "`,
    'both quotes and a backslash': `x\\'"$(touch ${marker})"\\`,
    ampersand: `x & touch ${marker} &`,
    redirection: `x > ${marker}`,
  };
}

/** Values a shell would glob, expand or cut at a comment were they bare, but that run nothing: each reaches the command quoted, as exactly its characters. */
const QUOTED_VALUES: Record<string, string> = {
  'a #': 'Order#12',
  'glob characters': 'ord-*?[ab]',
  'a tilde': '~root/ord',
  'an exclamation mark and a caret': 'ord!!^1',
  'a percent sign and an equals sign': 'a%b=c',
};

/** Shapes of a send command that parse a value a second time, where one level of quoting no longer holds. */
const REPARSING: Record<string, string> = {
  'a nested sh -c': 'sh -c "echo sent {order_id}"',
  eval: 'eval echo sent {order_id}',
  'arithmetic expansion': 'echo sent $(( {order_id} + 0 ))',
  'arithmetic in double quotes': 'echo "sent $(( {order_id} ))"',
  "bash's arithmetic command": "bash -c '(( {order_id} > 0 ))'",
  "bash's [[ -gt ]]": "bash -c '[[ {order_id} -gt 0 ]]'",
};

/** Templates that put the placeholder bare, in the partner's own quotes, and in a command substitution. */
const TEMPLATES: Record<string, string> = {
  bare: `printf '%s' {order_id} > "$OUT"`,
  'single-quoted': `printf '%s' '{order_id}' > "$OUT"`,
  'double-quoted': `printf '%s' "{order_id}" > "$OUT"`,
  'inside $(...)': `printf '%s' "$(printf '%s' {order_id})" > "$OUT"`,
  'inside backticks': 'printf \'%s\' "`printf \'%s\' {order_id}`" > "$OUT"',
  // A comment's apostrophe opens no quote: the shell skips the comment to the end of its line.
  'after a comment that holds an apostrophe': `# don't use the real queue\nprintf '%s' {order_id} > "$OUT"`,
  'after a comment inside $(...)': `printf '%s' "$(# the POS's id\nprintf '%s' {order_id})" > "$OUT"`,
  // A # inside a word starts no comment, so the quote after it is a quote.
  'after a # inside a word': `v=a#b'{order_id}'; printf '%s' "\${v#a#b}" > "$OUT"`,
  // $$ is a process id, so the ( after it opens no substitution and the quotes that follow are quotes.
  'after $$ and a parenthesis': `v="$$(x"; v='{order_id}'; printf '%s' "$v" > "$OUT"`,
  'after a # that follows a command substitution': `v=$(printf a)#'{order_id}'; printf '%s' "\${v#a#}" > "$OUT"`,
};

describe('a send-command value from the network, in a real sh', () => {
  const dir = tempDir('send-command-sh');
  const marker = join(dir, 'pwned');
  for (const [name, template] of Object.entries(TEMPLATES)) {
    for (const [kind, value] of Object.entries(QUOTED_VALUES)) {
      it(`reaches a ${name} placeholder as exactly its characters when it carries ${kind}`, async () => {
        const out = join(dir, `${name}-${kind}.txt`.replace(/[^\w.-]+/g, '_'));
        const { command, refused } = fillCommand({ template, values: { order_id: value }, shell: 'posix' });
        expect(refused).toBeUndefined();
        const run = await runSendCommand({ command, env: { OUT: out }, timeoutMs: 10_000 });
        expect(run.exitCode).toBe(0);
        expect(readFileSync(out, 'utf8')).toBe(value);
      });
    }
  }

  for (const [shape, template] of Object.entries({ ...REPARSING, ...Object.fromEntries(Object.entries(TEMPLATES).map(([name, text]) => [`the ${name} template`, text])) })) {
    it(`refuses, in ${shape}, every value that would run a command, so nothing runs`, async () => {
      const out = join(dir, 'reparsed.txt');
      const ran = join(dir, `ran-${shape.replace(/\W+/g, '_')}`);
      for (const [kind, value] of Object.entries(payloads(ran))) {
        const { command, refused } = fillCommand({ template, values: { order_id: value }, shell: 'posix' });
        // Were it filled in, it runs as certify would run it: the file tells whether the value ran.
        if (refused === undefined) await runSendCommand({ command, env: { OUT: out }, timeoutMs: 10_000 });
        expect(existsSync(ran), `${kind}: ${command}`).toBe(false);
        expect(refused, kind).toMatch(/^certify did not run the send command: the value for \{order_id\} .* contains ".*", which a shell reads as code, even quoted/);
      }
    });
  }

  it('gives every value to the command as CERTIFY_<NAME> too', async () => {
    const out = join(dir, 'env.txt');
    const value = `x$(touch ${marker})`;
    const run = await runSendCommand({ command: 'printf \'%s|%s\' "$CERTIFY_ORDER_ID" "$CERTIFY_LOCATION_ID" > "$OUT"', env: { ...placeholderEnv({ order_id: value, location_id: 'loc-1' }), OUT: out }, timeoutMs: 10_000 });
    expect(run.exitCode).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(`${value}|loc-1`);
    expect(existsSync(marker)).toBe(false);
  });
});

describe("a send-command placeholder inside $'...'", () => {
  const dir = tempDir('send-command-ansi');
  const marker = join(dir, 'pwned');
  // dash (Debian's sh) reads $'...' as $ and a single-quoted string; bash and zsh (macOS's sh) as one string with escapes.
  const shells: Record<string, (command: string) => string> = { sh: (command) => command, bash: (command) => `bash -c ${posixQuote(command)}` };
  for (const [shell, wrap] of Object.entries(shells)) {
    for (const [kind, value] of Object.entries(QUOTED_VALUES)) {
      it(`reaches it as its characters in ${shell} when it carries ${kind}`, async () => {
        const out = join(dir, `${shell}-${kind}.txt`.replace(/[^\w.-]+/g, '_'));
        const { command, refused } = fillCommand({ template: `printf '%s' $'[{order_id}]' > "$OUT"`, values: { order_id: value }, shell: 'posix' });
        expect(refused).toBeUndefined();
        const run = await runSendCommand({ command: wrap(command), env: { OUT: out }, timeoutMs: 10_000 });
        expect(run.exitCode, run.output).toBe(0);
        expect(readFileSync(out, 'utf8')).toContain(value);
      });
    }
  }

  it("refuses a placeholder after \\' in $'...', where bash and dash disagree on where the string ends, naming the variable to use", () => {
    expect(() => fillCommand({ template: `printf '%s' $'a\\'{order_id}' > "$OUT"`, values: { order_id: `x$(touch ${marker})` }, shell: 'posix' })).toThrow(/"\$CERTIFY_ORDER_ID"/);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('a send-command value certify refuses', () => {
  const cases: Record<string, [string, RegExp]> = {
    'a newline': ['x\ntouch pwned', /contains the control character U\+000A/],
    'a carriage return': ['x\rtouch pwned', /U\+000D/],
    'a terminal escape': ['x\u001b]0;owned\u0007', /U\+001B/],
    'a right-to-left override': ['order\u202egnp.exe', /U\+202E/],
    'nothing at all': ['', /is empty/],
    'a megabyte of text': ['a'.repeat(1_000_000), /is 1000000 characters long \(at most 256\)/],
    'a leading dash, read as an option': ['-o/tmp/x', /starts with "-", which a program reads as an option/],
  };
  for (const [name, [value, reason]] of Object.entries(cases)) {
    it(`does not run the command for a value with ${name}, and says which value and what is allowed`, () => {
      const { refused } = fillCommand({ template: 'sh send.sh {event} {order_id}', values: { event: 'order.status.updated', order_id: value }, shell: 'posix' });
      expect(refused).toMatch(reason);
      expect(refused).toContain('certify did not run the send command: the value for {order_id}');
      expect(refused).toContain("must be 1 to 256 printable characters without ` $ \\ ' \" ; & | < > ( ), a blank, { or }, and not starting with -");
      // The refusal shows the value escaped, so it cannot act in the terminal that prints it.
      expect(refused).not.toMatch(/[\u0000-\u001f\u202e]/u);
    });
  }

  it('refuses a value with a blank or a brace list, which a second shell splits into arguments of its choosing, so no file it names is written', async () => {
    const dir = tempDir('send-command-split');
    for (const value of [`a ${join(dir, 'chosen')}`, `{a,${join(dir, 'braced')}}`]) {
      const { command, refused } = fillCommand({ template: `bash -c "cd ${dir} && touch {order_id}"`, values: { order_id: value }, shell: 'posix' });
      if (refused === undefined) await runSendCommand({ command, env: {}, timeoutMs: 10_000 });
      expect(refused, value).toMatch(/^certify did not run the send command: the value for \{order_id\} .* contains "[ {]", which a shell splits into arguments of the value's choosing/);
    }
    expect(existsSync(join(dir, 'chosen'))).toBe(false);
    expect(existsSync(join(dir, 'braced'))).toBe(false);
  });

  it('refuses, for cmd.exe, a value with a character cmd acts on even inside double quotes, and double-quotes the rest', () => {
    for (const value of ['a&calc', 'a|calc', 'a%PATH%', 'a!x!', 'a"b', 'a^b', 'a<b', 'a>b', 'a(b)']) {
      expect(valueProblem({ value, shell: 'cmd' }), value).toContain('which cmd.exe would act on');
    }
    expect(fillCommand({ template: 'send.cmd {order_id} "{location_id}"', values: { order_id: 'ord 1', location_id: 'loc-1' }, shell: 'cmd' }).command).toBe('send.cmd "ord 1" "loc-1"');
  });

  it('refuses, for cmd.exe, a value ending in a backslash, which keeps the quotes open so a later value splits into arguments of its own', () => {
    // How a Windows program splits its command line (the C runtime's rules): \" is a literal quote.
    const argv = (line: string): string[] => {
      const words: string[] = [];
      let word = '';
      let quoted = false;
      let started = false;
      for (let index = 0; index < line.length; index += 1) {
        const char = line[index]!;
        if (char === '\\' && line[index + 1] === '"') {
          word += '"';
          index += 1;
        } else if (char === '"') quoted = !quoted;
        else if (char === ' ' && !quoted) {
          if (started) words.push(word);
          word = '';
          started = false;
          continue;
        } else word += char;
        started = true;
      }
      if (started) words.push(word);
      return words;
    };
    const template = 'curl http://127.0.0.1:3000/send/{order_id}/{location_id}';
    const values = { order_id: 'ord-1\\', location_id: 'x -o C:/Users/Public/pwn.bat' };
    const quoted = template.replace('{order_id}', `"${values.order_id}"`).replace('{location_id}', `"${values.location_id}"`);
    expect(argv(quoted)).toContain('-o');
    expect(valueProblem({ value: values.order_id, shell: 'cmd' })).toContain('ends with "\\"');
    const filled = fillCommand({ template, values, shell: 'cmd' });
    expect(filled.refused).toMatch(/^certify did not run the send command: the value for \{order_id\} .* ends with "\\"/);
    expect(fillCommand({ template, values: { order_id: 'ord\\1', location_id: 'x y' }, shell: 'cmd' }).command).toBe('curl http://127.0.0.1:3000/send/"ord\\1"/"x y"');
    expect(argv(fillCommand({ template, values: { order_id: 'ord\\1', location_id: 'x y' }, shell: 'cmd' }).command)).toEqual(['curl', 'http://127.0.0.1:3000/send/ord\\1/x y']);
  });

  it('refuses a placeholder in a here-document or a ${...} expansion with exit code 2, naming the variable to use', async () => {
    expect(() => checkSendTemplate({ template: 'sh <<EOF\nsend {order_id}\nEOF', keys: ['order_id'], shell: 'posix' })).toThrow(/"\$CERTIFY_ORDER_ID"/);
    expect(() => checkSendTemplate({ template: 'echo "${X:-{order_id}}"', keys: ['order_id'], shell: 'posix' })).toThrow(/inside a \$\{\.\.\.\} expansion/);
    const captured = captureIo();
    expect(await main(['certify', 'pos', '--base-url', 'http://127.0.0.1:9', '--send-command', 'cat <<EOF\n{order_id}\nEOF'], { io: captured.io })).toBe(2);
    expect(captured.stderr()).toContain('inside a here-document (<<)');
  });
});

describe('certify against a POS that answers order.created with a hostile provider_id', () => {
  let kit: Awaited<ReturnType<typeof startKit>>;
  let hostile: Server;
  let hostileUrl: string;
  let providerId = '';

  // A real server on 127.0.0.1 in front of the POS starter kit: it answers everything as the kit does,
  // except that its answer to order.created names `providerId`.
  beforeAll(async () => {
    kit = await startKit('pos');
    hostile = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const body = Buffer.concat(chunks);
        const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name))) as Record<string, string>;
        const answer = await fetch(`${kit.url}${request.url ?? '/'}`, { method: request.method ?? 'GET', headers, redirect: 'manual', ...(body.length === 0 ? {} : { body }) });
        let text = await answer.text();
        const created = body.length > 0 && (JSON.parse(body.toString()) as { type?: string }).type === 'order.created';
        if (created && answer.status < 300) text = JSON.stringify({ ...(JSON.parse(text) as object), order: { provider_id: providerId } });
        const location = answer.headers.get('location');
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json', ...(location === null ? {} : { location }) });
        response.end(text);
      });
    });
    await new Promise<void>((done) => hostile.listen(0, '127.0.0.1', done));
    hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    hostile.closeAllConnections();
    await new Promise<void>((done) => hostile.close(() => done()));
    await kit.close();
  });

  async function certifyWith(id: string, sendCommand: string | undefined, prompt?: (text: string) => void) {
    providerId = id;
    const now = () => Date.now();
    const sleep = (ms: number) => delay(ms).then(() => undefined);
    const sandbox = await linkSandbox({ webhookSecret: 'whsec_sandbox', partnerSlug: 'demo-partner', partnerId: 'demo-partner-id', now, sleep });
    try {
      const config = {
        audience: 'pos' as const,
        baseUrl: hostileUrl,
        webhookSecret: 'whsec_sandbox',
        clientId: 'stream-client',
        clientSecret: 'stream-secret',
        redirectUri: 'https://partners.stream.example/oauth/callback',
        timeoutMs: 10_000,
        answerLimitMs: 10_000,
        // The command only records what it got and sends nothing: no need to wait long for an event.
        waitMs: 1_500,
        now,
        sleep,
      };
      const result = await runCertification({ config, only: ['POS-SND-01'], sandbox, ...(sendCommand === undefined ? {} : { sendCommand }), ...(prompt === undefined ? {} : { prompt }) });
      return result.results[0]!;
    } finally {
      await sandbox.close();
    }
  }

  const dir = tempDir('send-command-pos');
  const marker = join(dir, 'pwned');
  for (const [kind, value] of Object.entries(QUOTED_VALUES)) {
    it(`passes a provider_id with ${kind} to the send command as one word`, { timeout: 60_000 }, async () => {
      const out = join(dir, `${kind.replace(/\W+/g, '_')}.txt`);
      const result = await certifyWith(value, `printf '%s' {order_id} > ${JSON.stringify(out)}; printf '%s' "$CERTIFY_PROVIDER_ID" > ${JSON.stringify(`${out}.env`)}`);
      expect(readFileSync(out, 'utf8')).toBe(value);
      expect(readFileSync(`${out}.env`, 'utf8')).toBe(value);
      expect(result.reason).toContain('nothing arrived at the sandbox');
    });
  }

  for (const [shape, template] of Object.entries({ 'a nested sh -c': `sh -c "echo {order_id} > OUT"`, 'arithmetic expansion': `echo $(( {order_id} + 0 )) > OUT` })) {
    it(`refuses a provider_id that would run a command in ${shape}: POS-SND-01 fails, saying which character, and the command never runs`, { timeout: 60_000 }, async () => {
      const out = join(dir, `${shape.replace(/\W+/g, '_')}.txt`);
      const value = shape === 'arithmetic expansion' ? `a[$(touch ${marker})]` : `x;touch ${marker}`;
      const result = await certifyWith(value, template.replace('OUT', JSON.stringify(out)));
      expect(result.status).toBe('failed');
      expect(result.reason).toMatch(/^certify did not run the send command: the value for \{order_id\} .* contains "[;$]", which a shell reads as code, even quoted/);
      expect(existsSync(out)).toBe(false);
      expect(existsSync(marker)).toBe(false);
    });
  }

  it('shows a provider_id full of terminal escapes as text in the prompt it prints when there is no send command', { timeout: 60_000 }, async () => {
    const prompts: string[] = [];
    await certifyWith('x\u001b]0;owned\u0007\u001b[2J\u202egnp.exe', undefined, (text) => prompts.push(text));
    expect(prompts.join('\n')).toContain('x\\x1b]0;owned\\x07\\x1b[2J\\u202egnp.exe');
    expect(prompts.length).toBeGreaterThan(0);
    for (const prompt of prompts) expect(prompt).not.toMatch(/[\u0000-\u001f\u202e]/u);
  });

  it('refuses a provider_id with a newline: POS-SND-01 fails, saying why, and the command never runs', { timeout: 60_000 }, async () => {
    const out = join(dir, 'newline.txt');
    const result = await certifyWith(`x\ntouch ${marker}`, `printf '%s' {order_id} > ${JSON.stringify(out)}`);
    expect(result.requirement.id).toBe('POS-SND-01');
    expect(result.status).toBe('failed');
    expect(result.reason).toMatch(/^certify did not run the send command: the value for \{order_id\} "x\\ntouch .*pwned" contains the control character U\+000A/);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('a send command that outlives its time limit', () => {
  it('is stopped, and certify goes on at once instead of waiting for a process the shell started and left holding its output', { timeout: 30_000 }, async () => {
    const started = Date.now();
    // The shell forks: `sleep` runs as its child and holds the output pipe, as `npm run send` does.
    const run = await runSendCommand({ command: 'sleep 20 & wait', env: {}, timeoutMs: 1000 });
    expect(run.timedOut).toBe(true);
    expect(run.exitCode).toBeNull();
    expect(Date.now() - started).toBeLessThan(8000);
  });
});

/** True while `pid` runs: a zombie (killed, not yet reaped by whoever adopted it) does not count. */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('a send command whose shell started a process of its own', () => {
  it.skipIf(process.platform !== 'linux')('stops that process too when the time limit passes, so nothing the partner started keeps running after certify', { timeout: 30_000 }, async () => {
    const out = join(tempDir('send-command-group'), 'pid');
    const run = await runSendCommand({ command: 'sleep 30 & echo $! > "$OUT"; wait', env: { OUT: out }, timeoutMs: 1000 });
    expect(run.timedOut).toBe(true);
    const pid = Number(readFileSync(out, 'utf8').trim());
    expect(pid).toBeGreaterThan(0);
    await expect.poll(() => running(pid), { timeout: 3000 }).toBe(false);
  });

  it.skipIf(process.platform !== 'linux')('stops that process too when certify itself is stopped with Ctrl-C, and certify still ends', { timeout: 60_000 }, async () => {
    const dir = tempDir('send-command-sigint');
    const out = join(dir, 'pid');
    const script = join(dir, 'run.mts');
    const module = JSON.stringify(join(__dirname, '..', 'src', 'certify', 'send-command.ts'));
    writeFileSync(script, `import { runSendCommand } from ${module};\nawait runSendCommand({ command: 'sleep 30 & echo $! > "$OUT"; wait', env: { OUT: ${JSON.stringify(out)} }, timeoutMs: 50_000 });\n`);
    const certify = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script], { stdio: 'ignore' });
    const ended = new Promise<NodeJS.Signals | null>((done) => certify.on('exit', (_code, signal) => done(signal)));
    await expect.poll(() => existsSync(out) && readFileSync(out, 'utf8').trim() !== '', { timeout: 30_000 }).toBe(true);
    const pid = Number(readFileSync(out, 'utf8').trim());
    certify.kill('SIGINT');
    expect(await ended).toBe('SIGINT');
    // A loaded machine can take a while to schedule the killed process's exit.
    await expect.poll(() => running(pid), { timeout: 10_000 }).toBe(false);
  });
});
