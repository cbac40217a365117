import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './serve.mjs';

/** Sends raw HTTP/1.1 requests over one socket, waiting `pauseMs` between them; resolves with each status line. */
function twoRequestsOnOneSocket(port: number, pauseMs: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const statuses: string[] = [];
    let buffered = '';
    const request = 'GET /openapi.yaml HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n';
    socket.on('data', (chunk) => {
      buffered += chunk.toString();
      const lines = buffered.match(/^HTTP\/1\.1 \d+[^\r]*/gm) ?? [];
      if (lines.length > statuses.length) {
        statuses.push(...lines.slice(statuses.length));
        if (statuses.length === 1) setTimeout(() => socket.write(request), pauseMs);
        else socket.end();
      }
    });
    socket.on('close', () => resolve(statuses));
    socket.on('error', reject);
    socket.write(request);
  });
}

describe('the static server (npm run serve, and the browser tests)', () => {
  let server: Server;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'serve-test-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(root, 'openapi.yaml'), 'openapi: 3.1.0\n');
    server = await startServer({ root, port: 0 });
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  // A client that reuses a connection the server has just closed fails with ECONNRESET; a page
  // test downloading files between slow page loads did so after six idle seconds.
  it('keeps an idle connection open for a request that comes six seconds after the last', async () => {
    const { port } = server.address() as AddressInfo;
    expect(await twoRequestsOnOneSocket(port, 6_000)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
  }, 20_000);
});
