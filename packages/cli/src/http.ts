// One HTTP exchange as the CLI sees it: what was sent, what came back, how long it took.
// Real HTTP through Node's fetch; a timeout or a refused connection is an answer, not a crash.

export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** The raw body, sent byte for byte (what was signed). */
  readonly body?: string;
  readonly timeoutMs?: number;
  /** Follow redirects? The OAuth checks read the 302 themselves. */
  readonly redirect?: 'follow' | 'manual';
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
  /** Why there was no answer: `timeout` or `unreachable`, with the detail. */
  readonly error?: { readonly kind: 'timeout' | 'unreachable'; readonly message: string };
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
    const bodyText = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => (headers[key] = value));
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
