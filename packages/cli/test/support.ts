// Shared helpers for the CLI tests: a sandbox on a free port with a clock the test moves, plain
// HTTP calls to it, contract checks on its answers, and an Io that captures what the CLI prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { signWebhook, validate } from '@stream-partner/contracts';
import { expect } from 'vitest';
import type { Io } from '../src/io.js';
import { deref, findOperation, isObject, type ApiName, type JsonObject } from '../src/openapi.js';
import { startConsoleSandbox, type ConsoleSandbox, type ConsoleSandboxOptions } from '../src/console/index.js';
import type { RunningSandbox, SandboxOptions } from '../src/sandbox/index.js';
import { codeIssues } from '../src/judge.js';

/** 2026-03-15T12:00:00Z: after the contracts' example dates, so billing months and expiries are stable. */
export const START = Date.parse('2026-03-15T12:00:00Z');

export interface Clock {
  now: () => number;
  advance: (ms: number) => void;
}

export function testClock(start = START): Clock {
  let current = start;
  return { now: () => current, advance: (ms) => (current += ms) };
}

const running: RunningSandbox[] = [];

/** What tests pass as XDG_RUNTIME_DIR: the sandboxes they open write their console token files under it. */
export const TEST_RUNTIME_DIR = mkdtempSync(join(tmpdir(), 'stream-partner-runtime-'));

/** A sandbox with its console on 127.0.0.1 and a free port, driven by a test clock; `closeSandboxes` stops it. */
export async function openSandbox(options: ConsoleSandboxOptions = {}): Promise<{ sandbox: ConsoleSandbox; clock: Clock }> {
  const clock = testClock();
  const sandbox = await startConsoleSandbox({ port: 0, now: clock.now, consoleTokenDir: join(TEST_RUNTIME_DIR, 'stream-partner'), ...options });
  running.push(sandbox);
  return { sandbox, clock };
}

export async function closeSandboxes(): Promise<void> {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `stream-partner-${prefix}-`));
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly contentType: string;
  readonly text: string;
  /** The parsed JSON body; `undefined` when the body is empty or not JSON. */
  readonly body: any;
}

export interface CallOptions {
  /** Sent as JSON. */
  readonly json?: unknown;
  /** Sent byte for byte, as `application/json`. */
  readonly raw?: string;
  readonly token?: string;
  readonly headers?: Record<string, string>;
  readonly redirect?: 'follow' | 'manual';
}

const CONTROL_ROUTE = /^\/_sandbox\/(state|exchanges|orders|menus|catalogs|locations|throttle|outages)(\?|$)/;

/** The header a terminal tool sends with the console's token (what the token file holds). */
export function consoleTokenHeader(sandbox: ConsoleSandbox): Record<string, string> {
  return { 'x-sandbox-console-token': sandbox.consoleToken };
}

/** The token header any sandbox's read and change routes take (the console's token when it has one). */
export function controlTokenHeader(sandbox: RunningSandbox): Record<string, string> {
  return { 'x-sandbox-console-token': sandbox.controlToken };
}

export async function call(sandbox: Pick<RunningSandbox, 'url'>, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.raw !== undefined || options.json !== undefined) {
    body = options.raw ?? JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  // The sandbox's read and change routes need its token, as the terminal user's tools and certify send it.
  if (CONTROL_ROUTE.test(path) && 'controlToken' in sandbox) Object.assign(headers, { ...controlTokenHeader(sandbox as RunningSandbox), ...headers });
  const response = await fetch(`${sandbox.url}${path}`, { method, headers, body, redirect: options.redirect ?? 'follow' });
  const contentType = response.headers.get('content-type') ?? '';
  const text = contentType.startsWith('application/pdf') ? Buffer.from(await response.arrayBuffer()).toString('latin1') : await response.text();
  let parsed: unknown;
  if (contentType.startsWith('application/json') && text !== '') parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, contentType, text, body: parsed };
}

