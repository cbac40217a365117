// One HTTP exchange as the CLI sees it: what was sent, what came back, how long it took.
// Real HTTP through node:http, one connection per exchange: a timeout or a refused connection is an
// answer, not a crash. A fresh connection each time means no request is ever written to a kept-alive
// socket the server is closing at that moment (which a pooled client reports as ECONNRESET, and
// certify would blame on the partner), and it costs less CPU per request than fetch did.
// The server at the other end may be hostile (certify and the console talk to the partner's), so
// an answer is read up to a bound, after decompression: an endless or gzip-bombed body costs at
// most that much memory, never the process. Redirects are never followed: the OAuth checks read
// the 302 themselves, and a replay or a send goes only where it was addressed.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { nestingOver } from './json-depth.js';

/** The most an answer's body may hold, decompressed; a longer one is cut off and reported. */
export const ANSWER_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * The deepest JSON answer read as JSON. No contract's answer comes near it; a partner's answer of
 * thousands of nested lists (10 KB) crashed every walk over it (trigger's printing, the agent
 * server's result) with a stack overflow, so past it the answer is text, and `tooDeep` says why.
 */
export const ANSWER_DEPTH_LIMIT = 256;

/** The most read of the user's own sandbox's state or exchange log (a long-running sandbox's state passes 8 MB). */
export const SANDBOX_ANSWER_LIMIT_BYTES = 256 * 1024 * 1024;

export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** The raw body, sent byte for byte (what was signed). */
  readonly body?: string;
  readonly timeoutMs?: number;
  /** The most of the answer read, decompressed: `ANSWER_LIMIT_BYTES` for a partner's server, `SANDBOX_ANSWER_LIMIT_BYTES` for the user's own sandbox's state and exchanges. */
  readonly answerLimitBytes?: number;
}

export interface HttpExchange {
  readonly request: HttpRequest;
  /** `undefined` when there was no answer: see `error`. */
  readonly status: number | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly bodyText: string;
  /** The body parsed as JSON, or `undefined` when it is not JSON (or nests deeper than `ANSWER_DEPTH_LIMIT`: see `tooDeep`). */
  readonly json: unknown;
  /** True when the body was not read as JSON for nesting deeper than `ANSWER_DEPTH_LIMIT`. */
  readonly tooDeep?: boolean;
  readonly ms: number;
  /** Why there was no answer: `timeout`, `unreachable` or `too_large` (a body past `ANSWER_LIMIT_BYTES`, or more content codings than `MAX_CONTENT_CODINGS`), with the detail. */
  readonly error?: { readonly kind: HttpErrorKind; readonly message: string };
}

export type HttpErrorKind = 'timeout' | 'unreachable' | 'too_large';

/** Thrown inside a read when the body passes its bound. */
class TooLarge extends Error {}

/**
 * The most content codings an answer may list. Real servers apply one; each listed coding costs a
 * decoder, and a hostile server listing thousands of nested gzip layers made one small answer cost
 * minutes of CPU.
 */
export const MAX_CONTENT_CODINGS = 2;

/** Thrown when an answer lists more content codings than `MAX_CONTENT_CODINGS`. */
class TooManyCodings extends Error {}

/**
 * The answer's body, decoded as its Content-Encoding says (gzip, deflate, br; anything else is read
 * as sent). Every stream of the chain is destroyed when `signal` aborts, so the time-out covers the
 * decoding too, not only the wait for the bytes.
 */
function decoded(response: IncomingMessage, signal: AbortSignal): Readable {
  const encodings = (response.headers['content-encoding'] ?? '').split(',').map((value) => value.trim().toLowerCase()).filter((value) => value !== '' && value !== 'identity');
  if (encodings.length > MAX_CONTENT_CODINGS) throw new TooManyCodings(encodings.join(', '));
  const chain: Readable[] = [response];
  // Applied last first, as the encodings were applied in the order listed.
  for (const encoding of encodings.reverse()) {
    const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : encoding === 'br' ? createBrotliDecompress() : undefined;
    if (decoder === undefined) break;
    const source = chain.at(-1)!;
    source.on('error', (error) => decoder.destroy(error));
    chain.push(source.pipe(decoder));
  }
  const stop = () => {
    const aborted = Object.assign(new Error('the time-out passed while the answer was read'), { name: 'AbortError' });
    for (const stream of chain) stream.destroy(aborted);
  };
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  return chain.at(-1)!;
}

