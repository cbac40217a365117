// HTTP/1.1 clients may send requests before reading answers, and Node holds each answer until the
// ones before it are written: 600 requests for the console's script in one 38 KB write, on a
// connection that read nothing, held 119 MB. Past PIPELINED_ANSWERS waiting, the rest are refused.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PIPELINED_ANSWERS } from '../src/sandbox/pipelining.js';
import { call, closeSandboxes, openSandbox } from './support.js';

afterEach(closeSandboxes);

/** The status of each answer in `text`, in order (a body does not end its line, so the next answer follows it directly). */
const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));

/** Writes `count` GET requests for `path` at once on one connection; resolves with all it read once every one is answered or the sandbox closed the connection (five seconds at most). */
function pipelined(url: string, path: string, count: number): Promise<{ readonly text: string; readonly closed: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let text = '';
    const socket: Socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`.repeat(count));
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, 5_000);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      // Every request answered and the connection kept: nothing more will come.
      if (statuses(text).length === count) socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: statuses(text).length < count });
    });
  });
}


describe('requests sent ahead of their answers on one connection', () => {
  it('answers the first ones, then refuses the rest with 503 saying to read answers first, and closes the connection', async () => {
    const { sandbox } = await openSandbox();
    const { text, closed } = await pipelined(sandbox.url, '/sso/login', 60);
    const seen = statuses(text);
    expect(closed).toBe(true);
    expect(seen.slice(0, PIPELINED_ANSWERS + 1).every((status) => status !== 503)).toBe(true);
    expect(seen).toContain(503);
    expect(seen.length).toBeLessThan(60);
    expect(text).toContain(`holds at most ${PIPELINED_ANSWERS}`);
  });

  it('still answers a partner call on a fresh connection afterwards', async () => {
    const { sandbox } = await openSandbox();
    await pipelined(sandbox.url, '/sso/login', 60);
    const answer = await call({ url: sandbox.url }, 'POST', '/oauth/token', { raw: JSON.stringify({ grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' }) });
    expect(answer.status).toBe(200);
  });

  it('answers every request of a short burst, as a pipelining client sends', async () => {
    const { sandbox } = await openSandbox();
    const { text } = await pipelined(sandbox.url, '/sso/login', PIPELINED_ANSWERS);
    expect(statuses(text)).toHaveLength(PIPELINED_ANSWERS);
    expect(statuses(text)).not.toContain(503);
  });
});
