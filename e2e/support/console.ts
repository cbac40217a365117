// What the console's browser tests start: the packed stream-partner sandbox as a child process on a
// free port, the POS starter kit, a partner test server that records what it receives, and a page
// on another origin that attacks the console.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Child {
  readonly url: string;
  /** The sandbox's console URL with its token, as its banner prints it. */
  readonly consoleUrl: string;
  close(): Promise<void>;
}

/** XDG_RUNTIME_DIR for the sandboxes and tools these tests start: their console token files go there. */
export const RUNTIME_DIR = mkdtempSync(join(tmpdir(), 'console-e2e-runtime-'));

/** Starts a child and resolves once a line of its output matches `ready`, with the URL it names. */
function startChild(command: string, args: string[], env: Record<string, string>, ready: RegExp, what: string): Promise<Child> {
  return new Promise((resolveStart, reject) => {
    const child: ChildProcess = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${what} did not start within 60 s. Its output:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output.replace(/\x1b\[[0-9;]*m/g, ''));
      if (match !== null) {
        clearTimeout(timer);
        resolveStart({
          url: match[1]!,
          consoleUrl: /Console \(open in your browser\) +(http:\/\/\S+)/.exec(output.replace(/\x1b\[[0-9;]*m/g, ''))?.[1] ?? '',
          close: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code} before it was ready. Its output:\n${output}`));
    });
  });
}

/** The packed CLI's sandbox (built by npm run pack, which the test command runs first) on a free port, or on `port`. */
export function startSandbox(port = 0): Promise<Child> {
  const log = join(mkdtempSync(join(tmpdir(), 'console-e2e-')), 'sandbox.jsonl');
  return startChild(process.execPath, [join(ROOT, 'packages', 'cli', 'bin', 'stream-partner.js'), 'sandbox', '--port', String(port), '--log', log], { XDG_RUNTIME_DIR: RUNTIME_DIR }, /listening on (http:\/\/127\.0\.0\.1:\d+)/, 'The sandbox');
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** The POS starter kit, pointed at the sandbox. */
export async function startPosKit(sandboxUrl: string): Promise<Child> {
  const port = await freePort();
  return startChild(process.execPath, ['--conditions=source', '--import', 'tsx', join(ROOT, 'examples', 'pos', 'src', 'server.ts')], { PORT: String(port), STREAM_BASE_URL: sandboxUrl }, /listening on (http:\/\/127\.0\.0\.1:\d+)/, 'The POS starter kit');
}

export interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** A plain HTTP server on a free port: `handler` answers, every request is kept in `received`. */
export async function httpServer(handler: (request: Received) => { status: number; type?: string; body?: string }): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      received.push(entry);
      const answer = handler(entry);
      response.writeHead(answer.status, answer.type === undefined ? {} : { 'Content-Type': answer.type }).end(answer.body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * A page on another origin that tries everything a hostile site could against the console: read
 * its data, open its event stream, and make it reset or send, with fetch and with a plain form.
 * It writes what each attempt got into #results.
 */
export function attackPage(sandboxUrl: string, sendTo: string): string {
  const send = JSON.stringify({ target: 'events:order.updated', to: sendTo, body: {} });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title></head><body>
<h1>Another site</h1><pre id="results"></pre>
<form id="form" method="POST" action="${sandboxUrl}/_sandbox/console/reset" enctype="text/plain" target="sink"><input name='{"a":"' value='"}'></form>
<iframe name="sink" title="sink"></iframe>
<script>
const results = {};
const note = (name, value) => { results[name] = value; document.getElementById('results').textContent = JSON.stringify(results); };
const attempt = async (name, run) => { try { note(name, await run()); } catch (error) { note(name, 'blocked: ' + error.message); } };
(async () => {
  await attempt('read-state', async () => (await fetch('${sandboxUrl}/_sandbox/console/contract')).status);
  await attempt('read-stream', () => new Promise((resolve) => { const source = new EventSource('${sandboxUrl}/_sandbox/stream'); source.onmessage = () => resolve('read'); source.onerror = () => { source.close(); resolve('blocked: stream error'); }; }));
  await attempt('reset-no-cors', async () => (await fetch('${sandboxUrl}/_sandbox/console/reset', { method: 'POST', mode: 'no-cors', body: '{}' })).type);
  await attempt('reset-json', async () => (await fetch('${sandboxUrl}/_sandbox/console/reset', { method: 'POST', headers: { 'Content-Type': 'application/json', 'x-sandbox-console-token': 'guess' }, body: '{}' })).status);
  await attempt('send-no-cors', async () => (await fetch('${sandboxUrl}/_sandbox/console/send', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: ${JSON.stringify(send)} })).type);
  await attempt('index', async () => (await (await fetch('${sandboxUrl}/')).text()).length);
  document.getElementById('form').submit();
  note('form', 'submitted');
  setTimeout(() => note('done', true), 1000);
})();
</script></body></html>`;
}