/** The body as text; rejects with `TooLarge` once it passes `limit` bytes (the rest is not read). */
async function readBounded(response: IncomingMessage, limit: number, signal: AbortSignal): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of decoded(response, signal)) {
    const buffer = chunk as Buffer;
    size += buffer.byteLength;
    if (size > limit) throw new TooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** The answer's headers, lower-case names, repeated ones joined as fetch joins them. */
function flatHeaders(response: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(response.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]])),
  );
}

/** Sends the request on a connection of its own and resolves with the answer's head. */
function exchangeHead(request: HttpRequest, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      reject(Object.assign(new Error(`${request.url} is not an http or https URL`), { code: 'ERR_INVALID_URL_SCHEME' }));
      return;
    }
    const headers: Record<string, string> = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'stream-partner', ...(request.headers ?? {}) };
    const named = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
    if (request.body !== undefined && !named.has('content-length')) headers['content-length'] = String(Buffer.byteLength(request.body));
    const outgoing = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: request.method, headers, agent: false, signal }, resolve);
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

export async function send(request: HttpRequest, now: () => number = Date.now): Promise<HttpExchange> {
  const started = now();
  const timeoutMs = request.timeoutMs ?? 10_000;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let headers: Record<string, string> = {};
  let status: number | undefined;
  const limit = request.answerLimitBytes ?? ANSWER_LIMIT_BYTES;
  try {
    const response = await exchangeHead(request, controller.signal);
    status = response.statusCode;
    headers = flatHeaders(response);
    const bodyText = await readBounded(response, limit, controller.signal);
    return { request, status, headers, bodyText, ...answerJson(bodyText), ms: now() - started };
  } catch (error) {
    controller.abort();
    if (error instanceof TooLarge) {
      const megabytes = limit / 1024 / 1024;
      const encoding = headers['content-encoding'] === undefined ? '' : ` (decompressed from ${headers['content-encoding']})`;
      const message = `answered ${status} with a body over ${megabytes} MB${encoding}; an answer is read up to ${megabytes} MB and this one was cut off`;
      return { request, status: undefined, headers, bodyText: '', json: undefined, ms: now() - started, error: { kind: 'too_large', message } };
    }
    if (error instanceof TooManyCodings) {
      const message = `answered ${status} with the content codings ${error.message}; an answer is read with at most ${MAX_CONTENT_CODINGS} (one is what servers send), so this one was not read`;
      return { request, status: undefined, headers, bodyText: '', json: undefined, ms: now() - started, error: { kind: 'too_large', message } };
    }
    const timedOut = (error as { name?: string }).name === 'AbortError' || ((error as { code?: string }).code === 'ABORT_ERR');
    const code = (error as { code?: string }).code;
    return {
      request,
      status: undefined,
      headers: {},
      bodyText: '',
      json: undefined,
      ms: now() - started,
      error: timedOut ? { kind: 'timeout', message: `no answer within ${timeoutMs} ms` } : { kind: 'unreachable', message: code ? `${code}: ${(error as Error).message}`.trim() : String((error as Error).message) },
    };
  } finally {
    clearTimeout(timer);
  }
}

/** An answer's body as JSON: `undefined` when it is not JSON, and not parsed at all past `ANSWER_DEPTH_LIMIT` levels. */
export function answerJson(bodyText: string): { readonly json: unknown; readonly tooDeep?: true } {
  if (bodyText === '') return { json: undefined };
  if (nestingOver(bodyText, ANSWER_DEPTH_LIMIT)) return { json: undefined, tooDeep: true };
  try {
    return { json: JSON.parse(bodyText) };
  } catch {
    return { json: undefined };
  }
}
