// Raw HTTP for hostile-input tests: fetch refuses to send some headers (Host, a forged Origin), so
// these requests go through node:http, byte for byte as an attacker's client would send them.
// A body always goes with its Content-Length: Node's client sends none for a DELETE or GET body.
import { request } from 'node:http';

export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  /** The parsed body when it is JSON, else `undefined`. */
  readonly body: any;
}

export interface RawOptions {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
}

export function rawRequest(base: string, path: string, options: RawOptions = {}): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port, path, method: options.method ?? 'GET', headers: { host: url.host, ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }), ...options.headers }, setHost: false, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = text === '' ? undefined : JSON.parse(text);
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.end(options.body);
    else req.end();
  });
}

/** `[[[...]]]` nested `depth` times. */
export function deepJson(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}
