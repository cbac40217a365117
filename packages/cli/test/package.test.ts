// The published package as a partner runs it: the bundled binaries with plain node, no tsx.
// `npm test` packs (and so builds) the package before the unit tests.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { ROOT } from './kits.js';

const cli = join(ROOT, 'packages', 'cli');

describe('the built stream-partner package', () => {
  it('has been built by npm run pack (run it first when running this file alone)', () => {
    expect(existsSync(join(cli, 'dist', 'cli.js'))).toBe(true);
    for (const api of ['partner', 'dsp', 'pos', 'events']) expect(existsSync(join(cli, 'openapi', `${api}.json`)), api).toBe(true);
  });

  it('signs a body with the stream-webhook alias, run by plain node', () => {
    const body = join(ROOT, 'packages', 'contracts', 'test-vectors.json');
    const result = spawnSync(process.execPath, [join(cli, 'bin', 'stream-webhook.js'), 'sign', '--body-file', body], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, STREAM_WEBHOOK_SECRET: 'whsec_test' } });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`Stream-Signature: ${createHmac('sha256', 'whsec_test').update(readFileSync(body)).digest('hex')}\n`);
  });

  it('lists what Stream sends, from the contracts shipped in the package', () => {
    const result = spawnSync(process.execPath, [join(cli, 'bin', 'stream-partner.js'), 'trigger', '--list', '--json'], { encoding: 'utf8', timeout: 20_000 });
    expect(result.status).toBe(0);
    const names = (JSON.parse(result.stdout) as { name: string }[]).map((target) => target.name);
    expect(names).toEqual(expect.arrayContaining(['pos:order.created', 'dsp:location.publish', 'events:order.confirmed']));
  });

  it('ships the docs corpus and starts the MCP server with plain node, answering a search', { timeout: 60_000 }, async () => {
    for (const file of ['pages.json', 'corpus.json', 'search-index.json']) expect(existsSync(join(cli, 'dist', 'docs', file)), file).toBe(true);
    const client = new Client({ name: 'package-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(cli, 'bin', 'stream-partner.js'), 'mcp'], stderr: 'ignore' }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['search_docs', 'certify']));
      const found = await client.callTool({ name: 'search_docs', arguments: { query: 'pause a store', limit: 1 } });
      expect((found.structuredContent as { results: { path: string }[] }).results[0]!.path).toMatch(/location\.paused|location-paused/);
    } finally {
      await client.close();
    }
  });
});
