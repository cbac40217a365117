// Every body the sandbox reads is held whole until it answers, and each connection may send 5 MB: two
// dozen local callers held half a gigabyte at once. The bodies in flight now share one budget (64 MB);
// a call past it is told, before its body is kept, that the sandbox is receiving too much at once.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/sandbox/app.js';
import { IN_FLIGHT_BODY_BYTES } from '../src/sandbox/body-budget.js';
import { call, closeSandboxes, openSandbox, schemaProblems, type Answer } from './support.js';

afterEach(closeSandboxes);

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

/** A token request padded to `bytes`: the sandbox reads it whole before refusing its unknown field. */
function paddedTokenRequest(bytes: number): string {
  const head = JSON.stringify({ grant_type: 'client_credentials', client_id: 'x', client_secret: 'y', pad: '' });
  return `${head.slice(0, -2)}${'A'.repeat(bytes - head.length)}"}`;
}

/** Opens a connection that announces a `bytes` body and sends only its first bytes, then waits. */
function stalledBody(url: string, bytes: number): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(`POST /oauth/token HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n{"grant_type":`, () => resolve());
    });
    socket.on('error', reject);
    sockets.push(socket);
  });
}

/** Sends `body` until `wanted(answer)`, for at most five seconds: the sandbox takes up the stalled connections in its own time. */
async function callUntil(url: string, body: string, wanted: (answer: Answer) => boolean): Promise<Answer> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const answer = await call({ url }, 'POST', '/oauth/token', { raw: body });
    if (wanted(answer) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the bodies the sandbox holds at once', () => {
  it('answers 503 with Retry-After and the contract error when other callers fill its budget, and takes calls again once they hang up', { timeout: 60_000 }, async () => {
    const { sandbox } = await openSandbox();
    const stalled = Math.floor(IN_FLIGHT_BODY_BYTES / BODY_LIMIT);
    await Promise.all(Array.from({ length: stalled }, () => stalledBody(sandbox.url, BODY_LIMIT)));
    const body = paddedTokenRequest(IN_FLIGHT_BODY_BYTES - stalled * BODY_LIMIT + 1);

    const refused = await callUntil(sandbox.url, body, (answer) => answer.status === 503);
    expect(refused.status, refused.text.slice(0, 300)).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.code).toBe('service_unavailable');
    expect(refused.body.message).toContain('receiving too much at once');
    expect(schemaProblems('partner', 'Error', refused.body)).toEqual([]);

    for (const socket of sockets.splice(0)) socket.destroy();
    const taken = await callUntil(sandbox.url, body, (answer) => answer.status !== 503);
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe('invalid_request');
  });

  it('gives back what each answered call held: far more than the budget, one call after another, is never refused', { timeout: 120_000 }, async () => {
    const { sandbox } = await openSandbox();
    const body = paddedTokenRequest(4 * 1024 * 1024);
    const calls = Math.ceil((2 * IN_FLIGHT_BODY_BYTES) / body.length);
    const statuses = new Set<number>();
    for (let index = 0; index < calls; index += 1) statuses.add((await call(sandbox, 'POST', '/oauth/token', { raw: body })).status);
    expect([...statuses]).toEqual([400]);
  });
});
