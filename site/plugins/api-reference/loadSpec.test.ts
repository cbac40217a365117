import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringifyYaml } from '@redocly/openapi-core';
import { renderReference } from '../../src/components/ApiReferenceBody/testing';
import { loadPartnerSpec, type SpecLogger } from './loadSpec';

function spec(title: string, operationId: string) {
  return {
    openapi: '3.1.0',
    info: { title, version: '2.0.0' },
    paths: {
      '/tokens': {
        get: {
          operationId,
          summary: `${title} operation`,
          responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Token' } } } } },
        },
      },
    },
    components: { schemas: { Token: { type: 'object', properties: { token_name: { type: 'string' } } } } },
  };
}

const specsDistDir = mkdtempSync(join(tmpdir(), 'partner-spec-'));
const embedded = spec('Embedded partner API', 'listEmbeddedTokens');
writeFileSync(join(specsDistDir, 'partner.json'), JSON.stringify(embedded));
writeFileSync(join(specsDistDir, 'partner.yaml'), stringifyYaml(embedded));

const remote = spec('Remote partner API', 'listRemoteTokens');
const invalid = { openapi: '3.1.0', info: { title: 'No version' }, paths: { '/tokens': 5 } };

let server: Server;
let base = '';
let deadUrl = '';

function recorder(): SpecLogger & { warnings: string[]; infos: string[] } {
  const warnings: string[] = [];
  const infos: string[] = [];
  return { warnings, infos, warn: (message) => warnings.push(message), info: (message) => infos.push(message) };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/spec.yaml') response.end(stringifyYaml(remote));
    else if (request.url === '/spec.json') response.end(JSON.stringify(remote));
    else if (request.url === '/invalid.yaml') response.end(stringifyYaml(invalid));
    else if (request.url === '/slow') setTimeout(() => response.end(JSON.stringify(remote)), 2000);
    else {
      response.statusCode = 404;
      response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const dead = createServer();
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
  deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}/spec.yaml`;
  await new Promise<void>((resolve) => dead.close(() => resolve()));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('loadPartnerSpec', () => {
  it('uses the embedded copy when no URL is set', async () => {
    const logger = recorder();
    const loaded = await loadPartnerSpec({ specsDistDir, logger });
    expect(loaded.doc.info?.title).toBe('Embedded partner API');
    expect(logger.warnings).toEqual([]);
  });

  it('renders the remote spec served over HTTP in YAML', async () => {
    const logger = recorder();
    const loaded = await loadPartnerSpec({ url: `${base}/spec.yaml`, specsDistDir, logger });
    expect(loaded.source).toBe(`${base}/spec.yaml`);
    expect(loaded.doc.info?.title).toBe('Remote partner API');
    expect(JSON.parse(loaded.json).info.title).toBe('Remote partner API');
    expect(logger.warnings).toEqual([]);
    const html = renderReference(loaded.doc, 'partner');
    expect(html.includes('id="operation/listRemoteTokens"')).toBe(true);
    expect(html.includes('listEmbeddedTokens')).toBe(false);
  });

  it('accepts a remote spec in JSON and offers it as YAML too', async () => {
    const loaded = await loadPartnerSpec({ url: `${base}/spec.json`, specsDistDir, logger: recorder() });
    expect(loaded.yaml).toContain('title: Remote partner API');
  });

  it('warns naming the URL and falls back to the embedded copy when nothing listens', async () => {
    const logger = recorder();
    const loaded = await loadPartnerSpec({ url: deadUrl, specsDistDir, logger });
    expect(loaded.doc.info?.title).toBe('Embedded partner API');
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]).toContain(deadUrl);
    expect(logger.warnings[0]).toContain('ECONNREFUSED');
    expect(logger.warnings[0]).toContain('Falling back to the embedded copy');
  });

  it('lists the structural errors of an invalid remote spec and falls back', async () => {
    const logger = recorder();
    const loaded = await loadPartnerSpec({ url: `${base}/invalid.yaml`, specsDistDir, logger });
    expect(loaded.doc.info?.title).toBe('Embedded partner API');
    expect(logger.warnings[0]).toContain('it is not a valid OpenAPI document');
    expect(logger.warnings[0]).toContain('`version`');
    expect(logger.warnings[0]).toContain('#/paths/~1tokens');
  });

  it('gives up after the timeout instead of hanging the build', async () => {
    const logger = recorder();
    const started = Date.now();
    const loaded = await loadPartnerSpec({ url: `${base}/slow`, timeoutMs: 200, specsDistDir, logger });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(loaded.doc.info?.title).toBe('Embedded partner API');
    expect(logger.warnings[0]).toContain('no answer within 200 ms');
  });

  it('reports an HTTP error status', async () => {
    const logger = recorder();
    await loadPartnerSpec({ url: `${base}/missing.yaml`, specsDistDir, logger });
    expect(logger.warnings[0]).toContain('HTTP 404');
  });

  it('rejects in strict mode with an error naming the URL and the reason', async () => {
    const logger = recorder();
    await expect(loadPartnerSpec({ url: deadUrl, strict: true, specsDistDir, logger })).rejects.toThrow(
      new RegExp(`Could not use the partner API spec from PARTNER_API_SPEC_URL=${deadUrl.replace(/[.]/g, '\\.')}: .*ECONNREFUSED[\\s\\S]*PARTNER_API_SPEC_STRICT=1`),
    );
    expect(logger.warnings).toEqual([]);
  });
});
