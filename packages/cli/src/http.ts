// One HTTP exchange as the CLI sees it: what was sent, what came back, how long it took.
// Real HTTP through Node's fetch; a timeout or a refused connection is an answer, not a crash.
// The server at the other end may be hostile (certify and the console talk to the partner's), so
// an answer is read up to a bound, after decompression: an endless or gzip-bombed body costs at
// most that much memory, never the process.

/** The most an answer's body may hold, decompressed; a longer one is cut off and reported. */
export const ANSWER_LIMIT_BYTES = 8 * 1024 * 1024;

/** The most read of the user's own sandbox's state or exchange log (a long-running sandbox's state passes 8 MB). */
export const SANDBOX_ANSWER_LIMIT_BYTES = 256 * 1024 * 1024;

export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** The raw body, sent byte for byte (what was signed). */
  readonly body?: string;
  readonly timeoutMs?: number;
  /** Follow redirects? The OAuth checks read the 302 themselves. */
  readonly redirect?: 'follow' | 'manual';
  /** The most of the answer read, decompressed: `ANSWER_LIMIT_BYTES` for a partner's server, `SANDBOX_ANSWER_LIMIT_BYTES` for the user's own sandbox's state and exchanges. */
  readonly answerLimitBytes?: number;
}

export interface HttpExchange {
  readonly request: HttpRequest;
  /** `undefined` when there was no answer: see `error`. */
  readonly status: number | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly bodyText: string;
  /** The body parsed as JSON, or `undefined` when it is not JSON. */
  readonly json: unknown;
  readonly ms: number;
  /** Why there was no answer: `timeout`, `unreachable` or `too_large` (a body past `ANSWER_LIMIT_BYTES`), with the detail. */
  readonly error?: { readonly kind: HttpErrorKind; readonly message: string };
}

export type HttpErrorKind = 'timeout' | 'unreachable' | 'too_large';

/** The body as text, or `undefined` once it passes `limit` bytes (the rest is not read). */
async function readBounded(response: Response, limit: number): Promise<string | undefined> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

export async function send(request: HttpRequest, now: () => number = Date.now): Promise<HttpExchange> {
  const started = now();
  const timeoutMs = request.timeoutMs ?? 10_000;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: request.redirect ?? 'manual',
      signal: controller.signal,
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => (headers[key] = value));
    const limit = request.answerLimitBytes ?? ANSWER_LIMIT_BYTES;
    const bodyText = await readBounded(response, limit);
    if (bodyText === undefined) {
      const encoding = headers['content-encoding'] === undefined ? '' : ` (decompressed from ${headers['content-encoding']})`;
      const message = `answered ${response.status} with a body over ${limit / 1024 / 1024} MB${encoding}; an answer is read up to ${limit / 1024 / 1024} MB and this one was cut off`;
      return { request, status: undefined, headers, bodyText: '', json: undefined, ms: now() - started, error: { kind: 'too_large', message } };
    }
    let json: unknown;
    try {
      json = bodyText === '' ? undefined : JSON.parse(bodyText);
    } catch {
      json = undefined;
    }
    return { request, status: response.status, headers, bodyText, json, ms: now() - started };
  } catch (error) {
    const aborted = controller.signal.aborted;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      request,
      status: undefined,
      headers: {},
      bodyText: '',
      json: undefined,
      ms: now() - started,
      error: aborted
        ? { kind: 'timeout', message: `no answer within ${timeoutMs} ms` }
        : { kind: 'unreachable', message: cause?.code ? `${cause.code}: ${cause.message ?? ''}`.trim() : String((error as Error).message) },
    };
  } finally {
    clearTimeout(timer);
  }
}
