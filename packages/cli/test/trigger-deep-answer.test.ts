// A partner's answer of thousands of nested lists is a few kilobytes, parses, and then overflowed
// the stack of everything that walked it: trigger printed "Unexpected error: RangeError" instead of
// its verdict. Past ANSWER_DEPTH_LIMIT levels an answer is kept as text and judged as not JSON.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { ANSWER_DEPTH_LIMIT, send } from '../src/http.js';
import { BODY_DEPTH_LIMIT } from '../src/trigger/build.js';
import { captureIo } from './support.js';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const depth = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('depth') ?? 10_000);
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(`${'['.repeat(depth)}"a [ string"${']'.repeat(depth)}`);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe('an answer nested thousands of levels deep', () => {
  it('is judged by trigger, in its text and --json output, as JSON nested too deep to read, with exit code 1', async () => {
    for (const json of [false, true]) {
      const captured = captureIo();
      const code = await main(['trigger', 'events:order.confirmed', '--to', `${base}/event`, ...(json ? ['--json'] : [])], { io: captured.io });
      expect(captured.stderr()).not.toContain('RangeError');
      expect(code).toBe(1);
      expect(captured.stdout()).toContain(`nested deeper than ${ANSWER_DEPTH_LIMIT} levels`);
    }
  });

  it('is read as JSON up to the limit, a bracket inside a string counting for nothing', async () => {
    const within = await send({ method: 'POST', url: `${base}/event?depth=${ANSWER_DEPTH_LIMIT}`, body: '{}' });
    expect(within.tooDeep).toBeUndefined();
    expect(JSON.stringify(within.json)).toContain('a [ string');
    const past = await send({ method: 'POST', url: `${base}/event?depth=${ANSWER_DEPTH_LIMIT + 1}`, body: '{}' });
    expect(past.json).toBeUndefined();
    expect(past.tooDeep).toBe(true);
    expect(past.bodyText.length).toBe(2 * (ANSWER_DEPTH_LIMIT + 1) + 12);
  });
});


describe('a --set value nested thousands of levels deep', () => {
  it('is refused by trigger with exit code 2, naming the depth bound, before anything is sent', async () => {
    const captured = captureIo();
    const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
    const code = await main(['trigger', 'events:order.confirmed', '--to', `${base}/event`, '--allow-invalid', '--set', `data.note=${deep}`], { io: captured.io });
    expect(captured.stderr()).not.toContain('RangeError');
    expect(captured.stderr()).toContain(`nest deeper than ${BODY_DEPTH_LIMIT} levels`);
    expect(code).toBe(2);
  });
});
