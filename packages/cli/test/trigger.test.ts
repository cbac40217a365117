import { verifyWebhook } from '@stream-partner/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { captureIo } from './support.js';

interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const servers: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A partner server on 127.0.0.1 that records each request and answers with `reply`. */
async function partner(reply: (received: Received) => { status: number; body?: unknown }): Promise<{ url: string; received: Received[] }> {
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const received: Received[] = [];
  app.all('/*', async (request, response) => {
    const entry = { method: request.method, url: request.url, headers: request.headers, body: typeof request.body === 'string' ? request.body : '' };
    received.push(entry);
    const answer = reply(entry);
    response.code(answer.status);
    return answer.body === undefined ? response.send() : response.type('application/json').send(JSON.stringify(answer.body));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  servers.push(app);
  const address = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, received };
}

async function trigger(args: string[], env: Record<string, string> = {}) {
  const captured = captureIo(env);
  const code = await main(['trigger', ...args], { io: captured.io });
  return { code, out: captured.stdout(), err: captured.stderr() };
}

describe('stream-partner trigger', () => {
  it('lists everything Stream sends, naming shared names with their audience', async () => {
    const { code, out } = await trigger(['--list']);
    expect(code).toBe(0);
    for (const name of ['pos:order.created', 'pos:order.updated', 'events:order.updated', 'dsp:location.paused', 'pos:getCatalog', 'dsp:connectLocation']) expect(out).toContain(name);
  });

  it('refuses a name two audiences share, and says which to pick', async () => {
    const { code, err } = await trigger(['order.updated', '--to', 'http://127.0.0.1:9']);
    expect(code).toBe(2);
    expect(err).toContain('pos:order.updated');
    expect(err).toContain('events:order.updated');
  });

  it("sends order.created signed over the exact bytes, with the bearer token, and passes a POS that answers 201 with its provider_id", async () => {
    const server = await partner(() => ({ status: 201, body: { order: { provider_id: 'pos-1' } } }));
    const { code, out } = await trigger(['order.created', '--to', server.url, '--token', 'tok-123', '--webhook-secret', 'whsec_test']);
    expect(code).toBe(0);
    expect(out).toContain('accepted (201)');
    const [request] = server.received;
    expect(request!.url).toBe('/stream-pos/v1/orders');
    expect(request!.headers.authorization).toBe('Bearer tok-123');
    expect(() => verifyWebhook({ secret: 'whsec_test', body: request!.body, headers: request!.headers })).not.toThrow();
    expect(JSON.parse(request!.body).type).toBe('order.created');
  });

  it('warns that a --webhook-secret on the command line is readable by other users of the machine, and names the variable to use instead', async () => {
    const server = await partner(() => ({ status: 201, body: { order: { provider_id: 'pos-1' } } }));
    const flagged = await trigger(['order.created', '--to', server.url, '--token', 'tok-123', '--webhook-secret', 'whsec_test']);
    expect(flagged.err).toContain('warning: --webhook-secret puts the secret in this command\'s arguments, which other users of this machine can read (ps, /proc). Set STREAM_WEBHOOK_SECRET');
    const fromEnv = await trigger(['order.created', '--to', server.url], { STREAM_TRIGGER_TOKEN: 'tok-123' });
    expect(fromEnv.err).not.toContain('warning');
  });

  it('takes the bearer token from STREAM_TRIGGER_TOKEN, and warns that a --token on the command line is readable by other users', async () => {
    const seen: string[] = [];
    const server = await partner((request) => {
      seen.push(String(request.headers.authorization));
      return { status: 201, body: { order: { provider_id: 'pos-1' } } };
    });
    const fromEnv = await trigger(['order.created', '--to', server.url], { STREAM_TRIGGER_TOKEN: 'tok-env-7' });
    expect(fromEnv.code).toBe(0);
    expect(fromEnv.err).toBe('');
    const flagged = await trigger(['order.created', '--to', server.url, '--token', 'tok-flag-8'], { STREAM_TRIGGER_TOKEN: 'tok-env-7' });
    expect(flagged.code).toBe(0);
    expect(flagged.err).toContain("warning: --token puts the secret in this command's arguments, which other users of this machine can read (ps, /proc). Set STREAM_TRIGGER_TOKEN instead.");
    expect(flagged.err).not.toContain('tok-flag-8');
    expect(seen).toEqual(['Bearer tok-env-7', 'Bearer tok-flag-8']);
    const missing = await trigger(['order.created', '--to', server.url]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('set STREAM_TRIGGER_TOKEN');
  });

  it('takes a --to with a password from STREAM_TRIGGER_TO, and warns when the password is on the command line', async () => {
    const seen: string[] = [];
    const server = await partner((request) => {
      seen.push(String(request.headers.authorization));
      return { status: 200, body: {} };
    });
    const withPassword = server.url.replace('http://', 'http://stream:pa55word@');
    const fromEnv = await trigger(['events:order.canceled', '--example', 'OrderCanceledByMerchant'], { STREAM_TRIGGER_TO: withPassword });
    expect(fromEnv.err).toBe('');
    expect(fromEnv.out).not.toContain('pa55word');
    const flagged = await trigger(['events:order.canceled', '--example', 'OrderCanceledByMerchant', '--to', withPassword]);
    expect(flagged.err).toContain('warning: --to with a password puts the secret');
    expect(flagged.err).toContain('Set STREAM_TRIGGER_TO instead.');
    expect(seen).toHaveLength(2);
  });

  it('fails a POS that answers order.created with 200 instead of 201, saying what the contract expects', async () => {
    const server = await partner(() => ({ status: 200, body: { order: { provider_id: 'pos-1' } } }));
    const { code, out } = await trigger(['pos:order.created', '--to', server.url, '--token', 't']);
    expect(code).toBe(1);
    expect(out).toContain('answered 200');
    expect(out).toContain('201');
  });

  it('fails an answer whose body breaks the contract, naming the field', async () => {
    const server = await partner(() => ({ status: 201, body: { order: {} } }));
    const { code, out } = await trigger(['order.created', '--to', server.url, '--token', 't']);
    expect(code).toBe(1);
    expect(out).toContain('provider_id');
  });

  it('accepts a refusal the contract allows: 400 with a posValidation', async () => {
    const server = await partner(() => ({ status: 400, body: { posValidation: { stockValidation: [{ type: 'item', provider_id: 'item-1', quantity: 0 }], orderTotalsValidation: [], orderValidation: [], unknownValidation: [] } } }));
    const { code, out } = await trigger(['order.created', '--to', server.url, '--token', 't']);
    expect(code).toBe(0);
    expect(out).toContain('refused as the contract allows (400 PosValidationError)');
  });

  it('applies --set overrides, and refuses one that breaks the contract unless --allow-invalid', async () => {
    const server = await partner(() => ({ status: 204 }));
    const ok = await trigger(['events:order.canceled', '--to', server.url, '--set', 'object.order_id=ord_custom']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(server.received[0]!.body).object.order_id).toBe('ord_custom');

    const refused = await trigger(['events:order.canceled', '--to', server.url, '--set', 'type=order.exploded']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('--allow-invalid');
    expect(server.received).toHaveLength(1);

    const forced = await trigger(['events:order.canceled', '--to', server.url, '--set', 'type=order.exploded', '--allow-invalid']);
    expect(server.received).toHaveLength(2);
    expect(forced.code).toBe(0);
  });

  it("sends the basic-auth credential of a --to URL, but prints the URL without its password, as text and as --json", async () => {
    const server = await partner(() => ({ status: 204 }));
    const to = new URL(server.url);
    to.username = 'stream';
    to.password = 'basic-pass-41c9a07e';
    const text = await trigger(['events:order.canceled', '--to', to.toString()]);
    const json = await trigger(['events:order.canceled', '--to', to.toString(), '--json']);
    expect(server.received[0]!.headers.authorization).toBe(`Basic ${Buffer.from('stream:basic-pass-41c9a07e').toString('base64')}`);
    expect(text.out).toContain('stream:[redacted]@127.0.0.1');
    expect(JSON.parse(json.out).request.url).toMatch(/^http:\/\/stream:\[redacted\]@127\.0\.0\.1:\d+\//);
    expect([text.out, text.err, json.out, json.err].filter((out) => out.includes('basic-pass-41c9a07e'))).toEqual([]);
  });

  it("prints a partner's answer with an 8-bit CSI and a right-to-left override as \\u escapes in --json, still the same JSON value", async () => {
    const hostile = 'refused \u009b2J\u009d0;owned\u0007 see invoice_\u202egnp.exe';
    const server = await partner(() => ({ status: 400, body: { code: 'invalid_request', message: hostile } }));
    const json = await trigger(['events:order.canceled', '--to', server.url, '--json']);
    expect(json.out).not.toMatch(/[\u0080-\u009f\u202a-\u202e]/u);
    expect(json.out).toContain('\\u009b2J');
    expect(JSON.parse(json.out).response.body.message).toBe(hostile);
  });

  it('refuses a --set path through __proto__, constructor or prototype with exit code 2, and sends nothing', async () => {
    const server = await partner(() => ({ status: 204 }));
    try {
      for (const path of ['__proto__.polluted', 'object.__proto__.polluted', 'constructor.prototype.polluted', '__proto__']) {
        const refused = await trigger(['events:order.canceled', '--to', server.url, '--set', `${path}="yes"`, '--allow-invalid']);
        expect(refused.code, path).toBe(2);
        expect(refused.err, path).toContain('no contract field');
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(server.received).toEqual([]);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it('refuses a --set list index past 10,000 at once with exit code 2, and sends nothing, where it froze the process building a list of millions', { timeout: 20_000 }, async () => {
    const server = await partner(() => ({ status: 204 }));
    for (const path of ['object.items[200000000].quantity', 'object[4294967294]', 'object.items[10001]']) {
      const refused = await trigger(['events:order.canceled', '--to', server.url, '--set', `${path}=1`, '--allow-invalid']);
      expect(refused.code, path).toBe(2);
      expect(refused.err, path).toMatch(/index up to 10000/);
    }
    expect(server.received).toEqual([]);
  });

  it('asks for --token when the contract sends the call with a bearer token', async () => {
    const { code, err } = await trigger(['getCatalog', '--to', 'http://127.0.0.1:9']);
    expect(code).toBe(2);
    expect(err).toContain('--token');
  });

  it('reports a server that cannot be reached as a failure, not a crash', async () => {
    const { code, out } = await trigger(['events:order.confirmed', '--to', 'http://127.0.0.1:9']);
    expect(code).toBe(1);
    expect(out).toContain('could not connect');
  });

  it('prints one JSON object with --json, with the bearer token redacted', async () => {
    const server = await partner(() => ({ status: 201, body: { order: { provider_id: 'pos-9' } } }));
    const { code, out } = await trigger(['order.created', '--to', server.url, '--token', 'secret-token', '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(result).toMatchObject({ name: 'pos:order.created', ok: true, response: { status: 201 } });
    expect(out).not.toContain('secret-token');
  });

  it('sends calls without a body with their parameters from the contract, overridable with --param', async () => {
    const server = await partner(() => ({ status: 200, body: { location_id: 'store-7', connected: true } }));
    const { code } = await trigger(['getLocationConnection', '--to', server.url, '--token', 't', '--param', 'location_id=store-7']);
    expect(server.received[0]!.url).toBe('/stream-dsp/v1/locations/connection?location_id=store-7');
    expect(code).toBe(0);
  });
});

describe('stream-partner trigger event ids', () => {
  it('gives each send a fresh event_id, so a receiver that deduplicates does not take the second for a repeat', async () => {
    const server = await partner(() => ({ status: 204 }));
    for (let i = 0; i < 2; i++) expect((await trigger(['events:order.canceled', '--to', server.url, '--webhook-secret', 'whsec_test'])).code).toBe(0);
    const ids = server.received.map((entry) => (JSON.parse(entry.body) as { event_id: string }).event_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('keeps the event_id given with --set event_id=..., to replay one event on purpose', async () => {
    const server = await partner(() => ({ status: 200, body: { event_id: 'evt_replayed' } }));
    const { code } = await trigger(['location.paused', '--to', server.url, '--token', 'tok', '--webhook-secret', 'whsec_test', '--set', 'event_id=evt_replayed']);
    expect(code).toBe(0);
    expect((JSON.parse(server.received[0]!.body) as { event_id: string }).event_id).toBe('evt_replayed');
  });
});