/** An access token from `/oauth/token` for the sandbox's own client, optionally with fewer scopes. */
export async function accessToken(sandbox: RunningSandbox, extra: Record<string, unknown> = {}): Promise<string> {
  const answer = await call(sandbox, 'POST', '/oauth/token', {
    json: { grant_type: 'client_credentials', client_id: sandbox.credentials.clientId, client_secret: sandbox.credentials.clientSecret, ...extra },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.access_token as string;
}

/** Sends `body` (an object, or exact text) signed with the sandbox's webhook secret unless `signature` says otherwise. */
export async function sendSigned(sandbox: RunningSandbox, path: string, body: unknown, signature?: string | null): Promise<Answer> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const value = signature === undefined ? signWebhook({ secret: sandbox.credentials.webhookSecret, body: raw }) : signature;
  return call(sandbox, 'POST', path, { raw, headers: value === null ? {} : { 'stream-signature': value } });
}

/** Plain-words problems of `value` against a contract schema; empty when it validates. */
export function schemaProblems(api: ApiName, schema: string, value: unknown): string[] {
  const result = validate(api, schema as never, value);
  return result.valid ? [] : result.errors.map((issue) => issue.message);
}

/**
 * Checks an answer against what the contract documents for the operation: the status is one it
 * lists, the content type is the documented one, and a JSON body validates against its schema.
 */
export function expectContractAnswer(api: ApiName, operationId: string, answer: Answer): void {
  expect(contractProblems(api, operationId, answer), `${api}:${operationId} answered ${answer.status}: ${answer.text.slice(0, 300)}`).toEqual([]);
}

/** What in the answer breaks the operation's contract (status, content type, body, required headers); empty when nothing does. */
export function contractProblems(api: ApiName, operationId: string, answer: Answer): string[] {
  const response = findOperation(api, operationId).responses.get(String(answer.status));
  if (response === undefined) return [`status ${answer.status} is not one the contract documents for ${api}:${operationId}`];
  const problems = headerProblems(api, operationId, answer);
  if (response.contentType === undefined) return answer.text === '' ? problems : [...problems, `the contract documents no body, but one came: ${answer.text.slice(0, 200)}`];
  const sent = answer.contentType.split(';')[0];
  if (sent !== response.contentType) return [...problems, `content type ${sent || '(none)'}, where the contract documents ${response.contentType}`];
  if (response.contentType === 'application/json' && response.schema !== undefined) {
    problems.push(...schemaProblems(api, response.schema, answer.body).map((problem) => `body: ${problem}`));
    problems.push(...codeIssues(response.errorCodes, isObject(answer.body) ? answer.body.code : undefined).map((problem) => `body: ${problem}`));
  }
  return problems;
}

export interface CapturedIo {
  readonly io: Io;
  stdout(): string;
  stderr(): string;
}

export function captureIo(env: Record<string, string | undefined> = {}, now: () => number = Date.now): CapturedIo {
  let out = '';
  let err = '';
  return {
    io: { stdout: (text) => void (out += text), stderr: (text) => void (err += text), env, now, isTTY: false },
    stdout: () => out,
    stderr: () => err,
  };
}

/** The console's live stream (`GET /_sandbox/stream`), read in the background. */
export interface ConsoleStream {
  /** The data of every event of this type so far, in arrival order. */
  events(type: string): any[];
  /** Resolves with the first event of this type whose data `match` accepts. */
  next(type: string, match?: (data: any) => boolean, ms?: number): Promise<any>;
  close(): void;
}

export async function openConsoleStream(sandbox: ConsoleSandbox, headers: Record<string, string> = {}): Promise<ConsoleStream> {
  const controller = new AbortController();
  const response = await fetch(`${sandbox.url}/_sandbox/stream`, { headers: { 'x-sandbox-console-token': sandbox.consoleToken, ...headers }, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: { type: string; data: any }[] = [];
  const waiters: (() => void)[] = [];
  const reader = response.body!.getReader();
  let buffer = '';
  // Where the search for the next frame's end goes on: a 64 KB frame comes in many chunks, and
  // searching it from its start at each one made this reader's work grow with the square of its size.
  let searched = 0;
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += Buffer.from(value).toString('utf8');
        let end: number;
        while ((end = buffer.indexOf('\n\n', searched)) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          searched = 0;
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type !== undefined && data !== undefined) events.push({ type, data: JSON.parse(data) });
          for (const wake of waiters.splice(0)) wake();
        }
        searched = Math.max(0, buffer.length - 1);
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    events: (type) => events.filter((event) => event.type === type).map((event) => event.data),
    next: async (type, match = () => true, ms = 5000) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.find((event) => event.type === type && match(event.data));
        if (found !== undefined) return found.data;
        if (Date.now() > deadline) throw new Error(`no ${type} event within ${ms} ms; saw ${events.map((event) => event.type).join(', ')}`);
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 100);
        });
      }
    },
    close: () => controller.abort(),
  };
}

/** The response headers the contract marks required for this status that the answer lacks or gets wrong. */
export function headerProblems(api: ApiName, operationId: string, answer: Answer): string[] {
  const responses = findOperation(api, operationId).raw.responses as JsonObject | undefined;
  const response = deref(api, responses?.[String(answer.status)]);
  const headers = isObject(response) && isObject(response.headers) ? response.headers : {};
  return Object.entries(headers).flatMap(([name, spec]) => {
    const header = deref(api, spec) as JsonObject;
    const value = answer.headers.get(name);
    if (value === null) return header.required === true ? [`${name} is required and missing`] : [];
    const schema = (deref(api, header.schema) ?? {}) as { type?: string; minimum?: number };
    if (schema.type === 'integer' && (!/^\d+$/.test(value) || Number(value) < (schema.minimum ?? 0))) return [`${name} must be an integer of at least ${schema.minimum ?? 0}; got ${value}`];
    return [];
  });
}

/** An IPv4 address of this machine that is not loopback, if it has one: a stand-in for another machine. */
export const NON_LOOPBACK_ADDRESS = Object.values(networkInterfaces())
  .flat()
  .find((address) => address !== undefined && address.family === 'IPv4' && !address.internal)?.address;

/** A request sent from `from` (a local address) with exactly these headers, `Host` included, as any client can. */
export function requestFrom(options: { port: number; from: string; path: string; headers: Record<string, string>; method?: string }): Promise<{ status: number; text: string }> {
  const { port, from, path, headers, method = 'GET' } = options;
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: from, port, path, method, localAddress: from, headers }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * Another process that puts a readable plain file at `path`, then a symlink to `victim`, over and
 * over, for the tests that race a file's rights against a swapped-in symlink. Kill it when done.
 */
export function startSymlinkSwapper(path: string, victim: string): ChildProcess {
  const script = [
    'import os, sys',
    'path, victim = sys.argv[1], sys.argv[2]',
    'while True:',
    '    open(path + ".f", "w").close(); os.chmod(path + ".f", 0o644); os.replace(path + ".f", path)',
    '    os.symlink(victim, path + ".l"); os.replace(path + ".l", path)',
  ].join('\n');
  return spawn('python3', ['-c', script, path, victim], { stdio: 'ignore' });
}

export { sentAt } from './sent-at.js';
