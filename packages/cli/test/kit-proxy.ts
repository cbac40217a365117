// A hostile partner built from a starter kit: a proxy in front of it that forwards every call and
// lets a test answer some calls itself or rewrite the kit's answer (a huge id, a broken one).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface KitProxyOptions {
  /** The kit's base URL. */
  readonly target: string;
  /** Answers a call without the kit: a status and a JSON text, or undefined to forward it. */
  readonly answer?: (request: IncomingMessage, body: Buffer) => { status: number; text: string } | undefined;
  /** The text to answer with instead of the kit's, for a call the kit answered. */
  readonly rewrite?: (request: IncomingMessage, answer: { status: number; text: string }) => string;
}

export interface KitProxy {
  readonly url: string;
  close(): Promise<void>;
}

const DROPPED_REQUEST_HEADERS = ['host', 'content-length', 'connection'];
const DROPPED_ANSWER_HEADERS = ['content-length', 'content-encoding', 'transfer-encoding', 'connection'];

export async function startKitProxy(options: KitProxyOptions): Promise<KitProxy> {
  const server: Server = createServer({ maxHeaderSize: 16 * 1024 * 1024 }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      const own = options.answer?.(request, body);
      if (own !== undefined) {
        response.writeHead(own.status, { 'content-type': 'application/json' }).end(own.text);
        return;
      }
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !DROPPED_REQUEST_HEADERS.includes(name))) as Record<string, string>;
      const answer = await fetch(`${options.target}${request.url ?? '/'}`, { method: request.method ?? 'GET', headers, redirect: 'manual', ...(body.length === 0 ? {} : { body }) });
      const text = await answer.text();
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!DROPPED_ANSWER_HEADERS.includes(name)) out[name] = value;
      });
      response.writeHead(answer.status, out).end(options.rewrite === undefined ? text : options.rewrite(request, { status: answer.status, text }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
