// Every body the sandbox reads is held whole until it answers, and each connection may send 5 MB: two
// dozen local callers held half a gigabyte at once. The bodies in flight now share one budget (64 MB);
// a call past it is told, before its body is kept, that the sandbox is receiving too much at once.
// The budget counts bytes that arrived: a connection that announces a body and sends none holds nothing.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/sandbox/app.js';
import { BODY_ARRIVAL_GRACE_MS, IN_FLIGHT_BODY_BYTES } from '../src/sandbox/body-budget.js';
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

/** Opens a connection that announces a `bytes` body and sends `sent` bytes of it (all but the last by default), then waits. */
function stalledBody(url: string, bytes: number, sent = bytes - 1): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      const head = `POST /oauth/token HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n`;
      socket.write(Buffer.concat([Buffer.from(head), Buffer.alloc(sent, 0x41)]), () => resolve(socket));
    });
    socket.on('error', () => undefined);
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** The first line of what the sandbox answered on `socket`, within `ms` (five seconds by default; '' for nothing). */
function statusLine(socket: Socket, ms = 5_000): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const timer = setTimeout(() => resolve(text.split('\r\n')[0]!), ms);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n')) {
        clearTimeout(timer);
        resolve(text.split('\r\n')[0]!);
      }
    });
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
    // Each stalled upload has sent all but its last byte: that is what it holds.
    const body = paddedTokenRequest(IN_FLIGHT_BODY_BYTES - stalled * (BODY_LIMIT - 1) + 1);

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

  it('lets go of uploads still arriving after a second when a call finds the budget full, so stalled bodies hold a partner out for a second, not two minutes', { timeout: 60_000 }, async () => {
    const { sandbox, clock } = await openSandbox();
    const stalled = Math.floor(IN_FLIGHT_BODY_BYTES / BODY_LIMIT);
    const opened = await Promise.all(Array.from({ length: stalled }, () => stalledBody(sandbox.url, BODY_LIMIT)));
    // Long enough for a loaded machine to read the call's 4 MB before the upload it let go hears why.
    const answers = opened.map((socket) => statusLine(socket, 30_000));
    // All but the last byte of each has arrived, and the last stalls: the budget is full but for this call's one byte.
    const body = paddedTokenRequest(IN_FLIGHT_BODY_BYTES - stalled * (BODY_LIMIT - 1) + 1);
    // Full once the stalled bytes have all been read: a call is refused while the clock stands still.
    const refused = await callUntil(sandbox.url, body, (answer) => answer.status === 503);
    expect(refused.status, refused.text.slice(0, 300)).toBe(503);
    clock.advance(BODY_ARRIVAL_GRACE_MS + 200);

    const answer = await call(sandbox, 'POST', '/oauth/token', { raw: body });
    expect(answer.status, answer.text.slice(0, 300)).toBe(400);
    expect(answer.body.code).toBe('invalid_request');
    // The call needed a byte: the upload arriving longest made room, and was told why.
    const lines = await Promise.all(answers);
    expect(lines.filter((line) => line.startsWith('HTTP/1.1 503'))).toHaveLength(1);
  });

  it('counts small bodies too: of 1,200 connections each sending all but the last byte of 64 KB, those past the budget are refused or let go rather than held', { timeout: 90_000 }, async () => {
    // The real clock: uploads opened more than a second before are let go as later ones need room.
    // (A call refused while the budget is full is answered once its body has arrived, so under a
    // still clock the refused ones would wait, silent, for bodies that never end.)
    const { sandbox } = await openSandbox({ now: Date.now });
    const small = 64 * 1024;
    const opened = await Promise.all(Array.from({ length: 1200 }, () => stalledBody(sandbox.url, small)));
    // Held, a socket hears nothing; refused, it reads a 503; let go, the sandbox closes it. A loaded
    // machine takes its time to reach all 1,200, so the count is read until it settles within the budget.
    const outcomes = opened.map(() => '');
    opened.forEach((socket, index) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (outcomes[index] === '' && text.includes('\r\n')) outcomes[index] = text.split('\r\n')[0]!;
      });
      socket.once('close', () => {
        if (outcomes[index] === '') outcomes[index] = 'closed';
      });
    });
    const held = () => outcomes.filter((outcome) => outcome === '').length;
    await expect.poll(held, { timeout: 30_000, interval: 250 }).toBeLessThanOrEqual(IN_FLIGHT_BODY_BYTES / small);
    expect(outcomes.filter((outcome) => outcome !== '' && outcome !== 'closed' && !outcome.startsWith('HTTP/1.1 503'))).toEqual([]);
  });

  it('still answers every caller while other local connections announce bodies that fill its budget and send none of them', { timeout: 60_000 }, async () => {
    const { sandbox } = await openSandbox();
    // Twelve announce 5 MB and one the 4 MB left: announced, the budget is full to the byte.
    const whole = Math.floor(IN_FLIGHT_BODY_BYTES / BODY_LIMIT);
    const announced = [...Array.from({ length: whole }, () => BODY_LIMIT), IN_FLIGHT_BODY_BYTES - whole * BODY_LIMIT];
    await Promise.all(announced.map((bytes) => stalledBody(sandbox.url, bytes, 0)));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const answer = await call(sandbox, 'POST', '/oauth/token', { raw: paddedTokenRequest(1024 * 1024) });
    expect(answer.status, answer.text.slice(0, 300)).toBe(400);
    expect(answer.body.code).toBe('invalid_request');
  });

  it('refuses with 503, mid-body, the upload whose bytes pass the budget when uploads it let in at once all send theirs', { timeout: 60_000 }, async () => {
    const { sandbox } = await openSandbox();
    const uploads = Math.floor(IN_FLIGHT_BODY_BYTES / BODY_LIMIT) + 1;
    const opened = await Promise.all(Array.from({ length: uploads }, () => stalledBody(sandbox.url, BODY_LIMIT, 0)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answers = opened.map((socket) => statusLine(socket));
    for (const socket of opened) socket.write(Buffer.alloc(BODY_LIMIT - 1, 0x41));

    const lines = await Promise.all(answers);
    expect(lines.filter((line) => line.startsWith('HTTP/1.1 503'))).toHaveLength(1);
    expect(lines.filter((line) => line === '')).toHaveLength(uploads - 1);
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
