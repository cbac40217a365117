// The headers a console row shows for a call's answer: the sandbox records them as it answers
// rather than copying them from the reply, so each kind of answer is checked against what the
// client received on the wire.
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleSandbox } from '../src/console/index.js';
import { accessToken, call, closeSandboxes, openConsoleStream, openSandbox, sendSigned, type Answer } from './support.js';

afterEach(closeSandboxes);

/** What the client got, as the row shows headers: every one the sandbox set, without those Node adds as it writes (date, connection, keep-alive). */
function received(answer: Answer): Record<string, string> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = value;
  });
  return headers;
}

async function rowOf(sandbox: ConsoleSandbox, url: string): Promise<Record<string, string>> {
  const stream = await openConsoleStream(sandbox);
  const summary = await stream.next('exchange', (data) => data.url === url);
  stream.close();
  const full = await call(sandbox, 'GET', `/_sandbox/console/exchanges/${summary.id}`, { headers: { 'x-sandbox-console-token': sandbox.consoleToken } });
  expect(full.status).toBe(200);
  return full.body.responseHeaders as Record<string, string>;
}

describe("a console row's answer headers", () => {
  it('are the headers the partner received for a JSON answer, its Content-Length counted in bytes', async () => {
    const { sandbox } = await openSandbox();
    const token = await accessToken(sandbox);
    const answer = await call(sandbox, 'GET', '/tokens?org_id=org_demo', { token });
    expect(answer.status).toBe(200);
    const shown = await rowOf(sandbox, '/tokens?org_id=org_demo');
    expect(shown).toEqual(received(answer));
    expect(shown['content-length']).toBe(String(Buffer.byteLength(answer.text)));
  });

  it('are the headers the POS received for a 204 answer to its event, with neither type nor length', async () => {
    const { sandbox } = await openSandbox();
    const answer = await sendSigned(sandbox, '/pos/demo-partner/webhook', { type: 'location.status.updated', object: { status: 'active', location_id: 'loc-downtown' } });
    expect(answer.status).toBe(204);
    const shown = await rowOf(sandbox, '/pos/demo-partner/webhook');
    expect(shown).toEqual(received(answer));
    expect(Object.keys(shown).sort()).toEqual(['cache-control', 'x-content-type-options']);
  });

  it('are the headers the partner received for a refusal and for an unknown route', async () => {
    const { sandbox } = await openSandbox();
    const refused = await call(sandbox, 'GET', '/tokens?org_id=org_demo', { token: 'made-up-token' });
    expect(refused.status).toBe(401);
    expect(await rowOf(sandbox, '/tokens?org_id=org_demo')).toEqual(received(refused));
    const missing = await call(sandbox, 'GET', '/no-such-route-é');
    expect(missing.status).toBe(404);
    expect(await rowOf(sandbox, '/no-such-route-%C3%A9')).toEqual(received(missing));
  });
});
