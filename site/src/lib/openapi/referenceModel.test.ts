import { describe, expect, it } from 'vitest';
import { buildReferenceModel } from './referenceModel';
import type { OpenApiDocument } from './types';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Tiny API', version: '1.2.3', description: 'Orders *and* menus.' },
  servers: [{ url: 'https://{host}/v1', variables: { host: { default: 'api.example.com' } } }],
  security: [{ bearerAuth: [] }],
  tags: [{ name: 'Tokens', description: 'Manage tokens.' }],
  paths: {
    '/tokens/{token_id}': {
      put: {
        operationId: 'renameToken',
        summary: 'Rename a token',
        tags: ['Tokens'],
        'x-caller': 'partner',
        'x-host': 'stream',
        parameters: [
          { name: 'token_id', in: 'path', required: true, schema: { type: 'string', example: 'tok_1' } },
          { name: 'dry_run', in: 'query', schema: { type: 'boolean' } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Rename' },
              examples: { Rename: { $ref: '#/components/examples/RenameToken' } },
            },
          },
        },
        responses: {
          '200': { description: 'Renamed.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Rename' } } } },
          '204': { description: 'Nothing to rename.' },
        },
      },
    },
  },
  webhooks: {
    'token.renamed': {
      post: {
        summary: 'A token was renamed',
        security: [],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Rename' } } } },
        responses: { '204': { description: 'Received.' } },
      },
    },
  },
  components: {
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A **JWT**.' } },
    schemas: { Rename: { type: 'object', required: ['token_name'], properties: { token_name: { type: 'string', minLength: 1 } } } },
    examples: { RenameToken: { summary: 'Rename to Production', value: { token_name: 'Production' } } },
  },
};

describe('buildReferenceModel', () => {
  const model = buildReferenceModel(doc, 'tiny');
  const [operation] = model.tags[0].operations;

  it('takes the title, version and Markdown description from info', () => {
    expect(model).toMatchObject({ api: 'tiny', title: 'Tiny API', version: '1.2.3', description: '<p>Orders <em>and</em> menus.</p>' });
    expect(model.securitySchemes).toEqual([{ name: 'bearerAuth', summary: 'http, bearer, JWT', description: '<p>A <strong>JWT</strong>.</p>' }]);
  });

  it('groups operations by tag with stable anchors and who calls whom', () => {
    expect(model.tags[0]).toMatchObject({ name: 'Tokens', anchor: 'tag/tokens', description: '<p>Manage tokens.</p>' });
    expect(operation).toMatchObject({
      anchor: 'operation/renameToken',
      method: 'PUT',
      path: '/tokens/{token_id}',
      baseUrl: 'https://api.example.com/v1',
      caller: 'partner',
      host: 'stream',
      security: [['bearerAuth']],
    });
    expect(operation.parameters.map((group) => [group.location, group.fields.map((f) => [f.name, f.required ?? false])])).toEqual([
      ['path', [['token_id', true]]],
      ['query', [['dry_run', false]]],
    ]);
  });

  it('names request examples after their component and generates response examples the spec lacks', () => {
    expect(operation.requestBody?.contents[0].examples).toEqual([
      { name: 'RenameToken', title: 'Rename to Production', code: '{\n  "token_name": "Production"\n}', language: 'json' },
    ]);
    const generated = operation.responses[0].contents[0].examples[0];
    expect(generated).toMatchObject({ name: 'Generated', generated: true, language: 'json' });
    expect(JSON.parse(generated.code)).toHaveProperty('token_name');
    expect(operation.responses[1]).toMatchObject({ status: '204', contents: [] });
  });

  it('writes curl, TypeScript and Python samples with the path filled in, the token and the example body', () => {
    expect(operation.samples.map((sample) => sample.lang)).toEqual(['curl', 'typescript', 'python']);
    const [curl, typescript, python] = operation.samples.map((sample) => sample.code);
    expect(curl).toContain('https://api.example.com/v1/tokens/tok_1');
    expect(curl).toContain('Authorization: Bearer <token>');
    expect(curl).toContain('"token_name": "Production"');
    expect(typescript).toContain("method: 'PUT'");
    expect(python).toContain('requests.put(');
  });

  it('lists webhooks under their event type, without code samples', () => {
    expect(model.webhooks).toHaveLength(1);
    expect(model.webhooks[0]).toMatchObject({ kind: 'webhook', anchor: 'webhook/token.renamed', method: 'POST', path: 'token.renamed', samples: [], security: [] });
  });

  it('lists every component schema with its anchor', () => {
    expect(model.schemas.map((schema) => schema.anchor)).toEqual(['schema/Rename']);
  });
});
