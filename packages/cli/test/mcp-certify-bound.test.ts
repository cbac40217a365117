// certify through `stream-partner mcp` against a server that answers every call with kilobytes: the
// agent's context gets every requirement's id, status and reason, but not every answer's body.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../src/certify/catalogue.js';
import { loadVersioning } from '../src/certify/versions.js';
import { connect, type Connected } from './mcp-client.js';

let server: Connected;
let partner: FastifyInstance;
let url: string;

beforeAll(async () => {
  server = await connect();
  partner = Fastify();
  partner.removeAllContentTypeParsers();
  partner.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // A token answer the OAuth flow accepts, so every check runs on, each answer padded to 6 KB.
  const answer = JSON.stringify({ access_token: 'at-bulky-0001', token_type: 'Bearer', expires_in: 3600, refresh_token: 'rt-bulky-0001', padding: 'p'.repeat(6000) });
  partner.all('/*', async (request, reply) => {
    const query = new URL(request.url, 'http://partner').searchParams;
    if (request.url.includes('/authorize') && query.get('redirect_uri') === 'https://partners.stream.example/oauth/callback') {
      return reply.redirect(`${query.get('redirect_uri')}?code=code-bulky&state=${encodeURIComponent(query.get('state') ?? '')}`, 302);
    }
    return reply.code(request.method === 'POST' ? 201 : 200).type('application/json').send(answer);
  });
  await partner.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(partner.server.address() as { port: number }).port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await partner?.close();
});

describe('certify through stream-partner mcp against a server with bulky answers', () => {
  it("keeps the tool result small, with every requirement's id, status and reason, and says how to get the full evidence", { timeout: 300_000 }, async () => {
    const result = await server.client.callTool({ name: 'certify', arguments: { audience: 'pos', base_url: url, skip_sandbox: true } }, undefined, { timeout: 280_000 });
    const size = JSON.stringify(result).length;
    expect(result.isError).toBeFalsy();
    // Unbounded, this run's result was 270,000 characters (113,000 of them the structured result).
    expect(size).toBeLessThan(150_000);
    expect(JSON.stringify(result.structuredContent).length).toBeLessThan(64_000);
    const structured = result.structuredContent as { results: { requirement: { id: string }; status: string; reason?: string; calls: number; evidence: { response: { body?: string } }[] }[]; evidence_cut?: string };
    const ids = loadCatalogue('pos').requirements.map((requirement) => requirement.id);
    expect(structured.results.map((item) => item.requirement.id)).toEqual(ids);
    for (const item of structured.results) {
      expect(item.status).toMatch(/^(passed|failed|warned|blocked|skipped|not_verified|not_run)$/);
      if (item.status !== 'passed') expect(item.reason, item.requirement.id).toBeTruthy();
    }
    expect(structured.evidence_cut).toContain(`stream-partner certify pos --base-url '${url}' --json`);
    const bodies = structured.results.flatMap((item) => item.evidence.map((call) => call.response.body ?? ''));
    expect(Math.max(...bodies.map((body) => body.length))).toBeLessThan(1100);
    expect(structured.results.every((item) => item.evidence.length <= 1 && item.calls >= item.evidence.length)).toBe(true);
  });

  it("says in its text that an agent's certified_under judged the server as one certified before, and counts the warnings", { timeout: 300_000 }, async () => {
    const { version } = loadVersioning();
    const result = await server.client.callTool({ name: 'certify', arguments: { audience: 'pos', base_url: url, skip_sandbox: true, certified_under: '1.0.1' } }, undefined, { timeout: 280_000 });
    expect(result.isError).toBeFalsy();
    const text = (result.content as { text: string }[])[0]!.text;
    // A page the agent read could ask for an old version to soften the verdict: the user reads which version it was.
    expect(text).toContain(`judged by requirement catalogue ${version} for a partner certified under 1.0.1`);
    expect(text).toMatch(/\d+ passed, \d+ failed, \d+ warned, \d+ blocked/);
    expect((result.structuredContent as { certifiedUnder: string }).certifiedUnder).toBe('1.0.1');
  });

  it('names certified_under, not a flag, when an agent gives a version that is not one', async () => {
    const result = await server.client.callTool({ name: 'certify', arguments: { audience: 'pos', base_url: url, skip_sandbox: true, certified_under: 'latest' } });
    expect(result.isError).toBe(true);
    const text = (result.content as { text: string }[])[0]!.text;
    expect(text).toMatch(/^certified_under takes/);
    expect(text).not.toContain('--certified-under');
  });

  it('refuses a certified_under Stream never published, so an agent cannot soften the verdict with a made-up version', async () => {
    const result = await server.client.callTool({ name: 'certify', arguments: { audience: 'pos', base_url: url, skip_sandbox: true, certified_under: '1.0.5' } });
    expect(result.isError).toBe(true);
    const text = (result.content as { text: string }[])[0]!.text;
    expect(text).toMatch(/^certified_under 1\.0\.5 is not a catalogue version Stream published/);
    expect(text).toContain(loadVersioning().published.map((entry) => entry.version).join(', '));
  });

  it('quotes the base URL in the command it suggests, so a URL a page chose cannot add a command of its own', async () => {
    const result = await server.client.callTool({ name: 'certify', arguments: { audience: 'pos', base_url: `${url}/x;touch ~/pwned;$(id)`, skip_sandbox: true, only: ['POS-OAU-01'] } });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { evidence_cut: string }).evidence_cut).toContain(`--base-url '${url}/x;touch ~/pwned;$(id)' --json`);
  });
});
