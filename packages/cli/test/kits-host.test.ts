// DNS rebinding: a web page can point its own name at 127.0.0.1 and call a kit running on the partner's
// machine (its consent page, its webhook routes). Its requests carry the page's name in `Host`, so each
// kit answers only the names it is served under.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startKit } from './kits.js';

const PATHS = { pos: '/stream-pos/v1/authorize?client_id=stream-client&response_type=code&redirect_uri=https%3A%2F%2Fpartners.stream.example%2Foauth%2Fcallback', dsp: '/stream-dsp/v1/authorize?client_id=stream-client&response_type=code&redirect_uri=https%3A%2F%2Fpartners.stream.example%2Foauth%2Fcallback', events: '/event' } as const;

/** Sends `GET` or `POST path` to the kit at `url` with the `Host` header `host`; answers status and body. */
function call(url: string, path: string, host: string): Promise<{ status: number; body: string; type: string }> {
  const { port } = new URL(url);
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method: path === '/event' ? 'POST' : 'GET', headers: { host, 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) }));
    });
    req.on('error', fail);
    req.end(path === '/event' ? '{}' : undefined);
  });
}

describe('a starter kit reached under a name it is not served under', () => {
  for (const kit of ['pos', 'dsp', 'events'] as const) {
    it(`the ${kit} kit refuses a rebinding page's Host with 421 and a plain reason, and answers its loopback names`, { timeout: 30_000 }, async () => {
      const running = await startKit(kit);
      try {
        const port = new URL(running.url).port;
        for (const host of [`attacker.example:${port}`, `127.0.0.1.attacker.example:${port}`, `localhost.attacker.example:${port}`, `127.0.0.1:${Number(port) + 1}`, 'localhost', 'evil@127.0.0.1']) {
          const answer = await call(running.url, PATHS[kit], host);
          expect(answer.status, host).toBe(421);
          expect(answer.type, host).toMatch(/^text\/plain/);
          expect(answer.body, host).toContain('PUBLIC_URL');
          expect(answer.body, host).not.toContain('attacker');
        }
        for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
          expect((await call(running.url, PATHS[kit], host)).status, host).not.toBe(421);
        }
      } finally {
        await running.close();
      }
    });
  }

  it('answers the host of PUBLIC_URL and a HOST that names one address too, and refuses a PUBLIC_URL that is not an http(s) URL', { timeout: 30_000 }, async () => {
    const running = await startKit('events', undefined, { PUBLIC_URL: 'https://events.partner.example' });
    try {
      expect((await call(running.url, '/event', 'events.partner.example')).status).toBe(401);
      expect((await call(running.url, '/event', 'events.partner.example:8443')).status).toBe(421);
    } finally {
      await running.close();
    }
    const { refuseHost } = await import('../../../examples/pos/src/host-check.js');
    expect(refuseHost('192.168.1.5:4101', 4101, { host: '192.168.1.5', publicUrl: undefined })).toBeUndefined();
    expect(refuseHost('192.168.1.5:4101', 4101, { host: '0.0.0.0', publicUrl: undefined })).toMatch(/set PUBLIC_URL/);
    const { readConfig } = await import('../../../examples/pos/src/config.js');
    expect(() => readConfig({ PUBLIC_URL: 'pos.partner.example' })).toThrow(/PUBLIC_URL pos\.partner\.example is not an http\(s\) URL/);
  });
});
